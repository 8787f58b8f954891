#!/usr/bin/env python3
"""Writes the rows of host/heuristic/hopper.csv from the raw CSV of a `cute bench --splits` sweep.

Usage: make_table.py SMS RAW.csv [RAW.csv ...] > rows.csv

For each problem (M, N, K) of the sweep, the member and split (`MEMBER/sS` rows of ours) with
the best geometric mean, over the problem's element types and layouts, of TFLOP/s over the best
of cuBLAS and cuBLASLt in the same run (the raw CSV's `of_best_cublas`). Rows that failed their
check or have no ratio are left out. Within 1% of the best, the fewest splits win (less workspace
traffic for a time the run cannot tell apart; stream-K, `MEMBER/ssk`, after every split), then the
first member of the sweep's order.
The output is the table's rows, `sms,M,N,K,member,splits,ratio`, for SMS (the GPU's SM count).
"""

import csv
import math
import sys
from collections import defaultdict

# the sort key of stream-K among the splits
STREAM_K = 1 << 30


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2])
    sms = int(argv[1])
    # (M, N, K) -> (member, splits) -> [ratio, ...]
    ratios = defaultdict(lambda: defaultdict(list))
    order = {}
    for path in argv[2:]:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if r["impl"] != "ours" or "/s" not in r["kernel"]:
                    continue
                if r["checked"] != "ok" or not r["of_best_cublas"]:
                    continue
                member, split = r["kernel"].rsplit("/s", 1)
                if member == "hopper":
                    continue  # the family's default: its member is not named in the row
                key = (int(r["M"]), int(r["N"]), int(r["K"]))
                # stream-K sorts after every number of splits
                choice = (member, STREAM_K if split == "sk" else int(split))
                order.setdefault(member, len(order))
                ratios[key][choice].append(float(r["of_best_cublas"]))
    print("sms,M,N,K,member,splits,ratio")
    for key in sorted(ratios):
        geo = {
            c: math.exp(sum(math.log(x) for x in v) / len(v)) for c, v in ratios[key].items()
        }
        best = max(geo.values())
        near = [c for c, g in geo.items() if g >= 0.99 * best]
        member, splits = min(near, key=lambda c: (c[1], order[c[0]]))
        m, n, k = key
        name = "sk" if splits == STREAM_K else splits
        print(f"{sms},{m},{n},{k},{member},{name},{geo[(member, splits)]:.3f}")


if __name__ == "__main__":
    main(sys.argv)
