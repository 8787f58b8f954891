#!/bin/bash
# The flagship with unaligned shapes: any M, N in every layout (padded copies), f32 out in every layout,
# maps from make_tma_copy. Run on the GPU machine from the repository root with the stripped
# binaries in .gpu-flagship2 (cute, the example hopper, the test binary gpu_hopper).
set -o pipefail
cd .gpu-flagship2
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv | tee $OUT/device.txt
# the aligned fast path, next to cuBLAS in the same process (median of 30 after 5 warm-ups)
timeout 60 ./hopper bench 8192 8192 8192 4096 4096 4096 2>&1 | tee $OUT/bench.txt
# ablation: CuTe's L2 promotion (128B) instead of the flagship's 256B
CUTE_HOPPER_L2=128 timeout 60 ./hopper bench 8192 8192 8192 4096 4096 4096 2>&1 | tee $OUT/bench_l2_128.txt
# NT/NN/TT: unaligned shapes (padded copies, timed alone too) beside aligned neighbours
timeout 120 ./hopper benchlayouts 4097 2049 1032 4096 2048 1032 8191 8191 1024 8192 8192 1024 2>&1 | tee $OUT/bench_layouts.txt
# every element vs float64, every layout x input type x output type
timeout 180 ./hopper check 1000 1000 1000 4097 2049 1032 8192 8192 1024 256 128 64 2048 1024 512 1 1 8 7 9 16 2>&1 | tee $OUT/check.txt
timeout 60 ./hopper checkbeta 300 200 136 1001 999 136 2>&1 | tee -a $OUT/check.txt
# through the registry (the test binary) and the CLI
timeout 120 ./gpu_hopper --nocapture --test-threads 1 2>&1 | tee $OUT/gpu_hopper.txt
for l in nt nn tt; do ./cute gemm --kernel hopper --dtype bf16 --out f32 --layout $l 4097 2049 1032 --check 2>&1 | tail -2; done | tee $OUT/cute_gemm.txt
# sanitizers at ragged shapes, all four layouts, both inputs, both outputs (padded copies,
# direct stores of unaligned C, TMA stores of f32 C)
for t in memcheck racecheck synccheck; do
  echo "== $t" | tee -a $OUT/sanitizer.txt
  timeout 100 compute-sanitizer --tool $t ./hopper check 204 300 72 7 9 16 2>&1 | grep -v ": OK" | tail -4 | tee -a $OUT/sanitizer.txt
done
