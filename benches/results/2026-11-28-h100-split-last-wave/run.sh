#!/usr/bin/env bash
# GPU run: the whole GPU suite, then the language-model shapes (bf16 TN) with `hopper`
# (split-K of the last partial wave of tiles, reduced inside the kernel).
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
benches/gpu_suite.sh run .gpu/suite /tmp/suite > $O/suite_stdout.txt 2>&1; echo "suite rc $?" >> $O/times.txt
tar -C /tmp -cJf $O/suite.tar.xz suite
echo "suite $(( $(date +%s) - start )) s" >> $O/times.txt
left=$(( 580 - ($(date +%s) - start) ))
timeout $left $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts tn --kernels hopper --raw $O/llm_bf16_tn.csv > $O/llm_bf16_tn.md 2>&1
echo "llm bf16 rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
cat $O/times.txt; tail -12 $O/suite_stdout.txt
grep -h "geometric" $O/*.md
