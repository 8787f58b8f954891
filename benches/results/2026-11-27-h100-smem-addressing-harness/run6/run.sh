#!/usr/bin/env bash
# Run 6 (final build): wgmma_tma_sm90 with the serpentine order: checks, test,
# sanitizers; `cute bench` f16 (sgemm_sm80, wgmma_tma_sm90) beside the tutorials and cuBLAS;
# two interleaved rounds of the TMA port against the tutorial at 8192^3.
set -u
O=${OUT:-/tmp/out}/r; mkdir -p $O /tmp/tb /tmp/w
D=.gpu-s9; W=/tmp/w
for f in cute gpu_wgmma_sm90; do xz -dc $D/$f.xz > $W/$f; done; chmod +x $W/*
nvcc -arch=sm_90a .gpu-hd/obj/*.o -lcublas -o /tmp/tb/tutorial_bench > $O/log.txt 2>&1
TB=/tmp/tb/tutorial_bench
G="gemm --dtype f16 --acc f16 --out f16"
for L in tn nt; do for T in "--dtype f16 --acc f16 --out f16" "--dtype bf16"; do
  for a in "264 136 200 --beta -0.5" "256 384 192 --alpha 0.1" "1000 1000 1000" "4096 4096 4096 --alpha 0.75"; do
    echo "wgmma_tma $L $T $a: $($W/cute gemm --kernel wgmma_tma_sm90 $T --layout $L $a --check --iters 1 2>&1 | grep -E "check|rror")" >> $O/check.txt
  done
done; done
for L in tn nt; do
  echo "memcheck $L: $(timeout 60 compute-sanitizer --tool memcheck $W/cute $G --kernel wgmma_tma_sm90 --layout $L 264 136 200 --check --iters 1 2>&1 | grep -E 'SUMMARY' | tr '\n' ' ')" >> $O/check.txt
  echo "racecheck $L: $(timeout 60 compute-sanitizer --tool racecheck $W/cute $G --kernel wgmma_tma_sm90 --layout $L 256 384 192 --check --iters 1 2>&1 | grep -E 'SUMMARY' | tr '\n' ' ')" >> $O/check.txt
done
timeout 120 $W/gpu_wgmma_sm90 --test-threads=1 > $O/gpu_wgmma_sm90.txt 2>&1; echo "gpu_wgmma_sm90 rc $?" >> $O/check.txt
timeout 150 $W/cute bench --dtype f16 --layouts tn,nt --kernels sgemm_sm80,wgmma_tma_sm90 --cpp $TB --iters 30 --raw $O/raw_f16.csv 4096,4096,4096 8192,8192,8192 > $O/table_f16.md 2>$O/bench_log.txt
echo "bench rc $?" >> $O/check.txt
run() { local l=$1; shift; echo "== $l" >> $O/runs.txt; timeout 40 "$@" 2>&1 | grep -E "time:|^cpp,|rror|FAIL" >> $O/runs.txt; }
for r in 1 2; do for L in tn nt; do
  run "ours tma $L r$r" $W/cute $G --kernel wgmma_tma_sm90 --layout $L 8192 8192 8192 --iters 100
  run "cpp tma $L r$r" $TB 100 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,$L
done; done
sed -E "s/^(cpp,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*),([^,]*),([^,]*),.*/\1 \2 ms \3 TF/" $O/runs.txt | paste - - > $O/summary.txt
tar cJf ${OUT:-/tmp/out}/r.tar.xz -C ${OUT:-/tmp/out} r
