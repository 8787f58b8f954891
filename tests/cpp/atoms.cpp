// Reference output of C++ CuTe for the atoms (cute-core/src/atom/): the atoms' TV layouts,
// the TiledMMAs' get_layoutA/B/C_TV and tile sizes, the TiledCopies' get_layoutS/D_TV, and
// partitions through ThrMMA / ThrCopy. Regenerate with:
//   /work/shared/tools/cute-cpp tests/cpp/atoms.cpp > tests/cpp/atoms.expected
// Each case starts with a line "@@ <name>"; the Rust tests quote the lines that follow.
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
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

template <class Op>
void show_copy_traits(const char* name) {
  printf("@@ %s\n", name);
  using T = Copy_Traits<Op>;
  print("ThrID: "); print(typename T::ThrID{}); print("\n");
  print("SrcLayout: "); print(typename T::SrcLayout{}); print("\n");
  print("DstLayout: "); print(typename T::DstLayout{}); print("\n");
  print("RefLayout: "); print(typename T::RefLayout{}); print("\n");
}

template <class Atom>
void show_copy_atom(const char* name, Atom const& atom) {
  printf("@@ %s\n", name);
  print(atom);
}

// Threads t: the coordinates thread t's partition_S / partition_D of an identity tensor of the
// given shape holds (ArithTuple tensors print their coordinates).
template <class TiledCopy, class Shape>
void show_copy_partitions(const char* name, TiledCopy const& copy, Shape const& shape,
                          std::initializer_list<int> threads) {
  printf("@@ %s\n", name);
  Tensor id = make_identity_tensor(shape);
  for (int t : threads) {
    auto thr = copy.get_slice(t);
    printf("%d S: ", t); print(thr.partition_S(id)); print("\n");
    printf("%d D: ", t); print(thr.partition_D(id)); print("\n");
  }
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

  // ---- partition_C through an identity tensor (the worked example of tests/atom_mma_atom.rs)
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
  // ---- The SM80 MMA atoms
  show_mma_atom("SM80_16x8x8_F16F16F16F16_TN", MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>{});
  show_mma_atom("SM80_16x8x16_F16F16F16F16_TN", MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{});
  show_mma_atom("SM80_16x8x8_F32BF16BF16F32_TN", MMA_Atom<SM80_16x8x8_F32BF16BF16F32_TN>{});
  show_mma_atom("SM80_16x8x16_F32BF16BF16F32_TN", MMA_Atom<SM80_16x8x16_F32BF16BF16F32_TN>{});
  show_mma_atom("SM80_16x8x4_F32TF32TF32F32_TN", MMA_Atom<SM80_16x8x4_F32TF32TF32F32_TN>{});
  show_mma_atom("SM80_16x8x8_F32TF32TF32F32_TN", MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>{});
  show_mma_atom("SM80_8x8x4_F64F64F64F64_TN", MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>{});
  show_mma_atom("SM80_16x8x32_S32S8S8S32_TN", MMA_Atom<SM80_16x8x32_S32S8S8S32_TN>{});

  // ---- TiledMMAs of the SM80 atoms
  show_tiled_mma("f16_16x8x16_221", make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{},
                                                   Layout<Shape<_2, _2, _1>>{}));
  show_tiled_mma("f16_16x8x16_421", make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{},
                                                   Layout<Shape<_4, _2, _1>>{}));
  show_tiled_mma("f16_16x8x16_241", make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{},
                                                   Layout<Shape<_2, _4, _1>>{}));
  show_tiled_mma("f16_16x8x16_221_32x32x16",
                 make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2, _2>>{},
                                Tile<_32, _32, _16>{}));
  show_tiled_mma("f16_16x8x16_421_64x32x16",
                 make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_4, _2, _1>>{},
                                Tile<_64, _32, _16>{}));
  show_tiled_mma("f16_16x8x16_241_32x64x16",
                 make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2, _4, _1>>{},
                                Tile<_32, _64, _16>{}));
  show_tiled_mma("f16_16x8x8_421", make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{},
                                                  Layout<Shape<_4, _2, _1>>{}));
  show_tiled_mma("bf16_16x8x16_241_32x64x16",
                 make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN{}, Layout<Shape<_2, _4, _1>>{},
                                Tile<_32, _64, _16>{}));
  show_tiled_mma("bf16_16x8x8_221", make_tiled_mma(SM80_16x8x8_F32BF16BF16F32_TN{},
                                                   Layout<Shape<_2, _2, _1>>{}));
  show_tiled_mma("tf32_16x8x4_221", make_tiled_mma(SM80_16x8x4_F32TF32TF32F32_TN{},
                                                   Layout<Shape<_2, _2, _1>>{}));
  show_tiled_mma("tf32_16x8x8_421_64x32x8",
                 make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_4, _2, _1>>{},
                                Tile<_64, _32, _8>{}));
  show_tiled_mma("f64_8x8x4_241", make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{},
                                                 Layout<Shape<_2, _4, _1>>{}));
  show_tiled_mma("f64_8x8x4_221_16x32x4",
                 make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{}, Layout<Shape<_2, _2, _1>>{},
                                Tile<_16, _32, _4>{}));
  show_tiled_mma("s8_16x8x32_221", make_tiled_mma(SM80_16x8x32_S32S8S8S32_TN{},
                                                  Layout<Shape<_2, _2, _1>>{}));
  show_tiled_mma("s8_16x8x32_421_64x16x32",
                 make_tiled_mma(SM80_16x8x32_S32S8S8S32_TN{}, Layout<Shape<_4, _2, _1>>{},
                                Tile<_64, _16, _32>{}));
  {
    printf("@@ print_tutorial_mma\n");
    print(make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2, _2>>{},
                         Tile<_32, _32, _16>{}));
  }

  // ---- Copy traits of ldmatrix and cp.async
  show_copy_traits<SM75_U32x1_LDSM_N>("SM75_U32x1_LDSM_N");
  show_copy_traits<SM75_U32x2_LDSM_N>("SM75_U32x2_LDSM_N");
  show_copy_traits<SM75_U32x4_LDSM_N>("SM75_U32x4_LDSM_N");
  show_copy_traits<SM75_U16x2_LDSM_T>("SM75_U16x2_LDSM_T");
  show_copy_traits<SM75_U16x4_LDSM_T>("SM75_U16x4_LDSM_T");
  show_copy_traits<SM75_U16x8_LDSM_T>("SM75_U16x8_LDSM_T");
  show_copy_traits<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>>("SM80_CP_ASYNC_CACHEALWAYS_uint128");
  show_copy_traits<SM80_CP_ASYNC_CACHEALWAYS<uint64_t>>("SM80_CP_ASYNC_CACHEALWAYS_uint64");
  show_copy_traits<SM80_CP_ASYNC_CACHEALWAYS<float>>("SM80_CP_ASYNC_CACHEALWAYS_float");
  show_copy_traits<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>>("SM80_CP_ASYNC_CACHEGLOBAL_uint128");
  show_copy_traits<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint64_t>>(
      "SM80_CP_ASYNC_CACHEALWAYS_ZFILL_uint64");
  show_copy_traits<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>>(
      "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL_uint128");

  show_copy_atom("Copy_Atom_U32x1_LDSM_N_half", Copy_Atom<SM75_U32x1_LDSM_N, half_t>{});
  show_copy_atom("Copy_Atom_U32x2_LDSM_N_half", Copy_Atom<SM75_U32x2_LDSM_N, half_t>{});
  show_copy_atom("Copy_Atom_U32x4_LDSM_N_half", Copy_Atom<SM75_U32x4_LDSM_N, half_t>{});
  show_copy_atom("Copy_Atom_U16x2_LDSM_T_half", Copy_Atom<SM75_U16x2_LDSM_T, half_t>{});
  show_copy_atom("Copy_Atom_U16x4_LDSM_T_half", Copy_Atom<SM75_U16x4_LDSM_T, half_t>{});
  show_copy_atom("Copy_Atom_U16x8_LDSM_T_half", Copy_Atom<SM75_U16x8_LDSM_T, half_t>{});
  show_copy_atom("Copy_Atom_CP_ASYNC_CACHEALWAYS_uint128_half",
                 Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{});
  show_copy_atom("Copy_Atom_CP_ASYNC_CACHEALWAYS_uint128_float",
                 Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, float>{});
  show_copy_atom("Copy_Atom_CP_ASYNC_CACHEALWAYS_float_float",
                 Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<float>, float>{});
  show_copy_atom("Copy_Atom_CP_ASYNC_CACHEGLOBAL_uint128_half",
                 Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{});
  show_copy_atom("Copy_Atom_CP_ASYNC_CACHEGLOBAL_ZFILL_uint128_half",
                 Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>, half_t>{});

  // ---- The TiledCopies of the tutorial sgemm_sm80.cu (gemm_tn, half_t)
  {
    auto mmaC = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2, _2>>{},
                               Tile<_32, _32, _16>{});
    auto copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                                 Layout<Shape<_16, _8>, Stride<_8, _1>>{},
                                 Layout<Shape<_1, _8>>{});
    show_tiled_copy("tutorial_copyA", copyA);
    printf("@@ print_tutorial_copyA\n");
    print(copyA);
    show_copy_partitions("tutorial_copyA_partitions", copyA, make_shape(_128{}, _64{}),
                         {0, 1, 8, 37, 127});
    auto s2r_a = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mmaC);
    auto s2r_b = make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mmaC);
    show_tiled_copy("tutorial_s2r_A", s2r_a);
    show_tiled_copy("tutorial_s2r_B", s2r_b);
    printf("@@ print_tutorial_s2r_A\n");
    print(s2r_a);
    show_copy_partitions("tutorial_s2r_A_partitions", s2r_a, make_shape(_128{}, _64{}),
                         {0, 1, 8, 37, 127});
    show_copy_partitions("tutorial_s2r_B_partitions", s2r_b, make_shape(_128{}, _64{}),
                         {0, 1, 37, 127});
    // The smem layouts and the register fragments the s2r copies fill.
    printf("@@ tutorial_smem\n");
    auto swizzle_atom = composition(Swizzle<3, 3, 3>{},
                                    Layout<Shape<_8, Shape<_8, _8>>, Stride<_8, Stride<_1, _64>>>{});
    auto sA = tile_to_shape(swizzle_atom, make_shape(_128{}, _64{}, _3{}));
    print(swizzle_atom); print("\n");
    print(sA); print("\n");
    uint64_t h = 0;
    for (int i = 0; i < size(sA); ++i) h = h * 1000003u + uint64_t(sA(i));
    printf("size %d cosize %d hash %llu\n", int(size(sA)), int(cosize(sA)), (unsigned long long)h);
    for (int i : {0, 1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 1000, 8191, 8192, 12345, 24575})
      printf("%d -> %d\n", i, int(sA(i)));
    for (int m : {0, 1, 5, 127})
      for (int k : {0, 8, 17, 63})
        printf("(%d,%d,1) -> %d\n", m, k, int(sA(m, k, 1)));
    auto thr = mmaC.get_slice(37);
    Tensor sAt = make_tensor(make_smem_ptr((half_t*)nullptr), sA);
    Tensor tCrA = thr.partition_fragment_A(sAt(_, _, 0));
    print(tCrA.layout()); print("\n");
    auto s2r_thr_a = s2r_a.get_slice(37);
    print(s2r_thr_a.retile_D(tCrA).layout()); print("\n");
    Tensor tCrB = thr.partition_fragment_B(sAt(_, _, 0));
    print(tCrB.layout()); print("\n");
    print(s2r_b.get_slice(37).retile_D(tCrB).layout()); print("\n");
  }
  // ldmatrix.trans: an MN-major B operand through SM75_U16x8_LDSM_T
  {
    auto mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2, _2>>{},
                              Tile<_32, _32, _16>{});
    auto s2r_b = make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, mma);
    show_tiled_copy("s2r_B_LDSM_T", s2r_b);
    show_copy_partitions("s2r_B_LDSM_T_partitions", s2r_b, make_shape(_32{}, _16{}), {0, 1, 37});
  }
  // the float cp.async copies of the tutorial's SIMT kernels (gemm_nt / gemm_tn with float)
  {
    auto nt = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, float>{},
                              Layout<Shape<_32, _8>>{}, Layout<Shape<_4, _1>>{});
    show_tiled_copy("tutorial_nt_copyA_float", nt);
    auto tn = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<float>, float>{},
                              Layout<Shape<_32, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _1>>{});
    show_tiled_copy("tutorial_tn_copyA_float", tn);
  }
  {
    printf("@@ print_numeric\n");
    print(half_t(1.5f)); print("\n");
    print(half_t(-0.0078125f)); print("\n");
    print(half_t(65504.0f)); print("\n");
    print(half_t(1.0e6f)); print("\n");
    print(bfloat16_t(3.140625f)); print("\n");
    print(bfloat16_t(1.0e20f)); print("\n");
    print(tfloat32_t(0.1f)); print("\n");
    print(tfloat32_t(-2.5e-6f)); print("\n");
    // (tfloat32_t(float) rounds half away from zero; no ties among these values)
    printf("%04x %04x %04x\n", bfloat16_t(1.0f + 1.0f / 256.0f).raw(),
           bfloat16_t(1.0f + 3.0f / 256.0f).raw(), half_t(1.0f + 1.0f / 2048.0f).raw());
  }
}
