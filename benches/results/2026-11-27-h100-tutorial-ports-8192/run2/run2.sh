#!/usr/bin/env bash
# Run 2: does the allocator explain the L2 gap? Our host with cuMemAlloc
# (CUTE_EXP_SYNC_ALLOC) against its default cuMemAllocAsync; the C++ harness with
# cudaMallocAsync (TB_ALLOC=async) against its default cudaMalloc.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/tb /tmp/obj
D=.gpu-s8
cp .gpu-hd/obj/tut_*.o /tmp/obj/
nvcc -O3 -std=c++17 -arch=sm_90a -w -c $D/tb_alloc.cu -o /tmp/obj/tutorial_bench.o > $O/build.log 2>&1
nvcc -arch=sm_90a /tmp/obj/*.o -lcublas -o /tmp/tb/tutorial_bench >> $O/build.log 2>&1
tail -3 $O/build.log
TB=/tmp/tb/tutorial_bench
S="8192 8192 8192"
run() { local l=$1; shift; echo "== $l" >> $O/runs.txt; timeout 60 "$@" 2>&1 | grep -E "time:|^cpp,|rror|FAIL" >> $O/runs.txt; }
G="gemm --dtype f16 --acc f16 --out f16"
for r in 1 2 3; do
  for L in tn nt; do
    run "ours-async tma $L r$r" $D/cute_new $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
    CUTE_EXP_SYNC_ALLOC=1 run "ours-sync tma $L r$r" $D/cute_new $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
    run "cpp-sync tma $L r$r" $TB 100 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,$L
    TB_ALLOC=async run "cpp-async tma $L r$r" $TB 100 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,$L
  done
  run "ours-async sm80 r$r" $D/cute_new $G --kernel sgemm_sm80 --layout tn $S --iters 100
  CUTE_EXP_SYNC_ALLOC=1 run "ours-sync sm80 r$r" $D/cute_new $G --kernel sgemm_sm80 --layout tn $S --iters 100
  run "cpp-sync sm80 r$r" $TB 100 8192,8192,8192 --only sgemm_sm80,f16/f16/f16,tn
  TB_ALLOC=async run "cpp-async sm80 r$r" $TB 100 8192,8192,8192 --only sgemm_sm80,f16/f16/f16,tn
done
sed -E "s/^(cpp,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*),([^,]*),([^,]*),.*/\1 \2 ms \3 TF/" $O/runs.txt | paste - - > $O/summary.txt
cat $O/summary.txt
M=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_op_read_hit_rate.pct,lts__t_sectors_op_read.sum
nc() { local l=$1 k=$2; shift 2; echo "== $l" >> $O/ncu.txt; timeout 90 ncu --metrics $M -k regex:$k -c 1 "$@" 2>&1 | grep -E "^\s+(gpu__|dram__|lts__)" >> $O/ncu.txt; }
CUTE_EXP_SYNC_ALLOC=1 nc "ours-sync tma tn" wgmma_tma_sm90_tn_f16 $D/cute_new $G --kernel wgmma_tma_sm90 --layout tn $S --iters 1
TB_ALLOC=async nc "cpp-async tma tn" gemm_device $TB 1 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,tn
cat $O/ncu.txt
