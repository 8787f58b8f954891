//! The SM90 GMMA op selectors: port of `GMMA::ss_op_selector` from `cute/arch/mma_sm90.hpp`.
//!
//! A collective mainloop names its tile shape and element types, not an instruction; C++ picks
//! the `wgmma` that computes a `64 x N` slab of the tile with `ss_op_selector<ElementA,
//! ElementB, ElementC, TileShape_MNK, MajorA, MajorB>()`. Here the selector is a trait of the
//! input element type, [`SsOpSelector`], with the alias [`SsOpOf`]: the `N` of the op is the
//! tile's N (C++ takes the largest `N` dividing it; the members of this crate use `N` equal to
//! the tile's N, 8 to 256 in the steps the instruction has).

use super::mma_sm90_gmma::GMMA::{IsMajor, Major};
use super::mma_sm90_gmma::*;
use crate::numeric::aliases::*;
use crate::numeric::numeric_types::{BFloat16, FloatE4M3, FloatE5M2, Half};

/// `GMMA::ss_op_selector` for A and B of this element type, accumulators of `C`, `N` columns
/// (a static integer) and operand majors `MA`, `MB`: the `_SS` op of shape `64 x N x 16` for
/// 16-bit inputs, `64 x N x 32` (`_TN`: both operands K-major, as the 8-bit `wgmma` requires)
/// for `e4m3` and `e5m2` (A and B of one type; C++ selects the mixed ops too).
///
/// # Preconditions
/// An op exists for `(Self, C, N)`: a compile error
/// `ss_op_selector: no SM90 GMMA op for these element types and N` otherwise.
///
/// # Example
/// ```
/// use cute_core::arch::mma_sm90::SsOpOf;
/// use cute_core::arch::mma_sm90_gmma::GMMA::Major;
/// use cute_core::numeric::numeric_types::BFloat16;
/// use cute_core::prelude::*;
/// type Op = SsOpOf<BFloat16, f32, _256, Major::K, Major::MN>;
/// assert_eq!(format!("{:?}", Op::default()), "SM90_64x256x16_F32BF16BF16_SS");
/// use cute_core::numeric::numeric_types::FloatE4M3;
/// type Fp8 = SsOpOf<FloatE4M3, f32, _128, Major::K, Major::K>;
/// assert_eq!(format!("{:?}", Fp8::default()), "SM90_64x128x32_F32E4M3E4M3_SS_TN");
/// ```
#[diagnostic::on_unimplemented(
    message = "ss_op_selector: no SM90 GMMA op for these element types and N"
)]
pub trait SsOpSelector<C, N, MA: IsMajor, MB: IsMajor> {
    /// The op.
    type Op: GmmaSs + Copy + Default + core::fmt::Debug;
}
/// The op [`SsOpSelector`] picks.
pub type SsOpOf<T, C, N, MA, MB> = <T as SsOpSelector<C, N, MA, MB>>::Op;

macro_rules! ss_selector {
    ($T:ty, $C:ty: $($N:ty => $Op:ident,)*) => {$(
        impl<MA: IsMajor, MB: IsMajor> SsOpSelector<$C, $N, MA, MB> for $T {
            type Op = $Op<MA, MB>;
        }
    )*};
}
ss_selector!(BFloat16, f32:
    _8 => SM90_64x8x16_F32BF16BF16_SS,
    _16 => SM90_64x16x16_F32BF16BF16_SS,
    _32 => SM90_64x32x16_F32BF16BF16_SS,
    _64 => SM90_64x64x16_F32BF16BF16_SS,
    _96 => SM90_64x96x16_F32BF16BF16_SS,
    _128 => SM90_64x128x16_F32BF16BF16_SS,
    _192 => SM90_64x192x16_F32BF16BF16_SS,
    _256 => SM90_64x256x16_F32BF16BF16_SS,
);
ss_selector!(Half, f32:
    _8 => SM90_64x8x16_F32F16F16_SS,
    _16 => SM90_64x16x16_F32F16F16_SS,
    _32 => SM90_64x32x16_F32F16F16_SS,
    _64 => SM90_64x64x16_F32F16F16_SS,
    _96 => SM90_64x96x16_F32F16F16_SS,
    _128 => SM90_64x128x16_F32F16F16_SS,
    _192 => SM90_64x192x16_F32F16F16_SS,
    _256 => SM90_64x256x16_F32F16F16_SS,
);
/// The 8-bit ops, both operands K-major (an MN-major one is `ss_op_selector: no SM90 GMMA op
/// ...`, as C++'s `static_assert`).
macro_rules! ss_selector_tn {
    ($T:ty, $C:ty: $($N:ty => $Op:ident,)*) => {$(
        impl SsOpSelector<$C, $N, Major::K, Major::K> for $T {
            type Op = $Op;
        }
    )*};
}
ss_selector_tn!(FloatE4M3, f32:
    _8 => SM90_64x8x32_F32E4M3E4M3_SS_TN,
    _16 => SM90_64x16x32_F32E4M3E4M3_SS_TN,
    _32 => SM90_64x32x32_F32E4M3E4M3_SS_TN,
    _64 => SM90_64x64x32_F32E4M3E4M3_SS_TN,
    _96 => SM90_64x96x32_F32E4M3E4M3_SS_TN,
    _128 => SM90_64x128x32_F32E4M3E4M3_SS_TN,
    _192 => SM90_64x192x32_F32E4M3E4M3_SS_TN,
    _256 => SM90_64x256x32_F32E4M3E4M3_SS_TN,
);
ss_selector_tn!(FloatE5M2, f32:
    _8 => SM90_64x8x32_F32E5M2E5M2_SS_TN,
    _16 => SM90_64x16x32_F32E5M2E5M2_SS_TN,
    _32 => SM90_64x32x32_F32E5M2E5M2_SS_TN,
    _64 => SM90_64x64x32_F32E5M2E5M2_SS_TN,
    _96 => SM90_64x96x32_F32E5M2E5M2_SS_TN,
    _128 => SM90_64x128x32_F32E5M2E5M2_SS_TN,
    _192 => SM90_64x192x32_F32E5M2E5M2_SS_TN,
    _256 => SM90_64x256x32_F32E5M2E5M2_SS_TN,
);
ss_selector!(Half, Half:
    _8 => SM90_64x8x16_F16F16F16_SS,
    _16 => SM90_64x16x16_F16F16F16_SS,
    _32 => SM90_64x32x16_F16F16F16_SS,
    _64 => SM90_64x64x16_F16F16F16_SS,
    _96 => SM90_64x96x16_F16F16F16_SS,
    _128 => SM90_64x128x16_F16F16F16_SS,
    _192 => SM90_64x192x16_F16F16F16_SS,
    _256 => SM90_64x256x16_F16F16F16_SS,
);
