#!/usr/bin/env bash
# Run 4: main + the wgmma_tma_sm90 half2 epilogue and NT box order: checks, tests,
# sanitizers; the same-process harness (tutorial vs our PTX, C++'s tensor maps); then
# `cute bench` f16 and bf16 at 4096^3 and 8192^3 beside the C++ tutorials and cuBLAS.
set -u
O=${OUT:-/tmp/out}/r; mkdir -p $O /tmp/tb /tmp/cutlass /tmp/w /tmp/logs
D=.gpu-s9; W=/tmp/w
for f in cute gpu_wgmma_sm90 gpu_hgemm ours_log.ptx; do xz -dc $D/$f.xz > $W/$f; done; chmod +x $W/*
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total,power.limit --format=csv,noheader; nvcc --version | tail -1; } > $O/device.txt
tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
nvcc -arch=sm_90a .gpu-hd/obj/*.o -lcublas -o /tmp/tb/tutorial_bench > $O/log.txt 2>&1
TB=/tmp/tb/tutorial_bench
( python3 $D/patch_tutorial.py /tmp/cutlass/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu $W/wgmma_tma_sm90_log.cu
  nvcc -O3 -std=c++17 -arch=sm_90a -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I$W $D/ctalog.cu -lcuda -o $W/ctalog > $O/ctalog_build.txt 2>&1 ) &
BUILD=$!
G="gemm --dtype f16 --acc f16 --out f16"
for L in tn nt; do for T in "--dtype f16 --acc f16 --out f16" "--dtype bf16"; do
  for a in "264 136 200 --beta -0.5" "256 384 192 --alpha 0.1" "1000 1000 1000" "4096 4096 4096 --alpha 0.75" "4096 4096 4096 --beta 0.5"; do
    echo "wgmma_tma $L $T $a: $($W/cute gemm --kernel wgmma_tma_sm90 $T --layout $L $a --check --iters 1 2>&1 | grep -E "check|rror")" >> $O/check.txt
  done
done; done
for L in tn nt; do
  echo "memcheck $L: $(timeout 60 compute-sanitizer --tool memcheck $W/cute $G --kernel wgmma_tma_sm90 --layout $L 264 136 200 --check --iters 1 2>&1 | grep -E 'SUMMARY|check:' | tr '\n' ' ')" >> $O/check.txt
  echo "racecheck $L: $(timeout 60 compute-sanitizer --tool racecheck $W/cute $G --kernel wgmma_tma_sm90 --layout $L 256 384 192 --check --iters 1 2>&1 | grep -E 'SUMMARY|check:' | tr '\n' ' ')" >> $O/check.txt
done
echo "memcheck hgemm: $(timeout 60 compute-sanitizer --tool memcheck $W/cute gemm --kernel hgemm_sm80 --dtype f16 --layout tn 1000 1000 1000 --check --iters 1 2>&1 | grep -E 'SUMMARY|check:' | tr '\n' ' ')" >> $O/check.txt
echo "racecheck hgemm: $(timeout 60 compute-sanitizer --tool racecheck $W/cute gemm --kernel hgemm_sm80 --dtype f16 --layout tn 1000 1000 1000 --check --iters 1 2>&1 | grep -E 'SUMMARY|check:' | tr '\n' ' ')" >> $O/check.txt
timeout 120 $W/gpu_wgmma_sm90 --test-threads=1 > $O/gpu_wgmma_sm90.txt 2>&1; echo "gpu_wgmma_sm90 rc $?" >> $O/check.txt
timeout 60 $W/gpu_hgemm --test-threads=1 > $O/gpu_hgemm.txt 2>&1; echo "gpu_hgemm rc $?" >> $O/check.txt
wait $BUILD
for r in 1 2; do for L in tn nt; do timeout 60 $W/ctalog $W/ours_log.ptx 8192 8192 8192 $L 3 30 /tmp/logs/s$r >> $O/ctalog.txt 2>&1; done; done
python3 $D/analyze_ctalog.py /tmp/logs/*.csv >> $O/ctalog.txt 2>&1
timeout 200 $W/cute bench --dtype f16 --layouts tn,nt --kernels sgemm_sm80,hgemm_sm80,wgmma_sm90,wgmma_tma_sm90 --cpp $TB --iters 30 --raw $O/raw_f16.csv 4096,4096,4096 8192,8192,8192 > $O/table_f16.md 2>$O/bench_f16_log.txt
echo "bench f16 rc $?" >> $O/check.txt
timeout 120 $W/cute bench --dtype bf16 --layouts tn,nt --kernels hgemm_sm80,wgmma_sm90,wgmma_tma_sm90 --cpp $TB --iters 30 --raw $O/raw_bf16.csv 4096,4096,4096 8192,8192,8192 > $O/table_bf16.md 2>$O/bench_bf16_log.txt
echo "bench bf16 rc $?" >> $O/check.txt
tar cJf ${OUT:-/tmp/out}/r.tar.xz -C ${OUT:-/tmp/out} r /tmp/logs 2>/dev/null
