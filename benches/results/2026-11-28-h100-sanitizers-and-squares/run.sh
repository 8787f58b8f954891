#!/usr/bin/env bash
# GPU run: compute-sanitizer on split-K (every tile split; whole waves and a split last wave),
# every member at the squares (bf16 and f16, TN and NT), then the language-model shapes bf16 TN.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
for tool in memcheck racecheck synccheck; do
  for s in "100 1000 1032" "520 8200 1032"; do
    for beta in 0 0.5; do
      r=$(timeout 60 compute-sanitizer --tool $tool $W/cute gemm --kernel hopper --dtype bf16 --layout tn $s --beta $beta --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|check:|rror" | cut -c1-120 | tr '\n' ' ')
      echo "$tool $s beta $beta: $r" >> $O/sanitize.txt
    done
  done
done
echo "sanitizers $(( $(date +%s) - start )) s" >> $O/times.txt
K=hopper,coop_128x256x64_2x1,coop_128x128x64,pingpong_64x256x64,coop_128x64x64
for d in bf16 f16; do
  timeout 150 $W/cute bench --dtype $d --layouts tn,nt --iters 40 --kernels $K --raw $O/bench_$d.csv 4096 8192 > $O/bench_$d.md 2>&1
  echo "bench $d rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
done
left=$(( 585 - ($(date +%s) - start) ))
timeout $left $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts tn --kernels hopper --raw $O/llm_bf16_tn.csv > $O/llm_bf16_tn.md 2>&1
echo "llm bf16 rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
cat $O/times.txt $O/sanitize.txt
grep -h "geometric" $O/*.md
