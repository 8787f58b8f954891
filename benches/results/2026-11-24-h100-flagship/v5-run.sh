#!/bin/bash
# the registry path: host/tests/gpu_hopper.rs (every layout and type, ragged and tiny shapes,
# float64 reference of the host's check), cute gemm --kernel hopper --check per layout at 4096^3,
# tiny shapes through the example, memcheck on a tiny shape.
set -o pipefail
cd .gpu-flagship
nvidia-smi --query-gpu=name,clocks.sm,power.draw,temperature.gpu --format=csv | tee $OUT/gpu.txt
timeout 200 ./gpu_hopper --nocapture --test-threads 1 2>&1 | tee $OUT/gpu_hopper.txt
for l in tn nt nn tt; do ./cute gemm --kernel hopper --dtype bf16 --layout $l 4096 4096 4096 --check 2>&1; done | tee $OUT/cute_gemm.txt
./cute gemm --kernel hopper --dtype f16 --out f32 --layout tn 4096 4096 4096 --check 2>&1 | tee -a $OUT/cute_gemm.txt
timeout 60 ./hopper check 1 1 8 8 8 8 64 8 16 8 100 24 2>&1 | tee $OUT/check_tiny.txt
timeout 60 compute-sanitizer --tool memcheck ./hopper check 8 8 8 2>&1 | tail -2 | tee $OUT/sanitizer_tiny.txt
