#!/usr/bin/env bash
# GPU run: the whole GPU suite; the squares (new build against the base build, same process
# order, interleaved rounds inside each); the language-model shapes (bf16 TN) for both builds.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
xz -dc .gpu/cute_base.xz > $W/cute_base; chmod +x $W/cute_base
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
benches/gpu_suite.sh run .gpu/suite1 /tmp/suite > $O/suite_stdout.txt 2>&1; echo "suite rc $?" >> $O/times.txt
tar -C /tmp -cJf $O/suite.tar.xz suite
echo "suite $(( $(date +%s) - start )) s" >> $O/times.txt
for b in cute cute_base; do
  timeout 100 $W/$b bench --dtype bf16 --layouts tn,nt --iters 40 --kernels hopper,coop_128x256x64_2x1 --raw $O/sq_${b}.csv 4096 8192 > $O/sq_${b}.md 2>&1
  echo "sq $b rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
done
for b in cute cute_base; do
  left=$(( 575 - ($(date +%s) - start) ))
  [ $b = cute ] && left=$(( left / 2 ))
  timeout $left $W/$b bench --shapes benches/results/2026-11-28-h100-split-k-in-kernel/llm_small_m.txt --dtype bf16 --layouts tn --kernels hopper --raw $O/llm_${b}.csv > $O/llm_${b}.md 2>&1
  echo "llm $b rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
done
cat $O/times.txt; tail -12 $O/suite_stdout.txt
grep -h "geometric" $O/*.md
