#!/usr/bin/env bash
# GPU run: the whole GPU suite (the kernels launched with programmatic dependent launch; the
# back-to-back test); the language-model shapes in bf16 TN with and without it
# (CUTE_HOPPER_PDL=off); the flagship at the squares.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
GPU_SUITE_LIMIT=280 benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1
echo "suite rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
# the cute binary's PTX is the test binaries' (the driver's cache has it now)
timeout 120 $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts tn --kernels hopper --raw $R/llm_bf16_tn_pdl.csv > $R/llm_bf16_tn_pdl.md 2>&1
echo "llm pdl rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
CUTE_HOPPER_PDL=off timeout 120 $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts tn --kernels hopper --raw $R/llm_bf16_tn_nopdl.csv > $R/llm_bf16_tn_nopdl.md 2>&1
echo "llm no pdl rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for d in bf16 f16; do
  left=$(( 560 - ($(date +%s) - start) )); [ $left -lt 20 ] && break
  timeout $left $W/cute bench --dtype $d --layouts tn,nt --iters 40 --kernels coop_128x256x64 --raw $R/sq_$d.csv 4096 8192 > $R/sq_$d.md 2>&1
  echo "squares $d rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
done
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt; tail -10 $R/suite/summary.txt 2>/dev/null || tail -5 $R/suite_stdout.txt
grep -h "back to back" $R/suite/gpu_hopper.txt
grep -h -A2 "geometric" $R/*.md
