#!/usr/bin/env python3
"""instrument_ptx.py IN.ptx OUT.ptx KERNEL...: adds a per-CTA log to each named kernel: at entry
%globaltimer; before each `ret`, thread 0 writes (start, end, smid, linear cta id) as four u64 to
the module global `cute_cta_log` at 32 bytes per CTA (cta id = ctaid.x + ctaid.y * nctaid.x)."""
import re, sys
src, dst, kernels = sys.argv[1], sys.argv[2], sys.argv[3:]
text = open(src).read()
# module-level array, after the .address_size line
text = re.sub(r"(\.address_size 64\n)", r"\1.visible .global .align 8 .b64 cute_cta_log[65536];\n", text, count=1)
n = 0
for k in kernels:
    start = text.index(f".entry {k}(")
    body = text.index("\n{\n", start) + 3
    end = text.find(".entry ", body)
    end = len(text) if end < 0 else end
    seg = text[body:end]
    head = (".reg .b64 %cl<6>;\n.reg .b32 %ci<8>;\n.reg .pred %pcl;\n"
            "mov.u64 %cl0, %globaltimer;\n")
    def tail(m):
        global n
        n += 1
        return (f"mov.u32 %ci0, %tid.x;\nsetp.ne.u32 %pcl, %ci0, 0;\n@%pcl bra $CL_SKIP{n};\n"
                "mov.u64 %cl1, %globaltimer;\nmov.u32 %ci1, %smid;\nmov.u32 %ci2, %ctaid.x;\n"
                "mov.u32 %ci3, %ctaid.y;\nmov.u32 %ci4, %nctaid.x;\nmad.lo.u32 %ci5, %ci3, %ci4, %ci2;\n"
                "mul.wide.u32 %cl2, %ci5, 32;\nmov.u64 %cl3, cute_cta_log;\nadd.u64 %cl3, %cl3, %cl2;\n"
                "st.global.u64 [%cl3], %cl0;\nst.global.u64 [%cl3+8], %cl1;\ncvt.u64.u32 %cl4, %ci1;\n"
                "st.global.u64 [%cl3+16], %cl4;\ncvt.u64.u32 %cl5, %ci5;\nst.global.u64 [%cl3+24], %cl5;\n"
                f"$CL_SKIP{n}:\n" + m.group(0))
    seg = re.sub(r"(?m)^\s*ret;", tail, seg)
    text = text[:body] + head + seg + text[end:]
open(dst, "w").write(text)
print(f"instrumented {len(kernels)} kernels, {n} returns")
