#!/usr/bin/env bash
# Run 1: at 8192^3, interleaved rounds of the new build (cute_new: cp.async with
# .L2::128B; wgmma_tma_sm90 with 99,328 B of smem and the non-portable-cluster attribute), the
# previous build (cute_old) and the C++ tutorials; clocks and power sampled throughout; then
# Nsight Compute memory metrics of each.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/tb
D=.gpu-s8
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total,power.limit --format=csv,noheader > $O/device.txt
nvcc -arch=sm_90a .gpu-hd/obj/*.o -lcublas -o /tmp/tb/tutorial_bench > $O/link.log 2>&1
TB=/tmp/tb/tutorial_bench
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $O/smi.csv &
SMI=$!
S="8192 8192 8192"
for L in tn nt; do for T in "--dtype f16 --acc f16 --out f16" "--dtype bf16"; do
  $D/cute_new gemm --kernel wgmma_tma_sm90 $T --layout $L 264 136 200 --check --beta -0.5 --iters 1 2>&1 | grep -E "ok|rror|FAIL" >> $O/check.txt
  $D/cute_new gemm --kernel wgmma_tma_sm90 $T --layout $L 4096 4096 4096 --check --iters 1 2>&1 | grep -E "ok|rror|FAIL" >> $O/check.txt
done; done
compute-sanitizer --tool memcheck $D/cute_new gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 264 136 200 --check --iters 1 2>&1 | tail -2 >> $O/check.txt
compute-sanitizer --tool racecheck $D/cute_new gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 264 136 200 --check --iters 1 2>&1 | tail -2 >> $O/check.txt
$D/cute_new gemm --kernel sgemm_sm80 --dtype f16 --acc f16 --out f16 --layout tn 1152 640 576 --check --beta -0.5 --iters 1 2>&1 | grep -E "ok|rror|FAIL" >> $O/check.txt
cat $O/check.txt
run() { local l=$1; shift; echo "== $l $(date +%s.%N)" >> $O/runs.txt; timeout 60 "$@" 2>&1 | grep -E "time:|^cpp,|rror|FAIL" >> $O/runs.txt; echo "-- $(date +%s.%N)" >> $O/runs.txt; }
G="gemm --dtype f16 --acc f16 --out f16"
for r in 1 2 3; do
  run "new sm80 r$r" $D/cute_new $G --kernel sgemm_sm80 --layout tn $S --iters 100
  run "cpp sm80 r$r" $TB 100 8192,8192,8192 --only sgemm_sm80,f16/f16/f16,tn
  run "old sm80 r$r" $D/cute_old $G --kernel sgemm_sm80 --layout tn $S --iters 100
  for L in tn nt; do
    run "new tma $L r$r" $D/cute_new $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
    run "cpp tma $L r$r" $TB 100 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,$L
    CUTE_EXP_TMA_SMEM=99376 run "new-bigsmem tma $L r$r" $D/cute_new $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
    CUTE_EXP_NONPORTABLE=0 run "new-portable tma $L r$r" $D/cute_new $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
    run "old tma $L r$r" $D/cute_old $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
  done
done
kill $SMI
grep -E "^==|time:|^cpp," $O/runs.txt | sed -E "s/ [0-9]+\.[0-9]+$//; s/^(cpp,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*),([^,]*),([^,]*),.*/\1 \2 ms \3 TF/" | paste - - > $O/summary.txt
cat $O/summary.txt
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,lts__t_sector_op_read_hit_rate.pct,lts__t_sector_op_write_hit_rate.pct,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,sm__warps_active.avg.per_cycle_active,launch__shared_mem_config_size,smsp__inst_executed.sum
nc() { local l=$1 k=$2; shift 2; echo "== $l" >> $O/ncu.txt; timeout 90 ncu --metrics $M -k regex:$k -c 1 "$@" 2>&1 | grep -E "^\s+(gpu__|dram__|lts__|sm__|launch__|smsp__)" >> $O/ncu.txt; }
nc "new sm80" sgemm_sm80_tn_half $D/cute_new $G --kernel sgemm_sm80 --layout tn $S --iters 1
nc "old sm80" sgemm_sm80_tn_half $D/cute_old $G --kernel sgemm_sm80 --layout tn $S --iters 1
nc "cpp sm80" gemm_device $TB 1 8192,8192,8192 --only sgemm_sm80,f16/f16/f16,tn
nc "new tma tn" wgmma_tma_sm90_tn_f16 $D/cute_new $G --kernel wgmma_tma_sm90 --layout tn $S --iters 1
nc "old tma tn" wgmma_tma_sm90_tn_f16 $D/cute_old $G --kernel wgmma_tma_sm90 --layout tn $S --iters 1
nc "cpp tma tn" gemm_device $TB 1 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,tn
cat $O/ncu.txt
