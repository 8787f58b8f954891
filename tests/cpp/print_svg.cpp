// Reference SVGs of C++ CuTe 4.2's print_svg(TiledMMA) (cute/util/print_svg.hpp; 4.2 has
// print_svg only for MMA atoms and TiledMMAs), then print_latex of layouts and TV layouts. Each case prints "@@ <name>", the tile and
// the TiledMMA's get_layoutA/B/C_TV, then the SVG. Regenerate with:
//   /work/shared/tools/cute-cpp tests/cpp/print_svg.cpp > tests/cpp/print_svg.expected
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
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

void latex_cases();

int main() {
  show("sm80_16x8x16_f16_atom", make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}));
  show("sm80_16x8x16_f16_221_tile_32x32x16",
       make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{},
                      Tile<_32,_32,_16>{}));
  show("sm80_16x8x8_f16_atom", make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN{}));
  show("universal_fma_4x4x1", make_tiled_mma(UniversalFMA<float>{}, Layout<Shape<_4,_4,_1>>{}));
  // a warpgroup's GMMA: 128 threads share each A and B cell (stride-0 thread modes), so the
  // pictures hold far fewer cells than (thread, value) pairs
  show("sm90_64x8x16_f16_ss",
       make_tiled_mma(SM90_64x8x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{}));
  latex_cases();
}

// print_latex of layouts and TV layouts (CuTe 4.2 has no print_svg for them): the cells,
// labels and colours our print_svg_layout / print_svg_tv draw. "@@ latex <name>" cases.
template <class L>
void latex(const char* name, L const& layout) {
  printf("@@ latex %s\n", name);
  print_latex(layout);
}

template <class Copy>
void latex_copy(const char* name, Copy const& copy) {
  printf("@@ latex %s\n", name);
  auto tile = typename Copy::Tiler_MN{};
  auto shape_mn = product_each(shape(tile));
  print("Tile: "); print(shape_mn); print("\n");
  print_latex_tv(composition(make_identity_tensor(shape_mn), copy.get_layoutS_TV()), shape_mn);
}

void latex_cases() {
  latex("row_major_4x8", Layout<Shape<_4,_8>, Stride<_8,_1>>{});
  latex("col_major_4x8", Layout<Shape<_4,_8>, Stride<_1,_4>>{});
  latex("hier_2x2x2", make_layout(make_shape(_4{}, make_shape(_2{}, _2{})), make_stride(_2{}, make_stride(_1{}, _8{}))));
  latex("padded_8x4", Layout<Shape<_8,_4>, Stride<_1,_9>>{});
  latex("sw333_8x64", composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{}));
  latex_copy("copy_32x8_thr", make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{},
                                              Layout<Shape<_32,_8>, Stride<_8,_1>>{}));
  latex_copy("copy_u128_32x8_1x4", make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{},
                                                   Layout<Shape<_32,_8>, Stride<_8,_1>>{},
                                                   Layout<Shape<_1,_4>>{}));
}
