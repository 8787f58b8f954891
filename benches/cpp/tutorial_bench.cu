// Times the C++ CuTe GEMM tutorials (CUTLASS 4.2 examples/cute/tutorial: sgemm_1.cu,
// sgemm_2.cu, sgemm_sm80.cu, hopper/wgmma_sm90.cu, hopper/wgmma_tma_sm90.cu, each unmodified and
// wrapped by one tut_*.cu) the way `cute bench` times our kernels: fresh random inputs rounded
// to the input type, the output poisoned with NaN and checked against cuBLAS first, then CUDA
// events around each launch after warm-up, median of the iterations.
//
// Build (on the GPU machine; benches/gpu_bench.sh does this, the five files in parallel):
//   for f in tutorial_bench tut_sgemm_1_2 tut_sgemm_sm80 tut_wgmma_sm90 tut_wgmma_tma_sm90; do
//     nvcc -O3 -std=c++17 -arch=sm_90a -I$CUTLASS/include -I$CUTLASS/tools/util/include \
//          -I$CUTLASS/examples/cute/tutorial -c benches/cpp/$f.cu -o $f.o; done
//   nvcc -arch=sm_90a *.o -lcublas -o tutorial_bench
// Run: tutorial_bench ITERS M,N,K [M,N,K ...] [--only KERNEL,TYPES,LAYOUT]
//      tutorial_bench --list      (the variants, one KERNEL,TYPES,LAYOUT per line)
// Output: one CSV line per (variant, shape):
//   impl,kernel,types,layout,M,N,K,median_ms,tflops,max_err_ratio,checked
// `cute bench` runs one process per shape and variant (--only): the tutorials assume shapes that
// are multiples of their tiles and fault on others, and a fault ends the whole process.
//
// The check (the same bound as `cute bench` for our kernels, host/src/gemm.rs): the reference is
// cuBLAS SGEMM (CUBLAS_PEDANTIC_MATH: FP32, no TF32) on the inputs' exact float values; mag(i)
// and rss(i) are sum_k |p_k| and sqrt(sum_k p_k^2), p_k = A(m,k) B(n,k), from cuBLAS SGEMM on
// the absolute values and on the squares. With u the unit roundoff (float 2^-24, half 2^-11),
//   acc(u) = min(2 u K mag, 8 * 2 u sqrt(K) rss),
// an element passes when
//   |c - ref| <= (2 u_out + 2 u_f32) |ref| + acc(u_acc) + acc(u_f32)
// (the kernel's own error plus the reference's). max_err_ratio is the largest |c - ref| / that.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "tutorial_bench.hpp"

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

