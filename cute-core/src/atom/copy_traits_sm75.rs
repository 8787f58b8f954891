//! The layouts of `ldmatrix`: port of the `LDSM` entries of `cute/atom/copy_traits_sm75.hpp`.
//!
//! In bits: the source layout gives each thread the 128-bit row it points to (threads beyond
//! the matrices loaded repeat the first rows, stride 0); the destination layout gives thread
//! `t` its 32 bits of each 8x8 16-bit matrix, row `t / 4`, columns `2 (t % 4)..+2` (`_N`), or,
//! transposed, 16 bits at each of two rows of column `t / 4` (`_T`).

use crate::arch::copy_sm75::{
    SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N,
    SM75_U32x4_LDSM_N,
};
use crate::atom::copy_traits::CopyTraits;
use crate::layout::Layout;
use crate::numeric::aliases::{_0, _1, _1024, _128, _16, _2, _256, _32, _4, _8};

/// One `CopyTraits` impl; `ThrID` is `_32:_1` and `RefLayout` the destination layout for
/// every `ldmatrix`.
macro_rules! ldsm_traits {
    ($(#[$doc:meta])* $Op:ty: $Src:ty, $Dst:ty) => {
        $(#[$doc])*
        impl CopyTraits for $Op {
            type ThrId = Layout<_32, _1>;
            type SrcLayout = $Src;
            type DstLayout = $Dst;
            type RefLayout = $Dst;
        }
    };
}

ldsm_traits!(
    /// `Copy_Traits<SM75_U32x1_LDSM_N>`: rows from threads 0-7, one 32-bit value each.
    SM75_U32x1_LDSM_N: Layout<((_8, _4), _128), ((_128, _0), _1)>, Layout<(_32, _32), (_32, _1)>
);
ldsm_traits!(
    /// `Copy_Traits<SM75_U32x2_LDSM_N>`: rows from threads 0-15, two 32-bit values each.
    SM75_U32x2_LDSM_N: Layout<((_16, _2), _128), ((_128, _0), _1)>,
    Layout<(_32, (_32, _2)), (_32, (_1, _1024))>
);
ldsm_traits!(
    /// `Copy_Traits<SM75_U32x4_LDSM_N>`: rows from all threads, four 32-bit values each.
    ///
    /// # Example
    /// ```
    /// use cute_core::arch::copy_sm75::SM75_U32x4_LDSM_N;
    /// use cute_core::atom::copy_traits::CopyTraits;
    /// assert_eq!(<SM75_U32x4_LDSM_N as CopyTraits>::DstLayout::default().to_string(),
    ///            "(_32,(_32,_4)):(_32,(_1,_1024))");
    /// ```
    SM75_U32x4_LDSM_N: Layout<(_32, _128), (_128, _1)>,
    Layout<(_32, (_32, _4)), (_32, (_1, _1024))>
);
ldsm_traits!(
    /// `Copy_Traits<SM75_U16x2_LDSM_T>`: rows from threads 0-7, two transposed 16-bit values
    /// each.
    SM75_U16x2_LDSM_T: Layout<((_8, _4), _128), ((_128, _0), _1)>,
    Layout<((_4, _8), (_16, _2)), ((_256, _16), (_1, _128))>
);
ldsm_traits!(
    /// `Copy_Traits<SM75_U16x4_LDSM_T>`: rows from threads 0-15, four transposed 16-bit
    /// values each.
    SM75_U16x4_LDSM_T: Layout<((_16, _2), _128), ((_128, _0), _1)>,
    Layout<((_4, _8), (_16, _2, _2)), ((_256, _16), (_1, _128, _1024))>
);
ldsm_traits!(
    /// `Copy_Traits<SM75_U16x8_LDSM_T>`: rows from all threads, eight transposed 16-bit
    /// values each.
    SM75_U16x8_LDSM_T: Layout<(_32, _128), (_128, _1)>,
    Layout<((_4, _8), (_16, _2, _4)), ((_256, _16), (_1, _128, _1024))>
);
