#!/usr/bin/env bash
# Run 2: the grouped tile order with groups of 8 by default, in both Hopper ports.
# Same-process harness with the timing order rotated per round (tutorial vs our PTX at group
# shifts 6 or 5 = the tutorial's order, 3 = default, 2, 4); GPU tests of both ports; checks on
# ragged shapes; `cute bench` f16 and bf16; the wgmma_sm90 port against its tutorial in
# interleaved runs, grouped and in the tutorial's order.
set -u
O=${OUT:-/tmp/out}/r; mkdir -p $O /tmp/tb /tmp/w /tmp/cutlass /tmp/logs
D=.gpu-s10; W=/tmp/w
for f in cute ours.ptx gpu_wgmma_sm90 gpu_wgmma_sm90_cp_async; do xz -dc $D/$f.xz > $W/$f; done
chmod +x $W/cute $W/gpu_*
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv > $O/device.txt 2>&1
nvcc -arch=sm_90a .gpu-hd/obj/*.o -lcublas -o /tmp/tb/tutorial_bench > $O/log.txt 2>&1
TB=/tmp/tb/tutorial_bench
tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
python3 $D/patch_tutorial.py /tmp/cutlass/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu $W/wgmma_tma_sm90_log.cu >> $O/log.txt 2>&1
python3 $D/instrument_ptx.py $W/ours.ptx $W/ours_log.ptx wgmma_tma_sm90_tn_f16 wgmma_tma_sm90_nt_f16 >> $O/log.txt 2>&1
nvcc -O3 -std=c++17 -arch=sm_90a -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I$W $D/ctalog.cu -lcuda -o $W/ctalog >> $O/log.txt 2>&1 &
# 1. tests and checks while the harness compiles
for b in gpu_wgmma_sm90 gpu_wgmma_sm90_cp_async; do
  echo "== $b" >> $O/tests.txt; timeout 120 $W/$b --test-threads=1 >> $O/tests.txt 2>&1; echo "rc $?" >> $O/tests.txt
done
for G in default tutorial; do
  if [ $G = default ]; then unset CUTE_TILE_GROUP; else export CUTE_TILE_GROUP=$G; fi
  for K in wgmma_sm90 wgmma_tma_sm90; do for L in tn nt; do for T in "--dtype f16 --acc f16 --out f16" "--dtype bf16"; do
    for a in "1096 1000 200 --alpha 0.1" "264 136 200 --beta -0.5"; do
      echo "$G $K $L $T $a: $($W/cute gemm --kernel $K $T --layout $L $a --check --iters 1 2>&1 | grep -E "check|rror" | tr '\n' ' ')" >> $O/check.txt
    done
  done; done; done
done
unset CUTE_TILE_GROUP
echo "bad group: $(CUTE_TILE_GROUP=12 $W/cute gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 256 256 64 --iters 1 2>&1 | grep -i error)" >> $O/check.txt
G="gemm --dtype f16 --acc f16 --out f16"
for K in wgmma_sm90 wgmma_tma_sm90; do for L in tn nt; do
  echo "memcheck $K $L: $(timeout 90 compute-sanitizer --tool memcheck $W/cute $G --kernel $K --layout $L 1096 264 136 --check --iters 1 2>&1 | grep -E 'SUMMARY|check' | tr '\n' ' ')" >> $O/check.txt
  echo "racecheck $K $L: $(timeout 90 compute-sanitizer --tool racecheck $W/cute $G --kernel $K --layout $L 1096 264 136 --check --iters 1 2>&1 | grep -E 'SUMMARY|check' | tr '\n' ' ')" >> $O/check.txt
done; done
wait
# 2. harness, rotated order, 8 rounds of 20 launches
for L in tn nt; do
  timeout 60 $W/ctalog $W/ours_log.ptx 8192 8192 8192 $L 8 20 /tmp/logs/8192 6,3,2,4 >> $O/harness.txt 2>&1
  timeout 60 $W/ctalog $W/ours_log.ptx 4096 4096 4096 $L 8 20 /tmp/logs/4096 5,3,2,4 >> $O/harness.txt 2>&1
done
python3 $D/rounds.py $O/harness.txt > $O/harness_summary.txt 2>&1
python3 $D/analyze_ctalog.py /tmp/logs/8192*.csv > $O/analysis.txt 2>&1
# 3. cute bench (default groups of 8)
timeout 150 $W/cute bench --dtype f16 --layouts tn,nt --kernels wgmma_tma_sm90,wgmma_sm90 --cpp $TB --iters 30 --raw $O/raw_f16.csv 4096,4096,4096 8192,8192,8192 > $O/table_f16.md 2>$O/bench_log.txt; echo "bench f16 rc $?" >> $O/check.txt
timeout 100 $W/cute bench --dtype bf16 --layouts tn,nt --kernels wgmma_tma_sm90,wgmma_sm90 --cpp $TB --iters 30 --raw $O/raw_bf16.csv 4096,4096,4096 8192,8192,8192 > $O/table_bf16.md 2>>$O/bench_log.txt; echo "bench bf16 rc $?" >> $O/check.txt
# 4. wgmma_sm90 against its tutorial, interleaved, grouped (8) and in the tutorial's order
run() { local l=$1; shift; echo "== $l" >> $O/runs.txt; timeout 40 "$@" 2>&1 | grep -E "time:|^cpp,|rror|FAIL" >> $O/runs.txt; }
for r in 1 2; do for S in 8192 4096; do for L in tn nt; do
  run "cpp wgmma_sm90 $S $L r$r" $TB 50 $S,$S,$S --only wgmma_sm90,f16/f16/f16,$L
  run "ours g8 wgmma_sm90 $S $L r$r" $W/cute $G --kernel wgmma_sm90 --layout $L $S $S $S --iters 50
  CUTE_TILE_GROUP=tutorial run "ours tutorial-order wgmma_sm90 $S $L r$r" $W/cute $G --kernel wgmma_sm90 --layout $L $S $S $S --iters 50
done; done; done
tar cJf $O/logs.tar.xz -C /tmp logs
tar cJf ${OUT:-/tmp/out}/r.tar.xz -C ${OUT:-/tmp/out} r
