#!/usr/bin/env bash
# GPU run (one device call): the flagship at the squares (60 samples an entry) with a clock and power
# trace; Nsight Compute sections of the flagship and of cuBLAS at 8192^3 TN and 4096^3 NT (bf16
# in and out); cute demo. .gpu/cute.xz: cute built at fff8d5b.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $O/smi_trace.csv 2>&1 &
SMI=$!
for d in bf16 f16; do
  echo "== sq $d start $(date +%H:%M:%S.%N)" >> $O/times.txt
  timeout 150 $W/cute bench --dtype $d --layouts tn,nt --iters 60 --kernels hopper --raw $O/sq_$d.csv 4096 8192 > $O/sq_$d.md 2>&1
  echo "sq $d rc $? $(( $(date +%s) - start )) s end $(date +%H:%M:%S.%N)" >> $O/times.txt
done
kill $SMI
ncu --query-metrics 2>/dev/null | grep -i -E "gmma|pipe_tensor" | head -40 > $O/ncu_metrics.txt
SEC="--section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats"
for spec in "tn 8192" "nt 4096"; do
  set -- $spec
  timeout 100 ncu --clock-control none --kernel-name "regex:gemm_sm90_coop_128x256x64_${1}_bf16_bf16" --launch-count 2 $SEC $W/cute bench --dtype bf16 --layouts $1 --iters 20 --kernels hopper $2 > $O/ncu_ours_${1}_$2.txt 2>&1
  echo "ncu ours $spec rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
  timeout 100 ncu --clock-control none --kernel-name "regex:nvjet|bf16" --launch-count 2 $SEC $W/cute bench --dtype bf16 --layouts $1 --iters 20 --kernels hopper $2 > $O/ncu_cublas_${1}_$2.txt 2>&1
  echo "ncu cublas $spec rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
done
timeout 120 $W/cute demo > $O/demo.txt 2>&1; echo "demo rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
cat $O/times.txt
grep -h "geometric\|^| hopper\|^| cublas" $O/sq_*.md | head -40
grep -h -E "^  [a-z_0-9]+.*\(|Duration|SM Frequency|Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|Registers Per|Executed Ipc A|L2 Hit|No Eligible|Issued Warp" $O/ncu_*.txt | head -120
tail -15 $O/demo.txt
