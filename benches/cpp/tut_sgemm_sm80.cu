// CUTLASS 4.2 examples/cute/tutorial/sgemm_sm80.cu, unmodified, inside a namespace, and
// launchers for the harness. Its variants: the half_t TN path (cp.async, ldmatrix,
// SM80_16x8x16_F16F16F16F16_TN, 3-stage pipeline; half_t alpha/beta as its main uses) and the
// generic float NT and TN cp.async paths (UniversalFMA). Its half_t NT entry point is
// `assert(false && "Not implemented")` upstream, so it is not listed.
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <thrust/host_vector.h>
#include <thrust/device_vector.h>
#include <cute/tensor.hpp>
#include "cutlass/util/print_error.hpp"
#include "cutlass/util/GPU_Clock.hpp"
// helper_cuda.hpp defines cute::device_init without `inline`: tut_sgemm_1_2.cu (whose
// tutorials call it) keeps the name, the other translation units rename their copy so the
// harness links.
#define device_init device_init_sgemm_sm80
#include "cutlass/util/helper_cuda.hpp"
#undef device_init

#include "tutorial_bench.hpp"

namespace tutorial_sm80 {
#include "sgemm_sm80.cu"
}

namespace {
void half_tn(int m, int n, int k, void const* A, int ldA, void const* B, int ldB, void* C,
             int ldC) {
  using T = cute::half_t;
  T alpha = static_cast<T>(1.0f), beta = static_cast<T>(0.0f);
  tutorial_sm80::gemm_tn(m, n, k, alpha, static_cast<T const*>(A), ldA,
                         static_cast<T const*>(B), ldB, beta, static_cast<T*>(C), ldC);
}
template <bool NT>
void float_path(int m, int n, int k, void const* A, int ldA, void const* B, int ldB, void* C,
                int ldC) {
  float alpha = 1.0f, beta = 0.0f;
  auto a = static_cast<float const*>(A);
  auto b = static_cast<float const*>(B);
  auto c = static_cast<float*>(C);
  if constexpr (NT) tutorial_sm80::gemm_nt(m, n, k, alpha, a, ldA, b, ldB, beta, c, ldC);
  else tutorial_sm80::gemm_tn(m, n, k, alpha, a, ldA, b, ldB, beta, c, ldC);
}
}  // namespace

void add_sgemm_sm80(std::vector<Variant>& v) {
  v.push_back({"sgemm_sm80", "f16/f16/f16", "tn", half_tn});
  v.push_back({"sgemm_sm80", "f32/f32/f32", "nt", float_path<true>});
  v.push_back({"sgemm_sm80", "f32/f32/f32", "tn", float_path<false>});
}
