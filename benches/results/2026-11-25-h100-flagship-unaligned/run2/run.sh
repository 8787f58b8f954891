#!/bin/bash
# Run 2: C through a padded buffer when M is not a multiple of 8 (4 for f32), CuTe's L2
# promotion (make_tma_copy unchanged), the example's inputs in [-1, 1) (run 1 drew them from
# [-3, 1)). cute_main is main's `cute` (the merged run's binary, 70dcd5c; no flagship change
# since) for an A/B of the aligned fast path.
set -o pipefail
cd .gpu-flagship2
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv | tee $OUT/device.txt
# A/B: main vs this branch, TN, alternating, median of 30 each
for rep in 1 2; do for s in "8192 8192 8192" "4096 4096 4096"; do for d in bf16 f16; do
  for b in cute_main cute; do echo "$b $d tn $s: $(./$b gemm --kernel hopper --dtype $d --layout tn $s --iters 30 2>&1 | tail -1)"; done
done; done; done 2>&1 | tee $OUT/bench.txt
timeout 60 ./hopper bench 8192 8192 8192 4096 4096 4096 2>&1 | tee -a $OUT/bench.txt
# every layout at unaligned shapes (padded operands and C, each copy timed alone too)
timeout 150 ./hopper benchlayouts 4097 2049 1032 4096 2048 1032 8191 8191 1024 2>&1 | tee $OUT/bench_layouts.txt
# every element vs float64, every layout x input type x output type
timeout 180 ./hopper check 1000 1000 1000 4097 2049 1032 8192 8192 1024 256 128 64 2048 1024 512 1 1 8 7 9 16 1001 999 136 2>&1 | tee $OUT/check.txt
timeout 60 ./hopper checkbeta 300 200 136 1001 999 136 2>&1 | tee -a $OUT/check.txt
# through the registry (the test binary) and the CLI
timeout 120 ./gpu_hopper --nocapture --test-threads 1 2>&1 | tee $OUT/gpu_hopper.txt
for l in tn nt nn tt; do ./cute gemm --kernel hopper --dtype bf16 --out f32 --layout $l 4097 2049 1032 --check 2>&1 | tail -3; ./cute gemm --kernel hopper --dtype f16 --layout $l 4097 2049 1032 --check 2>&1 | tail -3; done | tee $OUT/cute_gemm.txt
# sanitizers at ragged shapes, all four layouts, both inputs, both outputs
for t in memcheck racecheck synccheck; do
  echo "== $t" | tee -a $OUT/sanitizer.txt
  timeout 100 compute-sanitizer --tool $t ./hopper check 204 300 72 7 9 16 2>&1 | grep -v ": OK" | tail -4 | tee -a $OUT/sanitizer.txt
done
