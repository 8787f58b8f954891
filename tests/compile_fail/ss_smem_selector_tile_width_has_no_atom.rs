// ss_smem_selector: a GEMM configuration's B stages for an MN-major bf16 tile 24 wide: the
// MN-major atoms are 16, 32 and 64 elements wide (32-, 64- and 128-byte swizzle) and none divides
// 24 (CUTLASS's builder would fall back to the unswizzled interleaved atom, 8 wide, which the
// selector does not offer). The stages are `StagesOf` (`GemmConfig::SmemLayoutB` of
// `Sm90Gemm<(_128, _24, _64), .., Major::MN, _4>`), built as the configuration builds them.
use cute_core::arch::mma_sm90_gmma::GMMA::Major;
use cute_core::numeric::aliases::{_24, _4, _64};
use cute_core::numeric::numeric_types::BFloat16;
use cute_kernels::gemm::config::stages;

fn main() {
    let b = stages::<BFloat16, Major::MN, _24, _64, _4>();
    let _ = b;
}
