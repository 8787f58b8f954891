#!/usr/bin/env python3
"""The fused rows of a `cute bench --epilogue OP` CSV: per problem, ours fused over cuBLASLt's
fused entry, and ours fused over ours plain (the same run); geometric means and the worst.
Reads the CSV by its last ten fields (the op's commas, in CSVs written before the op's parts
were joined with `+`, split the kernel and types fields)."""
import math
import sys

by = {}
for line in open(sys.argv[1]).read().splitlines()[1:]:
    f = line.split(",")
    impl, middle, tail = f[0], f[1:-10], f[-10:]
    shape, tflops = tuple(tail[1:4]), tail[5]
    if not tflops:
        continue
    types = next(x for x in middle if "/" in x)
    fused = any("+" in x for x in middle)
    by.setdefault(shape, {})[(impl, types.split("+")[0], fused)] = float(tflops)
vs_lt, vs_plain = [], []
for shape, e in by.items():
    for (impl, types, fused), t in e.items():
        if impl != "ours" or not fused:
            continue
        if ("cublaslt", types, True) in e:
            vs_lt.append((t / e[("cublaslt", types, True)], shape))
        if ("ours", types, False) in e:
            vs_plain.append((t / e[("ours", types, False)], shape))
for name, v in [("fused / cuBLASLt fused", vs_lt), ("fused / ours plain", vs_plain)]:
    if v:
        g = math.exp(sum(math.log(x) for x, _ in v) / len(v))
        w = min(v)
        print(f"{name}: geometric mean {g:.3f}, worst {w[0]:.3f} at {'x'.join(w[1])} ({len(v)} problems)")
