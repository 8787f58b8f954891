#!/usr/bin/env bash
# sgemm_sm80 port, run 2: correctness of every variant (float TN smem size fixed), sanitizers,
# bench beside the C++ tutorial, and the same with the PTX's cp.async carrying C++'s .L2::128B.
set -u
D=.gpu-sm80-port
O=${OUT:-/tmp/out}; mkdir -p $O
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .); [ "$arch" = 90 ] && arch=90a
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader; nvcc --version | tail -1; } > $O/device.txt
mkdir -p /tmp/cutlass /tmp/tb && tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
F="-O3 -std=c++17 -arch=sm_$arch -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I/tmp/cutlass/examples/cute/tutorial"
( t0=$(date +%s); nvcc $F -c $D/tutorial_bench.cu -o /tmp/tb/a.o & nvcc $F -c $D/tut_sgemm_sm80.cu -o /tmp/tb/b.o & nvcc $F -c $D/stubs.cu -o /tmp/tb/c.o & wait
  nvcc -arch=sm_$arch /tmp/tb/*.o -lcublas -o /tmp/tb/tutorial_bench; echo "harness built in $(( $(date +%s) - t0 )) s" ) > $O/cpp_build.log 2>&1 &
B=$!
t0=$(date +%s)
$D/gpu_sgemm_sm80 --test-threads=1 --nocapture > $O/gpu_test.txt 2>&1; echo "gpu test rc $? in $(( $(date +%s) - t0 )) s" >> $O/gpu_test.txt
grep -E "ok|FAIL|rc" $O/gpu_test.txt | tail -22
for tool in memcheck racecheck; do
  t0=$(date +%s)
  compute-sanitizer --tool $tool $D/gpu_sgemm_sm80 sgemm_sm80_every_variant_once --test-threads=1 --nocapture > $O/$tool.txt 2>&1
  echo "$tool rc $? in $(( $(date +%s) - t0 )) s" >> $O/$tool.txt; tail -2 $O/$tool.txt
done
wait $B; tail -1 $O/cpp_build.log
S="4096,4096,4096 8192,8192,8192"
for run in 1 2; do
  $D/cute bench --dtype f16 --layouts tn --kernels sgemm_sm80 --cpp /tmp/tb/tutorial_bench --iters 50 --raw $O/raw_f16_run$run.csv $S > $O/table_f16_run$run.md 2>>$O/log.txt
  grep sgemm_sm80 $O/table_f16_run$run.md
  CUTE_PTX=$D/l2hint.ptx $D/cute bench --dtype f16 --layouts tn --kernels sgemm_sm80 --iters 50 --raw $O/raw_f16_l2hint_run$run.csv $S > $O/table_f16_l2hint_run$run.md 2>>$O/log.txt
  grep sgemm_sm80 $O/table_f16_l2hint_run$run.md
done
$D/cute bench --dtype f32 --layouts nt,tn --kernels sgemm_sm80 --cpp /tmp/tb/tutorial_bench --iters 20 --raw $O/raw_f32.csv $S > $O/table_f32.md 2>>$O/log.txt
grep sgemm_sm80 $O/table_f32.md
