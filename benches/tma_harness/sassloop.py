#!/usr/bin/env python3
"""sassloop.py SASS KERNEL [MARK]: per backward-branch loop containing MARK (default HMMA) in
KERNEL's nvdisasm listing, print the instruction count and an opcode histogram."""
import re, sys, collections
text = open(sys.argv[1]).read()
kern = sys.argv[2]; mark = sys.argv[3] if len(sys.argv) > 3 else "HMMA"
sec = text.split(f".text.{kern}:")[1].split("//----")[0]
ins = []
for line in sec.splitlines():
    m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
    if m:
        ins.append((int(m.group(1), 16), m.group(2).strip()))
labels = {}
for line in sec.splitlines():
    pass
print(f"{kern}: {len(ins)} instructions")
addr = [a for a, _ in ins]
for i, (a, s) in enumerate(ins):
    m = re.search(r"BRA\s.*?`?\(?\.L_x_(\d+)", s)
    if not m: continue
    # find target address
    lab = f".L_x_{m.group(1)}:"
    pos = sec.find(lab)
    after = sec[pos:]
    t = re.search(r"/\*([0-9a-f]{4,})\*/", after)
    ta = int(t.group(1), 16)
    if ta < a:
        body = [s2 for a2, s2 in ins if ta <= a2 <= a]
        if any(mark in b for b in body):
            ops = collections.Counter(re.sub(r"^@!?U?P\w+\s+", "", b).split()[0] for b in body)
            print(f"loop {ta:#x}..{a:#x}: {len(body)} instr; " + ", ".join(f"{k} {v}" for k, v in ops.most_common()))
