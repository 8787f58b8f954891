// Reference output of C++ CuTe's make_tma_copy for the TMA host side (cute-core/src/atom/
// copy_traits_sm90_tma.rs): for each case, the arguments make_tma_copy passes to the driver's
// cuTensorMapEncodeTiled (intercepted: this file defines that function and prints its
// arguments), the copy's elements per TMA instruction, and the TMA coordinate tensor
// (get_tma_tensor). Regenerate:
//   /work/shared/tools/cute-cpp tests/cpp/tma.cpp > tests/cpp/tma.expected
// Each case starts with "@@ <name>". The global address is not printed (a host buffer here).
// g++ is not nvcc: the CUDA-12 guard around the driver call is opened by defining the
// version macros, and the driver is called directly instead of through cudaGetDriverEntryPoint.
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 9
#include <cuda.h>
#include <cstdio>

extern "C" CUresult cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType fmt, cuuint32_t rank,
    void*, const cuuint64_t* dims, const cuuint64_t* strides, const cuuint32_t* box,
    const cuuint32_t* estr, CUtensorMapInterleave il, CUtensorMapSwizzle sw,
    CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob) {
  printf("dtype %d rank %u\n", int(fmt), rank);
  printf("globalDim");
  for (unsigned i = 0; i < rank; ++i) printf(" %llu", (unsigned long long)dims[i]);
  printf("\nglobalStrides");
  for (unsigned i = 0; i + 1 < rank; ++i) printf(" %llu", (unsigned long long)strides[i]);
  printf("\nboxDim");
  for (unsigned i = 0; i < rank; ++i) printf(" %u", box[i]);
  printf("\nelementStrides");
  for (unsigned i = 0; i < rank; ++i) printf(" %u", estr[i]);
  printf("\ninterleave %d swizzle %d l2promotion %d oobFill %d\n", int(il), int(sw), int(l2), int(oob));
  return CUDA_SUCCESS;
}

#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;

alignas(128) static char buffer[256];

template <class Op, class T, class GShape, class GStride, class SLayout, class Tile, class Cluster>
void show(const char* name, Op op, T, GShape gshape, GStride gstride, SLayout slayout, Tile tile,
          Cluster cluster) {
  printf("@@ %s\n", name);
  Tensor g = make_tensor(make_gmem_ptr(reinterpret_cast<T*>(buffer)), gshape, gstride);
  printf("gmem "); print(g.layout()); printf("\n");
  printf("smem "); print(slayout); printf("\n");
  auto tma = make_tma_copy(op, g, slayout, tile, cluster);
  printf("elems_per_tma %d\n",
         int(size<1>(typename decltype(tma)::ValLayoutSrc{})));
  printf("tma_tensor "); print(tma.get_tma_tensor(gshape)); printf("\n");
}

