#!/bin/bash
# sm80-perf run 3 (final): the bench table (hgemm_sm80 128x256x64/3 stages vs cuBLAS and the C++
# tutorial sgemm_sm80 in the same run), every element of every case vs float64, compute-sanitizer.
cd "$(dirname "$0")/.."
P=.gpu-sm80-perf
t0=$(date +%s)
mkdir -p $OUT/bench
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,temperature.gpu --format=csv,noheader
export CUTE_CPP_PREBUILT=.gpu-hd/obj CUTE_BENCH_LAYOUTS=tn,nt CUTE_BENCH_KERNELS=hgemm_sm80
CUTE_BENCH_DTYPES=f16 timeout 170 bash $P/gpu_bench.sh $P/cute .gpu-hd/cutlass.tgz $OUT/bench 20 4096,4096,4096 8192,8192,8192 >> $OUT/bench/stdout.txt 2>&1
echo "bench f16 done $(( $(date +%s) - t0 )) s"
timeout 150 $P/gpu_hgemm --test-threads=1 --nocapture > $OUT/tests.txt 2>&1; echo "tests rc $?"; grep "test result" $OUT/tests.txt
echo "tests done $(( $(date +%s) - t0 )) s"
(echo "##### compute-sanitizer"
 timeout 60 compute-sanitizer --tool memcheck $P/gpu_hgemm --test-threads=1 --nocapture hgemm_sm80_every_kernel 2>&1 | tail -14
 timeout 90 compute-sanitizer --tool racecheck $P/gpu_hgemm --test-threads=1 --nocapture hgemm_sm80_every_kernel 2>&1 | tail -14) >> $OUT/tests.txt
grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" $OUT/tests.txt
echo "sanitize done $(( $(date +%s) - t0 )) s"
CUTE_BENCH_DTYPES=bf16 CUTE_BENCH_SKIP_BUILD=1 timeout 100 bash $P/gpu_bench.sh $P/cute .gpu-hd/cutlass.tgz $OUT/bench 20 4096,4096,4096 8192,8192,8192 >> $OUT/bench/stdout.txt 2>&1
echo "all done $(( $(date +%s) - t0 )) s"
grep -h "hgemm_sm80\|sgemm_sm80" $OUT/bench/table_*.md | cut -d'|' -f2-8
