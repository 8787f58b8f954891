#!/bin/bash
# Second run (after the TN hang fix): correctness, timings, sanitizers,
# the C++ tutorial wgmma_tma_sm90.cu (unmodified) built with nvcc here.
S=$PWD/.gpu/sm90
exec > >(tee $OUT/log.txt) 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
mkdir -p /tmp/cut && tar xzf $S/cutlass.tgz -C /tmp/cut
(cd /tmp/cut && nvcc -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a -Iinclude -Itools/util/include examples/cute/tutorial/hopper/wgmma_tma_sm90.cu -o tut > nvcc.log 2>&1; echo "nvcc rc=$?" >> nvcc.log) &
NV=$!
echo "== gpu_wgmma_sm90 (correctness, every element vs float64)"
timeout 150 $S/gpu_wgmma_sm90 --nocapture --test-threads=1 2>&1 | grep -vE "^$|^running|backtrace" | tail -40
echo "rc=${PIPESTATUS[0]}"
echo "== timings (ours: cute gemm, median of 20 after 2 warm-up, CUDA events)"
for sz in 4096 8192; do for dt in f16 bf16; do for ly in nt tn; do
  echo "-- $dt $ly $sz"; timeout 20 $S/cute gemm --kernel wgmma_tma_sm90 --dtype $dt --layout $ly $sz $sz $sz --iters 20 2>&1 | tail -1
done; done; done
echo "== sanitizers (TN; NT was clean in the first run)"
for t in memcheck racecheck; do for a in "f16 tn" "bf16 tn"; do set -- $a
  echo "-- $t $1 $2 264 136 200"; timeout 40 compute-sanitizer --tool $t $S/cute gemm --kernel wgmma_tma_sm90 --dtype $1 --layout $2 264 136 200 --check --iters 1 2>&1 | grep -E "check:|SUMMARY|rror"
done; done
echo "== C++ tutorial wgmma_tma_sm90.cu, nvcc -O3 sm_90a (its own timing: 100 iterations)"
timeout 100 tail --pid=$NV -f /dev/null; cat /tmp/cut/nvcc.log | grep -v -i warn | tail -3
for sz in 4096 8192; do for t in "N T" "T N"; do echo "-- $sz $t"; timeout 30 /tmp/cut/tut $sz $sz $sz $t 2>&1 | tail -2; done; done
