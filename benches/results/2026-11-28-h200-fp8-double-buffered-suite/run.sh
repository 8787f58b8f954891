#!/usr/bin/env bash
# GPU run: the whole GPU suite (the 8-bit members' tests with it); e4m3 TN at 4096^3 and 8192^3
# against cuBLASLt FP8 (with and without fast accumulation), bf16 out.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
GPU_SUITE_LIMIT=280 benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1
echo "suite rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
timeout 120 $W/cute bench --dtype e4m3 --out bf16 --layouts tn --iters 40 --kernels hopper,coop_128x128x128,coop_128x256x128_fastacc --raw $R/sq_e4m3.csv 4096 8192 > $R/sq_e4m3.md 2>&1
echo "bench rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
left=$(( 560 - ($(date +%s) - start) ))
if [ $left -gt 60 ]; then
  timeout $left $W/cute bench --dtype e4m3 --out bf16 --layouts tn --kernels hopper,coop_128x256x128_fastacc --shapes benches/shapes/llm.txt --raw $R/llm_e4m3.csv > $R/llm_e4m3.md 2>&1
  echo "llm rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
fi
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt; tail -12 $R/suite/summary.txt 2>/dev/null || tail -5 $R/suite_stdout.txt
tail -8 $R/sq_e4m3.md; grep -h -A3 "geometric" $R/llm_e4m3.md
