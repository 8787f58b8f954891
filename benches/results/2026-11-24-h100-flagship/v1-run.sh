#!/bin/bash
# v1: correctness (every element vs float64), sanitizers on a small ragged shape, then timing.
set -o pipefail
cd .gpu
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw --format=csv | tee $OUT/gpu.txt
timeout 120 ./hopper check 256 512 64 1000 1000 1000 4097 2049 1032 2>&1 | tee $OUT/check.txt
timeout 60 ./hopper checkbeta 300 200 136 128 256 64 2>&1 | tee -a $OUT/check.txt
timeout 100 ./hopper bench 8192 8192 8192 4096 4096 4096 2048 2048 2048 8192 8192 1024 2>&1 | tee $OUT/bench.txt
for t in memcheck racecheck synccheck; do timeout 60 compute-sanitizer --tool $t ./hopper check 200 300 72 2>&1 | tail -4 | tee -a $OUT/sanitizer.txt; done
