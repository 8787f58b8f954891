#!/usr/bin/env bash
# GPU run: every member at the squares, bf16 and f16, TN and NT (interleaved rounds), then the
# language-model shapes f16 TN with `hopper`.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
K=hopper,coop_128x256x64_2x1,coop_128x128x64,pingpong_64x256x64,coop_128x64x64
for d in bf16 f16; do
  timeout 200 $W/cute bench --dtype $d --layouts tn,nt --iters 40 --kernels $K --raw $O/bench_$d.csv 4096 8192 > $O/bench_$d.md 2>&1
  echo "bench $d rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
done
left=$(( 560 - ($(date +%s) - start) ))
timeout $left $W/cute bench --shapes benches/shapes/llm.txt --dtype f16 --layouts tn --kernels hopper --raw $O/llm_f16_tn.csv > $O/llm_f16_tn.md 2>&1
echo "llm f16 rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
cat $O/times.txt
grep -h "geometric\|geomean\|worst" $O/*.md | head -20
