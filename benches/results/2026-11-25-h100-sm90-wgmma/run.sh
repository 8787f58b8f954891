#!/usr/bin/env bash
# The wgmma_sm90 port on the GPU: correctness (every element vs float64), compute-sanitizer
# memcheck + racecheck of every variant on small shapes, then the benchmark against the C++
# tutorial wgmma_sm90 and cuBLAS. Each step has a time limit so the whole run fits the machine's time limit.
set -u
D=.gpu-sm90-wgmma
O=${OUT:-/tmp/out}
mkdir -p "$O"
start=$(date +%s)
t() { echo "[$(( $(date +%s) - start )) s] $*"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/device.txt"
t "warm the JIT cache (one small run)"
timeout 40 $D/cute gemm --kernel wgmma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 256 256 128 --check --iters 1 > "$O/warm.txt" 2>&1
t "correctness"
timeout 80 $D/gpu_test --test-threads=1 --nocapture > "$O/gpu_test.txt" 2>&1; echo "rc $?" >> "$O/gpu_test.txt"
tail -3 "$O/gpu_test.txt"
t "bench"
CUTE_CPP_PREBUILT=.gpu-hd/obj CUTE_BENCH_DTYPES="f16 bf16" CUTE_BENCH_KERNELS=wgmma_sm90 \
  timeout 110 bash benches/gpu_bench.sh $D/cute .gpu-hd/cutlass.tgz "$O/bench" 20 \
  4096,4096,4096 8192,8192,8192 > "$O/bench_stdout.txt" 2>&1
echo "rc $?" >> "$O/bench_stdout.txt"
cat "$O/bench_stdout.txt" | grep -E "wgmma|cuBLAS\b|rc " | head -40
for tool in memcheck racecheck; do
  t "$tool"
  timeout 35 compute-sanitizer --tool $tool $D/gpu_test wgmma_sm90_small_shapes_for_sanitizers --exact --test-threads=1 --nocapture > "$O/sanitizer_$tool.txt" 2>&1
  echo "rc $?" >> "$O/sanitizer_$tool.txt"; tail -4 "$O/sanitizer_$tool.txt"
done
t done
