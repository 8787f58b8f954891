#!/bin/bash
# Run 3 (single-buffered fragments): correctness (every element vs float64) of every hgemm_sm80* kernel, compute-sanitizer
# memcheck and racecheck at ragged shapes, timings at 4096^3 and 8192^3.
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/device.txt
t0=$(date +%s)
./gpu_hgemm --test-threads=1 --nocapture hgemm_sm80_every_kernel > $OUT/warm.txt 2>&1  # JIT cache
echo "warm $(( $(date +%s) - t0 )) s" | tee -a $OUT/device.txt
for sh in 4096 8192; do
  for spec in "hgemm_sm80 f16 f32 f16 tn" "hgemm_sm80_sb f16 f32 f16 tn" "hgemm_sm80_sb f16 f32 f16 nt" "hgemm_sm80_k64_sb f16 f32 f16 tn" \
              "hgemm_sm80 f16 f16 f16 tn"; do
    set -- $spec
    echo "== $1 $2/$3/$4 $5 $sh^3"
    timeout 60 ./cute gemm --kernel $1 --dtype $2 --acc $3 --out $4 --layout $5 $sh $sh $sh --iters 50 2>&1 | tail -1
  done
done 2>&1 | tee $OUT/timings.txt
echo "timings done $(( $(date +%s) - t0 )) s" | tee -a $OUT/device.txt
timeout 200 ./gpu_hgemm --test-threads=1 --nocapture > $OUT/tests.txt 2>&1; tail -3 $OUT/tests.txt
echo "tests done $(( $(date +%s) - t0 )) s" | tee -a $OUT/device.txt
(timeout 120 compute-sanitizer --tool memcheck ./gpu_hgemm --test-threads=1 --nocapture hgemm_sm80_every_kernel 2>&1 | tail -25
 timeout 150 compute-sanitizer --tool racecheck ./gpu_hgemm --test-threads=1 --nocapture hgemm_sm80_every_kernel 2>&1 | tail -25) > $OUT/sanitize.txt
grep -h "ERROR SUMMARY\|RACECHECK SUMMARY\|test result" $OUT/sanitize.txt
echo "all done $(( $(date +%s) - t0 )) s" | tee -a $OUT/device.txt
