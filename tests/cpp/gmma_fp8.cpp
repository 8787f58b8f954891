// Reference output of C++ CuTe for the 8-bit float GMMA atoms (cute-core/src/atom/
// mma_traits_sm90_gmma.rs, arch/mma_sm90_gmma.rs): the shared-memory layout atoms of
// float_e4m3_t and their tile_to_shape over a (128,128,3) stage (printed, and a hash of the
// offsets at every index), GMMA descriptors of K-major (64,32) blocks of those stages, and for
// each op of a representative set (F32/F16 results, every A and B type, SS and RS, N in
// {8,64,128,256}, a few other N) its value types, its MMA_Atom and the layouts of
// make_tiled_mma(op). Regenerate:
//   /work/shared/tools/cute-cpp tests/cpp/gmma_fp8.cpp > tests/cpp/gmma_fp8.expected
// Each case starts with "@@ <name>". On the host cast_smem_ptr_to_uint returns 0 (and prints an
// ERROR line), so each descriptor's start address is 0 here; "offset" gives the block's first
// element relative to the stage tensor's start.
// The N that are not in {8,16,32,64,96,128,192,256} are declared only with this macro.
#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;
using namespace cute::SM90;

template <class T> const char* type_name();
template <> const char* type_name<float>() { return "float"; }
template <> const char* type_name<half_t>() { return "half_t"; }
template <> const char* type_name<float_e4m3_t>() { return "float_e4m3_t"; }
template <> const char* type_name<float_e5m2_t>() { return "float_e5m2_t"; }

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
  auto s = tile_to_shape(a, make_shape(Int<128>{}, Int<128>{}, Int<3>{}));
  print(s); printf("\n");
  printf("hash %llu\n", offsets_hash(s));
}

template <class T, class Atom>
void show_desc(const char* name, Atom const& atom) {
  alignas(1024) static T smem[128 * 128 * 3];
  auto layout = tile_to_shape(atom, make_shape(Int<128>{}, Int<128>{}, Int<3>{}));
  Tensor sA = make_tensor(make_smem_ptr(smem), layout);
  int ks[3][3] = {{0, 0, 0}, {1, 0, 1}, {1, 3, 2}};
  for (auto& mk : ks) {
    Tensor blk = local_tile(sA(_, _, mk[2]), Shape<_64, _32>{}, make_coord(mk[0], mk[1]));
    printf("@@ %s m%d k%d stage%d\n", name, mk[0], mk[1], mk[2]);
    print(blk.layout()); printf("\n");
    printf("offset %d\n", int(raw_pointer_cast(blk.data()) - smem));
    GmmaDescriptor d = GMMA::make_gmma_desc<GMMA::Major::K>(blk);
    print(d);
  }
}

template <class Op>
void show_op(const char* name) {
  using Tr = MMA_Traits<Op>;
  printf("@@ %s\n", name);
  printf("ValTypeD/A/B/C: %s %s %s %s\n", type_name<typename Tr::ValTypeD>(),
         type_name<typename Tr::ValTypeA>(), type_name<typename Tr::ValTypeB>(),
         type_name<typename Tr::ValTypeC>());
  print(MMA_Atom<Op>{});
  auto mma = make_tiled_mma(Op{});
  print("ThrLayoutVMNK: "); print(mma.get_thr_layout_vmnk()); print("\n");
  print("TileShape: "); print(tile_shape(mma)); print("\n");
  print("LayoutA_TV: "); print(mma.get_layoutA_TV()); print("\n");
  print("LayoutB_TV: "); print(mma.get_layoutB_TV()); print("\n");
  print("LayoutC_TV: "); print(mma.get_layoutC_TV()); print("\n");
}

