#!/bin/bash
# sm80-perf run 2: the tile variants after the copy rewrite (one global/shared base per operand),
# TN and NT, f16/f32/f16; the default for every type; a ragged-shape check of every kernel.
cd "$(dirname "$0")"
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.sm,temperature.gpu --format=csv,noheader | tee $OUT/device.txt
timeout 100 ./gpu_hgemm --test-threads=1 --nocapture hgemm_sm80_every_kernel > $OUT/ragged.txt 2>&1; tail -2 $OUT/ragged.txt
T() { echo "== $*"; timeout 60 "$@" 2>&1 | tail -1; }
for sh in 4096 8192; do
  for l in tn nt; do
    for k in hgemm_sm80 hgemm_sm80_k64 hgemm_sm80_n256k64 hgemm_sm80_m256k64 hgemm_sm80_n256; do
      T ./cute gemm --kernel $k --dtype f16 --acc f32 --out f16 --layout $l $sh $sh $sh --iters 20
    done
  done
  T ./cute gemm --kernel hgemm_sm80 --dtype f16 --acc f16 --out f16 --layout tn $sh $sh $sh --iters 20
done > $OUT/timings.txt 2>&1
echo "timings done $(( $(date +%s) - t0 )) s"
S="--section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis"
{ echo "##### n256k64 tn"; timeout 60 ncu --clock-control none --launch-skip 2 --launch-count 1 -k regex:hgemm_sm80 $S ./cute gemm --kernel hgemm_sm80_n256k64 --dtype f16 --acc f32 --out f16 --layout tn 4096 4096 4096 --iters 1
  echo "##### k64 tn"; timeout 60 ncu --clock-control none --launch-skip 2 --launch-count 1 -k regex:hgemm_sm80 $S ./cute gemm --kernel hgemm_sm80_k64 --dtype f16 --acc f32 --out f16 --layout tn 4096 4096 4096 --iters 1
} > $OUT/ncu.txt 2>&1
echo "all done $(( $(date +%s) - t0 )) s"
paste - - < $OUT/timings.txt | sed 's/== .\/cute gemm --kernel //; s/--dtype f16 --acc //; s/--out f16 --layout //; s/--iters 20//; s/time: //' | awk '{print $1,$2,$3,$4,$9,$10}'
grep -h "#####\|Duration\|SM Frequency\|L2 Cache Throughput\|Compute (SM) Throughput\|Issue Slots Busy\|No Eligible" $OUT/ncu.txt
