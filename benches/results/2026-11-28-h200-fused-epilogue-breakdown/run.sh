#!/usr/bin/env bash
# Where the fused epilogue's time goes, one device call, from the repository root with .gpu/cute.xz
# the cute binary of 1384d4f: cute gemm (median of CUDA-event-timed launches, one copy of A and B)
# of two members at 4096^3 and the flagship at 8192^3, bf16 TN, without and with each epilogue.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
export CUDA_CACHE_MAXSIZE=2147483648
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
# the driver compiles the PTX once (JIT cache), before anything is timed
timeout 240 $W/cute gemm --kernel hopper --dtype bf16 --layout tn 256 256 256 --iters 1 > $R/warm.txt 2>&1
echo "warm rc $? $(( $(date +%s) - start )) s" | tee -a $R/times.txt
for m in coop_128x256x64 coop_128x128x64; do
  for e in none scale=0.5 bias colbias bias,relu bias,gelu gelu_erf bias,gelu,aux; do
    if [ $e = none ]; then a=""; else a="--epilogue $e"; fi
    r=$(timeout 30 $W/cute gemm --kernel hopper --config $m --dtype bf16 --layout tn 4096 4096 4096 $a --iters 100 2>&1 | grep -E "time|rror" | tr '\n' ' ')
    echo "4096^3 $m $e: $r" | tee -a $R/epilogue_parts.txt
  done
done
for e in none scale=0.5 bias,gelu; do
  if [ $e = none ]; then a=""; else a="--epilogue $e"; fi
  r=$(timeout 40 $W/cute gemm --kernel hopper --config coop_128x256x64 --dtype bf16 --layout tn 8192 8192 8192 $a --iters 30 2>&1 | grep -E "time|rror" | tr '\n' ' ')
  echo "8192^3 coop_128x256x64 $e: $r" | tee -a $R/epilogue_parts.txt
done
echo "done $(( $(date +%s) - start )) s" | tee -a $R/times.txt
tar -C /tmp -cJf $O/r.tar.xz r
