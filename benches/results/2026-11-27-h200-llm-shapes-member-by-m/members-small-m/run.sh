#!/usr/bin/env bash
# GPU run: each member at the small-M language-model shapes (bf16 TN), then `hopper` (member
# by M, split-K) over all of benches/shapes/llm.txt in f16 TN and bf16 NT.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
small=""
for m in 16 128; do for nk in 6144,4096 4096,4096 28672,4096 4096,14336 10240,8192 8192,28672; do small="$small $m,$nk"; done; done
timeout 200 $W/cute bench --dtype bf16 --layouts tn --kernels hopper,coop_128x64x64,coop_128x128x64,pingpong_64x256x64 --raw $O/small_m_members_bf16_tn.csv $small > $O/small_m_members_bf16_tn.md 2>&1
echo "members rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
timeout $(( 380 - ($(date +%s) - start) )) $W/cute bench --shapes benches/shapes/llm.txt --dtype f16 --layouts tn --kernels hopper --raw $O/llm_f16_tn.csv > $O/llm_f16_tn.md 2>&1
echo "f16 tn rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
timeout $(( 580 - ($(date +%s) - start) )) $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts nt --kernels hopper --raw $O/llm_bf16_nt.csv > $O/llm_bf16_nt.md 2>&1
echo "bf16 nt rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
