// make_gmma_desc: a K-major block under the 128-byte swizzle whose rows are 32 bytes apart
// (stride 16 of 16-bit elements): the swizzle's rows are 128 bytes, so the core matrices'
// strides are not canonical.
use cute_core::arch::mma_sm90_gmma::GMMA;
use cute_core::atom::mma_traits_sm90_gmma::make_gmma_desc;
use cute_core::pointer_flagged::SmemPtrFlagBits;
use cute_core::prelude::*;

fn main() {
    let block = make_composed_layout(
        Swizzle::<_3, _4, _3>::new(),
        SmemPtrFlagBits::<_16>::default(),
        make_layout((_64, _16), (_16, _1)),
    );
    let _ = make_gmma_desc::<GMMA::Major::K, _>(0, block);
}
