#!/usr/bin/env bash
# The GPU test suite in one command on the GPU machine (which has CUDA but no Rust):
#   benches/gpu_suite.sh pack DIR     here: builds every GPU test binary of cute-host (release)
#                                     and copies them, compressed, into DIR
#   benches/gpu_suite.sh run DIR OUT  there: runs each one (one test thread, a time limit per
#                                     binary), writes OUT/<binary>.txt and OUT/summary.txt
# `run` exits 1 when any binary fails or runs out of time; a binary that skips (no GPU, no
# kernel) says why in its output. GPU_SUITE_LIMIT (seconds per binary, default 280) and
# GPU_SUITE_ONLY (a space-separated list of binary names) adjust it.
set -u
mode=${1:?usage: gpu_suite.sh pack DIR | run DIR OUT}
dir=${2:?usage: gpu_suite.sh pack DIR | run DIR OUT}
repo=$(cd "$(dirname "$0")/.." && pwd)
bins=(gpu_hopper gpu_gemm gpu_hgemm gpu_sgemm_sm80 gpu_wgmma_sm90 gpu_wgmma_sm90_cp_async gpu_tma
  gpu_layout_eval)
case $mode in
pack)
  mkdir -p "$dir"
  args=()
  for b in "${bins[@]}"; do args+=(--test "$b"); done
  (cd "$repo" && cargo test --release -p cute-host --no-run "${args[@]}" --message-format=json) |
    python3 -c '
import json, sys
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["kind"] == ["test"]:
        print(m["target"]["name"], m["executable"])
' | while read -r name exe; do
    xz -T2 -c "$exe" >"$dir/$name.xz"
    echo "packed $name"
  done
  ;;
run)
  out=${3:?usage: gpu_suite.sh run DIR OUT}
  mkdir -p "$out" /tmp/gpu_suite
  limit=${GPU_SUITE_LIMIT:-280}
  status=0
  : >"$out/summary.txt"
  for b in ${GPU_SUITE_ONLY:-${bins[@]}}; do
    [ -f "$dir/$b.xz" ] || { echo "$b: not packed" | tee -a "$out/summary.txt"; status=1; continue; }
    xz -dc "$dir/$b.xz" >"/tmp/gpu_suite/$b" && chmod +x "/tmp/gpu_suite/$b"
    t0=$(date +%s)
    timeout "$limit" "/tmp/gpu_suite/$b" --test-threads=1 >"$out/$b.txt" 2>&1
    rc=$?
    t=$(($(date +%s) - t0))
    result=$(grep -E "^test result" "$out/$b.txt" | tail -1)
    skipped=$(grep -c "^skipped" "$out/$b.txt")
    echo "$b: rc $rc, ${t} s, $skipped skipped lines; ${result:-no result (timed out?)}" |
      tee -a "$out/summary.txt"
    [ "$rc" = 0 ] || status=1
  done
  exit $status
  ;;
*)
  echo "usage: gpu_suite.sh pack DIR | run DIR OUT" >&2
  exit 2
  ;;
esac
