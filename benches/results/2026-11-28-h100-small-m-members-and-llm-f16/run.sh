#!/usr/bin/env bash
# GPU run: each member (with its own split choice) at the small-M shapes where `hopper` is
# furthest from cuBLAS; then the language-model shapes, f16 TN, with `hopper`.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
printf '%s\n' 128,6144,4096 128,4096,4096 16,4096,4096 16,6144,4096 16,10240,8192 > /tmp/small.txt
for s in 128,6144,4096 128,4096,4096 16,4096,4096 16,6144,4096 16,10240,8192; do
  $W/cute gemm --kernel hopper --explain ${s//,/ } >> $O/explain.txt 2>&1
done
timeout 150 $W/cute bench --shapes /tmp/small.txt --dtype bf16 --layouts tn --kernels hopper,coop_128x64x64,coop_128x128x64,coop_128x256x64,pingpong_64x256x64 --raw $O/small_members.csv > $O/small_members.md 2>&1
echo "small members rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
left=$(( 400 - ($(date +%s) - start) ))
timeout $left $W/cute bench --shapes benches/shapes/llm.txt --dtype f16 --layouts tn --kernels hopper --raw $O/llm_f16_tn.csv > $O/llm_f16_tn.md 2>&1
echo "llm f16 rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
cat $O/times.txt
grep -h "geometric" $O/*.md | head -20
