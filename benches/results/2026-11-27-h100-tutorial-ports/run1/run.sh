#!/usr/bin/env bash
# Run 1: after the fiber-register change (sgemm_sm80 half TN) and EVICT_NORMAL
# TMA hints (wgmma_tma_sm90 port): correctness of both, then bench beside the C++ tutorials.
set -u
D=.gpu-r1; O=${OUT:-/tmp/out}; mkdir -p $O/obj
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .); [ "$arch" = 90 ] && arch=90a
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader; nvcc --version | tail -1; } > $O/device.txt
mkdir -p /tmp/cutlass /tmp/tb && tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
F="-O3 -std=c++17 -arch=sm_$arch -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I/tmp/cutlass/examples/cute/tutorial"
( t0=$(date +%s); for u in tutorial_bench tut_sgemm_1_2 tut_sgemm_sm80 tut_wgmma_sm90 tut_wgmma_tma_sm90; do nvcc $F -c benches/cpp/$u.cu -o $O/obj/$u.o & done; wait
  nvcc -arch=sm_$arch $O/obj/*.o -lcublas -o /tmp/tb/tutorial_bench; echo "harness built in $(( $(date +%s) - t0 )) s" ) > $O/cpp_build.log 2>&1 &
B=$!
t0=$(date +%s)
$D/gpu_sgemm_sm80 --test-threads=1 --nocapture > $O/gpu_sgemm_sm80.txt 2>&1; echo "rc $? in $(( $(date +%s) - t0 )) s" >> $O/gpu_sgemm_sm80.txt
tail -3 $O/gpu_sgemm_sm80.txt
t0=$(date +%s)
$D/gpu_wgmma_sm90 --test-threads=1 --nocapture > $O/gpu_wgmma_sm90.txt 2>&1; echo "rc $? in $(( $(date +%s) - t0 )) s" >> $O/gpu_wgmma_sm90.txt
tail -3 $O/gpu_wgmma_sm90.txt
wait $B; tail -3 $O/cpp_build.log
S="4096,4096,4096 8192,8192,8192"
$D/cute bench --dtype f16 --layouts tn --kernels sgemm_sm80 --cpp /tmp/tb/tutorial_bench --iters 50 --raw $O/raw_sm80_run1.csv $S > $O/table_sm80_run1.md 2>>$O/log.txt
grep -E "sgemm_sm80|cuBLAS" $O/table_sm80_run1.md
$D/cute bench --dtype f16 --layouts tn,nt --kernels wgmma_tma_sm90 --cpp /tmp/tb/tutorial_bench --iters 20 --raw $O/raw_tma.csv $S > $O/table_tma.md 2>>$O/log.txt
grep -E "wgmma_tma|cuBLAS" $O/table_tma.md
$D/cute bench --dtype f16 --layouts tn --kernels sgemm_sm80 --cpp /tmp/tb/tutorial_bench --iters 50 --raw $O/raw_sm80_run2.csv $S > $O/table_sm80_run2.md 2>>$O/log.txt
grep -E "sgemm_sm80" $O/table_sm80_run2.md
tail -5 $O/log.txt
