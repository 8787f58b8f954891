#!/usr/bin/env bash
# Run 3: SASS of wgmma_tma_sm90 TN f16, ours and C++, and Nsight Compute's
# per-instruction stall samples of each at 8192^3.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O/x /tmp/tb /tmp/obj
D=.gpu-s8
cp .gpu-hd/obj/*.o /tmp/obj/
nvcc -arch=sm_90a /tmp/obj/*.o -lcublas -o /tmp/tb/tutorial_bench
TB=/tmp/tb/tutorial_bench
ptxas -arch=sm_90a $D/sm_90a.ptx -o /tmp/k.cubin
cuobjdump -sass -fun wgmma_tma_sm90_tn_f16 /tmp/k.cubin > $O/x/sass_ours_tn.txt 2>&1
cuobjdump -sass /tmp/obj/tut_wgmma_tma_sm90.o > $O/x/sass_cpp_all.txt 2>&1
cuobjdump -sass -fun sgemm_sm80_tn_half /tmp/k.cubin > $O/x/sass_ours_sm80.txt 2>&1
cuobjdump -sass /tmp/obj/tut_sgemm_sm80.o > $O/x/sass_cpp_sm80_all.txt 2>&1
wc -l $O/x/*.txt
S="8192 8192 8192"
G="gemm --dtype f16 --acc f16 --out f16"
SEC="--section WarpStateStats --section SourceCounters --section LaunchStats --section Occupancy"
timeout 150 ncu $SEC -k regex:wgmma_tma_sm90_tn_f16 -c 1 -o /tmp/ours $D/cute_new $G --kernel wgmma_tma_sm90 --layout tn $S --iters 1 > $O/x/ncu_ours.log 2>&1
timeout 150 ncu $SEC -k regex:gemm_device -c 1 -o /tmp/cpp $TB 1 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,tn > $O/x/ncu_cpp.log 2>&1
for r in ours cpp; do
  ncu --import /tmp/$r.ncu-rep --page source --print-source sass --csv > $O/x/src_$r.csv 2>&1
  ncu --import /tmp/$r.ncu-rep --page details > $O/x/details_$r.txt 2>&1
  cp /tmp/$r.ncu-rep $O/x/
done
ls -la $O/x
tar cJf $O/x.tar.xz -C $O x && rm -rf $O/x
