// Times the C++ CuTe SIMT GEMM tutorials (CUTLASS 4.2 examples/cute/tutorial/sgemm_1.cu and
// sgemm_2.cu, unmodified) the way `cute bench` times our kernels: fresh random inputs, the
// output poisoned with NaN and checked against cuBLAS first, then CUDA events around each
// launch after warm-up, median of the iterations.
//
// Build (on the GPU machine; benches/gpu_bench.sh does this):
//   nvcc -O3 -std=c++17 -arch=sm_90a -I$CUTLASS/include -I$CUTLASS/tools/util/include \
//        -I$CUTLASS/examples/cute/tutorial benches/cpp/tutorial_bench.cu -lcublas -o tutorial_bench
// Run: tutorial_bench ITERS M,N,K [M,N,K ...] [--only KERNEL,LAYOUT]
//      tutorial_bench --list      (the variants, one KERNEL,LAYOUT per line)
// Output: one CSV line per (kernel, layout, shape):
//   impl,kernel,layout,M,N,K,median_ms,tflops,max_rel_err,checked
// `cute bench` runs one process per shape and variant (--only): the tutorials assume shapes that
// are multiples of their tiles and fault on others, and a fault ends the whole process.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include <cublas_v2.h>

// Everything the tutorials include, first at global scope, so that their own #includes are
// no-ops inside the namespaces below.
#include <cassert>
#include <thrust/host_vector.h>
#include <thrust/device_vector.h>
#include <cute/tensor.hpp>
#include "cutlass/util/print_error.hpp"
#include "cutlass/util/GPU_Clock.hpp"
#include "cutlass/util/helper_cuda.hpp"

// Each tutorial defines gemm_device/gemm_nt/gemm_tn/gemm/main: one namespace each keeps them
// apart (the `main`s become ordinary functions there).
namespace tutorial1 {
#include "sgemm_1.cu"
}
namespace tutorial2 {
#include "sgemm_2.cu"
}

#define CHECK_CUDA(x)                                                                   \
  do {                                                                                  \
    cudaError_t e_ = (x);                                                               \
    if (e_ != cudaSuccess) {                                                            \
      std::fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, \
                   __LINE__);                                                           \
      std::exit(2);                                                                     \
    }                                                                                   \
  } while (0)
#define CHECK_CUBLAS(x)                                                          \
  do {                                                                           \
    cublasStatus_t s_ = (x);                                                     \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                           \
      std::fprintf(stderr, "cuBLAS error %d at %s:%d\n", int(s_), __FILE__, __LINE__); \
      std::exit(2);                                                              \
    }                                                                            \
  } while (0)

using Launch = void (*)(int, int, int, float const*, int, float const*, int, float*, int);

// The tutorials' conventions: NT = A (M,K) m-major (ldA = M), B (N,K) n-major (ldB = N);
// TN = A (M,K) k-major (ldA = K), B (N,K) k-major (ldB = K); C (M,N) m-major (ldC = M).
template <int Tutorial, bool NT>
void launch(int m, int n, int k, float const* A, int ldA, float const* B, int ldB, float* C,
            int ldC) {
  float alpha = 1.0f, beta = 0.0f;
  if constexpr (Tutorial == 1) {
    if constexpr (NT) tutorial1::gemm_nt(m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC);
    else tutorial1::gemm_tn(m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC);
  } else {
    if constexpr (NT) tutorial2::gemm_nt(m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC);
    else tutorial2::gemm_tn(m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC);
  }
}

struct Variant { const char* kernel; const char* layout; bool nt; Launch f; };
const Variant variants[] = {
    {"sgemm_1", "nt", true, launch<1, true>},  {"sgemm_1", "tn", false, launch<1, false>},
    {"sgemm_2", "nt", true, launch<2, true>},  {"sgemm_2", "tn", false, launch<2, false>},
};

