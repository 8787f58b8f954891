#!/usr/bin/env bash
# Run 1: (a) sgemm_sm80 with the swizzle split + 32-bit shared addresses: GPU tests,
# sanitizers, interleaved rounds against the C++ tutorial and the previous build; (b) the
# per-CTA log harness for wgmma_tma_sm90 (C++ tutorial and our PTX in one process).
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/tb /tmp/cutlass /tmp/w
D=.gpu-s9
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total,power.limit --format=csv,noheader > $O/device.txt
for f in cute gpu_sgemm_sm80 gpu_hgemm gpu_wgmma_sm90 gpu_hopper ours_log.ptx; do xz -dc $D/$f.xz > /tmp/w/$f; done
xz -dc .gpu-s8/cute.xz > /tmp/w/cute_old; chmod +x /tmp/w/*
tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
nvcc -arch=sm_90a .gpu-hd/obj/*.o -lcublas -o /tmp/tb/tutorial_bench > $O/log.txt 2>&1
( python3 $D/patch_tutorial.py /tmp/cutlass/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu /tmp/w/wgmma_tma_sm90_log.cu 2>&1 || cp $D/wgmma_tma_sm90_log.cu /tmp/w/;
  nvcc -O3 -std=c++17 -arch=sm_90a -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I/tmp/w $D/ctalog.cu -lcuda -o /tmp/w/ctalog > /tmp/w/ctalog_build.txt 2>&1; echo "ctalog build rc $?" >> /tmp/w/ctalog_build.txt ) &
BUILD=$!
W=/tmp/w; TB=/tmp/tb/tutorial_bench
t() { local n=$1; shift; echo "== $n" >> $O/tests.txt; timeout 150 "$@" >> $O/tests.txt 2>&1; echo "rc $?" >> $O/tests.txt; }
for b in gpu_sgemm_sm80 gpu_hgemm gpu_wgmma_sm90 gpu_hopper; do t $b $W/$b --test-threads=1; done
G="gemm --dtype f16 --acc f16 --out f16"
for s in "1152 640 576" "4096 4096 4096" "1024 1024 64"; do
  echo "== check $s" >> $O/tests.txt; $W/cute $G --kernel sgemm_sm80 --layout tn $s --check --beta -0.5 --iters 1 >> $O/tests.txt 2>&1
done
echo "== memcheck" >> $O/tests.txt; timeout 100 compute-sanitizer --tool memcheck $W/cute $G --kernel sgemm_sm80 --layout tn 1152 640 576 --check --iters 1 2>&1 | tail -3 >> $O/tests.txt
echo "== racecheck" >> $O/tests.txt; timeout 100 compute-sanitizer --tool racecheck $W/cute $G --kernel sgemm_sm80 --layout tn 1152 640 576 --check --iters 1 2>&1 | tail -3 >> $O/tests.txt
run() { local l=$1; shift; echo "== $l" >> $O/runs.txt; timeout 60 "$@" 2>&1 | grep -E "time:|^cpp,|rror|FAIL" >> $O/runs.txt; }
for S in 8192 4096; do for r in 1 2 3 4; do
  run "new sm80 $S r$r" $W/cute $G --kernel sgemm_sm80 --layout tn $S $S $S --iters 100
  run "cpp sm80 $S r$r" $TB 100 $S,$S,$S --only sgemm_sm80,f16/f16/f16,tn
  run "old sm80 $S r$r" $W/cute_old $G --kernel sgemm_sm80 --layout tn $S $S $S --iters 100
done; done
sed -E "s/^(cpp,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*),([^,]*),([^,]*),.*/\1 \2 ms \3 TF/" $O/runs.txt | paste - - > $O/summary.txt
wait $BUILD; cat /tmp/w/ctalog_build.txt | tail -20 > $O/ctalog_build.txt
mkdir -p /tmp/logs
if [ -x /tmp/w/ctalog ]; then
  for L in tn nt; do timeout 120 /tmp/w/ctalog /tmp/w/ours_log.ptx 8192 8192 8192 $L 4 30 /tmp/logs/l8192 >> $O/ctalog.txt 2>&1; done
  python3 $D/analyze_ctalog.py /tmp/logs/*.csv >> $O/ctalog.txt 2>&1
  tar cJf $O/logs.tar.xz -C /tmp/logs .
fi
M=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_op_read_hit_rate.pct,smsp__inst_executed.sum
echo "== ncu new" >> $O/ncu.txt; timeout 60 ncu --metrics $M -k regex:sgemm_sm80_tn_half -c 1 $W/cute $G --kernel sgemm_sm80 --layout tn 8192 8192 8192 --iters 1 2>&1 | grep -E "^\s+(gpu__|dram__|lts__|smsp__)" >> $O/ncu.txt
echo "== ncu cpp" >> $O/ncu.txt; timeout 60 ncu --metrics $M -k regex:gemm_device -c 1 $TB 1 8192,8192,8192 --only sgemm_sm80,f16/f16/f16,tn 2>&1 | grep -E "^\s+(gpu__|dram__|lts__|smsp__)" >> $O/ncu.txt
echo done >> $O/summary.txt
