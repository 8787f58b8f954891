//! The flagship Hopper GEMM (`cute-kernels/src/hopper/mainloop.rs`) builds its GMMA
//! descriptors by hand, one shift-and-or per k-tile; these are the descriptors
//! `make_gmma_desc` computes from the shared-memory layouts the TMA writes.

use cute_core::arch::mma_sm90_gmma::GMMA;
use cute_core::atom::mma_traits_sm90_gmma::make_gmma_desc;
use cute_core::pointer_flagged::SmemPtrFlagBits;
use cute_core::prelude::*;
use cute_kernels::hopper::mainloop::{sw128_kmajor_desc, sw128_mnmajor_desc};

/// K-major: rows of 64 elements (128 bytes, the TMA box's inner extent) under the 128-byte
/// swizzle; one k-block of 16 of a 64-row (A) or 256-row (B) tile.
#[test]
fn k_major_tiles() {
    for addr in [0u32, 0x400, 0x1_0400, 0x2_8000] {
        let a = make_composed_layout(
            Swizzle::<_3, _4, _3>::new(),
            SmemPtrFlagBits::<_16>::default(),
            make_layout((_64, _16), (_64, _1)),
        );
        let b = make_composed_layout(
            Swizzle::<_3, _4, _3>::new(),
            SmemPtrFlagBits::<_16>::default(),
            make_layout((_256, _16), (_64, _1)),
        );
        assert_eq!(
            make_gmma_desc::<GMMA::Major::K, _>(addr, a).desc,
            sw128_kmajor_desc(addr)
        );
        assert_eq!(
            make_gmma_desc::<GMMA::Major::K, _>(addr, b).desc,
            sw128_kmajor_desc(addr)
        );
    }
}

/// MN-major: 64x64 boxes (64 MN-elements contiguous, then K rows of 128 bytes), the boxes of
/// a tile 4096 elements apart; one k-block of 16 of a 256-row tile.
#[test]
fn mn_major_tiles() {
    for addr in [0u32, 0x2000, 0x1_0400] {
        let b = make_composed_layout(
            Swizzle::<_3, _4, _3>::new(),
            SmemPtrFlagBits::<_16>::default(),
            make_layout(((_64, _4), _16), ((_1, _4096), _64)),
        );
        assert_eq!(
            make_gmma_desc::<GMMA::Major::MN, _>(addr, b).desc,
            sw128_mnmajor_desc(addr)
        );
    }
}
