#!/usr/bin/env bash
# GPU run (final 8-bit kernels): the 8-bit members' tests and the registry's GEMM tests; compute-sanitizer on the
# promoted 128-wide member (e5m2 in); e4m3 TN at 4096^3 and 8192^3 against cuBLASLt FP8 (with and without fast
# accumulation), bf16 out; the language-model shapes in e4m3 TN, bf16 out.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
GPU_SUITE_ONLY="gpu_layout_eval gpu_hopper_8bit gpu_gemm" GPU_SUITE_LIMIT=200 benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1
echo "suite rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
timeout 100 $W/cute bench --dtype e4m3 --out bf16 --layouts tn --iters 40 --kernels hopper,coop_128x256x128_fastacc --raw $R/sq_e4m3.csv 4096 8192 > $R/sq_e4m3.md 2>&1
echo "bench rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for m in coop_128x128x128; do
  for run in "memcheck 0.5" "racecheck 0" "synccheck 0"; do
    set -- $run
    r=$(timeout 40 compute-sanitizer --tool $1 $W/cute gemm --kernel hopper --config $m --dtype e5m2 --layout tn 300 1000 528 --beta $2 --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|check:|rror" | cut -c1-120 | tr '\n' ' ')
    echo "$m $1 beta $2: $r" >> $R/sanitize.txt
  done
done
echo "sanitizers $(( $(date +%s) - start )) s" >> $R/times.txt
left=$(( 480 - ($(date +%s) - start) ))
if [ $left -gt 60 ]; then
  timeout $left $W/cute bench --dtype e4m3 --out bf16 --layouts tn --kernels hopper,coop_128x256x128_fastacc --shapes benches/shapes/llm.txt --raw $R/llm_e4m3.csv > $R/llm_e4m3.md 2>&1
  echo "llm rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
fi
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt; cat $R/suite/summary.txt 2>/dev/null || tail -5 $R/suite_stdout.txt
cat $R/sanitize.txt; tail -9 $R/sq_e4m3.md; grep -h -A3 "geometric" $R/llm_e4m3.md; true
