//! The layouts of the SM80 tensor-core MMAs: port of `cute/atom/mma_traits_sm80.hpp` (the
//! `TN` ops of [`arch::mma_sm80`](crate::arch::mma_sm80)).
//!
//! One warp (32 threads) computes each instruction; thread `t` of a quad-pair layout
//! `(_4,_8):(_32,_1)`-style maps to the rows and columns the PTX ISA gives its fragments. Ops
//! that differ only in their value types share their layouts (C++ derives one traits struct
//! from another; here each op names the same layout aliases).

use crate::arch::mma_sm80::{
    SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x16_F32F16F16F32_TN,
    SM80_16x8x32_S32S8S8S32_TN, SM80_16x8x4_F32TF32TF32F32_TN, SM80_16x8x8_F16F16F16F16_TN,
    SM80_16x8x8_F32BF16BF16F32_TN, SM80_16x8x8_F32F16F16F32_TN, SM80_16x8x8_F32TF32TF32F32_TN,
    SM80_8x8x4_F64F64F64F64_TN,
};
use crate::atom::mma_traits::MmaTraits;
use crate::layout::Layout;
use crate::numeric::aliases::{_0, _1, _128, _16, _2, _256, _32, _4, _64, _8};
use crate::numeric::numeric_types::{BFloat16, Half, TFloat32};

/// `SM80_8x4`: `(T32,V1) -> (M8,N4)`.
type Sm80_8x4 = Layout<((_4, _8), _1), ((_8, _1), _0)>;
/// `SM80_8x8_Row`: `(T32,V2) -> (M8,N8)`.
type Sm80_8x8Row = Layout<((_4, _8), _2), ((_16, _1), _8)>;
/// `SM80_16x8_Row`: `(T32,V4) -> (M16,N8)`.
type Sm80_16x8Row = Layout<((_4, _8), (_2, _2)), ((_32, _1), (_16, _8))>;
/// The A layout of the 16x8x16 16-bit ops: `(T32,V8) -> (M16,K16)`.
type Sm80_16x16A = Layout<((_4, _8), (_2, _2, _2)), ((_32, _1), (_16, _8, _128))>;
/// The B layout of the 16x8x16 16-bit ops: `(T32,V4) -> (N8,K16)`.
type Sm80_8x16B = Layout<((_4, _8), (_2, _2)), ((_16, _1), (_8, _64))>;

