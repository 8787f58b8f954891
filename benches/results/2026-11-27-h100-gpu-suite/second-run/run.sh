#!/usr/bin/env bash
# GPU run: the two GPU test binaries that ran out of time in the suite run, with longer limits.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
GPU_SUITE_LIMIT=330 GPU_SUITE_ONLY="gpu_hopper" bash benches/gpu_suite.sh run .gpu/suite $O/a
GPU_SUITE_LIMIT=220 GPU_SUITE_ONLY="gpu_gemm" bash benches/gpu_suite.sh run .gpu/suite $O/b
cat $O/a/summary.txt $O/b/summary.txt > $O/suite_summary.txt
cp $O/a/gpu_hopper.txt $O/b/gpu_gemm.txt $O/ ; rm -rf $O/a $O/b
