#!/usr/bin/env bash
# GPU run: every GPU test binary (benches/gpu_suite.sh), then the language-model shape suite.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
GPU_SUITE_LIMIT=150 GPU_SUITE_ONLY="gpu_hopper gpu_wgmma_sm90 gpu_wgmma_sm90_cp_async gpu_tma gpu_layout_eval gpu_sgemm_sm80 gpu_hgemm gpu_gemm" \
  bash benches/gpu_suite.sh run .gpu/suite $O/suite; echo "suite rc $?" >> $O/suite/summary.txt
echo "suite $(( $(date +%s) - start )) s" >> $O/times.txt
cp $O/suite/summary.txt $O/suite_summary.txt
cd $O && tar cJf suite.tar.xz suite && rm -rf suite && cd - > /dev/null
left=$(( 560 - ($(date +%s) - start) ))
if [ $left -gt 60 ]; then
  xz -dc .gpu/cute.xz > /tmp/cute && chmod +x /tmp/cute
  timeout $left /tmp/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts tn --kernels hopper,coop_128x128x64,pingpong_64x256x64 --raw $O/llm_bf16_tn.csv > $O/llm_bf16_tn.md 2>&1
  echo "llm bench rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
fi
