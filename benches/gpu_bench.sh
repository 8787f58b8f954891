#!/usr/bin/env bash
# The GEMM benchmark, one command on the GPU machine (CUDA toolkit with nvcc and cuBLAS; no
# Rust needed there):
#   benches/gpu_bench.sh CUTE_BIN CUTLASS_TGZ OUT_DIR [ITERS] [SHAPES...]
# CUTE_BIN is the `cute` binary built here (`cargo build --release -p cute-host`), with the PTX
# embedded; CUTLASS_TGZ holds the nvidia-cutlass==4.2.0.0 sources the C++ tutorials need
# (benches/cutlass_tgz.sh makes it). It builds the C++ CuTe tutorial harness
# (benches/cpp/tutorial_bench.cu and one tut_*.cu per tutorial, compiled in parallel) with nvcc,
# then, for each input type, `cute bench --dtype D` times our kernels, cuBLAS and cuBLASLt and
# runs the harness on the same shapes, checking every result first, and prints one table.
# Environment:
#   CUTE_BENCH_DTYPES="f32 f16 bf16"  the input types, one table each (default: f32)
#   CUTE_BENCH_LAYOUTS=nt,tn,nn,tt     the layouts (default: nt,tn)
#   CUTE_BENCH_KERNELS=sgemm_2         restricts our side to some kernels (one dtype per run)
#   CUTE_CPP_PREBUILT=DIR              *.o of the units built elsewhere (same nvcc major.minor)
#                                      to link instead of compiling (falls back to compiling)
#   CUTE_BENCH_BUILD_ONLY=1            build the harness and stop (e.g. while a test runs)
#   CUTE_BENCH_SKIP_BUILD=1            use the harness an earlier call built
# Outputs in OUT_DIR: device.txt; log.txt (cute bench's standard error, appended); per dtype D:
# table_D.md (what it printed), raw_D.csv.
set -euo pipefail
cute_bin=$1; tgz=$2; out=$3; iters=${4:-20}; shift 4 || shift $#
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(4096,4096,4096 8192,8192,8192)
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out" /tmp/cutlass /tmp/tutorial_bench
tar xzf "$tgz" -C /tmp/cutlass
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
[ "$arch" = 90 ] && arch=90a
units=(tutorial_bench tut_sgemm_1_2 tut_sgemm_sm80 tut_wgmma_sm90 tut_wgmma_tma_sm90)
compile() {  # compile UNIT [--force]
  local f=$1 o=/tmp/tutorial_bench/$1.o
  if [ "${2:-}" != --force ] && [ -n "${CUTE_CPP_PREBUILT:-}" ] \
     && [ -f "$CUTE_CPP_PREBUILT/$f.o" ]; then
    cp "$CUTE_CPP_PREBUILT/$f.o" "$o"; return
  fi
  nvcc -O3 -std=c++17 -arch=sm_$arch -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include \
    -I/tmp/cutlass/examples/cute/tutorial -c "$here/cpp/$f.cu" -o "$o"
}
build() {
  local pids=() u
  for u in "${units[@]}"; do compile "$u" "${1:-}" & pids+=($!); done
  for p in "${pids[@]}"; do wait "$p"; done
  nvcc -arch=sm_$arch /tmp/tutorial_bench/*.o -lcublas -o /tmp/tutorial_bench/tutorial_bench
}
if [ -z "${CUTE_BENCH_SKIP_BUILD:-}" ] || [ ! -x /tmp/tutorial_bench/tutorial_bench ]; then
  if ! build; then
    [ -n "${CUTE_CPP_PREBUILT:-}" ] || exit 1
    echo "gpu_bench.sh: linking the prebuilt objects failed; compiling them here" >&2
    build --force
  fi
fi
[ -z "${CUTE_BENCH_BUILD_ONLY:-}" ] || exit 0
{
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader
  nvcc --version | tail -1
} | tee "$out/device.txt"
status=0
for d in ${CUTE_BENCH_DTYPES:-f32}; do
  "$cute_bin" bench --dtype "$d" --cpp /tmp/tutorial_bench/tutorial_bench --iters "$iters" \
    --raw "$out/raw_$d.csv" ${CUTE_BENCH_LAYOUTS:+--layouts "$CUTE_BENCH_LAYOUTS"} \
    ${CUTE_BENCH_KERNELS:+--kernels "$CUTE_BENCH_KERNELS"} "${shapes[@]}" 2>>"$out/log.txt" \
    | tee "$out/table_$d.md" || status=1
done
exit $status
