#!/bin/bash
# v2: TMA-store epilogue (16-bit C, M % 8 == 0), runtime group size.
set -o pipefail
cd .gpu-flagship
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv | tee $OUT/gpu.txt
timeout 120 ./hopper check 256 512 64 1000 1000 1000 4097 2049 1032 4096 2049 1032 2>&1 | tee $OUT/check.txt
timeout 60 ./hopper checkbeta 304 200 136 2>&1 | tee -a $OUT/check.txt
for g in 16 8 32; do echo "group $g"; CUTE_HOPPER_GROUP=$g timeout 100 ./hopper bench 8192 8192 8192 4096 4096 4096 8192 8192 1024 2>&1; done | tee $OUT/bench.txt
timeout 60 ./hopper bench 2048 2048 2048 16384 16384 16384 2>&1 | tee -a $OUT/bench.txt
for t in memcheck racecheck synccheck; do timeout 90 compute-sanitizer --tool $t ./hopper check 200 304 72 2>&1 | tail -3 | tee -a $OUT/sanitizer.txt; done
