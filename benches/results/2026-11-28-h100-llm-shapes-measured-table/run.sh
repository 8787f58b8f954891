#!/usr/bin/env bash
# GPU run (one device call): the language-model shapes, bf16 and f16 TN, `hopper` with the measured
# and split (host/heuristic/hopper.csv) beside cuBLAS and cuBLASLt.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
for d in bf16 f16; do
  left=$(( 585 - ($(date +%s) - start) ))
  timeout $left $W/cute bench --shapes benches/shapes/llm.txt --dtype $d --layouts tn --kernels hopper --raw $R/llm_${d}_tn.csv > $R/llm_${d}_tn.md 2>&1
  echo "llm $d rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
done
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/times.txt
grep -h "geometric" $R/*.md
