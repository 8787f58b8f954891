#!/usr/bin/env bash
# GPU run: the 8-bit members' tests, compute-sanitizer on both 8-bit members, e4m3 TN at 4096^3
# and 8192^3 against cuBLASLt FP8 (with and without fast accumulation).
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
timeout 200 $W/cute gemm --kernel hopper --dtype e4m3 --layout tn 300 1000 528 --check > $R/warm.txt 2>&1
echo "warm rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
xz -dc .gpu/suite/gpu_hopper_8bit.xz > $W/t8; chmod +x $W/t8
timeout 220 $W/t8 --test-threads=4 --show-output > $R/gpu_hopper_8bit.txt 2>&1
echo "tests rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
timeout 100 $W/cute bench --dtype e4m3 --layouts tn --kernels hopper,coop_128x256x128_fastacc --raw $R/sq_e4m3.csv 4096 8192 > $R/sq_e4m3.md 2>&1
echo "bench rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for m in coop_128x256x128_fastacc coop_128x128x128; do
  for run in "memcheck 0.5" "racecheck 0" "synccheck 0"; do
    set -- $run
    r=$(timeout 50 compute-sanitizer --tool $1 $W/cute gemm --kernel hopper --config $m --dtype e4m3 --layout tn 300 1000 528 --beta $2 --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|check:|rror" | cut -c1-120 | tr '\n' ' ')
    echo "$m $1 beta $2: $r" >> $R/sanitize.txt
    [ $(( $(date +%s) - start )) -gt 560 ] && break 2
  done
done
echo "sanitizers $(( $(date +%s) - start )) s" >> $R/times.txt
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt; grep -E "test result|panicked|FAILED|promotion|scaled" $R/gpu_hopper_8bit.txt | head -20; cat $R/sanitize.txt; cat $R/sq_e4m3.md | tail -15
