#!/usr/bin/env bash
# Run 5: Nsight Compute memory counters of the tutorial and our final PTX, in the
# tutorial's order (shift 6) and in groups of 4 (shift 2), one process, same buffers and tensor
# maps, 8192^3 TN and NT (ctalog with 0 rounds: one correctness launch of each).
set -u
O=${OUT:-/tmp/out}/r; mkdir -p $O /tmp/w /tmp/cutlass
D=.gpu-s10; W=/tmp/w; H=benches/tma_harness
tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
python3 $H/patch_tutorial.py /tmp/cutlass/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu $W/wgmma_tma_sm90_log.cu
python3 $H/instrument_ptx.py $D/h/sm_90a.ptx $W/ours_log.ptx wgmma_tma_sm90_tn_f16 wgmma_tma_sm90_nt_f16
nvcc -O3 -std=c++17 -arch=sm_90a -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I$W $H/ctalog.cu -lcuda -o $W/ctalog > $O/build.txt 2>&1
M=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_op_read_hit_rate.pct,lts__t_sectors_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
for L in tn nt; do
  echo "== $L (launches: cpp, ours shift 6, cpp, ours shift 2)" >> $O/ncu.txt
  timeout 150 ncu --metrics $M -k regex:"gemm_device|wgmma_tma" -c 4 $W/ctalog $W/ours_log.ptx 8192 8192 8192 $L 0 1 /tmp/x 6,2 2>&1 | grep -E "^\s+(gpu__|dram__|lts__)|^  (void|wgmma)|outputs" | sed -E 's/^  void tut::gemm_device<.*/  cpp gemm_device/' >> $O/ncu.txt
done
