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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom::cpp_expected::cpp_case;
    use crate::atom::mma_atom::MmaAtom;
    use crate::util::print::display;
    use std::string::ToString;

    // Expected strings: tests/cpp/atoms.cpp, one MMA_Atom case per op.
    #[test]
    fn sm80_atoms_print_as_cute() {
        fn check<Op: MmaTraits>(name: &str) {
            assert_eq!(
                MmaAtom::new(Op::default()).to_string(),
                cpp_case(name),
                "{name}"
            );
        }
        check::<SM80_16x8x8_F16F16F16F16_TN>("SM80_16x8x8_F16F16F16F16_TN");
        check::<SM80_16x8x16_F16F16F16F16_TN>("SM80_16x8x16_F16F16F16F16_TN");
        check::<SM80_16x8x8_F32F16F16F32_TN>("SM80_16x8x8_F32F16F16F32_TN");
        check::<SM80_16x8x16_F32F16F16F32_TN>("SM80_16x8x16_F32F16F16F32_TN");
        check::<SM80_16x8x8_F32BF16BF16F32_TN>("SM80_16x8x8_F32BF16BF16F32_TN");
        check::<SM80_16x8x16_F32BF16BF16F32_TN>("SM80_16x8x16_F32BF16BF16F32_TN");
        check::<SM80_16x8x4_F32TF32TF32F32_TN>("SM80_16x8x4_F32TF32TF32F32_TN");
        check::<SM80_16x8x8_F32TF32TF32F32_TN>("SM80_16x8x8_F32TF32TF32F32_TN");
        check::<SM80_8x8x4_F64F64F64F64_TN>("SM80_8x8x4_F64F64F64F64_TN");
        check::<SM80_16x8x32_S32S8S8S32_TN>("SM80_16x8x32_S32S8S8S32_TN");
    }

    // Expected strings: tests/cpp/atoms.cpp, the TiledMMA cases of issue 10 (atom layouts
    // (2,2,1), (4,2,1), (2,4,1), with and without a permutation tile), and
    // "print_tutorial_mma" (sgemm_sm80.cu's mmaC).
    #[test]
    fn sm80_tiled_mmas_print_as_cute() {
        use crate::atom::mma_atom::{make_tiled_mma, make_tiled_mma_unpermuted};
        use crate::atom::mma_atom::{GetLayoutTv, TiledMmaLayouts};
        use crate::layout::{make_layout, LayoutLeft};
        use crate::util::print::display;
        macro_rules! check {
            ($name:literal, $mma:expr) => {{
                let m = $mma;
                let got = std::format!(
                    "ThrLayoutVMNK: {}\nTileShape: {}\nLayoutA_TV: {}\nLayoutB_TV: {}\nLayoutC_TV: {}\n",
                    m.get_thr_layout_vmnk(),
                    display(&m.tile_shape()),
                    m.get_layout_a_tv(),
                    m.get_layout_b_tv(),
                    m.get_layout_c_tv()
                );
                assert_eq!(got, cpp_case($name), $name);
            }};
        }
        let (l221, l421, l241) = (
            make_layout((_2, _2, _1), LayoutLeft),
            make_layout((_4, _2, _1), LayoutLeft),
            make_layout((_2, _4, _1), LayoutLeft),
        );
        type F16 = SM80_16x8x16_F16F16F16F16_TN;
        check!(
            "f16_16x8x16_221",
            make_tiled_mma_unpermuted(F16::default(), l221)
        );
        check!(
            "f16_16x8x16_421",
            make_tiled_mma_unpermuted(F16::default(), l421)
        );
        check!(
            "f16_16x8x16_241",
            make_tiled_mma_unpermuted(F16::default(), l241)
        );
        check!(
            "f16_16x8x16_221_32x32x16",
            make_tiled_mma(F16::default(), l221, (_32, _32, _16))
        );
        check!(
            "f16_16x8x16_421_64x32x16",
            make_tiled_mma(F16::default(), l421, (_64, _32, _16))
        );
        check!(
            "f16_16x8x16_241_32x64x16",
            make_tiled_mma(F16::default(), l241, (_32, _64, _16))
        );
        check!(
            "f16_16x8x8_421",
            make_tiled_mma_unpermuted(SM80_16x8x8_F16F16F16F16_TN, l421)
        );
        check!(
            "bf16_16x8x16_241_32x64x16",
            make_tiled_mma(SM80_16x8x16_F32BF16BF16F32_TN, l241, (_32, _64, _16))
        );
        check!(
            "bf16_16x8x8_221",
            make_tiled_mma_unpermuted(SM80_16x8x8_F32BF16BF16F32_TN, l221)
        );
        check!(
            "tf32_16x8x4_221",
            make_tiled_mma_unpermuted(SM80_16x8x4_F32TF32TF32F32_TN, l221)
        );
        check!(
            "tf32_16x8x8_421_64x32x8",
            make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, l421, (_64, _32, _8))
        );
        check!(
            "f64_8x8x4_241",
            make_tiled_mma_unpermuted(SM80_8x8x4_F64F64F64F64_TN, l241)
        );
        check!(
            "f64_8x8x4_221_16x32x4",
            make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN, l221, (_16, _32, _4))
        );
        check!(
            "s8_16x8x32_221",
            make_tiled_mma_unpermuted(SM80_16x8x32_S32S8S8S32_TN, l221)
        );
        check!(
            "s8_16x8x32_421_64x16x32",
            make_tiled_mma(SM80_16x8x32_S32S8S8S32_TN, l421, (_64, _16, _32))
        );
        let tutorial = make_tiled_mma(F16::default(), l221, (_32, _32, _16));
        assert_eq!(tutorial.to_string(), cpp_case("print_tutorial_mma"));
        let _: _128 = tutorial.size();
    }

    /// Each op's A, B and C layouts are bijections from (thread, value) onto the M x K, N x K
    /// and M x N tiles of its `Shape_MNK` (a typo in a stride would break this).
    #[test]
    fn sm80_layouts_cover_their_tiles_once() {
        macro_rules! covers {
            ($Op:ty, $L:ident, $vals:expr, $extent:expr) => {{
                let l = <$Op as MmaTraits>::$L::default();
                let mut seen = std::vec![false; $extent];
                for t in 0..32i32 {
                    for v in 0..$vals {
                        let i = l.call((t, v as i32)) as usize;
                        assert!(i < $extent && !seen[i], "{} {} ({t},{v})", stringify!($Op), stringify!($L));
                        seen[i] = true;
                    }
                }
                // A value count below the tile (SM80_8x4 holds 32 of 32) is not possible here.
                assert!(seen.iter().all(|&x| x), "{} {}", stringify!($Op), stringify!($L));
            }};
        }
        macro_rules! op {
            ($Op:ty, $m:expr, $n:expr, $k:expr) => {
                covers!($Op, ALayout, $m * $k / 32, $m * $k);
                covers!($Op, BLayout, $n * $k / 32, $n * $k);
                covers!($Op, CLayout, $m * $n / 32, $m * $n);
            };
        }
        op!(SM80_16x8x8_F16F16F16F16_TN, 16, 8, 8);
        op!(SM80_16x8x16_F16F16F16F16_TN, 16, 8, 16);
        op!(SM80_16x8x8_F32BF16BF16F32_TN, 16, 8, 8);
        op!(SM80_16x8x16_F32BF16BF16F32_TN, 16, 8, 16);
        op!(SM80_16x8x4_F32TF32TF32F32_TN, 16, 8, 4);
        op!(SM80_16x8x8_F32TF32TF32F32_TN, 16, 8, 8);
        op!(SM80_8x8x4_F64F64F64F64_TN, 8, 8, 4);
        op!(SM80_16x8x32_S32S8S8S32_TN, 16, 8, 32);
    }

    // Expected strings: tests/cpp/atoms.cpp, cases "SM80_16x8x16_F32F16F16F32_TN" and
    // "SM80_16x8x8_F32F16F16F32_TN".
    #[test]
    fn sm80_16x8x16_layouts_print_as_cute() {
        type Op = SM80_16x8x16_F32F16F16F32_TN;
        assert_eq!(<Op as MmaTraits>::ThrId::default().to_string(), "_32:_1");
        assert_eq!(
            display(&<Op as MmaTraits>::ShapeMnk::default()).to_string(),
            "(_16,_8,_16)"
        );
        assert_eq!(
            <Op as MmaTraits>::ALayout::default().to_string(),
            "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))"
        );
        assert_eq!(
            <Op as MmaTraits>::BLayout::default().to_string(),
            "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))"
        );
        assert_eq!(
            <Op as MmaTraits>::CLayout::default().to_string(),
            "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
        );
    }

    #[test]
    fn sm80_16x8x8_layouts_print_as_cute() {
        type Op = SM80_16x8x8_F32F16F16F32_TN;
        assert_eq!(<Op as MmaTraits>::ThrId::default().to_string(), "_32:_1");
        assert_eq!(
            display(&<Op as MmaTraits>::ShapeMnk::default()).to_string(),
            "(_16,_8,_8)"
        );
        assert_eq!(
            <Op as MmaTraits>::ALayout::default().to_string(),
            "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
        );
        assert_eq!(
            <Op as MmaTraits>::BLayout::default().to_string(),
            "((_4,_8),_2):((_16,_1),_8)"
        );
        assert_eq!(
            <Op as MmaTraits>::CLayout::default().to_string(),
            "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
        );
    }

    /// Every (thread, value) of the C layout of a 16x8 tile hits each of the 128 (m,n)
    /// coordinates once, and thread t holds rows t/4 and t/4+8, columns 2(t%4) and +1 (the
    /// PTX ISA's fragment layout for m16n8 accumulators).
    #[test]
    fn sm80_c_layout_is_the_ptx_fragment_layout() {
        let c = <SM80_16x8x16_F32F16F16F32_TN as MmaTraits>::CLayout::default();
        let mut seen = [false; 128];
        for t in 0..32 {
            for v in 0..4 {
                let idx = c.call((t, v)) as usize;
                assert!(!seen[idx]);
                seen[idx] = true;
                let (m, n) = (idx % 16, idx / 16);
                assert_eq!(m, (t / 4) as usize + 8 * (v / 2) as usize);
                assert_eq!(n, 2 * (t % 4) as usize + (v % 2) as usize);
            }
        }
    }
}
