//! The tests of `cute_core::atom::mma_traits_sm90_gmma`: their own binary, not cute-core unit tests, so that they
//! compile in parallel with the rest (docs/ARCHITECTURE.md, "Build time").

// Spelled-out static layout types are what these tests check, as in cute-core itself.
#![allow(clippy::type_complexity)]

use cute_core::arch::mma_sm90_gmma::GMMA as GMMA_;
use cute_core::arch::mma_sm90_gmma::*;
use cute_core::atom::mma_atom::{
    make_mma_atom, make_tiled_mma, make_tiled_mma_unpermuted, GetLayoutTv, TiledMmaLayouts,
};
use cute_core::atom::mma_traits_sm90_gmma::*;
use cute_core::layout::composition::composition;
use cute_core::layout::make_layout;
use cute_core::layout::product::tile_to_shape;
use cute_core::layout::slice::slice_and_offset;
use cute_core::layout_composed::make_composed_layout;
use cute_core::numeric::numeric_types::Half;
use cute_core::prelude::*;
use cute_core::stride::LayoutLeft;
use cute_core::underscore::X;
use cute_core::util::print::display;
use std::format;
use std::string::{String, ToString};
use GMMA_::Major::{K, MN};

/// The lines of case `name` of tests/cpp/gmma.expected.
fn expected(name: &str) -> std::vec::Vec<&'static str> {
    let all = include_str!("cpp/gmma.expected");
    let head = format!("@@ {name}\n");
    let start = all.find(&head).unwrap_or_else(|| panic!("no case {name}")) + head.len();
    let rest = &all[start..];
    let end = rest.find("@@ ").unwrap_or(rest.len());
    rest[..end]
        .lines()
        .filter(|l| !l.starts_with("ERROR"))
        .collect()
}

/// C++'s `offsets_hash` (FNV-1a over `layout(i)`, i in [0, size)).
fn hash(f: impl Fn(i32) -> i64, size: i32) -> u64 {
    let mut h: u64 = 1469598103934665603;
    for i in 0..size {
        h = (h ^ f(i) as u64).wrapping_mul(1099511628211);
    }
    h
}

macro_rules! check_atom {
    ($name:literal, $Atom:ty) => {{
        let e = expected($name);
        let a = <$Atom>::default();
        assert_eq!(a.to_string(), e[0], $name);
        let s = tile_to_shape(a, (_128, _64, _3));
        assert_eq!(s.to_string(), e[1], $name);
        let h = hash(|i| s.call(i) as i64, 128 * 64 * 3);
        assert_eq!(format!("hash {h}"), e[2], $name);
    }};
}

// Expected: tests/cpp/gmma.cpp, the "Layout_*" cases.
#[test]
fn layout_atoms_and_their_stages_are_cutes() {
    check_atom!("Layout_K_INTER_Atom<half_t>", Layout_K_INTER_Atom<Half>);
    check_atom!("Layout_K_SW32_Atom<half_t>", Layout_K_SW32_Atom<Half>);
    check_atom!("Layout_K_SW64_Atom<half_t>", Layout_K_SW64_Atom<Half>);
    check_atom!("Layout_K_SW128_Atom<half_t>", Layout_K_SW128_Atom<Half>);
    check_atom!("Layout_MN_INTER_Atom<half_t>", Layout_MN_INTER_Atom<Half>);
    check_atom!("Layout_MN_SW32_Atom<half_t>", Layout_MN_SW32_Atom<Half>);
    check_atom!("Layout_MN_SW64_Atom<half_t>", Layout_MN_SW64_Atom<Half>);
    check_atom!("Layout_MN_SW128_Atom<half_t>", Layout_MN_SW128_Atom<Half>);
    check_atom!("Layout_K_SW128_Atom<float>", Layout_K_SW128_Atom<f32>);
    check_atom!("Layout_MN_SW64_Atom<uint8_t>", Layout_MN_SW64_Atom<u8>);
}

/// The (64,16) block (m,k) of stage `st` of `tile_to_shape(atom, (128,64,3))`, its
/// descriptor at base address `BASE`, against C++'s.
const BASE: u32 = 0x0400;
macro_rules! check_desc {
    ($name:literal, $M:ty, $Atom:ty) => {{
        let stages = tile_to_shape(<$Atom>::default(), (_128, _64, _3));
        for (m, k, st) in [(0i32, 0i32, 0i32), (1, 0, 1), (1, 3, 2)] {
            let case = format!("{} m{m} k{k} stage{st}", $name);
            let e = expected(&case);
            let (stage, stage_off) = slice_and_offset((X, X, st), stages.layout_b());
            let block = composition(stage, (_64, _16));
            assert_eq!(block.to_string(), e[0], "{case}");
            let off = stage_off as i64 + stage.call((m * 64, k * 16)) as i64;
            assert_eq!(format!("offset {off}"), e[1], "{case}");
            let flagged = make_composed_layout(stages.layout_a(), stages.offset(), block);
            let cpp = make_gmma_desc::<$M, _>(0, flagged);
            let printed: String = e[2..].iter().map(|l| format!("{l}\n")).collect();
            assert_eq!(cpp.to_string(), printed, "{case}");
            let addr = BASE + 2 * off as u32;
            let d = make_gmma_desc::<$M, _>(addr, flagged);
            assert_eq!(d.desc, cpp.desc | (addr >> 4) as u64, "{case}");
        }
    }};
}

