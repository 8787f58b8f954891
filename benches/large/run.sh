#!/usr/bin/env bash
# A language model's output layer (vocabulary 128256, hidden size 4096) over 16384 tokens on the
# Hopper GEMM, checked and timed, on the GPU machine (CUDA driver and cuBLAS; no Rust needed):
#   benches/large/run.sh CUTE_BIN OUT_DIR [M N K]
# CUTE_BIN is the `cute` binary built here (`cargo build --release -p cute-host`, the PTX
# embedded). It runs
#   1. cute gemm --kernel hopper --explain M N K: the member and split of K it picks, and why;
#   2. cute gemm --kernel hopper --dtype bf16 --layout tn M N K --check: one run checked at every
#      element (above 2^44 FLOPs against cuBLAS's GEMM of the same bf16 inputs with f32
#      accumulation and output, the line saying which reference), then 20 timed runs;
#   3. cute bench --dtype bf16 --layouts tn --kernels hopper M,N,K: ours beside cuBLAS
#      (cublasGemmEx) and cuBLASLt, every result NaN-poisoned and checked against the same
#      reference first, then timed (bf16/f32/bf16 and bf16/f32/f32).
# Each step runs under `timeout` (CUTE_LARGE_TIMEOUT seconds, default 280, so that all of them
# fit in 10 minutes). Outputs in OUT_DIR: device.txt (GPU, driver, memory; host memory),
# explain.txt, gemm.txt, bench.md (the table), raw.csv, log.txt (standard error of the three),
# times.txt (each step's exit status and wall seconds). Exit status 1 when a step fails.
set -uo pipefail
usage="usage: benches/large/run.sh CUTE_BIN OUT_DIR [M N K]"
cute_bin=${1:?$usage}
out=${2:?$usage}
m=${3:-16384}
n=${4:-128256}
k=${5:-4096}
limit=${CUTE_LARGE_TIMEOUT:-280}
mkdir -p "$out"
: >"$out/times.txt"
{
  nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv,noheader
  grep -E '^(MemTotal|MemAvailable):' /proc/meminfo
} | tee "$out/device.txt"
status=0
# step NAME OUTPUT COMMAND...: runs it under the time limit, its standard output to OUTPUT (and
# here), its standard error appended to log.txt, its status and seconds to times.txt
step() {
  local name=$1 file=$2 t0 rc
  shift 2
  t0=$(date +%s)
  echo "== $name: $*" >>"$out/log.txt"
  timeout "$limit" "$@" 2>>"$out/log.txt" | tee "$out/$file"
  rc=${PIPESTATUS[0]}
  echo "$name: exit $rc, $(($(date +%s) - t0)) s" | tee -a "$out/times.txt"
  [ "$rc" -eq 0 ] || status=1
}
step explain explain.txt "$cute_bin" gemm --kernel hopper --explain "$m" "$n" "$k"
step gemm gemm.txt "$cute_bin" gemm --kernel hopper --dtype bf16 --layout tn "$m" "$n" "$k" \
  --check --iters 20
step bench bench.md "$cute_bin" bench --dtype bf16 --layouts tn --kernels hopper --iters 20 \
  --raw "$out/raw.csv" "$m,$n,$k"
exit $status
