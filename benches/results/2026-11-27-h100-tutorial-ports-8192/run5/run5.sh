#!/usr/bin/env bash
# Run 5: the wgmma_tma_sm90 port with the tutorial's epilogue shape (one
# unpredicated store loop for a whole tile with beta 0) and without the tensor-map prefetch the
# tutorial does not do (cute), against run 4's build (cute_prev2) and the C++ tutorial.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O /tmp/tb /tmp/obj
D=.gpu-s8
cp .gpu-hd/obj/*.o /tmp/obj/; nvcc -arch=sm_90a /tmp/obj/*.o -lcublas -o /tmp/tb/tutorial_bench
TB=/tmp/tb/tutorial_bench
for L in tn nt; do for T in "--dtype f16 --acc f16 --out f16" "--dtype bf16"; do
  for s in "264 136 200 --beta -0.5" "256 384 192" "1000 1000 1000" "4096 4096 4096 --alpha 0.75" "4096 4096 4096 --beta 0.5"; do
    echo "wgmma_tma $L $T $s: $($D/cute gemm --kernel wgmma_tma_sm90 $T --layout $L $s --check --iters 1 2>&1 | grep -E "check|rror")" >> $O/check.txt
  done; done; done
for tool in memcheck racecheck; do
  echo "wgmma_tma tn f16 256x384x192 $tool: $(timeout 100 compute-sanitizer --tool $tool $D/cute gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 256 384 192 --check --iters 1 2>&1 | grep -E 'SUMMARY|check:' | tr '\n' ' ')" >> $O/check.txt
  echo "wgmma_tma nt bf16 264x136x200 $tool: $(timeout 100 compute-sanitizer --tool $tool $D/cute gemm --kernel wgmma_tma_sm90 --dtype bf16 --layout nt 264 136 200 --check --iters 1 2>&1 | grep -E 'SUMMARY|check:' | tr '\n' ' ')" >> $O/check.txt
done
cat $O/check.txt
S="8192 8192 8192"
run() { local l=$1; shift; echo "== $l" >> $O/runs.txt; timeout 60 "$@" 2>&1 | grep -E "time:|^cpp,|rror|FAIL" >> $O/runs.txt; }
G="gemm --dtype f16 --acc f16 --out f16"
for r in 1 2 3; do
  for L in tn nt; do
    run "new tma $L r$r" $D/cute $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
    run "cpp tma $L r$r" $TB 100 8192,8192,8192 --only wgmma_tma_sm90,f16/f16/f16,$L
    run "prev2 tma $L r$r" $D/cute_prev2 $G --kernel wgmma_tma_sm90 --layout $L $S --iters 100
  done
done
sed -E "s/^(cpp,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*),([^,]*),([^,]*),.*/\1 \2 ms \3 TF/" $O/runs.txt | paste - - > $O/summary.txt
cat $O/summary.txt
M=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_op_read_hit_rate.pct,lts__t_sectors_op_read.sum,smsp__inst_executed.sum
echo "== new tma tn" >> $O/ncu.txt
timeout 90 ncu --metrics $M -k regex:wgmma_tma_sm90_tn_f16 -c 1 $D/cute $G --kernel wgmma_tma_sm90 --layout tn $S --iters 1 2>&1 | grep -E "^\s+(gpu__|dram__|lts__|smsp__)" >> $O/ncu.txt
cat $O/ncu.txt
