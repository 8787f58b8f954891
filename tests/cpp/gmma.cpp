// Reference output of C++ CuTe for the Hopper GMMA atoms (cute-core/src/atom/
// mma_traits_sm90_gmma.rs, arch/mma_sm90_desc.rs): the smem layout atoms, their tile_to_shape
// over the tutorials' (128,64,3) stages (printed, and a hash of the offsets at every index),
// GMMA descriptors of (64,16) blocks of those stages, and the MMA atoms' layouts. Regenerate:
//   /work/shared/tools/cute-cpp tests/cpp/gmma.cpp > tests/cpp/gmma.expected
// Each case starts with "@@ <name>". On the host cast_smem_ptr_to_uint returns 0 (and prints an
// ERROR line), so each descriptor's start address is 0 here; "offset" gives the block's first
// element relative to the stage tensor's start (the Rust tests add a base address).
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;
using namespace cute::SM90;

// FNV-style hash of layout(i) for i in [0, size): the offsets at every index, in one number.
template <class L>
unsigned long long offsets_hash(L const& l) {
  unsigned long long h = 1469598103934665603ull;
  for (int i = 0; i < int(size(l)); ++i) {
    h = (h ^ (unsigned long long)(long long)l(i)) * 1099511628211ull;
  }
  return h;
}

template <class Atom>
void show_atom(const char* name, Atom const& a) {
  printf("@@ %s\n", name);
  print(a); printf("\n");
  auto s = tile_to_shape(a, make_shape(Int<128>{}, Int<64>{}, Int<3>{}));
  print(s); printf("\n");
  printf("hash %llu\n", offsets_hash(s));
}

template <GMMA::Major M, class T, class Atom>
void show_desc(const char* name, Atom const& atom) {
  alignas(1024) static T smem[128 * 64 * 3];
  auto layout = tile_to_shape(atom, make_shape(Int<128>{}, Int<64>{}, Int<3>{}));
  Tensor sA = make_tensor(make_smem_ptr(smem), layout);
  int ks[3][3] = {{0, 0, 0}, {1, 0, 1}, {1, 3, 2}};
  for (auto& mk : ks) {
    Tensor blk = local_tile(sA(_, _, mk[2]), Shape<_64, _16>{}, make_coord(mk[0], mk[1]));
    printf("@@ %s m%d k%d stage%d\n", name, mk[0], mk[1], mk[2]);
    print(blk.layout()); printf("\n");
    printf("offset %d\n", int(raw_pointer_cast(blk.data()) - smem));
    GmmaDescriptor d = GMMA::make_gmma_desc<M>(blk);
    print(d);
  }
}

template <class Mma>
void show_tiled_mma(const char* name, Mma const& mma) {
  printf("@@ %s\n", name);
  print(typename Mma::Atom{});
  print("ThrLayoutVMNK: "); print(mma.get_thr_layout_vmnk()); print("\n");
  print("TileShape: "); print(tile_shape(mma)); print("\n");
  print("LayoutA_TV: "); print(mma.get_layoutA_TV()); print("\n");
  print("LayoutB_TV: "); print(mma.get_layoutB_TV()); print("\n");
  print("LayoutC_TV: "); print(mma.get_layoutC_TV()); print("\n");
}

template <class Op>
void show_mma_atom(const char* name) {
  printf("@@ %s\n", name);
  print(MMA_Atom<Op>{});
}

