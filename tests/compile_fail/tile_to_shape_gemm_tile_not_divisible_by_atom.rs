// tile_to_shape: a GEMM configuration's A stages for a (128,48) tile: the K-major 128-byte
// swizzle atom of bf16 is 64 elements wide in K, and 64 does not divide 48. The stages are
// `StagesOf` (`GemmConfig::SmemLayoutA` of `Sm90Gemm<(_128, _N, _48), .., Major::K, .., _4>`),
// built here by `tile_to_shape_ordered` of the configuration's atom and order.
use cute_core::arch::mma_sm90_gmma::GMMA::Major;
use cute_core::layout::product::tile_to_shape_ordered;
use cute_core::numeric::aliases::{_128, _4, _48};
use cute_core::numeric::numeric_types::BFloat16;
use cute_kernels::gemm::config::{SmemSelector, StagesOf};

type Atom = <BFloat16 as SmemSelector<Major::K, _128>>::Atom;
type Order = <BFloat16 as SmemSelector<Major::K, _128>>::Order;

fn main() {
    let stages: StagesOf<BFloat16, Major::K, _128, _48, _4> =
        tile_to_shape_ordered(Atom::default(), (_128, _48, _4), Order::default());
    let _ = stages;
}
