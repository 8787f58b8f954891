#!/usr/bin/env bash
# GPU run: the benchmark of every member beside cuBLAS (and the previous flagship build beside
# cuBLAS, timed by that build), quick checks, then the family's GPU tests.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
for f in cute cute-old gpu_hopper; do xz -dc .gpu/$f.xz > $W/$f; done; chmod +x $W/*
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
{
for m in coop_128x256x64 coop_128x128x64 pingpong_64x256x64; do
  for L in tn nt nn tt; do
    echo "$m $L 1000x777x520: $($W/cute gemm --kernel hopper --config $m --dtype bf16 --layout $L 1000 777 520 --check --iters 1 --beta 0.5 2>&1 | grep -E 'check|rror' | tr '\n' ' ')"
  done
done
} > $O/check.txt 2>&1
echo "checks $(( $(date +%s) - start )) s" >> $O/times.txt
for d in bf16 f16; do
  timeout 150 $W/cute bench --dtype $d --layouts tn,nt --kernels hopper,coop_128x128x64,pingpong_64x256x64 --raw $O/new_$d.csv 4096 8192 > $O/bench_new_$d.md 2>&1
  echo "bench new $d $(( $(date +%s) - start )) s" >> $O/times.txt
  timeout 100 $W/cute-old bench --dtype $d --layouts tn,nt --kernels hopper 4096 8192 > $O/bench_old_$d.md 2>&1
  echo "bench old $d $(( $(date +%s) - start )) s" >> $O/times.txt
done
left=$(( 560 - ($(date +%s) - start) ))
timeout $left $W/gpu_hopper --test-threads=1 > $O/tests.txt 2>&1; echo "gpu_hopper rc $?" >> $O/tests.txt
echo "tests $(( $(date +%s) - start )) s" >> $O/times.txt
