#!/usr/bin/env bash
# Run 1: wgmma_tma_sm90 with the grouped tile order. The same-process harness
# (tutorial against our PTX for several group shifts, same buffers and tensor maps), GPU tests,
# checks and sanitizers on ragged shapes, `cute bench` with the default order and with the
# tutorial's.
set -u
O=${OUT:-/tmp/out}/r; mkdir -p $O /tmp/tb /tmp/w /tmp/cutlass /tmp/logs
D=.gpu-s10; W=/tmp/w
for f in cute ours.ptx gpu_wgmma_sm90 gpu_hopper gpu_hgemm gpu_sgemm_sm80; do xz -dc $D/$f.xz > $W/$f; done
chmod +x $W/cute $W/gpu_*
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $O/device.txt 2>&1
nvcc -arch=sm_90a .gpu-hd/obj/*.o -lcublas -o /tmp/tb/tutorial_bench > $O/log.txt 2>&1
TB=/tmp/tb/tutorial_bench
tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
python3 $D/patch_tutorial.py /tmp/cutlass/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu $W/wgmma_tma_sm90_log.cu >> $O/log.txt 2>&1
python3 $D/instrument_ptx.py $W/ours.ptx $W/ours_log.ptx wgmma_tma_sm90_tn_f16 wgmma_tma_sm90_nt_f16 >> $O/log.txt 2>&1
( time nvcc -O3 -std=c++17 -arch=sm_90a -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I$W $D/ctalog.cu -lcuda -o $W/ctalog ) >> $O/log.txt 2>&1
# 1. harness: tutorial vs ours at shifts (6 = the tutorial's order at 8192, 5 at 4096)
for r in 1 2; do for L in tn nt; do
  timeout 60 $W/ctalog $W/ours_log.ptx 8192 8192 8192 $L 3 30 /tmp/logs/r${r}_8192 6,4,3,5 >> $O/harness.txt 2>&1
  timeout 60 $W/ctalog $W/ours_log.ptx 4096 4096 4096 $L 3 30 /tmp/logs/r${r}_4096 5,4,3 >> $O/harness.txt 2>&1
done; done
python3 $D/analyze_ctalog.py /tmp/logs/r1_8192*.csv > $O/analysis.txt 2>&1
# 2. tests (after cf8e791's bound, 8140c34's alpha condition and the grouped order)
for b in gpu_wgmma_sm90 gpu_hopper gpu_hgemm gpu_sgemm_sm80; do
  echo "== $b" >> $O/tests.txt; timeout 100 $W/$b --test-threads=1 >> $O/tests.txt 2>&1; echo "rc $?" >> $O/tests.txt
done
# 3. checks: default order, the tutorial's, groups of 2; ragged 9 tile rows
for G in default tutorial 2; do
  if [ $G = default ]; then unset CUTE_WGMMA_TMA_GROUP; else export CUTE_WGMMA_TMA_GROUP=$G; fi
  for L in tn nt; do for T in "--dtype f16 --acc f16 --out f16" "--dtype bf16"; do
    shapes=("264 136 200 --beta -0.5" "1096 1000 200 --alpha 0.1" "1096 200 72 --alpha 300.3")
    [ $G = default ] && shapes+=("4096 4096 4096 --alpha 0.75")
    for a in "${shapes[@]}"; do
      echo "$G $L $T $a: $($W/cute gemm --kernel wgmma_tma_sm90 $T --layout $L $a --check --iters 1 2>&1 | grep -E "check|rror" | tr '\n' ' ')" >> $O/check.txt
    done
  done; done
done
unset CUTE_WGMMA_TMA_GROUP
echo "bad group: $(CUTE_WGMMA_TMA_GROUP=12 $W/cute gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 256 256 64 --iters 1 2>&1 | tail -1)" >> $O/check.txt
G="gemm --dtype f16 --acc f16 --out f16"
for L in tn nt; do
  echo "memcheck $L: $(timeout 90 compute-sanitizer --tool memcheck $W/cute $G --kernel wgmma_tma_sm90 --layout $L 1096 264 136 --check --iters 1 2>&1 | grep -E 'SUMMARY|check' | tr '\n' ' ')" >> $O/check.txt
  echo "racecheck $L: $(timeout 90 compute-sanitizer --tool racecheck $W/cute $G --kernel wgmma_tma_sm90 --layout $L 1096 264 136 --check --iters 1 2>&1 | grep -E 'SUMMARY|check' | tr '\n' ' ')" >> $O/check.txt
done
# 4. cute bench: default order, then the tutorial's
timeout 150 $W/cute bench --dtype f16 --layouts tn,nt --kernels wgmma_tma_sm90,wgmma_sm90 --cpp $TB --iters 30 --raw $O/raw_f16.csv 4096,4096,4096 8192,8192,8192 > $O/table_f16.md 2>$O/bench_log.txt; echo "bench f16 rc $?" >> $O/check.txt
timeout 100 $W/cute bench --dtype bf16 --layouts tn,nt --kernels wgmma_tma_sm90 --cpp $TB --iters 30 --raw $O/raw_bf16.csv 4096,4096,4096 8192,8192,8192 > $O/table_bf16.md 2>>$O/bench_log.txt; echo "bench bf16 rc $?" >> $O/check.txt
CUTE_WGMMA_TMA_GROUP=tutorial timeout 100 $W/cute bench --dtype f16 --layouts tn,nt --kernels wgmma_tma_sm90 --cpp $TB --iters 30 --raw $O/raw_f16_tutorial_order.csv 4096,4096,4096 8192,8192,8192 > $O/table_f16_tutorial_order.md 2>>$O/bench_log.txt; echo "bench tutorial-order rc $?" >> $O/check.txt
tar cJf $O/logs.tar.xz -C /tmp logs
tar cJf ${OUT:-/tmp/out}/r.tar.xz -C ${OUT:-/tmp/out} r
