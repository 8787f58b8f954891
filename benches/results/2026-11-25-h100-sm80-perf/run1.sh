#!/bin/bash
# sm80-perf run 1: mma.sync ceiling, ncu of hgemm_sm80 (before/after the ldmatrix pair order),
# timings of the variants, a ragged-shape correctness check of every hgemm_sm80* kernel.
cd "$(dirname "$0")"
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.sm,power.limit,temperature.gpu --format=csv | tee $OUT/device.txt
(nvcc -O3 -arch=sm_90a mma_peak.cu -o /tmp/mma_peak && /tmp/mma_peak) 2>&1 | tee $OUT/mma_peak.txt
echo "peak done $(( $(date +%s) - t0 )) s"
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active --format=csv -lms 250 > $OUT/smi.csv 2>&1 &
smi=$!
T() { echo "== $*"; timeout 60 "$@" 2>&1 | tail -1; }
for sh in 4096 8192; do
  T ./cute_old gemm --kernel hgemm_sm80 --dtype f16 --acc f32 --out f16 --layout tn $sh $sh $sh --iters 30
  T ./cute_old gemm --kernel hgemm_sm80 --dtype f16 --acc f16 --out f16 --layout tn $sh $sh $sh --iters 30
  for k in hgemm_sm80 hgemm_sm80_k64 hgemm_sm80_s3 hgemm_sm80_m256 hgemm_sm80_n256k64; do
    T ./cute gemm --kernel $k --dtype f16 --acc f32 --out f16 --layout tn $sh $sh $sh --iters 30
  done
  T ./cute gemm --kernel hgemm_sm80 --dtype f16 --acc f16 --out f16 --layout tn $sh $sh $sh --iters 30
  T ./cute gemm --kernel hgemm_sm80 --dtype f16 --acc f32 --out f16 --layout nt $sh $sh $sh --iters 30
  T ./cute gemm --kernel hgemm_sm80 --dtype bf16 --acc f32 --out bf16 --layout tn $sh $sh $sh --iters 30
done 2>&1 | tee $OUT/timings.txt
kill $smi
echo "timings done $(( $(date +%s) - t0 )) s"
S="--section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis"
N="ncu --clock-control none --launch-skip 2 --launch-count 1 -k regex:hgemm_sm80 $S"
{ echo "##### new f16/f32/f16 tn"; timeout 90 $N ./cute gemm --kernel hgemm_sm80 --dtype f16 --acc f32 --out f16 --layout tn 4096 4096 4096 --iters 1
  echo "##### new f16/f16/f16 tn"; timeout 90 $N ./cute gemm --kernel hgemm_sm80 --dtype f16 --acc f16 --out f16 --layout tn 4096 4096 4096 --iters 1
  echo "##### old f16/f32/f16 tn"; timeout 90 $N ./cute_old gemm --kernel hgemm_sm80 --dtype f16 --acc f32 --out f16 --layout tn 4096 4096 4096 --iters 1
} > $OUT/ncu.txt 2>&1
echo "ncu done $(( $(date +%s) - t0 )) s"
timeout 120 ./gpu_hgemm --test-threads=1 --nocapture hgemm_sm80_every_kernel > $OUT/ragged.txt 2>&1; tail -3 $OUT/ragged.txt
echo "all done $(( $(date +%s) - t0 )) s"
grep -A0 "TFLOP\|==" $OUT/timings.txt | paste - - | sed 's/== //' | cut -c1-220
cat $OUT/mma_peak.txt
grep -h "Duration\|Tensor\|SM Frequency\|Registers Per\|Achieved Occupancy\|Issue Slots Busy\|No Eligible\|Stall\|#####" $OUT/ncu.txt | head -60
