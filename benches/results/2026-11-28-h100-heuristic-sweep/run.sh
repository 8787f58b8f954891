#!/usr/bin/env bash
# GPU run (one device call): the heuristic's sweep (every member at splits 1,2,3,4,6,8 on the
# small-M language-model problems), then the flagship with the epilogue storing from registers
# (CUTE_HOPPER_EPILOGUE=direct) against the TMA-store one at the squares. .gpu/cute.xz: cute.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
timeout 420 benches/heuristic/sweep.sh $W/cute $R 132 > $R/sweep_stdout.txt 2>&1
echo "sweep rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for e in tma direct; do
  left=$(( 580 - ($(date +%s) - start) ))
  [ $left -lt 30 ] && break
  if [ $e = direct ]; then export CUTE_HOPPER_EPILOGUE=direct; fi
  timeout $left $W/cute bench --dtype bf16 --layouts tn,nt --iters 20 --kernels hopper --raw $R/epi_$e.csv 4096 8192 > $R/epi_$e.md 2>&1
  echo "epilogue $e rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
done
tar -C /tmp -cJf $O/r.tar.xz r
cp $R/rows.csv $R/times.txt $O/ 2>/dev/null
cat $R/times.txt $R/device.txt; cat $R/rows.csv
grep -h "geometric" $R/*.md | head -60
