#!/usr/bin/env bash
# GPU run: coop_128x128x64 at the M = 1024 language-model shapes with the binary of 9f43efd and
# this one (is stream-K's scheduler code a cost?); the language-model shapes, bf16 TN; the Hopper
# family's GPU tests; the flagship at the squares; the language-model shapes in f16, as time allows.
set -u
# run from the repository root with the `cute` binaries of ffd1ceb and 9f43efd (xz) in .gpu/cute.xz and
# .gpu/cute_9f43efd.xz, the packed gpu_hopper test binary in .gpu/suite, .gpu/m1024.txt the M = 1024 lines of benches/shapes/llm.txt
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w /tmp/r
W=/tmp/w; R=/tmp/r
xz -dc .gpu/cute.xz > $W/cute; chmod +x $W/cute
xz -dc .gpu/cute_9f43efd.xz > $W/cute_old; chmod +x $W/cute_old
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee $R/device.txt
start=$(date +%s)
for b in cute_old cute cute_old cute; do
  timeout 60 $W/$b bench --shapes .gpu/m1024.txt --dtype bf16 --layouts tn --kernels coop_128x128x64 --splits 1 --iters 20 --raw $R/ab_$b.$(date +%s).csv > /dev/null 2>&1
  echo "ab $b rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
done
timeout 150 $W/cute bench --shapes benches/shapes/llm.txt --dtype bf16 --layouts tn --kernels hopper --raw $R/llm_bf16_tn.csv > $R/llm_bf16_tn.md 2>&1
echo "llm bf16 tn rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
GPU_SUITE_ONLY=gpu_hopper GPU_SUITE_LIMIT=260 benches/gpu_suite.sh run .gpu/suite $R/suite > $R/suite_stdout.txt 2>&1; echo "gpu_hopper rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
pkill -9 -f gpu_hopper; sleep 1
for d in bf16 f16; do
  left=$(( 520 - ($(date +%s) - start) )); [ $left -lt 20 ] && break
  timeout $left $W/cute bench --dtype $d --layouts tn,nt --iters 40 --kernels coop_128x256x64 --raw $R/sq_$d.csv 4096 8192 > $R/sq_$d.md 2>&1
  echo "squares $d rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
done
left=$(( 525 - ($(date +%s) - start) ))
if [ $left -gt 40 ]; then
  timeout $left $W/cute bench --shapes benches/shapes/llm.txt --dtype f16 --layouts tn --kernels hopper --raw $R/llm_f16_tn.csv > $R/llm_f16_tn.md 2>&1
  echo "llm f16 tn rc $? $(( $(date +%s) - start )) s" >> $R/times.txt
fi
tar -C /tmp -cJf $O/r.tar.xz r
cat $R/device.txt $R/times.txt; tail -3 $R/suite_stdout.txt
grep -h -A2 "geometric" $R/*.md
python3 - $R <<'PY'
import csv, glob, sys, collections
r = collections.defaultdict(list)
for f in sorted(glob.glob(sys.argv[1] + '/ab_*.csv')):
    b = f.split('/ab_')[1].split('.')[0]
    for x in csv.DictReader(open(f)):
        if x['impl'] == 'ours':
            r[(x['M'], x['N'], x['K'], x['types'])].append((b, x['tflops']))
for k, v in sorted(r.items()):
    print(k, v)
PY
