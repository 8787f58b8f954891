#!/bin/bash
# final: float64 check at 8192x8192x1024 (every layout), ablations at 8192^3, a second TN
# sample, and the C++ tutorial wgmma_tma_sm90 built here with nvcc, all in one run.
set -o pipefail
cd .gpu-flagship
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv | tee $OUT/gpu.txt
( mkdir -p /tmp/cutlass && tar xzf cutlass.tgz -C /tmp/cutlass && cd /tmp/cutlass && \
  nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -w -Iinclude -Itools/util/include \
    examples/cute/tutorial/hopper/wgmma_tma_sm90.cu -o /tmp/wgmma_tma_sm90 > /tmp/nvcc.log 2>&1; echo "nvcc rc $?" >> /tmp/nvcc.log ) &
NV=$!
timeout 200 ./hopper check 8192 8192 1024 2>&1 | tee $OUT/check.txt
{
for cfg in "" "CUTE_HOPPER_GROUP=1" "CUTE_HOPPER_GRID=tiles" "CUTE_HOPPER_EPILOGUE=direct" "CUTE_HOPPER_EPILOGUE=direct CUTE_HOPPER_GRID=tiles CUTE_HOPPER_GROUP=1"; do
  echo "ablation: ${cfg:-none}"; env $cfg timeout 60 ./hopper bench 8192 8192 8192 4096 4096 4096 2>&1 | grep bench
done
echo "second TN sample"
timeout 100 ./hopper bench 8192 8192 8192 4096 4096 4096 2048 2048 2048 8192 8192 1024 2>&1
} | tee $OUT/bench.txt
wait $NV; cat /tmp/nvcc.log | tail -5 | tee $OUT/tutorial.txt
for s in "4096 4096 4096" "8192 8192 8192"; do for l in "T N" "N T"; do echo "wgmma_tma_sm90 $s $l"; timeout 60 /tmp/wgmma_tma_sm90 $s $l 2>&1 | tail -3; done; done | tee -a $OUT/tutorial.txt
