#!/usr/bin/env bash
# Run 2: ncu of ours vs the C++ tutorials at 8192^3 (wgmma_tma_sm90 TN f16, sgemm_sm80 half TN).
set -u
D=.gpu-r1; O=${OUT:-/tmp/out}; mkdir -p /tmp/obj
arch=90a
mkdir -p /tmp/cutlass /tmp/tb && tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
F="-O3 -std=c++17 -arch=sm_$arch -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I/tmp/cutlass/examples/cute/tutorial"
( t0=$(date +%s); for u in tutorial_bench tut_sgemm_1_2 tut_sgemm_sm80 tut_wgmma_sm90 tut_wgmma_tma_sm90; do nvcc $F -c benches/cpp/$u.cu -o /tmp/obj/$u.o & done; wait
  nvcc -arch=sm_$arch /tmp/obj/*.o -lcublas -o /tmp/tb/tutorial_bench; tar czf $O/obj.tgz -C /tmp obj; echo "harness built in $(( $(date +%s) - t0 )) s" ) > $O/cpp_build.log 2>&1 &
B=$!
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis --section SchedulerStats --section WarpStateStats"
S="8192 8192 8192"
ncu $SEC -k regex:wgmma_tma_sm90_tn_f16 -c 1 $D/cute gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn $S --iters 1 > $O/ncu_ours_tma.txt 2>&1
ncu $SEC -k regex:sgemm_sm80_tn_half -c 1 $D/cute gemm --kernel sgemm_sm80 --dtype f16 --acc f16 --out f16 --layout tn $S --iters 1 > $O/ncu_ours_sm80.txt 2>&1
wait $B; tail -2 $O/cpp_build.log
ncu $SEC -k regex:gemm_device -c 1 /tmp/tb/tutorial_bench 1 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,tn > $O/ncu_cpp_tma.txt 2>&1
ncu $SEC -k regex:gemm_device -c 1 /tmp/tb/tutorial_bench 1 8192,8192,8192 --only sgemm_sm80,f16/f16/f16,tn > $O/ncu_cpp_sm80.txt 2>&1
for f in $O/ncu_*.txt; do echo "== $f"; grep -E "Duration|DRAM Throughput|L2 Hit|Achieved Occupancy|Block Limit Shared|Shared Memory Configuration|Registers Per|Dynamic Shared|Compute \(SM\) Th|Memory Throughput|Grid Size|Cluster|Waves" $f | head -20; done
