#!/usr/bin/env bash
# The GEMM benchmark, one command on the GPU machine (CUDA toolkit with nvcc and cuBLAS; no
# Rust needed there):
#   benches/gpu_bench.sh CUTE_BIN CUTLASS_TGZ OUT_DIR [ITERS] [SHAPES...]
# CUTE_BIN is the `cute` binary built here (`cargo build --release -p cute-host`), with the PTX
# embedded; CUTLASS_TGZ holds the nvidia-cutlass==4.2.0.0 sources the C++ tutorials need
# (benches/cutlass_tgz.sh makes it). It builds the C++ CuTe tutorial harness
# (benches/cpp/tutorial_bench.cu) with nvcc, then `cute bench` times our kernels and cuBLAS and
# runs the harness on the same shapes, checking every result first, and prints one table.
set -euo pipefail
cute_bin=$1; tgz=$2; out=$3; iters=${4:-20}; shift 4 || shift $#
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(4096,4096,4096 8192,8192,8192)
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out" /tmp/cutlass
tar xzf "$tgz" -C /tmp/cutlass
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
[ "$arch" = 90 ] && arch=90a
nvcc -O3 -std=c++17 -arch=sm_$arch -w \
  -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include \
  -I/tmp/cutlass/examples/cute/tutorial \
  "$here/cpp/tutorial_bench.cu" -lcublas -o /tmp/tutorial_bench
{
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader
  nvcc --version | tail -1
} | tee "$out/device.txt"
# CUTE_BENCH_KERNELS=sgemm_1 restricts our side to some kernels.
"$cute_bin" bench --cpp /tmp/tutorial_bench --iters "$iters" --raw "$out/raw.csv" \
  ${CUTE_BENCH_KERNELS:+--kernels "$CUTE_BENCH_KERNELS"} "${shapes[@]}" \
  | tee "$out/table.md"
