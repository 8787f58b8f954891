// Reference output of C++ CuTe/CUTLASS for the shared-memory side of the GEMM family's members
// (cute-kernels/src/gemm/config.rs, members.rs), bf16 operands (16-bit types share layouts):
// for each member tile, operand (A: (BM,BK), B: (BN,BK)) and major (K, MN), what CUTLASS's
// sm90 warp-specialized mainloop (collective/sm90_mma_tma_gmma_ss_warpspecialized.hpp) builds:
//   stages      tile_to_shape(atom, (MN,BK,Stages), Step<_1,_2,_3> K-major, Step<_2,_1,_3>
//               MN-major), the atom CUTLASS's builder picks (ss_smem_selector, below)
//   swizzle     the atom's swizzle in bytes
//   desc        make_gmma_desc<Major> of the block one wgmma reads at stage 0's origin ((_64,_16)
//               of A, (BN,_16) of B), the smem starting at address 0x400
//   offset_k1_s1  the stage layout's element offset of (0, 16, 1): k-block 1 of stage 1
//   desc_k1_s1  the descriptor of that block, as the mainloop gets it: its TiledMma's
//               make_fragment_A/B of the stages (GMMA::DescriptorIterator), element (0,0,1,1)
//   gmem/smem, the cuTensorMapEncodeTiled lines, elems_per_tma, tma_tensor
//               make_tma_copy(SM90_TMA_LOAD, gmem, stages(_,_,_0), (MN,BK)) as the mainloop
//               calls it, for a (2048,1024) A / (1536,1024) B, K-major (K,_1) or MN-major (_1,MN)
//   box         the TMA box as (MN extent, K extent) in elements
// Regenerate:
//   /work/shared/tools/cute-cpp tests/cpp/gemm_members.cpp > tests/cpp/gemm_members.expected
// Each case starts with "@@ <member> <A|B> <K|MN>". On the host cast_smem_ptr_to_uint returns 0
// (and prints an ERROR line, which the Rust test skips), so each descriptor is advanced by
// 0x400 / 16 to start at 0x400. g++ is not nvcc: see tests/cpp/tma.cpp for the driver call.
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 9
#include <cuda.h>
#include <cstdio>

static unsigned last_box[5];

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
  for (unsigned i = 0; i < rank && i < 5; ++i) last_box[i] = box[i];
  return CUDA_SUCCESS;
}

#include <cassert>
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/arch/mma_sm90.hpp>
using namespace cute;

using T = cute::bfloat16_t;

// The shared-memory atom of CUTLASS's sm90 collective builder for a 16-bit operand
// (cutlass/gemm/collective/builders/sm90_common.inl, ss_smem_selector, whose header needs nvcc):
// MN-major the widest swizzle whose atom's MN extent divides BLK_MN, K-major the widest whose
// K extent divides BLK_K.
template <GMMA::Major Major, class MN, class BK>
auto ss_smem_selector() {
  if constexpr (Major == GMMA::Major::MN) {
    if constexpr (MN::value % size<0>(GMMA::Layout_MN_SW128_Atom<T>{}) == 0) {
      return GMMA::Layout_MN_SW128_Atom<T>{};
    } else if constexpr (MN::value % size<0>(GMMA::Layout_MN_SW64_Atom<T>{}) == 0) {
      return GMMA::Layout_MN_SW64_Atom<T>{};
    } else {
      static_assert(MN::value % size<0>(GMMA::Layout_MN_SW32_Atom<T>{}) == 0);
      return GMMA::Layout_MN_SW32_Atom<T>{};
    }
  } else {
    static_assert(BK::value % size<1>(GMMA::Layout_K_SW128_Atom<T>{}) == 0);
    return GMMA::Layout_K_SW128_Atom<T>{};
  }
}
constexpr uint32_t kStart = 0x400;
alignas(1024) static T smem[256 * 64 * 6];
alignas(128) static char gbuf[256];

// The operand's stages, descriptors and TMA copy. `Operand` 0 is A, 1 is B; `Warpgroups` the
// consumer warpgroups splitting M (CUTLASS's AtomLayoutMNK, (Warpgroups,1,1)).
template <int Operand, GMMA::Major Major, class BM, class BN, class BK, class Stages, int Warpgroups,
          int Cluster>
