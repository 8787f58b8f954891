#!/bin/bash
# v3: all four layouts (m/n-major operands through 64x64 TMA boxes and MN-major GMMA descriptors).
set -o pipefail
cd .gpu-flagship
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv | tee $OUT/gpu.txt
timeout 150 ./hopper check 256 512 64 1000 1000 1000 4097 2049 1032 4096 2048 1032 2>&1 | tee $OUT/check.txt
timeout 60 ./hopper checkbeta 304 200 136 2>&1 | tee -a $OUT/check.txt
timeout 100 ./hopper bench 8192 8192 8192 4096 4096 4096 2048 2048 2048 8192 8192 1024 16384 16384 16384 2>&1 | tee $OUT/bench.txt
timeout 100 ./hopper benchlayouts 8192 8192 8192 4096 4096 4096 2>&1 | tee -a $OUT/bench.txt
./cute gemm --kernel hopper --dtype bf16 --layout tn 1000 1000 1000 --check 2>&1 | tee $OUT/cute_gemm.txt
./cute gemm --kernel hopper --dtype f16 --layout nt 8192 8192 8192 2>&1 | tee -a $OUT/cute_gemm.txt
for t in memcheck racecheck synccheck; do timeout 120 compute-sanitizer --tool $t ./hopper check 200 304 72 2>&1 | grep -v OK | tail -3 | tee -a $OUT/sanitizer.txt; done
