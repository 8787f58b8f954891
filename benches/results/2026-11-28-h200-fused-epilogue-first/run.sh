#!/usr/bin/env bash
# The fused epilogues on the GPU, one device call, from the repository root with .gpu/ holding the
# cute binary (cute.xz) and the packed GPU tests (benches/gpu_suite.sh pack .gpu/suite), built at
# 1384d4f: the whole GPU suite (the kernels changed: the epilogue's arguments, the scheduler's
# divisors), compute-sanitizer on fused launches, and the fused GEMMs beside the plain ones and
# cuBLASLt's epilogues: squares and the language-model shapes, bf16 TN.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
GPU_SUITE_LIMIT=280 benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1
echo "suite rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for run in "memcheck 0.5 bias,gelu,aux" "memcheck 0 colbias,gelu_erf,aux" "racecheck 0 bias,silu,aux" "synccheck 0.5 bias,relu"; do
  set -- $run
  for m in coop_128x256x64 coop_128x16x64; do
    r=$(timeout 60 compute-sanitizer --tool $1 $W/cute gemm --kernel hopper --config $m --dtype bf16 --layout tn 300 1000 528 --beta $2 --epilogue $3 --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|check:|rror" | cut -c1-140 | tr '\n' ' ')
    echo "$m $1 beta $2 $3: $r" >> $R/sanitize.txt
  done
done
echo "sanitizers $(( $(date +%s) - start )) s" >> $R/times.txt
timeout 150 $W/cute bench --dtype bf16 --layouts tn --iters 40 --kernels hopper --epilogue bias,gelu --raw $R/sq_gelu.csv 4096 8192 > $R/sq_gelu.md 2>&1
echo "bench sq rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
timeout 100 $W/cute bench --dtype bf16 --layouts tn --iters 40 --kernels hopper --epilogue bias,gelu,aux --raw $R/sq_gelu_aux.csv 8192 > $R/sq_gelu_aux.md 2>&1
echo "bench aux rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
left=$(( 560 - ($(date +%s) - start) ))
if [ $left -gt 60 ]; then
  timeout $left $W/cute bench --dtype bf16 --layouts tn --kernels hopper --epilogue bias,gelu --shapes benches/shapes/llm.txt --raw $R/llm_gelu.csv > $R/llm_gelu.md 2>&1
  echo "llm rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
fi
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt; cat $R/suite/summary.txt 2>/dev/null || tail -5 $R/suite_stdout.txt
cat $R/sanitize.txt; tail -12 $R/sq_gelu.md; tail -6 $R/sq_gelu_aux.md; grep -h -A4 "geometric" $R/llm_gelu.md; true
