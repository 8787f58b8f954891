// Expected values for `cute eval` of the 8-bit float GMMA atoms (SM90_64xNx32_*_TN): each case
// prints "@@ <the cute expression>" and then what C++ CuTe 4.2 prints for the same object.
// host/tests/cli.rs's `fp8_gmma_atoms_print_as_cute` runs each expression through `cute eval`
// and compares. Regenerate with:
//   /work/shared/tools/cute-cpp host/tests/cpp/tiled_fp8.cpp > host/tests/data/tiled_fp8.expected
// The N that are not in {8,16,32,64,96,128,192,256} are declared only with this macro.
#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;
using namespace cute::SM90;

template <class T>
void show(const char* expr, T const& x) {
  printf("@@ %s\n", expr);
  print(x);
  printf("\n");
}

int main() {
  show("make_tiled_mma(SM90_64x64x32_F32E4M3E4M3_SS_TN{})",
       make_tiled_mma(SM90_64x64x32_F32E4M3E4M3_SS_TN<>{}));
  show("MMA_Atom<SM90_64x256x32_F32E5M2E5M2_RS_TN>",
       MMA_Atom<SM90_64x256x32_F32E5M2E5M2_RS_TN<>>{});
  auto rs = make_tiled_mma(SM90_64x128x32_F16E5M2E4M3_RS_TN<GMMA::ScaleIn::Neg, GMMA::ScaleIn::One>{},
                           Layout<Shape<_2, _1, _1>>{});
  show("make_tiled_mma(SM90_64x128x32_F16E5M2E4M3_RS_TN<GMMA::ScaleIn::Neg,GMMA::ScaleIn::One>, (2,1,1)).get_layoutA_TV()",
       rs.get_layoutA_TV());
  show("make_tiled_mma(SM90_64x128x32_F16E5M2E4M3_RS_TN<GMMA::ScaleIn::Neg,GMMA::ScaleIn::One>, (2,1,1)).get_layoutC_TV()",
       rs.get_layoutC_TV());
  auto ss = make_tiled_mma(SM90_64x8x32_F16E4M3E5M2_SS_TN<>{}, Layout<Shape<_1, _2, _1>>{});
  show("make_tiled_mma(SM90_64x8x32_F16E4M3E5M2_SS_TN, (1,2,1)).get_layoutB_TV()",
       ss.get_layoutB_TV());
  show("tile_shape(make_tiled_mma(SM90_64x8x32_F16E4M3E5M2_SS_TN, (1,2,1)))", tile_shape(ss));
  show("make_tiled_mma(SM90_64x24x32_F32E4M3E5M2_SS_TN).get_layoutC_TV()",
       make_tiled_mma(SM90_64x24x32_F32E4M3E5M2_SS_TN<>{}).get_layoutC_TV());
  auto ext = make_tiled_mma(SM90_64x248x32_F32E5M2E4M3_RS_TN<>{});
  show("make_tiled_mma(SM90_64x248x32_F32E5M2E4M3_RS_TN).get_slice(77).partition_C(make_identity_tensor((_64,_248)))",
       ext.get_slice(77).partition_C(make_identity_tensor(Shape<_64, _248>{})));
  show("make_tiled_mma(SM90_64x248x32_F32E5M2E4M3_RS_TN).get_slice(77).partition_A(make_identity_tensor((_64,_32)))",
       ext.get_slice(77).partition_A(make_identity_tensor(Shape<_64, _32>{})));
  return 0;
}
