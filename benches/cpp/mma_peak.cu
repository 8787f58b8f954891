// The ceiling of `mma.sync.m16n8k16` on this GPU: every warp issues independent MMAs from
// registers (no memory in the loop), with f32 and with f16 accumulation, at 1, 2 and 4 warps
// per SM sub-partition. What hgemm_sm80 can reach at most (benches/results/*-sm80-perf).
//   nvcc -O3 -arch=sm_90a mma_peak.cu -o mma_peak && ./mma_peak
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
  printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

constexpr int CHAINS = 8;  // independent accumulators per warp

template <bool F32>
__global__ void peak(int iters, uint32_t seed, float* out, long long* cycles) {
  uint32_t a[4], b[2];
  for (int i = 0; i < 4; ++i) a[i] = (seed * (threadIdx.x + 3 * i + 1)) & 0x3bff3bffu;
  for (int i = 0; i < 2; ++i) b[i] = (seed * (threadIdx.x + 7 * i + 5)) & 0x3bff3bffu;
  float d[CHAINS][4] = {};
  uint32_t h[CHAINS][2] = {};
  long long t0 = clock64();
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int c = 0; c < CHAINS; ++c) {
      if constexpr (F32) {
        asm volatile(
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
            "{%8,%9}, {%0,%1,%2,%3};"
            : "+f"(d[c][0]), "+f"(d[c][1]), "+f"(d[c][2]), "+f"(d[c][3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
      } else {
        asm volatile(
            "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, "
            "{%6,%7}, {%0,%1};"
            : "+r"(h[c][0]), "+r"(h[c][1])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
      }
    }
  }
  long long t1 = clock64();
  float s = 0;
  for (int c = 0; c < CHAINS; ++c) s += d[c][0] + d[c][1] + d[c][2] + d[c][3] + h[c][0] + h[c][1];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0 && blockIdx.x == 0) *cycles = t1 - t0;
}

template <bool F32>
int run(int sms, int warps_per_sm) {
  int iters = 4096, threads = 32 * warps_per_sm, blocks = sms;
  float* out; long long* cyc;
  CK(cudaMalloc(&out, sizeof(float) * blocks * threads));
  CK(cudaMalloc(&cyc, sizeof(long long)));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  for (int w = 0; w < 3; ++w) peak<F32><<<blocks, threads>>>(iters, 0x9e3779b9u, out, cyc);
  CK(cudaGetLastError());
  float best = 1e30f;
  long long cycles = 0;
  for (int r = 0; r < 10; ++r) {
    CK(cudaEventRecord(e0));
    peak<F32><<<blocks, threads>>>(iters, 0x9e3779b9u + r, out, cyc);
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    CK(cudaGetLastError());
    float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
    if (ms < best) { best = ms; CK(cudaMemcpy(&cycles, cyc, sizeof cycles, cudaMemcpyDeviceToHost)); }
  }
  double flop = 2.0 * 16 * 8 * 16 * CHAINS * (double)iters * (threads / 32) * blocks;
  printf("mma.sync m16n8k16 %s acc, %2d warps/SM: %6.1f TFLOP/s (%.3f ms; block 0: %lld cycles, "
         "%.0f MHz; %.1f cycles per MMA per SM sub-partition)\n",
         F32 ? "f32" : "f16", warps_per_sm, flop / best / 1e9, best, cycles,
         cycles / (best * 1e3), (double)cycles / (iters * CHAINS * (warps_per_sm / 4.0)));
  cudaFree(out); cudaFree(cyc);
  return 0;
}

int main() {
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  for (int w : {4, 8, 16}) { if (run<true>(sms, w) || run<false>(sms, w)) return 1; }
  return 0;
}
