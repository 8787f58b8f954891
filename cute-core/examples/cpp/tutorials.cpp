// What C++ CuTe 4.2 prints for the layouts, TiledCopys, TiledMMAs and thread partitions of
// CuTe's GEMM tutorials (examples/cute/tutorial: sgemm_1.cu, sgemm_2.cu, sgemm_sm80.cu,
// hopper/wgmma_tma_sm90.cu) and of this project's Hopper GEMM, one "@@ <example>" section per
// cute-core example; each example prints the same "label: value" lines and its test compares
// them with this output. Regenerate with:
//   /work/shared/tools/cute-cpp cute-core/examples/cpp/tutorials.cpp > cute-core/examples/cpp/tutorials.expected
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
using namespace cute;
using namespace cute::SM90;

template <class T>
void line(const char* label, T const& x) {
  printf("%s: ", label);
  print(x);
  printf("\n");
}

// Multi-line prints (TiledCopy, TiledMMA) end with their own newline.
template <class T>
void block(const char* label, T const& x) {
  printf("%s:\n", label);
  print(x);
}

int main() {
  int t = 37;  // the thread whose partitions are shown (a run-time value, as threadIdx.x)
  printf("@@ mma_atom\n");
  {
    block("MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>", MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>{});
    TiledMMA mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_8>{});
    block("mma", mma);
    line("tile_shape(mma)", tile_shape(mma));
    line("size(mma)", size(mma));
    line("mma.get_layoutA_TV()", mma.get_layoutA_TV());
    line("mma.get_layoutB_TV()", mma.get_layoutB_TV());
    line("mma.get_layoutC_TV()", mma.get_layoutC_TV());
    auto cC = make_identity_tensor(make_shape(Int<64>{}, Int<64>{}));
    line("mma.get_slice(37).partition_C(cC)", mma.get_slice(t).partition_C(cC));
    auto cA = make_identity_tensor(make_shape(Int<64>{}, Int<8>{}));
    line("mma.get_slice(37).partition_A(cA)", mma.get_slice(t).partition_A(cA));
  }
  printf("@@ predication\n");
  {
    // A 10x7 matrix in tiles of 8x4 (the last tiles ragged), 4x2 threads per tile
    auto cA = make_identity_tensor(make_shape(10, 7));
    auto cta_tiler = make_shape(Int<8>{}, Int<4>{});
    auto tA = make_layout(make_shape(Int<4>{}, Int<2>{}));
    line("cA", cA);
    for (int bm = 0; bm < 2; ++bm) {
      auto cta_cA = local_tile(cA, cta_tiler, make_coord(bm, 1));
      auto tAcA = local_partition(cta_cA, tA, 5);
      printf("tile (%d,1), thread 5: ", bm); print(tAcA); printf("\n");
      for (int i = 0; i < size(tAcA); ++i) {
        printf("  "); print(tAcA(i)); printf(" %s\n", elem_less(tAcA(i), shape(cA)) ? "in" : "out");
      }
    }
  }
  printf("@@ sgemm_1\n");
  {
    auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int<8>{};
    auto cA = make_identity_tensor(make_shape(bM, bK));
    auto cC = make_identity_tensor(make_shape(bM, bN));
    auto sA = make_layout(make_shape(bM, bK));
    auto sC = make_layout(make_shape(bM, bN));
    auto tA = make_layout(make_shape(Int<32>{}, Int<8>{}));
    auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));
    line("nt sA", sA);
    line("nt sC", sC);
    line("nt tA", tA);
    line("nt tC", tC);
    line("nt tAsA = local_partition(cA, tA, 37)", local_partition(cA, tA, t));
    line("nt tCsA = local_partition(cA, tC, 37, Step<_1,X>{})", local_partition(cA, tC, t, Step<_1, X>{}));
    line("nt tCgC = local_partition(cC, tC, 37, Step<_1,_1>{})", local_partition(cC, tC, t, Step<_1, _1>{}));
    auto sA_tn = make_layout(make_shape(bM, bK), LayoutRight{});
    auto tA_tn = make_layout(make_shape(Int<32>{}, Int<8>{}), LayoutRight{});
    line("tn sA", sA_tn);
    line("tn tA", tA_tn);
    line("tn tAsA = local_partition(cA, tA, 37)", local_partition(cA, tA_tn, t));
  }
  printf("@@ sgemm_2\n");
  {
    auto cA = make_identity_tensor(make_shape(Int<128>{}, Int<8>{}));
    auto cC = make_identity_tensor(make_shape(Int<128>{}, Int<128>{}));
    TiledCopy copyA = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{},
                                      Layout<Shape<_32,_8>>{}, Layout<Shape<_4,_1>>{});
    TiledMMA mmaC = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{});
    block("nt copyA", copyA);
    line("nt tAsA = copyA.get_slice(37).partition_D(cA)", copyA.get_slice(t).partition_D(cA));
    block("nt mmaC", mmaC);
    line("nt tCsA = mmaC.get_slice(37).partition_A(cA)", mmaC.get_slice(t).partition_A(cA));
    line("nt tCgC = mmaC.get_slice(37).partition_C(cC)", mmaC.get_slice(t).partition_C(cC));
    auto sA_tn = make_layout(make_shape(Int<128>{}, Int<8>{}), make_stride(Int<1>{}, Int<129>{}));
    TiledCopy copyA_tn = make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{},
                                         Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_1>>{});
    line("tn sA", sA_tn);
    line("tn tAsA = copyA.get_slice(37).partition_D(cA)", copyA_tn.get_slice(t).partition_D(cA));
    // this project's sgemm_2 permutes the TiledMMA so a thread's rows come in runs of 4
    TiledMMA mma_perm = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{},
                                       Tile<Layout<Shape<_16,_4,_2>,Stride<_4,_1,_64>>,
                                            Layout<Shape<_16,_4,_2>,Stride<_4,_1,_64>>, _1>{});
    line("ours tCsA = mmaC.get_slice(37).partition_A(cA)", mma_perm.get_slice(t).partition_A(cA));
  }
  printf("@@ hgemm_sm80\n");
  {
    auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int<64>{}; auto bP = Int<3>{};
    auto swizzle_atom = composition(Swizzle<3,3,3>{},
                                    Layout<Shape <_8,Shape <_8, _8>>,
                                           Stride<_8,Stride<_1,_64>>>{});
    line("swizzle_atom", swizzle_atom);
    line("sA", tile_to_shape(swizzle_atom, make_shape(bM, bK, bP)));
    auto cA = make_identity_tensor(make_shape(bM, bK));
    auto cC = make_identity_tensor(make_shape(bM, bN));
    TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                                      Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{});
    block("copyA", copyA);
    line("tAsA = copyA.get_slice(37).partition_D(cA)", copyA.get_slice(t).partition_D(cA));
    TiledMMA mmaC = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{});
    block("mmaC", mmaC);
    line("tCgC = mmaC.get_slice(37).partition_C(cC)", mmaC.get_slice(t).partition_C(cC));
    TiledCopy s2r_copy_a = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mmaC);
    block("s2r_copy_a", s2r_copy_a);
    line("tXsA = s2r_copy_a.get_slice(37).partition_S(cA)", s2r_copy_a.get_slice(t).partition_S(cA));
  }
  printf("@@ wgmma_tma_sm90\n");
  {
    auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int<64>{}; auto bP = Int<3>{};
    line("nt GMMA::Layout_MN_SW128_Atom<half_t>", GMMA::Layout_MN_SW128_Atom<half_t>{});
    line("nt sA", tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(bM, bK, bP)));
    line("tn GMMA::Layout_K_SW128_Atom<half_t>", GMMA::Layout_K_SW128_Atom<half_t>{});
    line("tn sA", tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(bM, bK, bP)));
    TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});
    block("nt tiled_mma", tiled_mma);
    auto cC = make_identity_tensor(make_shape(bM, bN));
    line("tCgC = tiled_mma.get_slice(37).partition_C(cC)", tiled_mma.get_slice(t).partition_C(cC));
  }
  printf("@@ hopper\n");
  {
    auto bM = Int<128>{}; auto bN = Int<256>{}; auto bK = Int<64>{}; auto bP = Int<4>{};
    line("sA", tile_to_shape(GMMA::Layout_K_SW128_Atom<bfloat16_t>{}, make_shape(bM, bK, bP)));
    line("sB", tile_to_shape(GMMA::Layout_K_SW128_Atom<bfloat16_t>{}, make_shape(bN, bK, bP)));
    TiledMMA mma = make_tiled_mma(SM90_64x256x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>{},
                                  Layout<Shape<_2,_1,_1>>{});
    line("tile_shape(mma)", tile_shape(mma));
    line("size(mma)", size(mma));
    line("mma.get_thr_layout_vmnk()", mma.get_thr_layout_vmnk());
    auto cC = make_identity_tensor(make_shape(bM, bN));
    int t2 = 200;
    line("tCgC = mma.get_slice(200).partition_C(cC)", mma.get_slice(t2).partition_C(cC));
  }
}
