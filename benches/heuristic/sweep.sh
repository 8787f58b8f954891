#!/usr/bin/env bash
# The sweep behind host/heuristic/hopper.csv, on a GPU machine:
#   benches/heuristic/sweep.sh CUTE OUTDIR [SMS]
# times every member of the Hopper family at every split of K in SPLITS on the problems of
# sweep_shapes.txt (bf16 in, f32 accumulate, bf16 and f32 out, TN), each beside cuBLAS and
# cuBLASLt in the same run, and writes OUTDIR/sweep_bf16_tn.csv (raw), OUTDIR/sweep_bf16_tn.md
# (table) and OUTDIR/rows.csv, the table's rows for a GPU of SMS SMs (default 132, the H100's
# and H200's), to append to host/heuristic/hopper.csv in place of that SM count's old rows.
set -eu
CUTE=${1:?usage: sweep.sh CUTE OUTDIR [SMS]}
O=${2:?usage: sweep.sh CUTE OUTDIR [SMS]}
SMS=${3:-132}
here=$(cd "$(dirname "$0")" && pwd)
# the members that can win at these M (pingpong_64x256x64 and the cluster member never did:
# benches/results/2026-11-28-h100-heuristic-sweep); MEMBERS=... overrides
MEMBERS=${MEMBERS:-coop_128x16x64,pingpong_64x64x64,coop_128x64x64,coop_128x128x64,coop_128x256x64}
SPLITS=${SPLITS:-1,2,3,4,6,8,sk}
mkdir -p "$O"
"$CUTE" bench --shapes "$here/sweep_shapes.txt" --dtype bf16 --layouts tn --iters 20 \
  --kernels "$MEMBERS" --splits "$SPLITS" --raw "$O/sweep_bf16_tn.csv" > "$O/sweep_bf16_tn.md"
python3 "$here/make_table.py" "$SMS" "$O/sweep_bf16_tn.csv" > "$O/rows.csv"
