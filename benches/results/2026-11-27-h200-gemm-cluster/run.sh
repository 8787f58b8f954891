#!/usr/bin/env bash
# GPU run: the cluster member's correctness (checked problems, sanitizers), then every member
# timed beside cuBLAS at 4096^3 and 8192^3.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
M=coop_128x256x64_2x1
for L in tn nt nn tt; do
  for d in bf16 f16; do
    for out in same f32; do
      oo=""; [ $out = f32 ] && oo="--out f32"
      shapes=("1 8 8" "127 777 520" "300 1000 136" "1 4104 520" "1000 777 4104")
      [ $d = bf16 ] && [ $out = same ] && shapes+=("1000 4104 4104" "4097 4096 1032")
      for s in "${shapes[@]}"; do
        for beta in 0 -0.5; do
          r=$(timeout 60 $W/cute gemm --kernel hopper --config $M --dtype $d $oo --layout $L $s --beta $beta --alpha 1.25 --check --iters 1 2>&1 | grep -E "check|rror|TFLOP" | tr '\n' ' ' | cut -c1-200)
          echo "$L $d $out $s beta $beta: $r" >> $O/check.txt
        done
      done
    done
  done
  echo "check $L $(( $(date +%s) - start )) s" >> $O/times.txt
done
for tool in memcheck racecheck synccheck; do
  for beta in 0 0.5; do
    for L in tn nt; do
      r=$(timeout 100 compute-sanitizer --tool $tool $W/cute gemm --kernel hopper --config $M --dtype bf16 --layout $L 300 1000 136 --beta $beta --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|check:|rror" | cut -c1-120 | tr '\n' ' ')
      echo "$M $tool $L beta $beta: $r" >> $O/sanitize.txt
    done
  done
done
echo "sanitizers $(( $(date +%s) - start )) s" >> $O/times.txt
for d in bf16 f16; do
  timeout 170 $W/cute bench --dtype $d --layouts tn,nt --kernels hopper,coop_128x128x64,pingpong_64x256x64,coop_128x256x64_2x1 --raw $O/bench_$d.csv 4096 8192 > $O/bench_$d.md 2>&1
  echo "bench $d $(( $(date +%s) - start )) s" >> $O/times.txt
done
