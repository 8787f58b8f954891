#!/usr/bin/env bash
# GPU run: the whole GPU suite (stream-K and the large-matrix tests new); the output layer of a
# language model over 16384 tokens (benches/large/run.sh); racecheck and synccheck of the
# flagship and the 16-wide member in stream-K at a ragged shape, as time allows.
set -u
# run from the repository root with the `cute` binary of 78b700c (xz) in .gpu/cute.xz and the packed
# GPU test binaries in .gpu/suite (benches/gpu_suite.sh pack .gpu/suite)
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
timeout 300 benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1; echo "suite rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
CUTE_LARGE_TIMEOUT=100 timeout 230 benches/large/run.sh $W/cute $R/large > $R/large_stdout.txt 2>&1; echo "large rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
for spec in "racecheck hopper bf16 tn 0 bf16 auto" "synccheck hopper f16 nt 0.5 f32 auto" "racecheck coop_128x16x64 bf16 tn 0.5 bf16 sk" "synccheck coop_128x16x64 bf16 nn 0 f32 sk" "memcheck coop_128x256x64 bf16 tn 0.5 f32 sk"; do
  set -- $spec
  left=$(( 570 - ($(date +%s) - start) ))
  [ $left -lt 15 ] && break
  if [ $7 = sk ]; then export CUTE_HOPPER_SPLITS=sk; else unset CUTE_HOPPER_SPLITS; fi
  r=$(timeout $left compute-sanitizer --tool $1 $W/cute gemm --kernel $2 --dtype $3 --out $6 --layout $4 13 1000 520 --beta $5 --check --iters 1 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|check:|rror" | cut -c1-160 | tr '\n' ' ')
  echo "$spec 13x1000x520: $r ($(( $(date +%s) - start )) s)" >> $R/sanitize.txt
done
unset CUTE_HOPPER_SPLITS
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt $R/sanitize.txt; tail -14 $R/suite_stdout.txt
cat $R/large/times.txt $R/large/explain.txt 2>/dev/null; grep -h "check" $R/large/gemm.txt 2>/dev/null | head -3; cat $R/large/bench.md 2>/dev/null | tail -8