int main() {
  // ---- smem layout atoms and their stages
  show_atom("Layout_K_INTER_Atom<half_t>", GMMA::Layout_K_INTER_Atom<half_t>{});
  show_atom("Layout_K_SW32_Atom<half_t>", GMMA::Layout_K_SW32_Atom<half_t>{});
  show_atom("Layout_K_SW64_Atom<half_t>", GMMA::Layout_K_SW64_Atom<half_t>{});
  show_atom("Layout_K_SW128_Atom<half_t>", GMMA::Layout_K_SW128_Atom<half_t>{});
  show_atom("Layout_MN_INTER_Atom<half_t>", GMMA::Layout_MN_INTER_Atom<half_t>{});
  show_atom("Layout_MN_SW32_Atom<half_t>", GMMA::Layout_MN_SW32_Atom<half_t>{});
  show_atom("Layout_MN_SW64_Atom<half_t>", GMMA::Layout_MN_SW64_Atom<half_t>{});
  show_atom("Layout_MN_SW128_Atom<half_t>", GMMA::Layout_MN_SW128_Atom<half_t>{});
  show_atom("Layout_K_SW128_Atom<float>", GMMA::Layout_K_SW128_Atom<float>{});
  show_atom("Layout_MN_SW64_Atom<uint8_t>", GMMA::Layout_MN_SW64_Atom<uint8_t>{});

  // ---- descriptors of (64,16) blocks of half_t stages
  show_desc<GMMA::Major::K, half_t>("desc K_SW128", GMMA::Layout_K_SW128_Atom<half_t>{});
  show_desc<GMMA::Major::K, half_t>("desc K_SW64", GMMA::Layout_K_SW64_Atom<half_t>{});
  show_desc<GMMA::Major::K, half_t>("desc K_SW32", GMMA::Layout_K_SW32_Atom<half_t>{});
  show_desc<GMMA::Major::K, half_t>("desc K_INTER", GMMA::Layout_K_INTER_Atom<half_t>{});
  show_desc<GMMA::Major::MN, half_t>("desc MN_SW128", GMMA::Layout_MN_SW128_Atom<half_t>{});
  show_desc<GMMA::Major::MN, half_t>("desc MN_SW64", GMMA::Layout_MN_SW64_Atom<half_t>{});
  show_desc<GMMA::Major::MN, half_t>("desc MN_SW32", GMMA::Layout_MN_SW32_Atom<half_t>{});
  show_desc<GMMA::Major::MN, half_t>("desc MN_INTER", GMMA::Layout_MN_INTER_Atom<half_t>{});

  // ---- the descriptor the tutorial's partition_fragment_A makes equals the block's
  {
    alignas(1024) static half_t smem[128 * 64 * 3];
    auto layout = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{},
                                make_shape(Int<128>{}, Int<64>{}, Int<3>{}));
    Tensor sA = make_tensor(make_smem_ptr(smem), layout);
    auto mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K, GMMA::Major::K>{});
    Tensor tCsA = mma.get_slice(0).partition_A(sA);
    printf("@@ partition_A K_SW128\n");
    print(tCsA.layout()); printf("\n");
    Tensor blk = tensor<0>(tCsA(_, 1, 3, 2));
    print(blk.layout()); printf("\n");
    printf("offset %d\n", int(raw_pointer_cast(blk.data()) - smem));
    print(GMMA::make_gmma_desc<GMMA::Major::K>(blk));
  }

  // ---- MMA atoms
  show_mma_atom<SM90_64x8x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>>("SM90_64x8x16_F32F16F16_SS");
  show_mma_atom<SM90_64x16x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>>("SM90_64x16x16_F32F16F16_SS");
  show_mma_atom<SM90_64x32x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>>("SM90_64x32x16_F32F16F16_SS");
  show_mma_atom<SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>>("SM90_64x64x16_F32F16F16_SS");
  show_mma_atom<SM90_64x96x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>>("SM90_64x96x16_F32F16F16_SS");
  show_mma_atom<SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>>("SM90_64x128x16_F32F16F16_SS");
  show_mma_atom<SM90_64x192x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>>("SM90_64x192x16_F32F16F16_SS");
  show_mma_atom<SM90_64x256x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>>("SM90_64x256x16_F32F16F16_SS");
  show_mma_atom<SM90_64x8x16_F32F16F16_RS<GMMA::Major::K, GMMA::Major::MN>>("SM90_64x8x16_F32F16F16_RS");
  show_mma_atom<SM90_64x256x16_F32F16F16_RS<GMMA::Major::K, GMMA::Major::MN>>("SM90_64x256x16_F32F16F16_RS");
  show_mma_atom<SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::MN, GMMA::Major::K>>("SM90_64x128x16_F32BF16BF16_SS");
  show_mma_atom<SM90_64x96x16_F32BF16BF16_RS<GMMA::Major::K, GMMA::Major::K>>("SM90_64x96x16_F32BF16BF16_RS");
  show_mma_atom<SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN, GMMA::Major::MN>>("SM90_64x64x16_F16F16F16_SS");

  // ---- the tutorials' TiledMMAs
  show_tiled_mma("wgmma_sm90 NT", make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN, GMMA::Major::MN>{}));
  show_tiled_mma("wgmma_sm90 TN", make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K, GMMA::Major::K>{}));
  show_tiled_mma("F32F16F16_SS 64x128 2x1x1", make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{}, Layout<Shape<_2, _1, _1>>{}));
  show_tiled_mma("F32F16F16_RS 64x64", make_tiled_mma(SM90_64x64x16_F32F16F16_RS<GMMA::Major::K, GMMA::Major::K>{}));
  return 0;
}
