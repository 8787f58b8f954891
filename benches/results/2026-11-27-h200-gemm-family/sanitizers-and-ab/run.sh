#!/usr/bin/env bash
# GPU run: compute-sanitizer on each member at a ragged shape, then the flagship before (the
# hand-written kernel, previous build) and after (the generic member) timed the same way by
# `cute gemm` (CUDA events around each launch), alternating, on the same GPU.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
for f in cute cute-old; do xz -dc .gpu/$f.xz > $W/$f; done; chmod +x $W/*
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
for m in coop_128x256x64 coop_128x128x64 pingpong_64x256x64; do
  for tool in memcheck racecheck synccheck; do
    for beta in 0 0.5; do
      r=$(timeout 100 compute-sanitizer --tool $tool $W/cute gemm --kernel hopper --config $m --dtype bf16 --layout tn 300 1000 136 --beta $beta --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|check:|rror" | cut -c1-120 | tr '\n' ' ')
      echo "$m $tool beta $beta: $r" >> $O/sanitize.txt
    done
  done
done
echo "sanitizers $(( $(date +%s) - start )) s" >> $O/times.txt
for round in 1 2; do
  for n in 8192 4096; do
    for d in bf16 f16; do
      for L in tn nt; do
        for out in same f32; do
          oo=""; [ $out = f32 ] && oo="--out f32"
          for b in cute-old cute; do
            t=$($W/$b gemm --kernel hopper --dtype $d $oo --layout $L $n $n $n --iters 30 2>&1 | grep -oE "[0-9.]+ TFLOP/s" | head -1)
            echo "$round $n $d $L $out $b $t" >> $O/ab.txt
          done
        done
      done
    done
  done
  echo "ab round $round $(( $(date +%s) - start )) s" >> $O/times.txt
  [ $(( $(date +%s) - start )) -gt 450 ] && break
done
