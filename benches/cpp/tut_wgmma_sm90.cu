// CUTLASS 4.2 examples/cute/tutorial/hopper/wgmma_sm90.cu, unmodified, inside a namespace, and
// launchers for the harness: its NT and TN variants, half_t in, SM90_64x64x16_F16F16F16_SS
// (half_t accumulate), half_t out, half_t alpha/beta, as its main runs them. Needs sm_90a.
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <thrust/host_vector.h>
#include <thrust/device_vector.h>
#include <cute/tensor.hpp>
#include "cutlass/cluster_launch.hpp"

#include "cutlass/util/print_error.hpp"
#include "cutlass/util/GPU_Clock.hpp"
// helper_cuda.hpp defines cute::device_init without `inline`: tut_sgemm_1_2.cu (whose
// tutorials call it) keeps the name, the other translation units rename their copy so the
// harness links.
#define device_init device_init_wgmma_sm90
#include "cutlass/util/helper_cuda.hpp"
#undef device_init

#include "tutorial_bench.hpp"

namespace tutorial_wgmma_sm90 {
#include "hopper/wgmma_sm90.cu"
}

namespace {
template <bool NT>
void launch(int m, int n, int k, void const* A, int ldA, void const* B, int ldB, void* C,
            int ldC) {
  using T = cute::half_t;
  T alpha = T(1.0f), beta = T(0.0f);
  auto a = static_cast<T const*>(A);
  auto b = static_cast<T const*>(B);
  auto c = static_cast<T*>(C);
  if constexpr (NT) tutorial_wgmma_sm90::gemm_nt(m, n, k, alpha, a, ldA, b, ldB, beta, c, ldC);
  else tutorial_wgmma_sm90::gemm_tn(m, n, k, alpha, a, ldA, b, ldB, beta, c, ldC);
}
}  // namespace

void add_wgmma_sm90(std::vector<Variant>& v) {
  v.push_back({"wgmma_sm90", "f16/f16/f16", "nt", launch<true>});
  v.push_back({"wgmma_sm90", "f16/f16/f16", "tn", launch<false>});
}
