#!/usr/bin/env bash
# Run 6 (final): the wgmma_tma_sm90 port's f16x2 epilogue (cute) against run 5's
# build (cute_prev3) and C++ at 8192^3; the GPU test binaries; compute-sanitizer on the port;
# then the benchmark of every GEMM (benches/gpu_bench.sh: ours, the C++ tutorials, cuBLAS).
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/tb /tmp/obj
tar xJf .gpu-s8/pack.tar.xz -C /tmp; D=/tmp/pack
cp .gpu-hd/obj/*.o /tmp/obj/; nvcc -arch=sm_90a /tmp/obj/*.o -lcublas -o /tmp/tb/tutorial_bench
TB=/tmp/tb/tutorial_bench
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total,power.limit --format=csv,noheader; nvcc --version | tail -1; } > $O/device.txt
for L in tn nt; do for T in "--dtype f16 --acc f16 --out f16" "--dtype bf16"; do
  for s in "264 136 200 --beta -0.5" "256 384 192" "256 384 192 --alpha 0.1" "1000 1000 1000" "4096 4096 4096 --alpha 0.75"; do
    echo "wgmma_tma $L $T $s: $($D/cute gemm --kernel wgmma_tma_sm90 $T --layout $L $s --check --iters 1 2>&1 | grep -E "check|rror")" >> $O/check.txt
  done; done; done
for tool in memcheck racecheck; do
  echo "wgmma_tma tn f16 256x384x192 $tool: $(timeout 100 compute-sanitizer --tool $tool $D/cute gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 256 384 192 --check --iters 1 2>&1 | grep -E 'SUMMARY|check:' | tr '\n' ' ')" >> $O/check.txt
done
cat $O/check.txt
S="8192 8192 8192"
run() { local l=$1; shift; echo "== $l" >> $O/runs.txt; timeout 60 "$@" 2>&1 | grep -E "time:|^cpp,|rror|FAIL" >> $O/runs.txt; }
G="gemm --dtype f16 --acc f16 --out f16"
for r in 1; do
  for L in tn nt; do
    run "new tma $L r$r" $D/cute $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
    run "cpp tma $L r$r" $TB 100 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,$L
    run "prev3 tma $L r$r" $D/cute_prev3 $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
  done
done
sed -E "s/^(cpp,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*),([^,]*),([^,]*),.*/\1 \2 ms \3 TF/" $O/runs.txt | paste - - > $O/summary.txt
cat $O/summary.txt
t() { local name=$1; shift; local t0=$(date +%s); timeout 120 "$@" > $O/$name.txt 2>&1; echo "rc $? in $(( $(date +%s) - t0 )) s" >> $O/$name.txt; echo "$name: $(grep -E '^test result' $O/$name.txt | tail -1) $(tail -1 $O/$name.txt)"; }
for b in gpu_wgmma_sm90 gpu_sgemm_sm80 gpu_hgemm gpu_hopper gpu_gemm; do t $b $D/$b --test-threads=1; done
CUTE_CPP_PREBUILT=.gpu-hd/obj CUTE_BENCH_DTYPES="f16 bf16" CUTE_BENCH_LAYOUTS=tn,nt \
  timeout 330 benches/gpu_bench.sh $D/cute .gpu-hd/cutlass.tgz $O/bench 30 4096,4096,4096 8192,8192,8192
echo "gpu_bench rc $?"
grep -hE "^\|" $O/bench/table_*.md | head -80
