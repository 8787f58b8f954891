#!/usr/bin/env bash
# The build-time table: how long a new user and CI wait, measured the same way every time.
#   benches/build_times.sh [RUNS] [--tests] [--ci]
# Clones the current commit beside this checkout (so ../shared is beside the clone too) and
# times, from clean, median of RUNS (default 2):
#   cute-core       cargo build -p cute-core
#   device build    every PTX module of cute-kernels, both architectures together (host/build.rs
#                   records it in OUT_DIR/device_build_seconds)
#   sm_80, sm_90a   each architecture's module alone from clean (CUTE_PTX_ONLY), beside the
#                   debug host build as in `cargo build`
#   README 1        cargo run --release -p cute-host --bin cute -- demo
#   README 2        cargo test --workspace, right after README 1 as a new user runs them
#                   (only with --tests: about ten minutes a run on two cores)
#   .ci/run         the whole CI script from clean (only with --ci: as long again)
# Wall seconds are what the budget is about; user+sys CPU seconds are printed beside them
# because they move less when the machine is busy. Prints a Markdown table.
set -euo pipefail
runs=2
case ${1:-} in [0-9]*) runs=$1 ;; esac
ci=0
tests=0
for a in "$@"; do
  [ "$a" = --ci ] && ci=1
  [ "$a" = --tests ] && tests=1
done
repo=$(cd "$(dirname "$0")/.." && pwd)
clone=$(dirname "$repo")/cute-build-times
rm -rf "$clone"
git clone -q "$repo" "$clone"
git -C "$clone" checkout -q "$(git -C "$repo" rev-parse HEAD)"
cd "$clone"
log=$clone.log
: >"$log"

fail() {
  echo "$1 failed: see $log" >&2
  exit 1
}

# time_cmd NAME CMD...: runs CMD, appends "NAME wall cpu" to $clone.times
time_cmd() {
  local name=$1
  shift
  local t0 t1 cpu=-
  t0=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "%U %S" -o "$clone.cpu" "$@" >>"$log" 2>&1 || fail "$name"
    cpu=$(awk '{print $1 + $2}' "$clone.cpu")
  else
    "$@" >>"$log" 2>&1 || fail "$name"
  fi
  t1=$(date +%s.%N)
  echo "$name $(awk -v a="$t0" -v b="$t1" 'BEGIN{print b - a}') $cpu" >>"$clone.times"
}

: >"$clone.times"
for _ in $(seq "$runs"); do
  cargo clean -q
  time_cmd cute-core cargo build -p cute-core
  # the device build alone: the host's build script runs it; its own timer is read back
  time_cmd host-build cargo build -p cute-host
  dev=$(cat target/debug/build/cute-host-*/out/device_build_seconds | awk '$1=="all"{print $2}')
  echo "device $dev -" >>"$clone.times"
  for arch in sm_80 sm_90a; do
    cargo clean -q
    CUTE_PTX_ONLY=$arch cargo build -p cute-host >>"$log" 2>&1 || fail "$arch"
    dev=$(cat target/debug/build/cute-host-*/out/device_build_seconds | awk -v a="$arch" '$1==a{print $2}')
    echo "$arch $dev -" >>"$clone.times"
  done
  cargo clean -q
  time_cmd readme-1 cargo run --release -p cute-host --bin cute -- demo
  if [ $tests = 1 ]; then
    time_cmd readme-2 cargo test --workspace
  fi
  if [ $ci = 1 ]; then
    cargo clean -q
    time_cmd ci bash .ci/run
  fi
done

median() { sort -n | awk '{v[NR]=$1} END {if (NR%2) print v[(NR+1)/2]; else printf "%.1f\n", (v[NR/2]+v[NR/2+1])/2}'; }
row() {
  local name=$1 label=$2 budget=$3
  grep -q "^$name " "$clone.times" || return 0
  local wall cpu
  wall=$(awk -v n="$name" '$1==n{print $2}' "$clone.times" | median)
  cpu=$(awk -v n="$name" '$1==n && $3!="-"{print $3}' "$clone.times" | median)
  printf "| %s | %.1f | %s | %s |\n" "$label" "$wall" "${cpu:--}" "$budget"
}
echo "Build times at $(git rev-parse --short HEAD), $(nproc) cores, median of $runs, from clean"
echo
echo "| step | wall s | CPU s | budget s |"
echo "|---|---|---|---|"
row cute-core "cargo build -p cute-core" 15
row device "device build (all PTX modules side by side)" -
row sm_80 "device build, sm_80 module alone" 90
row sm_90a "device build, sm_90a module alone" 90
row readme-1 "README 1: cargo run --release -p cute-host --bin cute -- demo" 150
row readme-2 "README 2: cargo test --workspace (after README 1)" -
row ci "bash .ci/run" 720
