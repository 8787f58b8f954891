#!/bin/bash
# f32 output through the TMA-store epilogue (boxes of 32 f32 columns, four rounds per slab).
set -o pipefail
cd .gpu-flagship
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv | tee $OUT/gpu.txt
timeout 150 ./hopper check 8 8 8 4 12 8 1000 1000 1000 4100 2049 1032 4097 2049 1032 4096 2048 1032 2>&1 | tee $OUT/check.txt
timeout 60 ./hopper checkbeta 304 200 136 2>&1 | tee -a $OUT/check.txt
for s in "4096 4096 4096" "8192 8192 8192"; do for d in bf16 f16; do ./cute gemm --kernel hopper --dtype $d --out f32 --layout tn $s --iters 30 2>&1 | tail -1; done; done | tee $OUT/bench_f32.txt
./cute gemm --kernel hopper --dtype bf16 --out f32 --layout tn 4096 4096 4096 --check 2>&1 | tee -a $OUT/bench_f32.txt
timeout 60 ./hopper bench 8192 8192 8192 4096 4096 4096 2>&1 | tee $OUT/bench.txt
for t in memcheck racecheck synccheck; do timeout 90 compute-sanitizer --tool $t ./hopper check 204 300 72 2>&1 | grep -v OK | tail -2 | tee -a $OUT/sanitizer.txt; done