int main() {
  using H = cute::half_t;
  using B = cute::bfloat16_t;
  int M = 2048, N = 1536, K = 1024, L = 3;
  auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int<64>{};
  // wgmma_tma_sm90.cu, gemm_nt: A (M,K):(_1,M), B (N,K):(_1,N), MN-major SW128 stages.
  auto sA_nt = tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, make_shape(bM, bK));
  show("nt_A_f16", SM90_TMA_LOAD{}, H{}, make_shape(M, K), make_stride(Int<1>{}, M), sA_nt,
       make_shape(bM, bK), Int<1>{});
  show("nt_B_f16", SM90_TMA_LOAD{}, H{}, make_shape(N, K), make_stride(Int<1>{}, N),
       tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, make_shape(bN, bK)), make_shape(bN, bK),
       Int<1>{});
  // gemm_tn: A (M,K):(K,_1), K-major SW128 stages.
  show("tn_A_f16", SM90_TMA_LOAD{}, H{}, make_shape(M, K), make_stride(K, Int<1>{}),
       tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(bM, bK)), make_shape(bM, bK),
       Int<1>{});
  show("tn_B_f16", SM90_TMA_LOAD{}, H{}, make_shape(N, K), make_stride(K, Int<1>{}),
       tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(bN, bK)), make_shape(bN, bK),
       Int<1>{});
  // bf16 inputs, the same tiles.
  show("nt_A_bf16", SM90_TMA_LOAD{}, B{}, make_shape(M, K), make_stride(Int<1>{}, M),
       tile_to_shape(GMMA::Layout_MN_SW128_Atom<B>{}, make_shape(bM, bK)), make_shape(bM, bK),
       Int<1>{});
  show("tn_B_bf16", SM90_TMA_LOAD{}, B{}, make_shape(N, K), make_stride(K, Int<1>{}),
       tile_to_shape(GMMA::Layout_K_SW128_Atom<B>{}, make_shape(bN, bK)), make_shape(bN, bK),
       Int<1>{});
  // The other swizzles.
  show("tn_A_f16_sw64", SM90_TMA_LOAD{}, H{}, make_shape(M, K), make_stride(K, Int<1>{}),
       tile_to_shape(GMMA::Layout_K_SW64_Atom<H>{}, make_shape(bM, bK)), make_shape(bM, bK),
       Int<1>{});
  show("tn_A_f16_sw32", SM90_TMA_LOAD{}, H{}, make_shape(M, K), make_stride(K, Int<1>{}),
       tile_to_shape(GMMA::Layout_K_SW32_Atom<H>{}, make_shape(bM, bK)), make_shape(bM, bK),
       Int<1>{});
  show("tn_A_f16_inter", SM90_TMA_LOAD{}, H{}, make_shape(M, K), make_stride(K, Int<1>{}),
       tile_to_shape(GMMA::Layout_K_INTER_Atom<H>{}, make_shape(bM, bK)), make_shape(bM, bK),
       Int<1>{});
  show("nt_A_f16_sw64", SM90_TMA_LOAD{}, H{}, make_shape(M, K), make_stride(Int<1>{}, M),
       tile_to_shape(GMMA::Layout_MN_SW64_Atom<H>{}, make_shape(bM, bK)), make_shape(bM, bK),
       Int<1>{});
  // A batched (M,K,L) tensor: the L mode is appended with box 1.
  show("tn_A_f16_batched", SM90_TMA_LOAD{}, H{}, make_shape(M, K, L),
       make_stride(K, Int<1>{}, M * K),
       tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(bM, bK)),
       make_shape(bM, bK, Int<1>{}), Int<1>{});
  // Multicast over a cluster of 2: the box's outer mode is halved.
  show("tn_A_f16_multicast2", SM90_TMA_LOAD_MULTICAST{}, H{}, make_shape(M, K),
       make_stride(K, Int<1>{}),
       tile_to_shape(GMMA::Layout_K_SW128_Atom<H>{}, make_shape(bM, bK)), make_shape(bM, bK),
       Int<2>{});
  show("nt_A_f16_multicast4", SM90_TMA_LOAD_MULTICAST{}, H{}, make_shape(M, K),
       make_stride(Int<1>{}, M),
       tile_to_shape(GMMA::Layout_MN_SW128_Atom<H>{}, make_shape(bM, bK)), make_shape(bM, bK),
       Int<4>{});
  // A TMA store of a column-major C tile from an unswizzled column-major smem tile.
  show("store_C_f16", SM90_TMA_STORE{}, H{}, make_shape(M, N), make_stride(Int<1>{}, M),
       make_layout(make_shape(bM, bN)), make_shape(bM, bN), Int<1>{});
  // f32 C stored from a 128B-swizzled MN-major stage (32-bit elements).
  show("store_C_f32_sw128", SM90_TMA_STORE{}, float{}, make_shape(M, N),
       make_stride(Int<1>{}, M),
       tile_to_shape(GMMA::Layout_MN_SW128_Atom<float>{}, make_shape(bM, bN)),
       make_shape(bM, bN), Int<1>{});
  // A contiguous tensor whose tile spans both modes: the box coalesces across them.
  show("contiguous_f16", SM90_TMA_LOAD{}, H{}, make_shape(Int<16>{}, K), make_stride(Int<1>{}, Int<16>{}),
       make_layout(make_shape(Int<16>{}, Int<8>{})), make_shape(Int<16>{}, Int<8>{}), Int<1>{});
}
