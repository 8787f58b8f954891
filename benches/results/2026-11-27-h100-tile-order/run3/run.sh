#!/usr/bin/env bash
# Run 3 (final build: wgmma_tma_sm90 in groups of 4 tile rows, wgmma_sm90 in groups
# of 8): `cute bench` f16 and bf16 beside the tutorials and cuBLAS, the TMA port's GPU test,
# checks and sanitizers on ragged shapes, interleaved runs against the tutorial.
set -u
O=${OUT:-/tmp/out}/r; mkdir -p $O /tmp/tb /tmp/w
D=.gpu-s10; W=/tmp/w
for f in cute gpu_wgmma_sm90; do xz -dc $D/$f.xz > $W/$f; done; chmod +x $W/*
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv > $O/device.txt 2>&1
nvcc -arch=sm_90a .gpu-hd/obj/*.o -lcublas -o /tmp/tb/tutorial_bench > $O/log.txt 2>&1
TB=/tmp/tb/tutorial_bench
timeout 150 $W/cute bench --dtype f16 --layouts tn,nt --kernels wgmma_tma_sm90,wgmma_sm90 --cpp $TB --iters 30 --raw $O/raw_f16.csv 4096,4096,4096 8192,8192,8192 > $O/table_f16.md 2>$O/bench_log.txt; echo "bench f16 rc $?" >> $O/check.txt
timeout 100 $W/cute bench --dtype bf16 --layouts tn,nt --kernels wgmma_tma_sm90,wgmma_sm90 --cpp $TB --iters 30 --raw $O/raw_bf16.csv 4096,4096,4096 8192,8192,8192 > $O/table_bf16.md 2>>$O/bench_log.txt; echo "bench bf16 rc $?" >> $O/check.txt
timeout 150 $W/gpu_wgmma_sm90 --test-threads=1 --nocapture > $O/gpu_wgmma_sm90.txt 2>&1; echo "gpu_wgmma_sm90 rc $?" >> $O/check.txt
for L in tn nt; do for T in "--dtype f16 --acc f16 --out f16" "--dtype bf16"; do
  for a in "1096 1000 200 --alpha 0.1" "1100 264 72 --beta -0.5" "4096 4096 4096 --alpha 0.75"; do
    [ $L = nt ] && [ "${a%% *}" = 1100 ] && continue
    echo "$L $T $a: $($W/cute gemm --kernel wgmma_tma_sm90 $T --layout $L $a --check --iters 1 2>&1 | grep -E "check|rror" | tr '\n' ' ')" >> $O/check.txt
  done
done; done
echo "bad group: $(CUTE_TILE_GROUP=12 $W/cute gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 256 256 64 --iters 1 2>&1 | grep CUTE_TILE_GROUP)" >> $O/check.txt
G="gemm --dtype f16 --acc f16 --out f16"
for L in tn nt; do
  echo "memcheck $L: $(timeout 90 compute-sanitizer --tool memcheck $W/cute $G --kernel wgmma_tma_sm90 --layout $L 1096 264 136 --check --iters 1 2>&1 | grep -E 'SUMMARY|check' | tr '\n' ' ')" >> $O/check.txt
  echo "racecheck $L: $(timeout 90 compute-sanitizer --tool racecheck $W/cute $G --kernel wgmma_tma_sm90 --layout $L 1096 264 136 --check --iters 1 2>&1 | grep -E 'SUMMARY|check' | tr '\n' ' ')" >> $O/check.txt
done
run() { local l=$1; shift; echo "== $l" >> $O/runs.txt; timeout 40 "$@" 2>&1 | grep -E "time:|^cpp,|rror|FAIL" >> $O/runs.txt; }
for r in 1 2; do for S in 8192 4096; do for L in tn nt; do
  run "cpp wgmma_tma_sm90 $S $L r$r" $TB 100 $S,$S,$S --only wgmma_tma_sm90,f16/f16/f16,$L
  run "ours wgmma_tma_sm90 $S $L r$r" $W/cute $G --kernel wgmma_tma_sm90 --layout $L $S $S $S --iters 100
done; done; done
tar cJf ${OUT:-/tmp/out}/r.tar.xz -C ${OUT:-/tmp/out} r
