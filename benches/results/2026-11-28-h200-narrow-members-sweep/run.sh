#!/usr/bin/env bash
# GPU run: the whole GPU suite (every member, the two narrow ones new); the heuristic's sweep
# with them; compute-sanitizer on the narrow members at a ragged shape, as time allows.
set -u
# run from the repository root with the `cute` binary of 9f43efd (xz) in .gpu/cute.xz and the packed
# GPU test binaries in .gpu/suite (benches/gpu_suite.sh pack .gpu/suite)
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
timeout 280 benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1; echo "suite rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
timeout 250 benches/heuristic/sweep.sh $W/cute $R/sweep 132 > $R/sweep_stdout.txt 2>&1; echo "sweep rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for spec in "memcheck coop_128x16x64 bf16 tn 0 bf16" "racecheck coop_128x16x64 bf16 tn 0 bf16" "synccheck coop_128x16x64 f16 nt 0.5 f32" "memcheck pingpong_64x64x64 f16 nn 0.5 f16" "racecheck pingpong_64x64x64 bf16 tt 0 f32" "synccheck pingpong_64x64x64 bf16 tn 0 bf16"; do
  set -- $spec
  left=$(( 560 - ($(date +%s) - start) ))
  [ $left -lt 15 ] && break
  r=$(timeout $left compute-sanitizer --tool $1 $W/cute gemm --kernel $2 --dtype $3 --out $6 --layout $4 13 1000 520 --beta $5 --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|check:|rror" | cut -c1-140 | tr '\n' ' ')
  echo "$spec 13x1000x520: $r ($(( $(date +%s) - start )) s)" >> $R/sanitize.txt
done
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt $R/sanitize.txt; tail -14 $R/suite_stdout.txt
cat $R/sweep/rows.csv 2>/dev/null
