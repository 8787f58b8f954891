#!/usr/bin/env bash
# Run 3: every GPU test binary of main, the flagship's own checks, and the
# sanitizers on the kernels whose code changed (sgemm_sm80 port, wgmma_tma_sm90 port) and
# the flagship. Run from the repository root with the stripped binaries in .gpu-final.
set -u
D=.gpu-final; O=${OUT:-/tmp/out}; mkdir -p $O
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader; nvcc --version | tail -1; } > $O/device.txt
t() { local name=$1; shift; local t0=$(date +%s); timeout 200 "$@" > $O/$name.txt 2>&1; echo "rc $? in $(( $(date +%s) - t0 )) s" >> $O/$name.txt; echo "$name: $(grep -E '^test result' $O/$name.txt | tail -1) $(tail -1 $O/$name.txt)"; }
for b in gpu_sgemm_sm80 gpu_wgmma_sm90 gpu_wgmma_sm90_cp_async gpu_hgemm gpu_hopper gpu_gemm gpu_tma gpu_layout_eval; do
  t $b $D/$b --test-threads=1 --nocapture
done
t hopper_check $D/hopper check 1000 1000 1000 4097 2049 1032 8192 8192 1024 256 128 64 1 1 8
grep -c ": OK" $O/hopper_check.txt; grep -v ": OK" $O/hopper_check.txt | tail -3
S() { local name=$1; shift; for tool in memcheck racecheck $EXTRA; do local t0=$(date +%s); timeout 150 compute-sanitizer --tool $tool "$@" > $O/san_${name}_$tool.txt 2>&1; echo "rc $? in $(( $(date +%s) - t0 )) s" >> $O/san_${name}_$tool.txt; echo "$name $tool: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $O/san_${name}_$tool.txt | tail -1) $(tail -1 $O/san_${name}_$tool.txt)"; done; }
EXTRA= S sgemm_sm80 $D/gpu_sgemm_sm80 sgemm_sm80_every_variant_once --test-threads=1
EXTRA= S wgmma_tma_tn_f16 $D/cute gemm --kernel wgmma_tma_sm90 --dtype f16 --acc f16 --out f16 --layout tn 264 136 200 --beta -0.5 --check --iters 1
EXTRA= S wgmma_tma_nt_bf16 $D/cute gemm --kernel wgmma_tma_sm90 --dtype bf16 --layout nt 264 136 200 --check --iters 1
EXTRA=synccheck S hopper $D/hopper check 204 300 72 7 9 16
