#!/usr/bin/env bash
# GPU run: every promoted 8-bit member (and the fast-accumulation one) at splits of K auto, 1, 2,
# 4, 8 over the language-model shapes with M = 16 and 128, e4m3 TN, bf16 out.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
timeout 200 $W/cute gemm --kernel hopper --dtype e4m3 --layout tn 300 1000 528 --check > $R/warm.txt 2>&1
echo "warm rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
timeout 420 $W/cute bench --dtype e4m3 --out bf16 --layouts tn --kernels coop_128x16x128,coop_128x64x128,coop_128x128x128,coop_128x128x128_2x1 --splits auto,1,2,4,8 --shapes benches/results/2026-11-28-h200-fp8-member-sweep/shapes.txt --raw $R/sweep_e4m3.csv > $R/sweep_e4m3.md 2>&1
echo "sweep rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt; grep -h -A30 "geometric" $R/sweep_e4m3.md | head -30; true
