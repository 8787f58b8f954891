// Reference SVGs of C++ CuTe 4.2's print_svg(TiledMMA) (cute/util/print_svg.hpp; 4.2 has
// print_svg only for MMA atoms and TiledMMAs). Each case prints "@@ <name>", the tile and
// the TiledMMA's get_layoutA/B/C_TV, then the SVG. Regenerate with:
//   /work/shared/tools/cute-cpp tests/cpp/print_svg.cpp > tests/cpp/print_svg.expected
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/util/print_svg.hpp>
using namespace cute;

template <class TiledMma>
void show(const char* name, TiledMma const& mma) {
  printf("@@ %s\n", name);
  print("TileShape: "); print(tile_shape(mma)); print("\n");
  print("LayoutA_TV: "); print(mma.get_layoutA_TV()); print("\n");
  print("LayoutB_TV: "); print(mma.get_layoutB_TV()); print("\n");
  print("LayoutC_TV: "); print(mma.get_layoutC_TV()); print("\n");
  print_svg(mma);
}

int main() {
  show("sm80_16x8x16_f16_atom", make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}));
  show("sm80_16x8x16_f16_221_tile_32x32x16",
       make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{},
                      Tile<_32,_32,_16>{}));
  show("sm80_16x8x8_f16_atom", make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN{}));
  show("universal_fma_4x4x1", make_tiled_mma(UniversalFMA<float>{}, Layout<Shape<_4,_4,_1>>{}));
}
