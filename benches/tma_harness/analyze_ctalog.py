#!/usr/bin/env python3
"""analyze_ctalog.py CSV...: per log, the span, CTA durations, start order, and the lags between
consecutive CTAs reading the same A row-panel (same bx) and B column-panel (same by)."""
import csv, sys, statistics as st
def q(xs, p):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(p * len(xs)))]
for fn in sys.argv[1:]:
    rows = [r for r in csv.DictReader(open(fn))]
    t0 = min(int(r["start"]) for r in rows)
    cs = [(int(r["cta"]), int(r["bx"]), int(r["by"]), int(r["smid"]), (int(r["start"]) - t0) / 1e3, (int(r["end"]) - t0) / 1e3) for r in rows]
    span = max(c[5] for c in cs)
    dur = [c[5] - c[4] for c in cs]
    first = sorted(cs, key=lambda c: c[4])
    # launch order inversions: fraction of CTA pairs (i<j by id) started out of order, sampled
    inv = sum(1 for a, b in zip(first, first[1:]) if a[0] > b[0]) / len(first)
    sms = {}
    for c in cs: sms.setdefault(c[3], []).append(c)
    per_sm = [len(v) for v in sms.values()]
    # lags between consecutive users of a panel, and concurrency of panel users
    def lags(key):
        g = {}
        for c in cs: g.setdefault(c[key], []).append(c[4])
        out = []
        for v in g.values():
            v.sort(); out += [b - a for a, b in zip(v, v[1:])]
        return out
    la, lb = lags(1), lags(2)
    waves = sorted(c[4] for c in cs)
    print(f"{fn}: span {span:.1f} us, {len(cs)} CTAs on {len(sms)} SMs ({min(per_sm)}-{max(per_sm)} each); "
          f"duration mean {st.mean(dur):.1f} p10 {q(dur,.1):.1f} p50 {q(dur,.5):.1f} p90 {q(dur,.9):.1f} max {max(dur):.1f} us; "
          f"start out-of-id-order {inv:.3f}; first-wave starts within {waves[263]-waves[0]:.1f} us; "
          f"A-panel lag p10/p50/p90 {q(la,.1):.1f}/{q(la,.5):.1f}/{q(la,.9):.1f} us; B-panel lag {q(lb,.1):.1f}/{q(lb,.5):.1f}/{q(lb,.9):.1f} us")
    # concurrency over time
    ev = sorted([(c[4], 1) for c in cs] + [(c[5], -1) for c in cs])
    cur = 0; acc = 0.0; last = 0.0
    for t, d in ev:
        acc += cur * (t - last); cur += d; last = t
    print(f"   mean CTAs resident {acc / span:.1f}")