/// One `MmaTraits` impl: value types D, A, B, C; `Shape_MNK`; A, B, C layouts (`ThrID` is
/// `_32:_1` for every SM80 op).
macro_rules! sm80_traits {
    ($(#[$doc:meta])* $Op:ty: ($D:ty, $A:ty, $B:ty, $C:ty), $Mnk:ty, $AL:ty, $BL:ty, $CL:ty) => {
        $(#[$doc])*
        impl MmaTraits for $Op {
            type ValTypeD = $D;
            type ValTypeA = $A;
            type ValTypeB = $B;
            type ValTypeC = $C;
            type ShapeMnk = $Mnk;
            type ThrId = Layout<_32, _1>;
            type ALayout = $AL;
            type BLayout = $BL;
            type CLayout = $CL;
            type FrgTypeA = crate::atom::mma_traits::ValueFrg;
            type FrgTypeB = crate::atom::mma_traits::ValueFrg;
        }
    };
}

sm80_traits!(
    /// `MMA_Traits<SM80_16x8x8_F16F16F16F16_TN>`: a 16x8x8 tile over 32 threads.
    SM80_16x8x8_F16F16F16F16_TN: (Half, Half, Half, Half), (_16, _8, _8),
    Sm80_16x8Row, Sm80_8x8Row, Sm80_16x8Row
);
sm80_traits!(
    /// `MMA_Traits<SM80_16x8x16_F16F16F16F16_TN>`: a 16x8x16 tile over 32 threads.
    SM80_16x8x16_F16F16F16F16_TN: (Half, Half, Half, Half), (_16, _8, _16),
    Sm80_16x16A, Sm80_8x16B, Sm80_16x8Row
);
sm80_traits!(
    /// `MMA_Traits<SM80_16x8x8_F32F16F16F32_TN>`: a 16x8x8 tile over 32 threads.
    ///
    /// # Example
    /// ```
    /// use cute_core::arch::mma_sm80::SM80_16x8x8_F32F16F16F32_TN;
    /// use cute_core::atom::mma_traits::MmaTraits;
    /// type Op = SM80_16x8x8_F32F16F16F32_TN;
    /// assert_eq!(<Op as MmaTraits>::BLayout::default().to_string(), "((_4,_8),_2):((_16,_1),_8)");
    /// ```
    SM80_16x8x8_F32F16F16F32_TN: (f32, Half, Half, f32), (_16, _8, _8),
    Sm80_16x8Row, Sm80_8x8Row, Sm80_16x8Row
);
sm80_traits!(
    /// `MMA_Traits<SM80_16x8x16_F32F16F16F32_TN>`: a 16x8x16 tile over 32 threads.
    ///
    /// # Example
    /// ```
    /// use cute_core::arch::mma_sm80::SM80_16x8x16_F32F16F16F32_TN;
    /// use cute_core::atom::mma_traits::MmaTraits;
    /// type Op = SM80_16x8x16_F32F16F16F32_TN;
    /// assert_eq!(<Op as MmaTraits>::ALayout::default().to_string(),
    ///            "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))");
    /// ```
    SM80_16x8x16_F32F16F16F32_TN: (f32, Half, Half, f32), (_16, _8, _16),
    Sm80_16x16A, Sm80_8x16B, Sm80_16x8Row
);
sm80_traits!(
    /// `MMA_Traits<SM80_16x8x8_F32BF16BF16F32_TN>`: a 16x8x8 tile over 32 threads.
    SM80_16x8x8_F32BF16BF16F32_TN: (f32, BFloat16, BFloat16, f32), (_16, _8, _8),
    Sm80_16x8Row, Sm80_8x8Row, Sm80_16x8Row
);
sm80_traits!(
    /// `MMA_Traits<SM80_16x8x16_F32BF16BF16F32_TN>`: a 16x8x16 tile over 32 threads.
    SM80_16x8x16_F32BF16BF16F32_TN: (f32, BFloat16, BFloat16, f32), (_16, _8, _16),
    Sm80_16x16A, Sm80_8x16B, Sm80_16x8Row
);
sm80_traits!(
    /// `MMA_Traits<SM80_16x8x4_F32TF32TF32F32_TN>`: a 16x8x4 tile over 32 threads.
    SM80_16x8x4_F32TF32TF32F32_TN: (f32, TFloat32, TFloat32, f32), (_16, _8, _4),
    Layout<((_4, _8), _2), ((_16, _1), _8)>, Sm80_8x4, Sm80_16x8Row
);
sm80_traits!(
    /// `MMA_Traits<SM80_16x8x8_F32TF32TF32F32_TN>`: a 16x8x8 tile over 32 threads.
    SM80_16x8x8_F32TF32TF32F32_TN: (f32, TFloat32, TFloat32, f32), (_16, _8, _8),
    Layout<((_4, _8), (_2, _2)), ((_16, _1), (_8, _64))>,
    Layout<((_4, _8), _2), ((_8, _1), _32)>, Sm80_16x8Row
);
sm80_traits!(
    /// `MMA_Traits<SM80_8x8x4_F64F64F64F64_TN>`: an 8x8x4 tile over 32 threads.
    SM80_8x8x4_F64F64F64F64_TN: (f64, f64, f64, f64), (_8, _8, _4),
    Sm80_8x4, Sm80_8x4, Sm80_8x8Row
);
sm80_traits!(
    /// `MMA_Traits<SM80_16x8x32_S32S8S8S32_TN>`: a 16x8x32 tile over 32 threads.
    SM80_16x8x32_S32S8S8S32_TN: (i32, i8, i8, i32), (_16, _8, _32),
    Layout<((_4, _8), (_4, _2, _2)), ((_64, _1), (_16, _8, _256))>,
    Layout<((_4, _8), (_4, _2)), ((_32, _1), (_8, _128))>, Sm80_16x8Row
);
