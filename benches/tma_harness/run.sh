#!/usr/bin/env bash
# The same-process harness for the wgmma_tma_sm90 port, on the GPU machine:
#   benches/tma_harness/run.sh OURS_PTX CUTLASS_TGZ OUT_DIR [SIZE:LAYOUT:SHIFTS ...]
# OURS_PTX is the sm_90a module the host embeds (target/release/build/cute-host-*/out/
# sm_90a.ptx: the one whose tensor-map parameters are `.align 64`); CUTLASS_TGZ the CUTLASS
# tree (benches/cutlass_tgz.sh). Builds ctalog.cu (the tutorial's gemm_device with a per-CTA
# log, ours loaded from the PTX with a log added), then per case runs both kernels in one
# process on the same buffers and C++'s tensor maps: outputs compared, ROUNDS (default 8) rounds
# of ITERS (default 20) launches each, in an order rotated every round, then one logged launch
# of each. A case is SIZE (M = N = K), tn or nt, and our group shifts, comma-separated (groups of
# 2^shift tile rows; a group as tall as the matrix is the tutorial's order). Writes
# OUT_DIR/harness.txt (raw), harness_summary.txt (rounds.py: median ratio tutorial/ours per
# shift) and analysis.txt (analyze_ctalog.py on the per-CTA logs, kept in OUT_DIR/logs).
set -euo pipefail
[ $# -ge 3 ] || { sed -n 2,13p "$0"; exit 2; }
ptx=$1 tgz=$2 out=$3; shift 3
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(8192:tn:6,2 8192:nt:6,2 4096:tn:5,2 4096:nt:5,2)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
mkdir -p "$out/logs"
mkdir -p "$work/cutlass" && tar xzf "$tgz" -C "$work/cutlass"
cutlass=$work/cutlass # include/, tools/util/include, examples/cute/tutorial (cutlass_tgz.sh)
python3 "$here/patch_tutorial.py" "$cutlass/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu" "$work/wgmma_tma_sm90_log.cu"
python3 "$here/instrument_ptx.py" "$ptx" "$work/ours_log.ptx" wgmma_tma_sm90_tn_f16 wgmma_tma_sm90_nt_f16
nvcc -O3 -std=c++17 -arch=sm_90a -w -I"$cutlass/include" -I"$cutlass/tools/util/include" -I"$work" \
  "$here/ctalog.cu" -lcuda -o "$work/ctalog"
: > "$out/harness.txt"
for c in "${cases[@]}"; do
  IFS=: read -r size layout shifts <<< "$c"
  "$work/ctalog" "$work/ours_log.ptx" "$size" "$size" "$size" "$layout" "${ROUNDS:-8}" "${ITERS:-20}" \
    "$out/logs/$size" "$shifts" >> "$out/harness.txt" 2>&1
done
python3 "$here/rounds.py" "$out/harness.txt" > "$out/harness_summary.txt"
python3 "$here/analyze_ctalog.py" "$out"/logs/*.csv > "$out/analysis.txt"
rm -rf "$work"
cat "$out/harness_summary.txt"
