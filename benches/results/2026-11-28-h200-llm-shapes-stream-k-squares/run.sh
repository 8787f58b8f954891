#!/usr/bin/env bash
# GPU run: the Hopper family's GPU tests; the language-model shapes (bf16, TN) with the table's members and splits; the
# flagship at the squares (bf16 and f16, TN and NT); stream-K against the heuristic's split at
# the M = 1024 and 4096 problems, as time allows.
set -u
# run from the repository root with the `cute` binary of 8804c6d (xz) in .gpu/cute.xz and the packed
# gpu_hopper test binary in .gpu/suite
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
GPU_SUITE_ONLY=gpu_hopper timeout 200 benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1; echo "gpu_hopper rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
timeout 300 $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts tn --kernels hopper --raw $R/llm_bf16_tn.csv > $R/llm_bf16_tn.md 2>&1
echo "llm bf16 tn rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for d in bf16 f16; do
  timeout 80 $W/cute bench --dtype $d --layouts tn,nt --iters 40 --kernels coop_128x256x64 --raw $R/sq_$d.csv 4096 8192 > $R/sq_$d.md 2>&1
  echo "squares $d rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
done
grep -E "^(1024|4096)," benches/shapes/llm.txt > $R/sk_shapes.txt
left=$(( 570 - ($(date +%s) - start) ))
if [ $left -gt 30 ]; then
  timeout $left $W/cute bench --shapes $R/sk_shapes.txt --dtype bf16 --layouts tn --kernels hopper --splits auto,sk --iters 20 --raw $R/sk_bf16_tn.csv > $R/sk_bf16_tn.md 2>&1
  echo "stream-k rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
fi
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt; tail -3 $R/suite_stdout.txt
grep -h -A3 "geometric" $R/*.md
