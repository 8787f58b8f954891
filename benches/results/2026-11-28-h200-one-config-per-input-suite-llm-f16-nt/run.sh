#!/usr/bin/env bash
# GPU run: the whole GPU suite (one configuration per layout and input type, the output type the
# epilogue's); the language-model shapes in f16 TN and bf16 NT.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
GPU_SUITE_LIMIT=280 benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1
echo "suite rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
timeout 120 $W/cute bench --shapes benches/shapes/llm.txt --dtype f16 --layouts tn --kernels hopper --raw $R/llm_f16_tn.csv > $R/llm_f16_tn.md 2>&1
echo "llm f16 tn rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
left=$(( 540 - ($(date +%s) - start) ))
if [ $left -gt 60 ]; then
  timeout $left $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts nt --kernels hopper --raw $R/llm_bf16_nt.csv > $R/llm_bf16_nt.md 2>&1
  echo "llm bf16 nt rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
fi
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt; tail -10 $R/suite/summary.txt 2>/dev/null || tail -5 $R/suite_stdout.txt
grep -h -A2 "geometric" $R/*.md
