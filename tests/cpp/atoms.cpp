// Reference output of C++ CuTe for the atoms (cute-core/src/atom/): the atoms' TV layouts,
// the TiledMMAs' get_layoutA/B/C_TV and tile sizes, the TiledCopies' get_layoutS/D_TV, and
// partitions through ThrMMA / ThrCopy. Regenerate with:
//   /work/shared/tools/cute-cpp tests/cpp/atoms.cpp > tests/cpp/atoms.expected
// Each case starts with a line "@@ <name>"; the Rust tests quote the lines that follow.
#include <cute/tensor.hpp>
using namespace cute;

template <class Atom>
void show_mma_atom(const char* name, Atom const& atom) {
  printf("@@ %s\n", name);
  print(atom);
}

template <class TiledMma>
void show_tiled_mma(const char* name, TiledMma const& mma) {
  printf("@@ %s\n", name);
  print("ThrLayoutVMNK: "); print(mma.get_thr_layout_vmnk()); print("\n");
  print("TileShape: "); print(tile_shape(mma)); print("\n");
  print("LayoutA_TV: "); print(mma.get_layoutA_TV()); print("\n");
  print("LayoutB_TV: "); print(mma.get_layoutB_TV()); print("\n");
  print("LayoutC_TV: "); print(mma.get_layoutC_TV()); print("\n");
}

template <class TiledCopy>
void show_tiled_copy(const char* name, TiledCopy const& copy) {
  printf("@@ %s\n", name);
  print("Tiler_MN: "); print(typename TiledCopy::Tiler_MN{}); print("\n");
  print("TiledLayout_TV: "); print(typename TiledCopy::TiledLayout_TV{}); print("\n");
  print("LayoutS_TV: "); print(copy.get_layoutS_TV()); print("\n");
  print("LayoutD_TV: "); print(copy.get_layoutD_TV()); print("\n");
}

int main() {
  // ---- MMA atoms
  show_mma_atom("UniversalFMA", MMA_Atom<UniversalFMA<float, float, float, float>>{});
  show_mma_atom("SM80_16x8x16_F32F16F16F32_TN", MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{});
  show_mma_atom("SM80_16x8x8_F32F16F16F32_TN", MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>{});

  // ---- TiledMMAs
  show_tiled_mma("fma_16x16x1", make_tiled_mma(UniversalFMA<float, float, float>{},
                                               Layout<Shape<_16, _16, _1>>{}));
  show_tiled_mma("fma_16x16x1_rowmajor",
                 make_tiled_mma(UniversalFMA<float, float, float>{},
                                Layout<Shape<_16, _16, _1>, Stride<_16, _1, _0>>{}));
  show_tiled_mma("sm80_16x8x16_2x2x1_32x32x16",
                 make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>>{},
                                Tile<_32, _32, _16>{}));
  show_tiled_mma("sm80_16x8x16_2x2x1", make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{},
                                                      Layout<Shape<_2, _2, _1>>{}));
  show_tiled_mma("sm80_16x8x8_2x2x1", make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN{},
                                                     Layout<Shape<_2, _2, _1>>{}));
  show_tiled_mma("sm80_16x8x8_1x2x1_16x32x16",
                 make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN{}, Layout<Shape<_1, _2, _1>>{},
                                Tile<_16, _32, _16>{}));
  show_tiled_mma("sm80_16x8x16_atom", make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}));

  // ---- partition_C through an identity tensor (issue 3 and 4's worked example)
  {
    printf("@@ partition_C_identity\n");
    auto mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>>{},
                              Tile<_32, _32, _16>{});
    Tensor cC = make_identity_tensor(make_shape(512, 512));
    Tensor gC = local_tile(cC, make_shape(_128{}, _128{}), make_coord(1, 1));
    auto thr = mma.get_slice(1);
    Tensor tC = thr.partition_C(gC);
    print(tC); print("\n");
    print(tC(make_coord(1, 1), 2, 3)); print("\n");
    print(thr.partition_fragment_C(gC).layout()); print("\n");
    Tensor cA = make_identity_tensor(make_shape(512, 64));
    Tensor gA = local_tile(cA, make_shape(_128{}, _16{}), make_coord(1, 0));
    print(thr.partition_A(gA)); print("\n");
    print(thr.partition_B(gA)); print("\n");
    print(partition_shape_C(mma, make_shape(_128{}, _128{}))); print("\n");
  }

  // ---- Copy atoms
  {
    printf("@@ Copy_Atom_UniversalCopy_uint128_float\n");
    print(Copy_Atom<UniversalCopy<uint128_t>, float>{});
    printf("@@ Copy_Atom_UniversalCopy_float_float\n");
    print(Copy_Atom<UniversalCopy<float>, float>{});
    printf("@@ Copy_Atom_UniversalCopy_uint64_half\n");
    print(Copy_Atom<UniversalCopy<uint64_t>, half_t>{});
  }

  // ---- TiledCopies
  show_tiled_copy("copy_128b_32x8_4x1",
                  make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{},
                                  Layout<Shape<_32, _8>>{}, Layout<Shape<_4, _1>>{}));
  show_tiled_copy("copy_f32_32x8k_1x1",
                  make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{},
                                  Layout<Shape<_32, _8>, Stride<_8, _1>>{},
                                  Layout<Shape<_1, _1>>{}));
  show_tiled_copy("copy_64b_16x8_2x2",
                  make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>, float>{},
                                  Layout<Shape<_16, _8>, Stride<_8, _1>>{},
                                  Layout<Shape<_2, _2>>{}));
  {
    printf("@@ thr_copy_partition\n");
    auto copy = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{},
                                Layout<Shape<_32, _8>>{}, Layout<Shape<_4, _1>>{});
    auto thr = copy.get_slice(37);
    Tensor gA = make_tensor(make_gmem_ptr((float*)0), make_layout(make_shape(_128{}, _8{}, 5), make_stride(_1{}, 1024, 8 * 1024)));
    Tensor sA = make_tensor(make_smem_ptr((float*)0), make_layout(make_shape(_128{}, _8{})));
    Tensor tAgA = thr.partition_S(gA);
    Tensor tAsA = thr.partition_D(sA);
    print(tAgA.layout()); print("\n");
    print(tAsA.layout()); print("\n");
    Tensor tArA = make_fragment_like(tAsA);
    print(tArA.layout()); print("\n");
    print(thr.retile_D(tArA).layout()); print("\n");
    print(thr.retile_S(tArA).layout()); print("\n");
    Tensor cC = make_identity_tensor(make_shape(_128{}, _8{}));
    print(thr.partition_S(cC)); print("\n");
  }
}
