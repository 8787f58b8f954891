#!/usr/bin/env bash
# Run 4: the suspend-time hint in ClusterBarrier::wait (wgmma_tma_sm90 port) and
# wait_spin (the flagship's pipeline). cute = with it, cute_prev = run 1's build without it.
# Correctness and sanitizers of both kernels first, then interleaved rounds at 8192^3.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/tb /tmp/obj
D=.gpu-s8
cp .gpu-hd/obj/*.o /tmp/obj/; nvcc -arch=sm_90a /tmp/obj/*.o -lcublas -o /tmp/tb/tutorial_bench
TB=/tmp/tb/tutorial_bench
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total,power.limit --format=csv,noheader; nvcc --version | tail -1; } > $O/device.txt
for L in tn nt; do for T in "--dtype f16 --acc f16 --out f16" "--dtype bf16"; do
  for s in "264 136 200 --beta -0.5" "1000 1000 1000" "4096 4096 4096"; do
    echo "wgmma_tma $L $T $s: $($D/cute gemm --kernel wgmma_tma_sm90 $T --layout $L $s --check --iters 1 2>&1 | grep -E "check|rror")" >> $O/check.txt
  done; done; done
timeout 120 $D/hopper check 1000 1000 1000 4097 2049 1032 8192 8192 1024 256 128 64 1 1 8 > $O/hopper_check.txt 2>&1
echo "hopper check: $(grep -c ': OK' $O/hopper_check.txt) OK, $(grep -vc ': OK' $O/hopper_check.txt) other lines" >> $O/check.txt
for tool in memcheck racecheck synccheck; do
  echo "wgmma_tma tn f16 $tool: $(timeout 100 compute-sanitizer --tool $tool $D/cute gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 264 136 200 --beta -0.5 --check --iters 1 2>&1 | grep -E 'SUMMARY|check:' | tr '\n' ' ')" >> $O/check.txt
  echo "wgmma_tma nt bf16 $tool: $(timeout 100 compute-sanitizer --tool $tool $D/cute gemm --kernel wgmma_tma_sm90 --dtype bf16 --layout nt 264 136 200 --check --iters 1 2>&1 | grep -E 'SUMMARY|check:' | tr '\n' ' ')" >> $O/check.txt
  echo "hopper $tool: $(timeout 100 compute-sanitizer --tool $tool $D/hopper check 204 300 72 7 9 16 2>&1 | grep -E 'SUMMARY' | tr '\n' ' ') $(timeout 100 compute-sanitizer --tool $tool $D/hopper check 204 300 72 7 9 16 2>&1 | grep -c ': OK') OK" >> $O/check.txt
done
cat $O/check.txt
S="8192 8192 8192"
run() { local l=$1; shift; echo "== $l" >> $O/runs.txt; timeout 60 "$@" 2>&1 | grep -E "time:|^cpp,|rror|FAIL" >> $O/runs.txt; }
G="gemm --dtype f16 --acc f16 --out f16"
for r in 1 2 3; do
  for L in tn nt; do
    run "new tma $L r$r" $D/cute $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
    run "cpp tma $L r$r" $TB 100 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,$L
    run "prev tma $L r$r" $D/cute_prev $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
  done
  for T in bf16 f16; do
    run "new hopper tn $T r$r" $D/cute gemm --kernel hopper --dtype $T --layout tn $S --iters 100
    run "prev hopper tn $T r$r" $D/cute_prev gemm --kernel hopper --dtype $T --layout tn $S --iters 100
  done
done
sed -E "s/^(cpp,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*),([^,]*),([^,]*),.*/\1 \2 ms \3 TF/" $O/runs.txt | paste - - > $O/summary.txt
cat $O/summary.txt
M=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_op_read_hit_rate.pct,lts__t_sectors_op_read.sum,smsp__inst_executed.sum
echo "== new tma tn" >> $O/ncu.txt
timeout 90 ncu --metrics $M -k regex:wgmma_tma_sm90_tn_f16 -c 1 $D/cute $G --kernel wgmma_tma_sm90 --layout tn $S --iters 1 2>&1 | grep -E "^\s+(gpu__|dram__|lts__|smsp__)" >> $O/ncu.txt
cat $O/ncu.txt
