#!/usr/bin/env bash
# GPU run: the whole GPU suite (every binary); the flagship at the squares (bf16, f16; TN, NT;
# both outputs); every member at the squares (bf16); coop_128x128x64 unsplit at M = 1024; the
# language-model shapes in bf16 TN, as time allows.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
GPU_SUITE_LIMIT=280 benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1
echo "suite rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for d in bf16 f16; do
  timeout 80 $W/cute bench --dtype $d --layouts tn,nt --iters 40 --kernels coop_128x256x64 --raw $R/sq_$d.csv 4096 8192 > $R/sq_$d.md 2>&1
  echo "squares $d rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
done
timeout 60 $W/cute bench --shapes m1024_shapes.txt --dtype bf16 --layouts tn --kernels coop_128x128x64 --splits 1 --iters 20 --raw $R/m1024.csv > $R/m1024.md 2>&1
echo "m1024 rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
left=$(( 500 - ($(date +%s) - start) ))
if [ $left -gt 40 ]; then
  timeout $left $W/cute bench --dtype bf16 --layouts tn,nt --iters 20 --kernels coop_128x128x64,pingpong_64x256x64,coop_128x256x64_2x1,coop_128x64x64,pingpong_64x64x64,coop_128x16x64 --raw $R/sq_members_bf16.csv 4096 8192 > $R/sq_members_bf16.md 2>&1
  echo "members squares rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
fi
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt; tail -12 $R/suite/summary.txt 2>/dev/null || tail -5 $R/suite_stdout.txt
grep -h -A3 "geometric" $R/*.md
