#!/usr/bin/env bash
# Run 3: wgmma_tma_sm90: NT with the boxes in tma_partition's order (ours_nt2.ptx)
# against the tutorial in one process; SASS of both kernels; Nsight Compute memory metrics of
# both in the same process (same buffers, same tensor maps).
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/cutlass /tmp/w /tmp/logs /tmp/sass
D=.gpu-s9
xz -dc $D/ours_log.ptx.xz > /tmp/w/ours_log.ptx
xz -dc $D/ours_nt2.ptx.xz > /tmp/w/ours_nt2.ptx
tar xzf .gpu-hd/cutlass.tgz -C /tmp/cutlass
python3 $D/patch_tutorial.py /tmp/cutlass/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu /tmp/w/wgmma_tma_sm90_log.cu
nvcc -O3 -std=c++17 -arch=sm_90a -w -I/tmp/cutlass/include -I/tmp/cutlass/tools/util/include -I/tmp/w $D/ctalog.cu -lcuda -o /tmp/w/ctalog > $O/build.txt 2>&1
C=/tmp/w/ctalog
for r in 1 2; do
  for L in nt tn; do timeout 100 $C /tmp/w/ours_nt2.ptx 8192 8192 8192 $L 3 30 /tmp/logs/new >> $O/ctalog.txt 2>&1; done
  timeout 100 $C /tmp/w/ours_log.ptx 8192 8192 8192 nt 3 30 /tmp/logs/old >> $O/ctalog.txt 2>&1
done
python3 $D/analyze_ctalog.py /tmp/logs/new_nt*.csv >> $O/ctalog.txt 2>&1
cuobjdump -sass $C > /tmp/sass/cpp.sass 2>&1
for p in ours_log ours_nt2; do ptxas -arch=sm_90a -O3 /tmp/w/$p.ptx -o /tmp/sass/$p.cubin 2>/dev/null; cuobjdump -sass /tmp/sass/$p.cubin > /tmp/sass/$p.sass 2>&1; done
ptxas --version | tail -1 > /tmp/sass/ptxas_version.txt
rm -f /tmp/sass/*.cubin
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_op_read_hit_rate.pct,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,lts__t_sectors_op_write_lookup_miss.sum,smsp__inst_executed.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,lts__average_gcomp_input_sector_success_rate.pct
for L in tn nt; do for p in ours_log ours_nt2; do
  echo "== $L $p (launch 1 = cpp, 2 = ours)" >> $O/ncu.txt
  timeout 100 ncu --metrics $M -k regex:"gemm_device|wgmma_tma" -c 2 $C /tmp/w/$p.ptx 8192 8192 8192 $L 0 1 /tmp/logs/x 2>&1 | grep -E "^\s+(gpu__|dram__|lts__|sm__|smsp__)|gemm_device|wgmma_tma" >> $O/ncu.txt
done; done
tar cJf $O/sass_logs.tar.xz -C / tmp/sass tmp/logs
