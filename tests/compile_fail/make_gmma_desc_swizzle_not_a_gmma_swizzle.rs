// make_gmma_desc: a block under Sw<3,3,3>, which no GMMA descriptor describes (its layout types
// are the 16-byte-unit swizzles Sw<0..=3,4,3>).
use cute_core::arch::mma_sm90_gmma::GMMA;
use cute_core::atom::mma_traits_sm90_gmma::make_gmma_desc;
use cute_core::pointer_flagged::SmemPtrFlagBits;
use cute_core::prelude::*;

fn main() {
    let block = make_composed_layout(
        Swizzle::<_3, _3, _3>::new(),
        SmemPtrFlagBits::<_16>::default(),
        make_layout((_64, _16), (_64, _1)),
    );
    let _ = make_gmma_desc::<GMMA::Major::K, _>(0, block);
}
