// C++ CuTe 4.2's print_latex(TiledCopy) of the TiledCopys `cute svg` draws (source panel at
// the left, destination panel N+3 columns right): host/tests/cli.rs's
// `svg_of_tiled_copy_is_cpp_print_latex` compares our SVG's cells with these nodes.
// Regenerate with:
//   /work/shared/tools/cute-cpp host/tests/cpp/tiled_copy_latex.cpp > host/tests/data/tiled_copy_latex.expected
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
using namespace cute;

int main() {
  auto mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{});
  printf("@@ make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2,1), (32,32,16)))\n");
  print_latex(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma));
  printf("@@ make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>, (32,8):(8,1), (1,4))\n");
  print_latex(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{}, Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_4>>{}));
}
