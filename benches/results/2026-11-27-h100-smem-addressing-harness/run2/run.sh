#!/usr/bin/env bash
# Run 2: the per-CTA log harness (fixed: the host's PTX, descriptors 64-byte aligned).
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/cutlass /tmp/w /tmp/logs
D=.gpu-s9
xz -dc $D/ours_log.ptx.xz > /tmp/w/ours_log.ptx
if [ ! -x /tmp/w/ctalog ]; then
  tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
  python3 $D/patch_tutorial.py /tmp/cutlass/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu /tmp/w/wgmma_tma_sm90_log.cu
  nvcc -O3 -std=c++17 -arch=sm_90a -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I/tmp/w $D/ctalog.cu -lcuda -o /tmp/w/ctalog > $O/ctalog_build.txt 2>&1
fi
for L in tn nt; do timeout 120 /tmp/w/ctalog /tmp/w/ours_log.ptx 8192 8192 8192 $L 4 30 /tmp/logs/l8192 >> $O/ctalog.txt 2>&1; done
python3 $D/analyze_ctalog.py /tmp/logs/*.csv >> $O/ctalog.txt 2>&1
tar cJf $O/logs.tar.xz -C /tmp/logs .