void show(const char* member) {
  using MN = conditional_t<Operand == 0, BM, BN>;
  constexpr bool k_major = Major == GMMA::Major::K;
  using Atom = decltype(ss_smem_selector<Major, MN, BK>());
  using Order = conditional_t<k_major, Step<_1, _2, _3>, Step<_2, _1, _3>>;
  auto stages = tile_to_shape(Atom{}, make_shape(MN{}, BK{}, Stages{}), Order{});
  printf("@@ %s %s %s\n", member, Operand == 0 ? "A" : "B", k_major ? "K" : "MN");
  printf("tile (%d,%d,%d) stages %d\n", int(BM::value), int(BN::value), int(BK::value),
         int(Stages::value));
  printf("stages "); print(stages); printf("\n");
  printf("swizzle %d\n", 16 << decltype(Atom{}.layout_a())::num_bits);

  Tensor s = make_tensor(make_smem_ptr(smem), stages);  // (MN,BK,PIPE)
  using Block = conditional_t<Operand == 0, Shape<_64, _16>, Shape<BN, _16>>;
  Tensor blk = local_tile(s(_, _, 0), Block{}, make_coord(0, 0));
  GMMA::DescriptorIterator d0{GMMA::make_gmma_desc<Major>(blk)};
  printf("desc 0x%016llx\n", (unsigned long long)uint64_t(*(d0 + kStart / 16)));

  int off = int(stages.layout_b()(0, 16, 1));
  printf("offset_k1_s1 %d\n", off);
  using Op = decltype(GMMA::ss_op_selector<T, T, float, Shape<_64, BN, BK>, Major, Major>());
  auto mma = make_tiled_mma(Op{}, Layout<Shape<Int<Warpgroups>, _1, _1>>{});
  auto thr = mma.get_slice(0);
  uint64_t d1;
  if constexpr (Operand == 0) {
    Tensor frg = thr.make_fragment_A(thr.partition_A(s));  // (MMA,MMA_M,MMA_K,PIPE)
    assert(uint64_t(frg(0, 0, 0, 0)) == uint64_t(*d0));
    d1 = uint64_t(*(frg.data() + frg.layout()(0, 0, 1, 1) + kStart / 16));
  } else {
    Tensor frg = thr.make_fragment_B(thr.partition_B(s));  // (MMA,MMA_N,MMA_K,PIPE)
    assert(uint64_t(frg(0, 0, 0, 0)) == uint64_t(*d0));
    d1 = uint64_t(*(frg.data() + frg.layout()(0, 0, 1, 1) + kStart / 16));
  }
  printf("desc_k1_s1 0x%016llx\n", (unsigned long long)d1);

  int rows = Operand == 0 ? 2048 : 1536, K = 1024;
  auto one_stage = stages(_, _, Int<0>{});
  auto tile = make_shape(MN{}, BK{});
  auto tma_copy = [&](auto g) {
    printf("gmem "); print(g.layout()); printf("\n");
    printf("smem "); print(one_stage); printf("\n");
    // B is multicast over the cluster's CTAs along M (CUTLASS's mainloop: A over the cluster's
    // N extent, B over its M extent)
    auto show_tma = [&](auto tma) {
      printf("elems_per_tma %d\n", int(size<1>(typename decltype(tma)::ValLayoutSrc{})));
      printf("tma_tensor "); print(tma.get_tma_tensor(shape(g))); printf("\n");
    };
    if constexpr (Operand == 1 && Cluster > 1) {
      show_tma(make_tma_copy(SM90_TMA_LOAD_MULTICAST{}, g, one_stage, tile, Int<Cluster>{}));
    } else {
      show_tma(make_tma_copy(SM90_TMA_LOAD{}, g, one_stage, tile, Int<1>{}));
    }
  };
  T* gptr = reinterpret_cast<T*>(gbuf);
  if constexpr (k_major) {
    tma_copy(make_tensor(make_gmem_ptr(gptr), make_shape(rows, K), make_stride(K, Int<1>{})));
    printf("box %u %u\n", last_box[1], last_box[0]);  // TMA dims (K, MN)
  } else {
    tma_copy(make_tensor(make_gmem_ptr(gptr), make_shape(rows, K), make_stride(Int<1>{}, rows)));
    printf("box %u %u\n", last_box[0], last_box[1]);  // TMA dims (MN, K)
  }
}

template <class BM, class BN, class BK, class Stages, int Warpgroups, int Cluster = 1>
void member(const char* name) {
  show<0, GMMA::Major::K, BM, BN, BK, Stages, Warpgroups, Cluster>(name);
  show<0, GMMA::Major::MN, BM, BN, BK, Stages, Warpgroups, Cluster>(name);
  show<1, GMMA::Major::K, BM, BN, BK, Stages, Warpgroups, Cluster>(name);
  show<1, GMMA::Major::MN, BM, BN, BK, Stages, Warpgroups, Cluster>(name);
}

int main() {
  // cute-kernels/src/gemm/members.rs: cooperative members split BM over 2 warpgroups.
  member<_128, _256, _64, _4, 2>("coop_128x256x64");
  member<_128, _128, _64, _6, 2>("coop_128x128x64");
  member<_64, _256, _64, _4, 1>("pingpong_64x256x64");
  member<_128, _256, _64, _4, 2, 2>("coop_128x256x64_2x1");
  member<_128, _64, _64, _8, 2>("coop_128x64x64");
  member<_64, _64, _64, _8, 1>("pingpong_64x64x64");
  member<_128, _16, _64, _12, 2>("coop_128x16x64");
}
