#!/usr/bin/env bash
# Run 4: the final build (0cf01ec: the host's grid growth/limit on top of run 3's
# kernels): both ports' GPU tests; benches/tma_harness/run.sh as committed (its first run).
set -u
O=${OUT:-/tmp/out}/r; mkdir -p $O /tmp/w
D=.gpu-s10; W=/tmp/w
for f in cute gpu_wgmma_sm90 gpu_wgmma_sm90_cp_async; do xz -dc $D/$f.xz > $W/$f; done; chmod +x $W/*
for b in gpu_wgmma_sm90 gpu_wgmma_sm90_cp_async; do
  echo "== $b" >> $O/tests.txt; timeout 150 $W/$b --test-threads=1 >> $O/tests.txt 2>&1; echo "rc $?" >> $O/tests.txt
done
for L in tn nt; do
  echo "$L 1096x1000x200: $($W/cute gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout $L 1096 1000 200 --check --iters 1 2>&1 | grep -E "check|rror" | tr '\n' ' ')" >> $O/check.txt
done
ROUNDS=6 ITERS=20 timeout 300 benches/tma_harness/run.sh $D/h/sm_90a.ptx .gpu-hd/cutlass.tgz $O/harness 8192:tn:6,2 8192:nt:6,2 4096:tn:5,2 4096:nt:5,2 > $O/harness_run.txt 2>&1; echo "harness rc $?" >> $O/check.txt
rm -rf $O/harness/logs
tar cJf ${OUT:-/tmp/out}/r.tar.xz -C ${OUT:-/tmp/out} r
