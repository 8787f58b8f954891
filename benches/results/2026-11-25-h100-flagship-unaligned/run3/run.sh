#!/bin/bash
# Run 3: the C copy-out kernel element by element with consecutive threads on consecutive
# columns (run 2's, 8 consecutive elements per thread, moved 650-750 GB/s). Unaligned shapes
# only (the aligned path is unchanged since run 2): padded C against the direct epilogue (the
# old way for C, CUTE_HOPPER_EPILOGUE=direct), checks and sanitizers.
set -o pipefail
cd .gpu-flagship2
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv | tee $OUT/device.txt
timeout 100 ./hopper benchlayouts 4097 2049 1032 8191 8191 1024 2>&1 | tee $OUT/bench_layouts.txt
CUTE_HOPPER_EPILOGUE=direct timeout 100 ./hopper benchlayouts 4097 2049 1032 8191 8191 1024 2>&1 | tee $OUT/bench_layouts_direct.txt
timeout 120 ./hopper check 4097 2049 1032 1001 999 136 7 9 16 1 1 8 8191 1025 520 2>&1 | tee $OUT/check.txt
timeout 60 ./hopper checkbeta 1001 999 136 2>&1 | tee -a $OUT/check.txt
timeout 120 ./gpu_hopper --nocapture --test-threads 1 2>&1 | tee $OUT/gpu_hopper.txt
for t in memcheck racecheck synccheck; do
  echo "== $t" | tee -a $OUT/sanitizer.txt
  timeout 100 compute-sanitizer --tool $t ./hopper check 204 300 72 7 9 16 2>&1 | grep -v ": OK" | tail -4 | tee -a $OUT/sanitizer.txt
done
