#!/usr/bin/env bash
# GPU run: the whole GPU test suite (tutorial ports under `tutorial`, generic), then the
# tutorial ports timed before (cute-old: the build before the move) and after, alternating,
# and `hopper` at the M = 128 shapes whose member choice changed.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/w
W=/tmp/w
for f in cute cute-old; do xz -dc .gpu/$f.xz > $W/$f; chmod +x $W/$f; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $O/device.txt
start=$(date +%s)
benches/gpu_suite.sh run .gpu/suite10 /tmp/suite > $O/suite_stdout.txt 2>&1; echo "suite rc $?" >> $O/times.txt
tar -C /tmp -cJf $O/suite.tar.xz suite
echo "suite $(( $(date +%s) - start )) s" >> $O/times.txt
for round in 1 2; do
  for b in cute-old cute; do
    timeout 90 $W/$b bench --dtype f16 --layouts tn,nt --kernels wgmma_sm90,wgmma_tma_sm90,sgemm_sm80,hgemm_sm80 4096 > $O/tutorials_f16_${b}_$round.md 2>&1
    timeout 60 $W/$b bench --dtype f32 --layouts tn,nt --kernels sgemm_1,sgemm_2,sgemm_sm80 4096 > $O/tutorials_f32_${b}_$round.md 2>&1
  done
  echo "tutorials round $round $(( $(date +%s) - start )) s" >> $O/times.txt
done
timeout 100 $W/cute bench --dtype bf16 --layouts tn --kernels hopper,coop_128x128x64 128,4096,4096 128,6144,4096 128,8192,28672 128,4096,14336 > $O/m128_bf16_tn.md 2>&1
echo "m128 rc $? $(( $(date +%s) - start )) s" >> $O/times.txt
