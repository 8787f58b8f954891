#!/usr/bin/env bash
# GPU run: gpu_hopper again (its last-wave split test now has a shape for every member);
# the language-model shapes, bf16 TN, with `hopper`'s default member and split;
# compute-sanitizer on every member at a ragged shape (split-K in the kernel);
# 16384x128256x4096 timed against cuBLAS.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
GPU_SUITE_ONLY=gpu_hopper benches/gpu_suite.sh run .gpu/suite /tmp/suite > $O/suite_stdout.txt 2>&1; echo "gpu_hopper rc $?" >> $O/times.txt
cp /tmp/suite/gpu_hopper.txt $O/gpu_hopper.txt
echo "gpu_hopper $(( $(date +%s) - start )) s" >> $O/times.txt
timeout 260 $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts tn --kernels hopper --raw $O/llm_bf16_tn.csv > $O/llm_bf16_tn.md 2>&1
echo "llm bf16 rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
$W/cute gemm --kernel hopper --explain 300 1000 520 > $O/sanitize.txt 2>&1
for m in coop_128x256x64 coop_128x128x64 pingpong_64x256x64 coop_128x256x64_2x1 coop_128x64x64; do
  for run in "memcheck 0.5" "racecheck 0" "synccheck 0"; do
    set -- $run
    r=$(timeout 40 compute-sanitizer --tool $1 $W/cute gemm --kernel hopper --config $m --dtype bf16 --layout tn 300 1000 520 --beta $2 --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|check:|rror" | cut -c1-120 | tr '\n' ' ')
    echo "$m $1 beta $2: $r" >> $O/sanitize.txt
  done
done
echo "sanitizers $(( $(date +%s) - start )) s" >> $O/times.txt
echo "16384,128256,4096" > /tmp/big_shape.txt
left=$(( 585 - ($(date +%s) - start) ))
timeout $left $W/cute bench --shapes /tmp/big_shape.txt --dtype bf16 --layouts tn --iters 20 --kernels hopper --raw $O/big_bench.csv > $O/big_bench.md 2>&1
echo "big bench rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
cat $O/times.txt $O/sanitize.txt; tail -3 $O/gpu_hopper.txt
grep -h "geometric\|roofline" $O/*.md | head -20
