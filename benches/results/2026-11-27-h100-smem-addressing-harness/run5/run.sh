#!/usr/bin/env bash
# Run 5: wgmma_tma_sm90 with C++'s serpentine wgmma order (ours_serp.ptx) against
# run 4's PTX (ours_log.ptx) and the tutorial, in the same-process harness, 8192^3.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/cutlass /tmp/w /tmp/logs
D=.gpu-s9; W=/tmp/w
for f in ours_log.ptx ours_serp.ptx; do xz -dc $D/$f.xz > $W/$f; done
tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
python3 $D/patch_tutorial.py /tmp/cutlass/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu $W/wgmma_tma_sm90_log.cu
nvcc -O3 -std=c++17 -arch=sm_90a -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I$W $D/ctalog.cu -lcuda -o $W/ctalog > $O/build.txt 2>&1
for r in 1 2; do for L in tn nt; do for p in ours_serp ours_log; do
  echo "== $p $L r$r" >> $O/rounds.txt
  timeout 60 $W/ctalog $W/$p.ptx 8192 8192 8192 $L 3 30 /tmp/logs/${p}_$r 2>&1 | grep -E 'round|outputs' >> $O/rounds.txt
done; done; done
python3 $D/analyze_ctalog.py /tmp/logs/*.csv > $O/analysis.txt 2>&1
tar cJf $O/logs.tar.xz -C /tmp logs
