#!/usr/bin/env bash
# GPU run: the whole GPU test suite in one command, then the language-model shapes (bf16, TN)
# with split-K as the default for problems whose tiles leave SMs idle.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
benches/gpu_suite.sh run .gpu/suite $O/suite > $O/suite_stdout.txt 2>&1; echo "suite rc $?" >> $O/times.txt
echo "suite $(( $(date +%s) - start )) s" >> $O/times.txt
left=$(( 560 - ($(date +%s) - start) ))
timeout $left $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts tn --kernels hopper,coop_128x256x64_2x1 --raw $O/llm_bf16_tn.csv > $O/llm_bf16_tn.md 2>&1
echo "bench rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