int main() {
  // ---- smem layout atoms of an 8-bit type and their stages
  show_atom("Layout_K_INTER_Atom<float_e4m3_t>", GMMA::Layout_K_INTER_Atom<float_e4m3_t>{});
  show_atom("Layout_K_SW32_Atom<float_e4m3_t>", GMMA::Layout_K_SW32_Atom<float_e4m3_t>{});
  show_atom("Layout_K_SW64_Atom<float_e4m3_t>", GMMA::Layout_K_SW64_Atom<float_e4m3_t>{});
  show_atom("Layout_K_SW128_Atom<float_e4m3_t>", GMMA::Layout_K_SW128_Atom<float_e4m3_t>{});
  show_atom("Layout_MN_INTER_Atom<float_e4m3_t>", GMMA::Layout_MN_INTER_Atom<float_e4m3_t>{});
  show_atom("Layout_MN_SW32_Atom<float_e4m3_t>", GMMA::Layout_MN_SW32_Atom<float_e4m3_t>{});
  show_atom("Layout_MN_SW64_Atom<float_e4m3_t>", GMMA::Layout_MN_SW64_Atom<float_e4m3_t>{});
  show_atom("Layout_MN_SW128_Atom<float_e5m2_t>", GMMA::Layout_MN_SW128_Atom<float_e5m2_t>{});

  // ---- descriptors of K-major (64,32) blocks (one 8-bit GMMA's A) of those stages
  show_desc<float_e4m3_t>("desc K_SW128", GMMA::Layout_K_SW128_Atom<float_e4m3_t>{});
  show_desc<float_e4m3_t>("desc K_SW64", GMMA::Layout_K_SW64_Atom<float_e4m3_t>{});
  show_desc<float_e4m3_t>("desc K_SW32", GMMA::Layout_K_SW32_Atom<float_e4m3_t>{});
  show_desc<float_e5m2_t>("desc K_INTER", GMMA::Layout_K_INTER_Atom<float_e5m2_t>{});

  // ---- the ops
  show_op<SM90_64x8x32_F32E4M3E4M3_SS_TN<>>("SM90_64x8x32_F32E4M3E4M3_SS_TN");
  show_op<SM90_64x8x32_F32E4M3E4M3_RS_TN<>>("SM90_64x8x32_F32E4M3E4M3_RS_TN");
  show_op<SM90_64x8x32_F16E4M3E4M3_SS_TN<>>("SM90_64x8x32_F16E4M3E4M3_SS_TN");
  show_op<SM90_64x8x32_F16E4M3E4M3_RS_TN<>>("SM90_64x8x32_F16E4M3E4M3_RS_TN");
  show_op<SM90_64x8x32_F32E4M3E5M2_SS_TN<>>("SM90_64x8x32_F32E4M3E5M2_SS_TN");
  show_op<SM90_64x8x32_F32E4M3E5M2_RS_TN<>>("SM90_64x8x32_F32E4M3E5M2_RS_TN");
  show_op<SM90_64x8x32_F16E4M3E5M2_SS_TN<>>("SM90_64x8x32_F16E4M3E5M2_SS_TN");
  show_op<SM90_64x8x32_F16E4M3E5M2_RS_TN<>>("SM90_64x8x32_F16E4M3E5M2_RS_TN");
  show_op<SM90_64x8x32_F32E5M2E4M3_SS_TN<>>("SM90_64x8x32_F32E5M2E4M3_SS_TN");
  show_op<SM90_64x8x32_F32E5M2E4M3_RS_TN<>>("SM90_64x8x32_F32E5M2E4M3_RS_TN");
  show_op<SM90_64x8x32_F16E5M2E4M3_SS_TN<>>("SM90_64x8x32_F16E5M2E4M3_SS_TN");
  show_op<SM90_64x8x32_F16E5M2E4M3_RS_TN<>>("SM90_64x8x32_F16E5M2E4M3_RS_TN");
  show_op<SM90_64x8x32_F32E5M2E5M2_SS_TN<>>("SM90_64x8x32_F32E5M2E5M2_SS_TN");
  show_op<SM90_64x8x32_F32E5M2E5M2_RS_TN<>>("SM90_64x8x32_F32E5M2E5M2_RS_TN");
  show_op<SM90_64x8x32_F16E5M2E5M2_SS_TN<>>("SM90_64x8x32_F16E5M2E5M2_SS_TN");
  show_op<SM90_64x8x32_F16E5M2E5M2_RS_TN<>>("SM90_64x8x32_F16E5M2E5M2_RS_TN");
  show_op<SM90_64x64x32_F32E4M3E4M3_SS_TN<>>("SM90_64x64x32_F32E4M3E4M3_SS_TN");
  show_op<SM90_64x64x32_F32E4M3E4M3_RS_TN<>>("SM90_64x64x32_F32E4M3E4M3_RS_TN");
  show_op<SM90_64x64x32_F16E4M3E4M3_SS_TN<>>("SM90_64x64x32_F16E4M3E4M3_SS_TN");
  show_op<SM90_64x64x32_F16E4M3E4M3_RS_TN<>>("SM90_64x64x32_F16E4M3E4M3_RS_TN");
  show_op<SM90_64x64x32_F32E4M3E5M2_SS_TN<>>("SM90_64x64x32_F32E4M3E5M2_SS_TN");
  show_op<SM90_64x64x32_F32E4M3E5M2_RS_TN<>>("SM90_64x64x32_F32E4M3E5M2_RS_TN");
  show_op<SM90_64x64x32_F16E4M3E5M2_SS_TN<>>("SM90_64x64x32_F16E4M3E5M2_SS_TN");
  show_op<SM90_64x64x32_F16E4M3E5M2_RS_TN<>>("SM90_64x64x32_F16E4M3E5M2_RS_TN");
  show_op<SM90_64x64x32_F32E5M2E4M3_SS_TN<>>("SM90_64x64x32_F32E5M2E4M3_SS_TN");
  show_op<SM90_64x64x32_F32E5M2E4M3_RS_TN<>>("SM90_64x64x32_F32E5M2E4M3_RS_TN");
  show_op<SM90_64x64x32_F16E5M2E4M3_SS_TN<>>("SM90_64x64x32_F16E5M2E4M3_SS_TN");
  show_op<SM90_64x64x32_F16E5M2E4M3_RS_TN<>>("SM90_64x64x32_F16E5M2E4M3_RS_TN");
  show_op<SM90_64x64x32_F32E5M2E5M2_SS_TN<>>("SM90_64x64x32_F32E5M2E5M2_SS_TN");
  show_op<SM90_64x64x32_F32E5M2E5M2_RS_TN<>>("SM90_64x64x32_F32E5M2E5M2_RS_TN");
  show_op<SM90_64x64x32_F16E5M2E5M2_SS_TN<>>("SM90_64x64x32_F16E5M2E5M2_SS_TN");
  show_op<SM90_64x64x32_F16E5M2E5M2_RS_TN<>>("SM90_64x64x32_F16E5M2E5M2_RS_TN");
  show_op<SM90_64x128x32_F32E4M3E4M3_SS_TN<>>("SM90_64x128x32_F32E4M3E4M3_SS_TN");
  show_op<SM90_64x128x32_F32E4M3E4M3_RS_TN<>>("SM90_64x128x32_F32E4M3E4M3_RS_TN");
  show_op<SM90_64x128x32_F16E4M3E4M3_SS_TN<>>("SM90_64x128x32_F16E4M3E4M3_SS_TN");
  show_op<SM90_64x128x32_F16E4M3E4M3_RS_TN<>>("SM90_64x128x32_F16E4M3E4M3_RS_TN");
  show_op<SM90_64x128x32_F32E4M3E5M2_SS_TN<>>("SM90_64x128x32_F32E4M3E5M2_SS_TN");
  show_op<SM90_64x128x32_F32E4M3E5M2_RS_TN<>>("SM90_64x128x32_F32E4M3E5M2_RS_TN");
  show_op<SM90_64x128x32_F16E4M3E5M2_SS_TN<>>("SM90_64x128x32_F16E4M3E5M2_SS_TN");
  show_op<SM90_64x128x32_F16E4M3E5M2_RS_TN<>>("SM90_64x128x32_F16E4M3E5M2_RS_TN");
  show_op<SM90_64x128x32_F32E5M2E4M3_SS_TN<>>("SM90_64x128x32_F32E5M2E4M3_SS_TN");
  show_op<SM90_64x128x32_F32E5M2E4M3_RS_TN<>>("SM90_64x128x32_F32E5M2E4M3_RS_TN");
  show_op<SM90_64x128x32_F16E5M2E4M3_SS_TN<>>("SM90_64x128x32_F16E5M2E4M3_SS_TN");
  show_op<SM90_64x128x32_F16E5M2E4M3_RS_TN<>>("SM90_64x128x32_F16E5M2E4M3_RS_TN");
  show_op<SM90_64x128x32_F32E5M2E5M2_SS_TN<>>("SM90_64x128x32_F32E5M2E5M2_SS_TN");
  show_op<SM90_64x128x32_F32E5M2E5M2_RS_TN<>>("SM90_64x128x32_F32E5M2E5M2_RS_TN");
  show_op<SM90_64x128x32_F16E5M2E5M2_SS_TN<>>("SM90_64x128x32_F16E5M2E5M2_SS_TN");
  show_op<SM90_64x128x32_F16E5M2E5M2_RS_TN<>>("SM90_64x128x32_F16E5M2E5M2_RS_TN");
  show_op<SM90_64x256x32_F32E4M3E4M3_SS_TN<>>("SM90_64x256x32_F32E4M3E4M3_SS_TN");
  show_op<SM90_64x256x32_F32E4M3E4M3_RS_TN<>>("SM90_64x256x32_F32E4M3E4M3_RS_TN");
  show_op<SM90_64x256x32_F16E4M3E4M3_SS_TN<>>("SM90_64x256x32_F16E4M3E4M3_SS_TN");
  show_op<SM90_64x256x32_F16E4M3E4M3_RS_TN<>>("SM90_64x256x32_F16E4M3E4M3_RS_TN");
  show_op<SM90_64x256x32_F32E4M3E5M2_SS_TN<>>("SM90_64x256x32_F32E4M3E5M2_SS_TN");
  show_op<SM90_64x256x32_F32E4M3E5M2_RS_TN<>>("SM90_64x256x32_F32E4M3E5M2_RS_TN");
  show_op<SM90_64x256x32_F16E4M3E5M2_SS_TN<>>("SM90_64x256x32_F16E4M3E5M2_SS_TN");
  show_op<SM90_64x256x32_F16E4M3E5M2_RS_TN<>>("SM90_64x256x32_F16E4M3E5M2_RS_TN");
  show_op<SM90_64x256x32_F32E5M2E4M3_SS_TN<>>("SM90_64x256x32_F32E5M2E4M3_SS_TN");
  show_op<SM90_64x256x32_F32E5M2E4M3_RS_TN<>>("SM90_64x256x32_F32E5M2E4M3_RS_TN");
  show_op<SM90_64x256x32_F16E5M2E4M3_SS_TN<>>("SM90_64x256x32_F16E5M2E4M3_SS_TN");
  show_op<SM90_64x256x32_F16E5M2E4M3_RS_TN<>>("SM90_64x256x32_F16E5M2E4M3_RS_TN");
  show_op<SM90_64x256x32_F32E5M2E5M2_SS_TN<>>("SM90_64x256x32_F32E5M2E5M2_SS_TN");
  show_op<SM90_64x256x32_F32E5M2E5M2_RS_TN<>>("SM90_64x256x32_F32E5M2E5M2_RS_TN");
  show_op<SM90_64x256x32_F16E5M2E5M2_SS_TN<>>("SM90_64x256x32_F16E5M2E5M2_SS_TN");
  show_op<SM90_64x256x32_F16E5M2E5M2_RS_TN<>>("SM90_64x256x32_F16E5M2E5M2_RS_TN");
  show_op<SM90_64x24x32_F32E4M3E4M3_SS_TN<>>("SM90_64x24x32_F32E4M3E4M3_SS_TN");
  show_op<SM90_64x24x32_F16E5M2E4M3_RS_TN<>>("SM90_64x24x32_F16E5M2E4M3_RS_TN");
  show_op<SM90_64x136x32_F32E4M3E5M2_RS_TN<>>("SM90_64x136x32_F32E4M3E5M2_RS_TN");
  show_op<SM90_64x248x32_F16E5M2E5M2_SS_TN<>>("SM90_64x248x32_F16E5M2E5M2_SS_TN");
  return 0;
}
