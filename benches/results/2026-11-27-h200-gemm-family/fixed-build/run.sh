#!/usr/bin/env bash
# GPU run: the benchmark of every member beside cuBLAS, then the family's GPU tests.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
for f in cute gpu_hopper; do xz -dc .gpu/$f.xz > $W/$f; done; chmod +x $W/*
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
for d in bf16 f16; do
  timeout 150 $W/cute bench --dtype $d --layouts tn,nt --kernels hopper,coop_128x128x64,pingpong_64x256x64 --raw $O/new_$d.csv 4096 8192 > $O/bench_$d.md 2>&1
  echo "bench $d $(( $(date +%s) - start )) s" >> $O/times.txt
done
left=$(( 570 - ($(date +%s) - start) ))
timeout $left $W/gpu_hopper --test-threads=1 > $O/tests.txt 2>&1; echo "gpu_hopper rc $?" >> $O/tests.txt
echo "tests $(( $(date +%s) - start )) s" >> $O/times.txt
xz -9 $O/tests.txt
