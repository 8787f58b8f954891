#!/usr/bin/env bash
# GPU run: the whole GPU test suite in one command, then the language-model shapes, bf16 and
# f16, TN, with `hopper` picking its member by M (coop_128x64x64 for M <= 64) and split-K.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
benches/gpu_suite.sh run .gpu/suite8 /tmp/suite > $O/suite_stdout.txt 2>&1; echo "suite rc $?" >> $O/times.txt
tar -C /tmp -cJf $O/suite.tar.xz suite
echo "suite $(( $(date +%s) - start )) s" >> $O/times.txt
for d in bf16 f16; do
  left=$(( 570 - ($(date +%s) - start) ))
  [ $d = f16 ] && left=$(( left ))
  timeout $left $W/cute bench --shapes benches/shapes/llm.txt --dtype $d --layouts tn --kernels hopper --raw $O/llm_${d}_tn.csv > $O/llm_${d}_tn.md 2>&1
  echo "bench $d rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
done
