#!/usr/bin/env bash
# Run 7 (final): main's wgmma_tma_sm90 port (epilogue as run 5) and sgemm_sm80 port,
# one `cute bench` run beside the C++ tutorials and cuBLAS at 4096^3 and 8192^3, then two
# interleaved rounds at 8192^3.
set -u
O=${OUT:-/tmp/out}/r; mkdir -p $O /tmp/tb /tmp/obj /tmp/d
xz -dc .gpu-s8/cute.xz > /tmp/d/cute; chmod +x /tmp/d/cute; D=/tmp/d
cp .gpu-hd/obj/*.o /tmp/obj/; nvcc -arch=sm_90a /tmp/obj/*.o -lcublas -o /tmp/tb/tutorial_bench
TB=/tmp/tb/tutorial_bench
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total,power.limit --format=csv,noheader; nvcc --version | tail -1; } > $O/device.txt
for L in tn nt; do for T in "--dtype f16 --acc f16 --out f16" "--dtype bf16"; do
  echo "wgmma_tma $L $T: $($D/cute gemm --kernel wgmma_tma_sm90 $T --layout $L 264 136 200 --beta -0.5 --check --iters 1 2>&1 | grep -E "check|rror")" >> $O/check.txt
done; done
echo "memcheck: $(timeout 60 compute-sanitizer --tool memcheck $D/cute gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 256 384 192 --check --iters 1 2>&1 | grep -E 'SUMMARY|check:' | tr '\n' ' ')" >> $O/check.txt
cat $O/check.txt | cut -c1-120
timeout 150 $D/cute bench --dtype f16 --layouts tn,nt --kernels sgemm_sm80,wgmma_tma_sm90 --cpp $TB --iters 30 --raw $O/raw_f16.csv 4096,4096,4096 8192,8192,8192 > $O/table_f16.md 2>$O/bench_log.txt
echo "bench rc $?"; cat $O/table_f16.md
run() { local l=$1; shift; echo "== $l" >> $O/runs.txt; timeout 40 "$@" 2>&1 | grep -E "time:|^cpp,|rror|FAIL" >> $O/runs.txt; }
G="gemm --dtype f16 --acc f16 --out f16"; S="8192 8192 8192"
for r in 1 2; do for L in tn nt; do
  run "ours tma $L r$r" $D/cute $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
  run "cpp tma $L r$r" $TB 100 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,$L
done
  run "ours sm80 tn r$r" $D/cute $G --kernel sgemm_sm80 --layout tn $S --iters 100
  run "cpp sm80 tn r$r" $TB 100 8192,8192,8192 --only sgemm_sm80,f16/f16/f16,tn
done
cat $O/runs.txt | paste - -
tar cJf ${OUT:-/tmp/out}/r.tar.xz -C ${OUT:-/tmp/out} r
