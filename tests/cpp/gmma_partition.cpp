// Reference output of C++ CuTe for partition_fragment_A/B of the Hopper tutorials' shared-memory
// stages (wgmma_sm90.cu and wgmma_tma_sm90.cu use the same ones: tile_to_shape of
// Layout_{MN,K}_SW128_Atom over (128,64,3), make_tiled_mma(SM90_64x64x16_*_SS)): the partition,
// the descriptor tensor (GMMA::DescriptorIterator o layout) and the descriptor at every index.
// On the host cast_smem_ptr_to_uint returns 0, so every start address is relative to the
// partition's first element; "offsetA/B" gives that element relative to the stage tensor (the
// Rust test adds a base address). Regenerate:
//   /work/shared/tools/cute-cpp tests/cpp/gmma_partition.cpp 2>/dev/null > tests/cpp/gmma_partition.expected
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;
using namespace cute::SM90;

template <class T, class Atom, class Mma>
void show(const char* name, Atom const& atom, Mma const& mma, int thr) {
  alignas(1024) static T smem[128 * 64 * 3];
  auto layout = tile_to_shape(atom, make_shape(Int<128>{}, Int<64>{}, Int<3>{}));
  Tensor sA = make_tensor(make_smem_ptr(smem), layout);
  ThrMMA thr_mma = mma.get_slice(thr);
  Tensor tCsA = thr_mma.partition_A(sA);
  Tensor tCrA = thr_mma.make_fragment_A(tCsA);
  Tensor tCsB = thr_mma.partition_B(sA);
  Tensor tCrB = thr_mma.partition_fragment_B(sA);
  printf("@@ %s thr%d\n", name, thr);
  printf("sA   : "); print(sA.layout()); printf("\n");
  printf("tCsA : "); print(tCsA.layout()); printf("\n");
  printf("tCrA : "); print(tCrA); printf("\n");
  printf("tCsB : "); print(tCsB.layout()); printf("\n");
  printf("tCrB : "); print(tCrB); printf("\n");
  printf("offsetA %d offsetB %d\n", int(raw_pointer_cast(tCsA.data()) - smem), int(raw_pointer_cast(tCsB.data()) - smem));
  printf("A");
  for (int i = 0; i < int(size(tCrA)); ++i) printf(" %016llx", (unsigned long long)uint64_t(tCrA(i)));
  printf("\nB");
  for (int i = 0; i < int(size(tCrB)); ++i) printf(" %016llx", (unsigned long long)uint64_t(tCrB(i)));
  printf("\n");
}

int main() {
  using H = half_t;
  using B = bfloat16_t;
  show<H>("NT f16", GMMA::Layout_MN_SW128_Atom<H>{}, make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{}), 0);
  show<H>("TN f16", GMMA::Layout_K_SW128_Atom<H>{}, make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{}), 0);
  show<B>("NT bf16", GMMA::Layout_MN_SW128_Atom<B>{}, make_tiled_mma(SM90_64x64x16_F32BF16BF16_SS<GMMA::Major::MN,GMMA::Major::MN>{}), 77);
  show<B>("TN bf16", GMMA::Layout_K_SW128_Atom<B>{}, make_tiled_mma(SM90_64x64x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>{}), 77);
  show<H>("TN f16 2x1 atoms", GMMA::Layout_K_SW128_Atom<H>{}, make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{}, Layout<Shape<_2,_1,_1>>{}), 200);
  show<H>("NT f16 2x1 atoms", GMMA::Layout_MN_SW128_Atom<H>{}, make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{}, Layout<Shape<_2,_1,_1>>{}), 200);
}