// Whether KERNEL,LAYOUT is selected by --only (everything is, without it).
bool selected(const char* only, const char* kernel, const char* layout) {
  if (!only) return true;
  char name[64];
  std::snprintf(name, sizeof name, "%s,%s", kernel, layout);
  return std::strcmp(only, name) == 0;
}

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const Variant& v : variants) std::printf("%s,%s\n", v.kernel, v.layout);
    std::printf("cublas,nt\ncublas,tn\n");
    return 0;
  }
  const char* only = nullptr;
  if (argc >= 5 && std::strcmp(argv[argc - 2], "--only") == 0) {
    only = argv[argc - 1];
    argc -= 2;
  }
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s ITERS M,N,K [M,N,K ...] [--only KERNEL,LAYOUT] | --list\n",
                 argv[0]);
    return 2;
  }
  int iters = std::atoi(argv[1]);
  cublasHandle_t handle;
  CHECK_CUBLAS(cublasCreate(&handle));
  // FP32 arithmetic throughout: no TF32 tensor-core shortcut in the reference.
  CHECK_CUBLAS(cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH));
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  std::mt19937 rng(20261122);
  std::uniform_real_distribution<float> uni(-1.0f, 1.0f);

  for (int a = 2; a < argc; ++a) {
    int m, n, k;
    if (std::sscanf(argv[a], "%d,%d,%d", &m, &n, &k) != 3) {
      std::fprintf(stderr, "bad shape %s (want M,N,K)\n", argv[a]);
      return 2;
    }
    size_t sa = size_t(m) * k, sb = size_t(n) * k, sc = size_t(m) * n;
    std::vector<float> hA(sa), hB(sb);
    for (auto& x : hA) x = uni(rng);
    for (auto& x : hB) x = uni(rng);
    std::vector<float> hAabs(sa), hBabs(sb);
    for (size_t i = 0; i < sa; ++i) hAabs[i] = std::fabs(hA[i]);
    for (size_t i = 0; i < sb; ++i) hBabs[i] = std::fabs(hB[i]);
    float *A, *B, *Aabs, *Babs, *C, *Ref, *Bound;
    CHECK_CUDA(cudaMalloc(&A, sa * 4));
    CHECK_CUDA(cudaMalloc(&B, sb * 4));
    CHECK_CUDA(cudaMalloc(&Aabs, sa * 4));
    CHECK_CUDA(cudaMalloc(&Babs, sb * 4));
    CHECK_CUDA(cudaMalloc(&C, sc * 4));
    CHECK_CUDA(cudaMalloc(&Ref, sc * 4));
    CHECK_CUDA(cudaMalloc(&Bound, sc * 4));
    CHECK_CUDA(cudaMemcpy(A, hA.data(), sa * 4, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(B, hB.data(), sb * 4, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(Aabs, hAabs.data(), sa * 4, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(Babs, hBabs.data(), sb * 4, cudaMemcpyHostToDevice));
    std::vector<float> hC(sc), hRef(sc), hBound(sc);

    for (const Variant& v : variants) {
      if (!selected(only, v.kernel, v.layout)) continue;
      // The same buffers hold A and B for both layouts; the layout decides how they are read.
      int ldA = v.nt ? m : k, ldB = v.nt ? n : k;
      cublasOperation_t opA = v.nt ? CUBLAS_OP_N : CUBLAS_OP_T;
      cublasOperation_t opB = v.nt ? CUBLAS_OP_T : CUBLAS_OP_N;
      float one = 1.0f, zero = 0.0f;
      CHECK_CUBLAS(cublasSgemm(handle, opA, opB, m, n, k, &one, A, ldA, B, ldB, &zero, Ref, m));
      CHECK_CUBLAS(
          cublasSgemm(handle, opA, opB, m, n, k, &one, Aabs, ldA, Babs, ldB, &zero, Bound, m));
      CHECK_CUDA(cudaMemset(C, 0xff, sc * 4));  // NaN everywhere: every element must be written
      v.f(m, n, k, A, ldA, B, ldB, C, m);
      CHECK_CUDA(cudaGetLastError());
      CHECK_CUDA(cudaDeviceSynchronize());
      CHECK_CUDA(cudaMemcpy(hC.data(), C, sc * 4, cudaMemcpyDeviceToHost));
      CHECK_CUDA(cudaMemcpy(hRef.data(), Ref, sc * 4, cudaMemcpyDeviceToHost));
      CHECK_CUDA(cudaMemcpy(hBound.data(), Bound, sc * 4, cudaMemcpyDeviceToHost));
      double worst = 0;
      bool ok = true;
      for (size_t i = 0; i < sc; ++i) {
        double err = std::fabs(double(hC[i]) - double(hRef[i])) / std::max(double(hBound[i]), 1e-30);
        if (!(err <= 1e-5)) ok = false;  // NaN fails too
        if (!(err <= worst)) worst = std::isnan(err) ? INFINITY : err;
      }
      for (int i = 0; i < 3; ++i) v.f(m, n, k, A, ldA, B, ldB, C, m);  // warm-up
      std::vector<float> ms(iters);
      for (int i = 0; i < iters; ++i) {
        CHECK_CUDA(cudaEventRecord(start));
        v.f(m, n, k, A, ldA, B, ldB, C, m);
        CHECK_CUDA(cudaEventRecord(stop));
        CHECK_CUDA(cudaEventSynchronize(stop));
        CHECK_CUDA(cudaEventElapsedTime(&ms[i], start, stop));
      }
      std::sort(ms.begin(), ms.end());
      double med = iters % 2 ? ms[iters / 2] : 0.5 * (ms[iters / 2 - 1] + ms[iters / 2]);
      double tflops = 2.0 * m * n * k / (med * 1e-3) * 1e-12;
      std::printf("cpp,%s,%s,%d,%d,%d,%.4f,%.3f,%.3e,%s\n", v.kernel, v.layout, m, n, k, med,
                  tflops, worst, ok ? "ok" : "FAILED");
      std::fflush(stdout);
    }
    // cuBLAS timed the same way, as a cross-check of the cuBLAS column of `cute bench`.
    for (bool nt : {true, false}) {
      if (!selected(only, "cublas", nt ? "nt" : "tn")) continue;
      int ldA = nt ? m : k, ldB = nt ? n : k;
      cublasOperation_t opA = nt ? CUBLAS_OP_N : CUBLAS_OP_T;
      cublasOperation_t opB = nt ? CUBLAS_OP_T : CUBLAS_OP_N;
      float one = 1.0f, zero = 0.0f;
      auto run = [&] {
        CHECK_CUBLAS(cublasSgemm(handle, opA, opB, m, n, k, &one, A, ldA, B, ldB, &zero, C, m));
      };
      for (int i = 0; i < 3; ++i) run();
      std::vector<float> ms(iters);
      for (int i = 0; i < iters; ++i) {
        CHECK_CUDA(cudaEventRecord(start));
        run();
        CHECK_CUDA(cudaEventRecord(stop));
        CHECK_CUDA(cudaEventSynchronize(stop));
        CHECK_CUDA(cudaEventElapsedTime(&ms[i], start, stop));
      }
      std::sort(ms.begin(), ms.end());
      double med = iters % 2 ? ms[iters / 2] : 0.5 * (ms[iters / 2 - 1] + ms[iters / 2]);
      std::printf("cublas-cpp,sgemm,%s,%d,%d,%d,%.4f,%.3f,0,reference\n", nt ? "nt" : "tn", m, n,
                  k, med, 2.0 * m * n * k / (med * 1e-3) * 1e-12);
      std::fflush(stdout);
    }
    for (float* p : {A, B, Aabs, Babs, C, Ref, Bound}) CHECK_CUDA(cudaFree(p));
  }
  CHECK_CUBLAS(cublasDestroy(handle));
  return 0;
}
