// Reference output of C++ CuTe for the shared-memory side of an 8-bit (e4m3) operand of the
// GEMM family's configuration (cute-kernels/src/gemm/config.rs): K-major, the atom CUTLASS's
// builder picks for it (GMMA::Layout_K_SW128_Atom<float_e4m3_t>, 128 elements of K), a 128-row
// tile, BLK_K 128, 4 stages:
//   stages        tile_to_shape(atom, (_128,_128,_4))
//   desc          make_gmma_desc<Major::K> of the (_64,_32) block one 8-bit wgmma reads at stage
//                 0's origin, the smem starting at 0x400
//   offset_k1_s1  the stage layout's element offset of (0, 32, 1): k-block 1 of stage 1
//   op_shape_mnk  MMA_Traits::Shape_MNK of ss_op_selector<e4m3, e4m3, float, (_64,_128,_128), K, K>
// Regenerate:
//   /work/shared/tools/cute-cpp tests/cpp/fp8_stages.cpp > tests/cpp/fp8_stages.expected
#include <cstdio>
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/arch/mma_sm90.hpp>
using namespace cute;

using T = cute::float_e4m3_t;
constexpr uint32_t kStart = 0x400;
alignas(1024) static T smem[128 * 128 * 4];

int main() {
  auto stages = tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(_128{}, _128{}, _4{}));
  printf("stages "); print(stages); printf("\n");
  Tensor s = make_tensor(make_smem_ptr(smem), stages);
  Tensor blk = local_tile(s(_, _, 0), Shape<_64, _32>{}, make_coord(0, 0));
  GMMA::DescriptorIterator d0{GMMA::make_gmma_desc<GMMA::Major::K>(blk)};
  printf("desc 0x%016llx\n", (unsigned long long)uint64_t(*(d0 + kStart / 16)));
  printf("offset_k1_s1 %d\n", int(stages.layout_b()(0, 32, 1)));
  using Op = decltype(GMMA::ss_op_selector<T, T, float, Shape<_64, _128, _128>, GMMA::Major::K,
                                           GMMA::Major::K>());
  printf("op_shape_mnk "); print(typename MMA_Traits<Op>::Shape_MNK{}); printf("\n");
}
