#!/usr/bin/env bash
# The GPU test suite in one command on the GPU machine (which has CUDA but no Rust):
#   benches/gpu_suite.sh pack DIR     here: builds every GPU test binary of cute-host (release)
#                                     and copies them, compressed, into DIR
#   benches/gpu_suite.sh run DIR OUT  there: runs the binaries side by side on the one GPU (none
#                                     of their tests times anything, so they may share it), each
#                                     under its own time limit, and writes OUT/<binary>.txt
#                                     (with every test's printed lines) and OUT/summary.txt
# `run` exits 1 when any binary fails or runs out of time; a binary that skips (no GPU, no
# kernel) says why in its output ("skipped: ..." lines, counted in the summary). Adjust it with
# GPU_SUITE_LIMIT (seconds per binary, default 280), GPU_SUITE_ONLY (a space-separated list of
# binary names), GPU_SUITE_JOBS (binaries at once, default all of them; 1 runs them one after
# another) and GPU_SUITE_THREADS (test threads per binary, default 4). `gpu_layout_eval` (when
# listed) runs first, alone: every test loads the PTX modules, and the driver compiles them
# once into its JIT cache (CUDA_CACHE_MAXSIZE raised to 2 GiB unless set) before
# the other binaries' tests load them all at once.
set -u
mode=${1:?usage: gpu_suite.sh pack DIR | run DIR OUT}
dir=${2:?usage: gpu_suite.sh pack DIR | run DIR OUT}
repo=$(cd "$(dirname "$0")/.." && pwd)
bins=(gpu_hopper gpu_hopper_8bit gpu_epilogue gpu_gemm gpu_hgemm gpu_sgemm_sm80 gpu_wgmma_sm90 gpu_wgmma_sm90_cp_async gpu_tma gpu_large
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
  jobs=${GPU_SUITE_JOBS:-${#bins[@]}}
  threads=${GPU_SUITE_THREADS:-4}
  read -r -a list <<<"${GPU_SUITE_ONLY:-${bins[*]}}"
  # one binary: its output in OUT/<b>.txt, its exit status and seconds in /tmp/gpu_suite/<b>.rc
  one() {
    local b=$1 t0 rc
    xz -dc "$dir/$b.xz" >"/tmp/gpu_suite/$b" && chmod +x "/tmp/gpu_suite/$b"
    t0=$(date +%s)
    timeout "$limit" "/tmp/gpu_suite/$b" --test-threads="$threads" --show-output >"$out/$b.txt" 2>&1
    rc=$?
    echo "$rc $(($(date +%s) - t0))" >"/tmp/gpu_suite/$b.rc"
  }
  export CUDA_CACHE_MAXSIZE=${CUDA_CACHE_MAXSIZE:-2147483648}
  start=$(date +%s)
  for b in "${list[@]}"; do rm -f "/tmp/gpu_suite/$b.rc"; done
  first=gpu_layout_eval
  if [[ " ${list[*]} " == *" $first "* && -f "$dir/$first.xz" ]]; then
    one "$first"
  fi
  running=0
  for b in "${list[@]}"; do
    [ -f "$dir/$b.xz" ] && [ ! -f "/tmp/gpu_suite/$b.rc" ] || continue
    if [ "$running" -ge "$jobs" ]; then
      wait -n
      running=$((running - 1))
    fi
    one "$b" &
    running=$((running + 1))
  done
  wait
  status=0
  : >"$out/summary.txt"
  for b in "${list[@]}"; do
    [ -f "$dir/$b.xz" ] || { echo "$b: not packed" | tee -a "$out/summary.txt"; status=1; continue; }
    rc=1 t=0
    [ -f "/tmp/gpu_suite/$b.rc" ] && read -r rc t <"/tmp/gpu_suite/$b.rc"
    result=$(grep -E "^test result" "$out/$b.txt" | tail -1)
    skipped=$(grep -c "^skipped" "$out/$b.txt")
    echo "$b: rc $rc, ${t} s, $skipped skipped lines; ${result:-no result (timed out?)}" |
      tee -a "$out/summary.txt"
    [ "$rc" = 0 ] || status=1
  done
  echo "all binaries: $(($(date +%s) - start)) s"
  exit $status
  ;;
*)
  echo "usage: gpu_suite.sh pack DIR | run DIR OUT" >&2
  exit 2
  ;;
esac