namespace {

// Element types by name: only float and half appear in the tutorials.
bool is_half(const std::string& t) { return t == "f16"; }
double unit_roundoff(const std::string& t) {
  return t == "f16" ? std::ldexp(1.0, -11) : t == "bf16" ? std::ldexp(1.0, -8) : std::ldexp(1.0, -24);
}
// "in/acc/out" -> its three names.
void split_types(const char* types, std::string& in, std::string& acc, std::string& out) {
  std::string s(types);
  size_t a = s.find('/'), b = s.find('/', a + 1);
  in = s.substr(0, a);
  acc = s.substr(a + 1, b - a - 1);
  out = s.substr(b + 1);
}

// Whether KERNEL,TYPES,LAYOUT is selected by --only (everything is, without it).
bool selected(const char* only, const char* kernel, const char* types, const char* layout) {
  if (!only) return true;
  char name[128];
  std::snprintf(name, sizeof name, "%s,%s,%s", kernel, types, layout);
  return std::strcmp(only, name) == 0;
}

double median_ms(std::vector<float> ms) {
  std::sort(ms.begin(), ms.end());
  size_t n = ms.size();
  return n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<Variant> variants;
  add_sgemm_1_2(variants);
  add_sgemm_sm80(variants);
  add_wgmma_sm90(variants);
  add_wgmma_tma_sm90(variants);
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const Variant& v : variants) std::printf("%s,%s,%s\n", v.kernel, v.types, v.layout);
    std::printf("cublas,f32/f32/f32,nt\ncublas,f32/f32/f32,tn\n");
    return 0;
  }
  const char* only = nullptr;
  if (argc >= 5 && std::strcmp(argv[argc - 2], "--only") == 0) {
    only = argv[argc - 1];
    argc -= 2;
  }
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: %s ITERS M,N,K [M,N,K ...] [--only KERNEL,TYPES,LAYOUT] | --list\n",
                 argv[0]);
    return 2;
  }
  int iters = std::max(1, std::atoi(argv[1]));
  cublasHandle_t handle;
  CHECK_CUBLAS(cublasCreate(&handle));
  // FP32 arithmetic throughout: no TF32 tensor-core shortcut in the reference.
  CHECK_CUBLAS(cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH));
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  std::mt19937 rng(20261124);
  std::uniform_real_distribution<float> uni(-1.0f, 1.0f);

  for (int a = 2; a < argc; ++a) {
    int m, n, k;
    if (std::sscanf(argv[a], "%d,%d,%d", &m, &n, &k) != 3) {
      std::fprintf(stderr, "bad shape %s (want M,N,K)\n", argv[a]);
      return 2;
    }
    size_t sa = size_t(m) * k, sb = size_t(n) * k, sc = size_t(m) * n;
    for (const Variant& v : variants) {
      if (!selected(only, v.kernel, v.types, v.layout)) continue;
      std::string tin, tacc, tout;
      split_types(v.types, tin, tacc, tout);
      // Inputs in [-1, 1), rounded to the input type: the float copies are exact.
      std::vector<float> hA(sa), hB(sb);
      std::vector<__half> hA16, hB16;
      for (auto& x : hA) x = uni(rng);
      for (auto& x : hB) x = uni(rng);
      if (is_half(tin)) {
        hA16.resize(sa);
        hB16.resize(sb);
        for (size_t i = 0; i < sa; ++i) hA[i] = __half2float(hA16[i] = __float2half_rn(hA[i]));
        for (size_t i = 0; i < sb; ++i) hB[i] = __half2float(hB16[i] = __float2half_rn(hB[i]));
      }
      std::vector<float> hAabs(sa), hBabs(sb), hAsq(sa), hBsq(sb);
      for (size_t i = 0; i < sa; ++i) hAabs[i] = std::fabs(hA[i]), hAsq[i] = hA[i] * hA[i];
      for (size_t i = 0; i < sb; ++i) hBabs[i] = std::fabs(hB[i]), hBsq[i] = hB[i] * hB[i];
      size_t ein = is_half(tin) ? 2 : 4, eout = is_half(tout) ? 2 : 4;
      float *A32, *B32, *Aabs, *Babs, *Asq, *Bsq, *Ref, *Bound, *Sq;
      void *A, *B, *C;
      CHECK_CUDA(cudaMalloc(&A32, sa * 4));
      CHECK_CUDA(cudaMalloc(&B32, sb * 4));
      CHECK_CUDA(cudaMalloc(&Aabs, sa * 4));
      CHECK_CUDA(cudaMalloc(&Babs, sb * 4));
      CHECK_CUDA(cudaMalloc(&Ref, sc * 4));
      CHECK_CUDA(cudaMalloc(&Bound, sc * 4));
      CHECK_CUDA(cudaMalloc(&Asq, sa * 4));
      CHECK_CUDA(cudaMalloc(&Bsq, sb * 4));
      CHECK_CUDA(cudaMalloc(&Sq, sc * 4));
      CHECK_CUDA(cudaMalloc(&A, sa * ein));
      CHECK_CUDA(cudaMalloc(&B, sb * ein));
      CHECK_CUDA(cudaMalloc(&C, sc * eout));
      CHECK_CUDA(cudaMemcpy(A32, hA.data(), sa * 4, cudaMemcpyHostToDevice));
      CHECK_CUDA(cudaMemcpy(B32, hB.data(), sb * 4, cudaMemcpyHostToDevice));
      CHECK_CUDA(cudaMemcpy(Aabs, hAabs.data(), sa * 4, cudaMemcpyHostToDevice));
      CHECK_CUDA(cudaMemcpy(Babs, hBabs.data(), sb * 4, cudaMemcpyHostToDevice));
      CHECK_CUDA(cudaMemcpy(Asq, hAsq.data(), sa * 4, cudaMemcpyHostToDevice));
      CHECK_CUDA(cudaMemcpy(Bsq, hBsq.data(), sb * 4, cudaMemcpyHostToDevice));
      if (is_half(tin)) {
        CHECK_CUDA(cudaMemcpy(A, hA16.data(), sa * 2, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(B, hB16.data(), sb * 2, cudaMemcpyHostToDevice));
      } else {
        CHECK_CUDA(cudaMemcpy(A, hA.data(), sa * 4, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(B, hB.data(), sb * 4, cudaMemcpyHostToDevice));
      }
      bool nt = std::strcmp(v.layout, "nt") == 0;
      int ldA = nt ? m : k, ldB = nt ? n : k;
      cublasOperation_t opA = nt ? CUBLAS_OP_N : CUBLAS_OP_T;
      cublasOperation_t opB = nt ? CUBLAS_OP_T : CUBLAS_OP_N;
      float one = 1.0f, zero = 0.0f;
      CHECK_CUBLAS(
          cublasSgemm(handle, opA, opB, m, n, k, &one, A32, ldA, B32, ldB, &zero, Ref, m));
      CHECK_CUBLAS(
          cublasSgemm(handle, opA, opB, m, n, k, &one, Aabs, ldA, Babs, ldB, &zero, Bound, m));
      CHECK_CUBLAS(
          cublasSgemm(handle, opA, opB, m, n, k, &one, Asq, ldA, Bsq, ldB, &zero, Sq, m));
      CHECK_CUDA(cudaMemset(C, 0xff, sc * eout));  // NaN everywhere: every element must be written
      v.f(m, n, k, A, ldA, B, ldB, C, m);
      CHECK_CUDA(cudaGetLastError());
      CHECK_CUDA(cudaDeviceSynchronize());
      std::vector<float> hC(sc), hRef(sc), hBound(sc), hSq(sc);
      if (is_half(tout)) {
        std::vector<__half> h(sc);
        CHECK_CUDA(cudaMemcpy(h.data(), C, sc * 2, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < sc; ++i) hC[i] = __half2float(h[i]);
      } else {
        CHECK_CUDA(cudaMemcpy(hC.data(), C, sc * 4, cudaMemcpyDeviceToHost));
      }
      CHECK_CUDA(cudaMemcpy(hRef.data(), Ref, sc * 4, cudaMemcpyDeviceToHost));
      CHECK_CUDA(cudaMemcpy(hBound.data(), Bound, sc * 4, cudaMemcpyDeviceToHost));
      CHECK_CUDA(cudaMemcpy(hSq.data(), Sq, sc * 4, cudaMemcpyDeviceToHost));
      double u32 = unit_roundoff("f32"), uacc = unit_roundoff(tacc);
      double c_out = 2 * unit_roundoff(tout) + 2 * u32;
      auto acc = [&](double u, double mag, double rss) {
        return std::min(2 * u * k * mag, 8.0 * 2 * u * std::sqrt(double(k)) * rss);
      };
      double worst = 0;
      bool ok = true;
      for (size_t i = 0; i < sc; ++i) {
        double err = std::fabs(double(hC[i]) - double(hRef[i]));
        double mag = hBound[i], rss = std::sqrt(double(hSq[i]));
        double tol = c_out * std::fabs(double(hRef[i])) + acc(uacc, mag, rss) + acc(u32, mag, rss);
        double ratio = err == 0 ? 0 : (tol > 0 && std::isfinite(err)) ? err / tol : INFINITY;
        if (!(ratio <= 1.0)) ok = false;  // NaN fails too
        if (!(ratio <= worst)) worst = std::isnan(ratio) ? INFINITY : ratio;
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
      CHECK_CUDA(cudaGetLastError());
      double med = median_ms(ms);
      double tflops = 2.0 * m * n * k / (med * 1e-3) * 1e-12;
      std::printf("cpp,%s,%s,%s,%d,%d,%d,%.4f,%.3f,%.3e,%s\n", v.kernel, v.types, v.layout, m, n,
                  k, med, tflops, worst, ok ? "ok" : "FAILED");
      std::fflush(stdout);
      for (void* p : {(void*)A32, (void*)B32, (void*)Aabs, (void*)Babs, (void*)Asq, (void*)Bsq,
                      (void*)Ref, (void*)Bound, (void*)Sq, A, B, C})
        CHECK_CUDA(cudaFree(p));
    }
    // cuBLAS SGEMM timed the same way, as a cross-check of the cuBLAS column of `cute bench`.
    for (bool nt : {true, false}) {
      if (!selected(only, "cublas", "f32/f32/f32", nt ? "nt" : "tn")) continue;
      float *A, *B, *C;
      CHECK_CUDA(cudaMalloc(&A, sa * 4));
      CHECK_CUDA(cudaMalloc(&B, sb * 4));
      CHECK_CUDA(cudaMalloc(&C, sc * 4));
      {
        std::vector<float> h(std::max(sa, sb));
        for (auto& x : h) x = uni(rng);
        CHECK_CUDA(cudaMemcpy(A, h.data(), sa * 4, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(B, h.data(), sb * 4, cudaMemcpyHostToDevice));
      }
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
      double med = median_ms(ms);
      std::printf("cublas-cpp,sgemm,f32/f32/f32,%s,%d,%d,%d,%.4f,%.3f,0,reference\n",
                  nt ? "nt" : "tn", m, n, k, med, 2.0 * m * n * k / (med * 1e-3) * 1e-12);
      std::fflush(stdout);
      for (float* p : {A, B, C}) CHECK_CUDA(cudaFree(p));
    }
  }
  CHECK_CUBLAS(cublasDestroy(handle));
  return 0;
}
