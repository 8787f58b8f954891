//! The tests of `cute_core::atom::mma_traits_sm80`: their own binary, not cute-core unit tests, so that they
//! compile in parallel with the rest (docs/ARCHITECTURE.md, "Build time").

// Spelled-out static layout types are what these tests check, as in cute-core itself.
#![allow(clippy::type_complexity)]

use cute_core::arch::mma_sm80::{
    SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x16_F32F16F16F32_TN,
    SM80_16x8x32_S32S8S8S32_TN, SM80_16x8x4_F32TF32TF32F32_TN, SM80_16x8x8_F16F16F16F16_TN,
    SM80_16x8x8_F32BF16BF16F32_TN, SM80_16x8x8_F32F16F16F32_TN, SM80_16x8x8_F32TF32TF32F32_TN,
    SM80_8x8x4_F64F64F64F64_TN,
};
use cute_core::atom::mma_atom::MmaAtom;
use cute_core::atom::mma_traits::MmaTraits;
use cute_core::numeric::aliases::{_1, _128, _16, _2, _32, _4, _64, _8};
use cute_core::util::print::display;
use cute_tests::cpp_expected::cpp_case;
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

// Expected strings: tests/cpp/atoms.cpp, the TiledMMA cases of the SM80 atoms (atom layouts
// (2,2,1), (4,2,1), (2,4,1), with and without a permutation tile), and
// "print_tutorial_mma" (sgemm_sm80.cu's mmaC).
#[test]
fn sm80_tiled_mmas_print_as_cute() {
    use cute_core::atom::mma_atom::{make_tiled_mma, make_tiled_mma_unpermuted};
    use cute_core::atom::mma_atom::{GetLayoutTv, TiledMmaLayouts};
    use cute_core::layout::{make_layout, LayoutLeft};
    use cute_core::util::print::display;
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
