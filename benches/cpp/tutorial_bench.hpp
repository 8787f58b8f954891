// The interface between the C++ tutorial harness's main (tutorial_bench.cu) and the files that
// wrap the unmodified CuTe tutorials (tut_*.cu), one translation unit per tutorial so nvcc
// builds them in parallel.
#pragma once

#include <vector>

// Launches one tutorial variant on device pointers: A, B and C hold the variant's input and
// output element types (float or cute::half_t), laid out as its layout says (the tutorials'
// conventions: NT = A (M,K) m-major, B (N,K) n-major; TN = both k-major; C (M,N) m-major),
// with alpha = 1 and beta = 0 in the tutorial's own scalar type.
using Launch = void (*)(int m, int n, int k, void const* A, int ldA, void const* B, int ldB,
                        void* C, int ldC);

struct Variant {
  const char* kernel;  // the tutorial, e.g. "sgemm_sm80"
  const char* types;   // in/acc/out, e.g. "f16/f16/f16"
  const char* layout;  // "nt" or "tn"
  Launch f;
};

// Each tut_*.cu appends its variants.
void add_sgemm_1_2(std::vector<Variant>& v);
void add_sgemm_sm80(std::vector<Variant>& v);
void add_wgmma_sm90(std::vector<Variant>& v);
void add_wgmma_tma_sm90(std::vector<Variant>& v);
