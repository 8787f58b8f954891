#!/usr/bin/env bash
# GPU run: compute-sanitizer (memcheck, racecheck, synccheck) on every member at a ragged
# shape; the flagship at 4096^3 with the scheduler's group of tile rows 4, 8, 16, 32 and with
# stream-K; the language-model shapes in bf16 TN, as time allows.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
# the driver compiles the binary's PTX once, into its cache, before anything is timed
timeout 200 $W/cute gemm --kernel hopper 300 1000 520 --check > $R/warm.txt 2>&1
echo "warm rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for m in coop_128x256x64 coop_128x128x64 pingpong_64x256x64 coop_128x256x64_2x1 coop_128x64x64 pingpong_64x64x64 coop_128x16x64; do
  for run in "memcheck 0.5" "racecheck 0" "synccheck 0"; do
    set -- $run
    r=$(timeout 60 compute-sanitizer --tool $1 $W/cute gemm --kernel hopper --config $m --dtype bf16 --layout tn 300 1000 520 --beta $2 --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|check:|rror" | cut -c1-120 | tr '\n' ' ')
    echo "$m $1 beta $2: $r" >> $R/sanitize.txt
  done
done
echo "sanitizers $(( $(date +%s) - start )) s" >> $R/times.txt
for g in 4 8 16 32; do
  CUTE_HOPPER_GROUP=$g timeout 40 $W/cute bench --dtype bf16 --layouts tn,nt --iters 40 --kernels coop_128x256x64 --raw $R/sq4096_group$g.csv 4096 > $R/sq4096_group$g.md 2>&1
  echo "group $g rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
done
timeout 40 $W/cute bench --dtype bf16 --layouts tn,nt --iters 40 --kernels coop_128x256x64 --splits sk --raw $R/sq4096_sk.csv 4096 > $R/sq4096_sk.md 2>&1
echo "sk rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
left=$(( 560 - ($(date +%s) - start) ))
if [ $left -gt 60 ]; then
  timeout $left $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts tn --kernels hopper --raw $R/llm_bf16_tn.csv > $R/llm_bf16_tn.md 2>&1
  echo "llm bf16 tn rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
fi
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt $R/sanitize.txt
grep -h -A2 "geometric\|roofline" $R/*.md | head -30
