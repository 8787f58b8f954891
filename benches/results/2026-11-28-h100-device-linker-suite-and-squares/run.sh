#!/usr/bin/env bash
# GPU run: the whole GPU suite; every member at the squares (bf16 and f16, TN and NT);
# 16384x128256x4096 (a language model's output layer) checked and timed against cuBLAS.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,memory.total --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
benches/gpu_suite.sh run .gpu/suite /tmp/suite > $O/suite_stdout.txt 2>&1; echo "suite rc $?" >> $O/times.txt
tar -C /tmp -cJf $O/suite.tar.xz suite
echo "suite $(( $(date +%s) - start )) s" >> $O/times.txt
K=hopper,coop_128x256x64_2x1,coop_128x128x64,pingpong_64x256x64,coop_128x64x64
for d in bf16 f16; do
  timeout 150 $W/cute bench --dtype $d --layouts tn,nt --iters 40 --kernels $K --raw $O/bench_$d.csv 4096 8192 > $O/bench_$d.md 2>&1
  echo "bench $d rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
done
{
  for beta in 0 0.5; do
    echo "== cute gemm --kernel hopper --dtype bf16 --layout tn 16384 128256 4096 --beta $beta --check"
    timeout 150 $W/cute gemm --kernel hopper --dtype bf16 --layout tn 16384 128256 4096 --beta $beta --check --iters 3 2>&1 | tail -6
    echo "rc $?"
  done
} > $O/big.txt 2>&1
echo "big check $(( $(date +%s) - start )) s" >> $O/times.txt
echo "16384,128256,4096" > /tmp/big_shape.txt
left=$(( 570 - ($(date +%s) - start) ))
timeout $left $W/cute bench --shapes /tmp/big_shape.txt --dtype bf16 --layouts tn --iters 10 --kernels hopper --raw $O/big_bench.csv > $O/big_bench.md 2>&1
echo "big bench rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
cat $O/times.txt; tail -12 $O/suite_stdout.txt; cat $O/big.txt
grep -h "geometric" $O/*.md
