// CUTLASS 4.2 examples/cute/tutorial/sgemm_1.cu and sgemm_2.cu, unmodified, each inside a
// namespace (their own #includes are made first at global scope, so inside the namespaces they
// are no-ops), and launchers for the harness (tutorial_bench.hpp).
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <thrust/host_vector.h>
#include <thrust/device_vector.h>
#include <cute/tensor.hpp>
#include "cutlass/util/print_error.hpp"
#include "cutlass/util/GPU_Clock.hpp"
#include "cutlass/util/helper_cuda.hpp"

#include "tutorial_bench.hpp"

namespace tutorial1 {
#include "sgemm_1.cu"
}
namespace tutorial2 {
#include "sgemm_2.cu"
}

namespace {
template <int Tutorial, bool NT>
void launch(int m, int n, int k, void const* A, int ldA, void const* B, int ldB, void* C,
            int ldC) {
  float alpha = 1.0f, beta = 0.0f;
  auto a = static_cast<float const*>(A);
  auto b = static_cast<float const*>(B);
  auto c = static_cast<float*>(C);
  if constexpr (Tutorial == 1) {
    if constexpr (NT) tutorial1::gemm_nt(m, n, k, alpha, a, ldA, b, ldB, beta, c, ldC);
    else tutorial1::gemm_tn(m, n, k, alpha, a, ldA, b, ldB, beta, c, ldC);
  } else {
    if constexpr (NT) tutorial2::gemm_nt(m, n, k, alpha, a, ldA, b, ldB, beta, c, ldC);
    else tutorial2::gemm_tn(m, n, k, alpha, a, ldA, b, ldB, beta, c, ldC);
  }
}
}  // namespace

void add_sgemm_1_2(std::vector<Variant>& v) {
  v.push_back({"sgemm_1", "f32/f32/f32", "nt", launch<1, true>});
  v.push_back({"sgemm_1", "f32/f32/f32", "tn", launch<1, false>});
  v.push_back({"sgemm_2", "f32/f32/f32", "nt", launch<2, true>});
  v.push_back({"sgemm_2", "f32/f32/f32", "tn", launch<2, false>});
}
