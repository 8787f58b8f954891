// Expected values for `cute eval` of TiledMMA / TiledCopy expressions: each case prints
// "@@ <the cute expression>" and then what C++ CuTe 4.2 prints for the same object.
// host/src/eval.rs's `tiled_values_print_as_cute` evaluates each expression and compares.
// Regenerate with:
//   /work/shared/tools/cute-cpp host/tests/cpp/tiled.cpp > host/tests/data/tiled.expected
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
using namespace cute;
using namespace cute::SM90;

template <class T>
void show(const char* expr, T const& x) {
  printf("@@ %s\n", expr);
  print(x);
  printf("\n");
}

#define SM80_221 "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (32,32,16))"
#define COPY_U128 "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>, (32,8):(8,1), (1,4))"

int main() {
  auto mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{});
  show(SM80_221, mma);
  show(SM80_221 ".get_layoutA_TV()", mma.get_layoutA_TV());
  show(SM80_221 ".get_layoutB_TV()", mma.get_layoutB_TV());
  show(SM80_221 ".get_layoutC_TV()", mma.get_layoutC_TV());
  show("tile_size<1>(" SM80_221 ")", tile_size<1>(mma));
  show("size(" SM80_221 ")", size(mma));
  int t3 = 3, t37 = 37, t127 = 127;
  show(SM80_221 ".get_slice(3)", mma.get_slice(t3));
  show(SM80_221 ".get_slice(3).partition_C(make_identity_tensor((_64,_64)))",
       mma.get_slice(t3).partition_C(make_identity_tensor(make_shape(_64{}, _64{}))));
  show(SM80_221 ".get_slice(3).partition_A(make_identity_tensor((64,32)))",
       mma.get_slice(t3).partition_A(make_identity_tensor(make_shape(64, 32))));
  show(SM80_221 ".get_slice(37).partition_A(make_identity_tensor((_64,_32)))",
       mma.get_slice(t37).partition_A(make_identity_tensor(make_shape(_64{}, _32{}))));
  show(SM80_221 ".get_slice(127).partition_B(make_identity_tensor((_64,_32)))",
       mma.get_slice(t127).partition_B(make_identity_tensor(make_shape(_64{}, _32{}))));
  show(SM80_221 ".get_slice(_5).partition_C(make_identity_tensor((_32,_32)))",
       mma.get_slice(_5{}).partition_C(make_identity_tensor(make_shape(_32{}, _32{}))));

  auto perm = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{},
                             Tile<Layout<Shape<_16,_2>,Stride<_1,_32>>,_32,_16>{});
  show("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), ((16,2):(1,32),32,16)).get_layoutC_TV()",
       perm.get_layoutC_TV());
  show("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), ((16,2):(1,32),32,16))", perm);

  auto f16 = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{});
  show("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{})", f16);
  show("MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>", MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>{});
  auto tf32 = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_2,_2,_1>>{});
  show("make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, (2,2,1)).get_layoutA_TV()", tf32.get_layoutA_TV());
  auto f64 = make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{}, Layout<Shape<_1,_2,_1>>{});
  show("make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN, (1,2,1)).get_layoutB_TV()", f64.get_layoutB_TV());
  auto s8 = make_tiled_mma(SM80_16x8x32_S32S8S8S32_TN{});
  show("make_tiled_mma(SM80_16x8x32_S32S8S8S32_TN).get_layoutA_TV()", s8.get_layoutA_TV());

  // sgemm_1 and sgemm_2's TiledMMAs
  auto fma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{});
  show("make_tiled_mma(UniversalFMA<float,float,float>, (16,16,1))", fma);
  show("make_tiled_mma(UniversalFMA<float,float,float>, (16,16,1)).get_slice(17).partition_C(make_identity_tensor((_128,_128)))",
       fma.get_slice(17).partition_C(make_identity_tensor(make_shape(_128{}, _128{}))));
  auto fma2 = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{},
                             Tile<Layout<Shape<_16,_4,_2>,Stride<_4,_1,_64>>,
                                  Layout<Shape<_16,_4,_2>,Stride<_4,_1,_64>>, _1>{});
  show("make_tiled_mma(UniversalFMA<float,float,float>, (16,16,1), ((16,4,2):(4,1,64),(16,4,2):(4,1,64),1)).get_slice(17).partition_A(make_identity_tensor((_128,_8)))",
       fma2.get_slice(17).partition_A(make_identity_tensor(make_shape(_128{}, _8{}))));

  // GMMA
  auto g = make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
  show("make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>{})", g);
  show("make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>{}).get_slice(77).partition_C(make_identity_tensor((_128,_128)))",
       g.get_slice(77).partition_C(make_identity_tensor(make_shape(_128{}, _128{}))));
  auto g2 = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{}, Layout<Shape<_2,_1,_1>>{});
  show("make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>, (2,1,1)).get_layoutC_TV()", g2.get_layoutC_TV());
  show("make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>, (2,1,1)).get_layoutA_TV()", g2.get_layoutA_TV());
  auto rs = make_tiled_mma(SM90_64x32x16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::MN>{});
  show("make_tiled_mma(SM90_64x32x16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::MN>).get_layoutA_TV()", rs.get_layoutA_TV());

  // TiledCopy
  auto cp = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{}, Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_4>>{});
  show(COPY_U128, cp);
  show(COPY_U128 ".get_layoutS_TV()", cp.get_layoutS_TV());
  show(COPY_U128 ".get_slice(5).partition_S(make_identity_tensor((_128,_32)))",
       cp.get_slice(5).partition_S(make_identity_tensor(make_shape(_128{}, _32{}))));
  show(COPY_U128 ".get_slice(200).partition_D(make_identity_tensor((_32,_64)))",
       cp.get_slice(200).partition_D(make_identity_tensor(make_shape(_32{}, _64{}))));
  auto cp1 = make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{}, Layout<Shape<_32,_8>>{});
  show("make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>, (32,8)).get_slice(33).partition_S(make_identity_tensor((_128,_8)))",
       cp1.get_slice(33).partition_S(make_identity_tensor(make_shape(_128{}, _8{}))));
  auto ca = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                            Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{});
  show("make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, (16,8):(8,1), (1,8))", ca);
  show("make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, (16,8):(8,1), (1,8)).get_slice(9).partition_S(make_identity_tensor((_128,_64)))",
       ca.get_slice(9).partition_S(make_identity_tensor(make_shape(_128{}, _64{}))));

  auto hmma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{});
  auto ldsm = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, hmma);
  show("Copy_Atom<SM75_U32x4_LDSM_N, half_t>", Copy_Atom<SM75_U32x4_LDSM_N, half_t>{});
  show("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1), (32,32,16)))", ldsm);
  show("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1), (32,32,16))).get_layoutS_TV()", ldsm.get_layoutS_TV());
  show("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1), (32,32,16))).get_layoutD_TV()", ldsm.get_layoutD_TV());
  show("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1), (32,32,16))).get_slice(9).partition_S(make_identity_tensor((_128,_32)))",
       ldsm.get_slice(9).partition_S(make_identity_tensor(make_shape(_128{}, _32{}))));
  auto ldsmt = make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, hmma);
  show("make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1), (32,32,16))).get_slice(40).partition_S(make_identity_tensor((_64,_32)))",
       ldsmt.get_slice(40).partition_S(make_identity_tensor(make_shape(_64{}, _32{}))));
  show("make_identity_tensor((_4,_8))", make_identity_tensor(make_shape(_4{}, _8{})));
  show("make_identity_tensor((4,8,2))", make_identity_tensor(make_shape(4, 8, 2)));
}