// Expected: tests/cpp/gmma.cpp, the "desc *" cases.
#[test]
fn gmma_descriptors_of_tutorial_stages_are_cutes() {
    check_desc!("desc K_SW128", K, Layout_K_SW128_Atom<Half>);
    check_desc!("desc K_SW64", K, Layout_K_SW64_Atom<Half>);
    check_desc!("desc K_SW32", K, Layout_K_SW32_Atom<Half>);
    check_desc!("desc K_INTER", K, Layout_K_INTER_Atom<Half>);
    check_desc!("desc MN_SW128", MN, Layout_MN_SW128_Atom<Half>);
    check_desc!("desc MN_SW64", MN, Layout_MN_SW64_Atom<Half>);
    check_desc!("desc MN_SW32", MN, Layout_MN_SW32_Atom<Half>);
    check_desc!("desc MN_INTER", MN, Layout_MN_INTER_Atom<Half>);
}

macro_rules! check_mma_atom {
    ($name:literal, $Op:ty) => {{
        let e = expected($name);
        let printed: String = e.iter().map(|l| format!("{l}\n")).collect();
        assert_eq!(make_mma_atom(<$Op>::default()).to_string(), printed, $name);
    }};
}

// Expected: tests/cpp/gmma.cpp, the "SM90_*" cases.
#[test]
fn gmma_atoms_print_as_cute() {
    check_mma_atom!("SM90_64x8x16_F32F16F16_SS", SM90_64x8x16_F32F16F16_SS<K, K>);
    check_mma_atom!("SM90_64x16x16_F32F16F16_SS", SM90_64x16x16_F32F16F16_SS<K, K>);
    check_mma_atom!("SM90_64x32x16_F32F16F16_SS", SM90_64x32x16_F32F16F16_SS<K, K>);
    check_mma_atom!("SM90_64x64x16_F32F16F16_SS", SM90_64x64x16_F32F16F16_SS<K, K>);
    check_mma_atom!("SM90_64x96x16_F32F16F16_SS", SM90_64x96x16_F32F16F16_SS<K, K>);
    check_mma_atom!("SM90_64x128x16_F32F16F16_SS", SM90_64x128x16_F32F16F16_SS<K, K>);
    check_mma_atom!("SM90_64x192x16_F32F16F16_SS", SM90_64x192x16_F32F16F16_SS<K, K>);
    check_mma_atom!("SM90_64x256x16_F32F16F16_SS", SM90_64x256x16_F32F16F16_SS<K, K>);
    check_mma_atom!("SM90_64x8x16_F32F16F16_RS", SM90_64x8x16_F32F16F16_RS<K, MN>);
    check_mma_atom!("SM90_64x256x16_F32F16F16_RS", SM90_64x256x16_F32F16F16_RS<K, MN>);
    check_mma_atom!("SM90_64x128x16_F32BF16BF16_SS", SM90_64x128x16_F32BF16BF16_SS<MN, K>);
    check_mma_atom!("SM90_64x96x16_F32BF16BF16_RS", SM90_64x96x16_F32BF16BF16_RS<K, K>);
    check_mma_atom!("SM90_64x64x16_F16F16F16_SS", SM90_64x64x16_F16F16F16_SS<MN, MN>);
}

macro_rules! check_tiled_mma {
    ($name:literal, $mma:expr) => {{
        let e = expected($name);
        let mma = $mma;
        assert_eq!(
            format!("ThrLayoutVMNK: {}", mma.get_thr_layout_vmnk()),
            e[6],
            $name
        );
        assert_eq!(
            format!("TileShape: {}", display(&mma.tile_shape())),
            e[7],
            $name
        );
        assert_eq!(
            format!("LayoutA_TV: {}", mma.get_layout_a_tv()),
            e[8],
            $name
        );
        assert_eq!(
            format!("LayoutB_TV: {}", mma.get_layout_b_tv()),
            e[9],
            $name
        );
        assert_eq!(
            format!("LayoutC_TV: {}", mma.get_layout_c_tv()),
            e[10],
            $name
        );
    }};
}

// Expected: tests/cpp/gmma.cpp, the tutorials' TiledMMAs.
#[test]
fn tutorial_tiled_mmas_are_cutes() {
    check_tiled_mma!(
        "wgmma_sm90 NT",
        make_tiled_mma_unpermuted(
            SM90_64x64x16_F16F16F16_SS::<MN, MN>::default(),
            make_layout((_1, _1, _1), LayoutLeft)
        )
    );
    check_tiled_mma!(
        "wgmma_sm90 TN",
        make_tiled_mma_unpermuted(
            SM90_64x64x16_F16F16F16_SS::<K, K>::default(),
            make_layout((_1, _1, _1), LayoutLeft)
        )
    );
    check_tiled_mma!(
        "F32F16F16_SS 64x128 2x1x1",
        make_tiled_mma(
            SM90_64x128x16_F32F16F16_SS::<K, K>::default(),
            make_layout((_2, _1, _1), LayoutLeft),
            ()
        )
    );
    check_tiled_mma!(
        "F32F16F16_RS 64x64",
        make_tiled_mma_unpermuted(
            SM90_64x64x16_F32F16F16_RS::<K, K>::default(),
            make_layout((_1, _1, _1), LayoutLeft)
        )
    );
}
