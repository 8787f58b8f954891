// Reference output of C++ CuTe's device-side TMA partitioning for tests/tma_partition.rs:
// get_tma_tensor and tma_partition as the Hopper tutorial wgmma_tma_sm90.cu calls them, for its
// NT (Layout_MN_SW128_Atom) and TN (Layout_K_SW128_Atom) stages (128,64,3) of half_t. For each
// case: the TMA coordinate tensor, the CTA tile gA, tma_partition's (tAgA, tAsA) layouts, and
// per TMA instruction of one k-tile (mode 1 of tAgA(_,k)) the box's TMA coordinate and its
// shared-memory offset in elements (tAsA(_,pipe)'s element (0,i) less the buffer's start).
// Regenerate:
//   /work/shared/tools/cute-cpp tests/cpp/tma_partition.cpp > tests/cpp/tma_partition.expected
// g++ is not nvcc: the driver's cuTensorMapEncodeTiled is defined here (it does nothing) so that
// make_tma_atom runs on the CPU; tma_partition is CUTE_DEVICE, which is plain inline here.
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 9
#include <cuda.h>
#include <cstdio>

extern "C" CUresult cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*,
    const cuuint64_t*, const cuuint64_t*, const cuuint32_t*, const cuuint32_t*,
    CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  return CUDA_SUCCESS;
}

#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;

alignas(1024) static cute::half_t gbuf[64];
alignas(1024) static cute::half_t sbuf[128 * 64 * 3];

template <class SmemLayout, class GStride>
void show(const char* name, SmemLayout sl, int M, int K, GStride dA, int m_blk, int k_tile, int pipe) {
  printf("@@ %s\n", name);
  auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int<64>{};
  auto cta_tiler = make_shape(bM, bN, bK);
  Tensor mA_g = make_tensor(make_gmem_ptr(gbuf), make_shape(M, K), dA);
  auto tma_a = make_tma_atom(SM90_TMA_LOAD{}, mA_g, sl(_,_,0), make_shape(bM, bK));
  Tensor mA = tma_a.get_tma_tensor(make_shape(M, K));                          // (M,K)
  printf("mA "); print(mA); printf("\n");
  auto cta_coord = make_coord(m_blk, 0, _);
  Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X, _1>{});        // (BLK_M,BLK_K,k)
  printf("gA "); print(gA); printf("\n");
  Tensor sA = make_tensor(make_smem_ptr(sbuf), sl);                            // (BLK_M,BLK_K,PIPE)
  printf("sA "); print(sA.layout()); printf("\n");
  auto [tAgA, tAsA] = tma_partition(tma_a, Int<0>{}, Layout<_1>{},
                                    group_modes<0,2>(sA), group_modes<0,2>(gA));
  printf("tAgA "); print(tAgA); printf("\n");
  printf("tAsA "); print(tAsA.layout()); printf("\n");
  printf("NumValSrc %d\n", int(decltype(tma_a)::NumValSrc));
  Tensor g = tAgA(_, k_tile);
  Tensor s = tAsA(_, pipe);
  printf("g "); print(g); printf("\n");
  printf("s "); print(s.layout()); printf("\n");
  // copy(atom, g, s): one TMA instruction per element of mode 1 of ((TMA,TMA_Iter)).
  Tensor gv = tensor<0>(g);
  Tensor sv = tensor<0>(s);
  for (int i = 0; i < size<1>(gv); ++i) {
    auto c = gv(0, i);
    auto off = &sv(0, i) - sbuf;
    printf("box %d crd ", i); print(c); printf(" smem %d\n", int(off));
  }
}

int main() {
  int M = 2048, K = 1024;
  auto bM = Int<128>{}; auto bK = Int<64>{}; auto bP = Int<3>{};
  using H = cute::half_t;
  auto sA_nt = tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, make_shape(bM, bK, bP));
  auto sA_tn = tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(bM, bK, bP));
  show("nt", sA_nt, M, K, make_stride(Int<1>{}, M), 3, 5, 2);
  show("tn", sA_tn, M, K, make_stride(K, Int<1>{}), 3, 5, 2);
  return 0;
}
