#!/usr/bin/env bash
# GPU run (one device call): the whole GPU suite; the flagship at the squares (bf16 and f16, TN
# and NT, both outputs); compute-sanitizer memcheck of hopper and the wgmma_sm90 port at a ragged
# shape; every other member at the squares (bf16). .gpu/cute.xz: cute, .gpu/suite: benches/gpu_suite.sh pack, at 9d2cf14.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1; echo "suite rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for d in bf16 f16; do
  timeout 100 $W/cute bench --dtype $d --layouts tn,nt --iters 40 --kernels hopper --raw $R/sq_$d.csv 4096 8192 > $R/sq_$d.md 2>&1
  echo "squares $d rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
done
for spec in "hopper bf16 tn 0" "hopper f16 nt 0.5" "wgmma_sm90 f16 tn 0"; do
  set -- $spec
  r=$(timeout 60 compute-sanitizer --tool memcheck $W/cute gemm --kernel $1 --dtype $2 --layout $3 300 1000 520 --beta $4 --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|check|rror" | cut -c1-140 | tr '\n' ' ')
  echo "memcheck $spec: $r" >> $R/sanitize.txt
done
echo "sanitizers $(( $(date +%s) - start )) s" >> $R/times.txt
left=$(( 560 - ($(date +%s) - start) ))
if [ $left -gt 40 ]; then
  timeout $left $W/cute bench --dtype bf16 --layouts tn,nt --iters 20 --kernels coop_128x256x64_2x1,coop_128x128x64,pingpong_64x256x64,coop_128x64x64 --raw $R/members_bf16.csv 4096 8192 > $R/members_bf16.md 2>&1
  echo "members rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
fi
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/times.txt $R/sanitize.txt; tail -14 $R/suite_stdout.txt
grep -h "geometric" $R/*.md
