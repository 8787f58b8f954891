#!/usr/bin/env python3
"""rounds.py HARNESS_OUTPUT: per (size, layout) block of ctalog's output, each kernel's median
time over the rounds and the median of its per-round ratio cpp_time / its_time (> 1: faster
than the tutorial)."""
import re, sys, statistics as st, collections
blocks, cur = [], []
for line in open(sys.argv[1]):
    if line.startswith("outputs") and cur and not cur[-1].startswith("outputs"):
        blocks.append(cur); cur = []
    cur.append(line)
blocks.append(cur)
for b in blocks:
    rs = [l for l in b if l.startswith("round")]
    if not rs: continue
    rounds = collections.defaultdict(dict)
    for l in rs:
        m = re.match(r"round (\d+) (\w+) (cpp|ours shift (\d+)): ([\d.]+) ms", l)
        key = "cpp" if m.group(3) == "cpp" else "shift " + m.group(4)
        rounds[int(m.group(1))][key] = float(m.group(5))
    lay = rs[0].split()[2]
    keys = list(rounds[0].keys())
    cpp_ms = st.median(d["cpp"] for d in rounds.values())
    size = "8192^3" if cpp_ms > 1 else "4096^3"
    out = [f"{size} {lay} ({len(rounds)} rounds): cpp {cpp_ms:.4f} ms"]
    for k in keys:
        if k == "cpp": continue
        ms = st.median(d[k] for d in rounds.values())
        ratios = sorted(d["cpp"] / d[k] for d in rounds.values())
        out.append(f"{k} {ms:.4f} ms, ratio median {st.median(ratios):.3f} (min {ratios[0]:.3f}, max {ratios[-1]:.3f})")
    print("; ".join(out))
