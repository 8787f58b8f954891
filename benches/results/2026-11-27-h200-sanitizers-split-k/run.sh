#!/usr/bin/env bash
# GPU run: compute-sanitizer on the 64-wide member and on split-K (what --kernel hopper runs
# at M = 16 and 100), ragged shapes, beta 0 and 0.5, TN and NT.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
for args in "--config coop_128x64x64 300 1000 136" "16 4104 4104" "100 8 4104"; do
  for tool in memcheck racecheck synccheck; do
    for beta in 0 0.5; do
      for L in tn nt; do
        r=$(timeout 120 compute-sanitizer --tool $tool $W/cute gemm --kernel hopper $args --dtype bf16 --layout $L --beta $beta --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|check:|rror" | cut -c1-110 | tr '\n' ' ')
        echo "[$args] $tool $L beta $beta: $r" >> $O/sanitize.txt
      done
    done
  done
  echo "[$args] $(( $(date +%s) - start )) s" >> $O/sanitize.txt
done
for s in "16 4104 4104" "100 8 4104" "128 6144 4096"; do $W/cute gemm --kernel hopper --explain $s >> $O/sanitize.txt; done
