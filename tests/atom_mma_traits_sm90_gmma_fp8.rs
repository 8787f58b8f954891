//! The 8-bit float GMMA atoms (`cute_core::atom::mma_traits_sm90_gmma`,
//! `cute_core::arch::mma_sm90_gmma`) against C++ CuTe (`tests/cpp/gmma_fp8.cpp`): the
//! shared-memory layout atoms of 8-bit types and their stages, K-major descriptors of one
//! GMMA's `(64,32)` block, and for a representative set of the `SM90_64xNx32_*_TN` ops their
//! value types, `MMA_Atom` and `make_tiled_mma` layouts. Its own binary (docs/ARCHITECTURE.md,
//! "Build time", rule 8).

// Spelled-out static layout types are what these tests check, as in cute-core itself.
#![allow(clippy::type_complexity)]

use cute_core::arch::mma_sm90_gmma::GMMA::Major::K;
use cute_core::arch::mma_sm90_gmma::*;
use cute_core::atom::mma_atom::{
    make_mma_atom, make_tiled_mma_unpermuted, GetLayoutTv, TiledMmaLayouts,
};
use cute_core::atom::mma_traits::MmaTraits;
use cute_core::atom::mma_traits_sm90_gmma::*;
use cute_core::layout::composition::composition;
use cute_core::layout::make_layout;
use cute_core::layout::product::tile_to_shape;
use cute_core::layout::slice::slice_and_offset;
use cute_core::layout_composed::make_composed_layout;
use cute_core::numeric::numeric_types::{FloatE4M3, FloatE5M2, Half};
use cute_core::prelude::*;
use cute_core::stride::LayoutLeft;
use cute_core::underscore::X;
use cute_core::util::print::display;
use std::format;
use std::string::{String, ToString};

/// The lines of case `name` of tests/cpp/gmma_fp8.expected.
fn expected(name: &str) -> std::vec::Vec<&'static str> {
    let all = include_str!("cpp/gmma_fp8.expected");
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

/// C++ CuTe's name of an element type.
trait CppName {
    const NAME: &'static str;
}
impl CppName for f32 {
    const NAME: &'static str = "float";
}
impl CppName for Half {
    const NAME: &'static str = "half_t";
}
impl CppName for FloatE4M3 {
    const NAME: &'static str = "float_e4m3_t";
}
impl CppName for FloatE5M2 {
    const NAME: &'static str = "float_e5m2_t";
}

macro_rules! check_atom {
    ($name:literal, $Atom:ty) => {{
        let e = expected($name);
        let a = <$Atom>::default();
        assert_eq!(a.to_string(), e[0], $name);
        let s = tile_to_shape(a, (_128, _128, _3));
        assert_eq!(s.to_string(), e[1], $name);
        let h = hash(|i| s.call(i) as i64, 128 * 128 * 3);
        assert_eq!(format!("hash {h}"), e[2], $name);
    }};
}

// Expected: tests/cpp/gmma_fp8.cpp, the "Layout_*" cases.
#[test]
fn layout_atoms_of_8_bit_types_are_cutes() {
    check_atom!(
        "Layout_K_INTER_Atom<float_e4m3_t>",
        Layout_K_INTER_Atom<FloatE4M3>
    );
    check_atom!(
        "Layout_K_SW32_Atom<float_e4m3_t>",
        Layout_K_SW32_Atom<FloatE4M3>
    );
    check_atom!(
        "Layout_K_SW64_Atom<float_e4m3_t>",
        Layout_K_SW64_Atom<FloatE4M3>
    );
    check_atom!(
        "Layout_K_SW128_Atom<float_e4m3_t>",
        Layout_K_SW128_Atom<FloatE4M3>
    );
    check_atom!(
        "Layout_MN_INTER_Atom<float_e4m3_t>",
        Layout_MN_INTER_Atom<FloatE4M3>
    );
    check_atom!(
        "Layout_MN_SW32_Atom<float_e4m3_t>",
        Layout_MN_SW32_Atom<FloatE4M3>
    );
    check_atom!(
        "Layout_MN_SW64_Atom<float_e4m3_t>",
        Layout_MN_SW64_Atom<FloatE4M3>
    );
    check_atom!(
        "Layout_MN_SW128_Atom<float_e5m2_t>",
        Layout_MN_SW128_Atom<FloatE5M2>
    );
}

/// The K-major (64,32) block (m,k) of stage `st` of `tile_to_shape(atom, (128,128,3))`, its
/// descriptor at base address `BASE`, against C++'s.
const BASE: u32 = 0x0400;
macro_rules! check_desc {
    ($name:literal, $Atom:ty) => {{
        let stages = tile_to_shape(<$Atom>::default(), (_128, _128, _3));
        for (m, k, st) in [(0i32, 0i32, 0i32), (1, 0, 1), (1, 3, 2)] {
            let case = format!("{} m{m} k{k} stage{st}", $name);
            let e = expected(&case);
            let (stage, stage_off) = slice_and_offset((X, X, st), stages.layout_b());
            let block = composition(stage, (_64, _32));
            assert_eq!(block.to_string(), e[0], "{case}");
            let off = stage_off as i64 + stage.call((m * 64, k * 32)) as i64;
            assert_eq!(format!("offset {off}"), e[1], "{case}");
            let flagged = make_composed_layout(stages.layout_a(), stages.offset(), block);
            let cpp = make_gmma_desc::<K, _>(0, flagged);
            let printed: String = e[2..].iter().map(|l| format!("{l}\n")).collect();
            assert_eq!(cpp.to_string(), printed, "{case}");
            let addr = BASE + off as u32;
            let d = make_gmma_desc::<K, _>(addr, flagged);
            assert_eq!(d.desc, cpp.desc | (addr >> 4) as u64, "{case}");
        }
    }};
}

// Expected: tests/cpp/gmma_fp8.cpp, the "desc *" cases.
#[test]
fn gmma_descriptors_of_8_bit_stages_are_cutes() {
    check_desc!("desc K_SW128", Layout_K_SW128_Atom<FloatE4M3>);
    check_desc!("desc K_SW64", Layout_K_SW64_Atom<FloatE4M3>);
    check_desc!("desc K_SW32", Layout_K_SW32_Atom<FloatE4M3>);
    check_desc!("desc K_INTER", Layout_K_INTER_Atom<FloatE5M2>);
}

/// The op's value types and `MMA_Atom` against C++'s lines; with `tiled`, also the layouts of
/// `make_tiled_mma(op)`.
macro_rules! check_op {
    ($Op:ident) => {{
        type Op = $Op;
        let name = stringify!($Op);
        let e = expected(name);
        let types = format!(
            "ValTypeD/A/B/C: {} {} {} {}",
            <<Op as MmaTraits>::ValTypeD as CppName>::NAME,
            <<Op as MmaTraits>::ValTypeA as CppName>::NAME,
            <<Op as MmaTraits>::ValTypeB as CppName>::NAME,
            <<Op as MmaTraits>::ValTypeC as CppName>::NAME,
        );
        assert_eq!(types, e[0], "{name}");
        let atom: String = e[1..7].iter().map(|l| format!("{l}\n")).collect();
        assert_eq!(make_mma_atom(Op::default()).to_string(), atom, "{name}");
    }};
    ($Op:ident, tiled) => {{
        check_op!($Op);
        type Op = $Op;
        let name = stringify!($Op);
        let e = expected(name);
        let mma = make_tiled_mma_unpermuted(Op::default(), make_layout((_1, _1, _1), LayoutLeft));
        let got = [
            format!("ThrLayoutVMNK: {}", mma.get_thr_layout_vmnk()),
            format!("TileShape: {}", display(&mma.tile_shape())),
            format!("LayoutA_TV: {}", mma.get_layout_a_tv()),
            format!("LayoutB_TV: {}", mma.get_layout_b_tv()),
            format!("LayoutC_TV: {}", mma.get_layout_c_tv()),
        ];
        assert_eq!(got.as_slice(), &e[7..12], "{name}");
    }};
}

// The ops' traits differ only in N, in SS or RS (A's layout) and in the value types, and a
// TiledMMA's layouts are computed from the layouts alone: every op below has its traits
// checked, and one op per (N, SS|RS) its TiledMMA (each TiledMMA costs seconds of type
// checking).

// Expected: tests/cpp/gmma_fp8.cpp, the "SM90_64x8x32_*" cases.
#[test]
fn n8_ops_are_cutes() {
    check_op!(SM90_64x8x32_F32E4M3E4M3_SS_TN, tiled);
    check_op!(SM90_64x8x32_F32E4M3E4M3_RS_TN);
    check_op!(SM90_64x8x32_F16E4M3E4M3_SS_TN);
    check_op!(SM90_64x8x32_F16E4M3E4M3_RS_TN);
    check_op!(SM90_64x8x32_F32E4M3E5M2_SS_TN);
    check_op!(SM90_64x8x32_F32E4M3E5M2_RS_TN);
    check_op!(SM90_64x8x32_F16E4M3E5M2_SS_TN);
    check_op!(SM90_64x8x32_F16E4M3E5M2_RS_TN, tiled);
    check_op!(SM90_64x8x32_F32E5M2E4M3_SS_TN);
    check_op!(SM90_64x8x32_F32E5M2E4M3_RS_TN);
    check_op!(SM90_64x8x32_F16E5M2E4M3_SS_TN);
    check_op!(SM90_64x8x32_F16E5M2E4M3_RS_TN);
    check_op!(SM90_64x8x32_F32E5M2E5M2_SS_TN);
    check_op!(SM90_64x8x32_F32E5M2E5M2_RS_TN);
    check_op!(SM90_64x8x32_F16E5M2E5M2_SS_TN);
    check_op!(SM90_64x8x32_F16E5M2E5M2_RS_TN);
}

// Expected: tests/cpp/gmma_fp8.cpp, the "SM90_64x64x32_*" cases.
#[test]
fn n64_ops_are_cutes() {
    check_op!(SM90_64x64x32_F32E4M3E4M3_SS_TN);
    check_op!(SM90_64x64x32_F32E4M3E4M3_RS_TN);
    check_op!(SM90_64x64x32_F16E4M3E4M3_SS_TN);
    check_op!(SM90_64x64x32_F16E4M3E4M3_RS_TN);
    check_op!(SM90_64x64x32_F32E4M3E5M2_SS_TN);
    check_op!(SM90_64x64x32_F32E4M3E5M2_RS_TN);
    check_op!(SM90_64x64x32_F16E4M3E5M2_SS_TN, tiled);
    check_op!(SM90_64x64x32_F16E4M3E5M2_RS_TN);
    check_op!(SM90_64x64x32_F32E5M2E4M3_SS_TN);
    check_op!(SM90_64x64x32_F32E5M2E4M3_RS_TN, tiled);
    check_op!(SM90_64x64x32_F16E5M2E4M3_SS_TN);
    check_op!(SM90_64x64x32_F16E5M2E4M3_RS_TN);
    check_op!(SM90_64x64x32_F32E5M2E5M2_SS_TN);
    check_op!(SM90_64x64x32_F32E5M2E5M2_RS_TN);
    check_op!(SM90_64x64x32_F16E5M2E5M2_SS_TN);
    check_op!(SM90_64x64x32_F16E5M2E5M2_RS_TN);
}

// Expected: tests/cpp/gmma_fp8.cpp, the "SM90_64x128x32_*" cases.
#[test]
fn n128_ops_are_cutes() {
    check_op!(SM90_64x128x32_F32E4M3E4M3_SS_TN);
    check_op!(SM90_64x128x32_F32E4M3E4M3_RS_TN);
    check_op!(SM90_64x128x32_F16E4M3E4M3_SS_TN);
    check_op!(SM90_64x128x32_F16E4M3E4M3_RS_TN);
    check_op!(SM90_64x128x32_F32E4M3E5M2_SS_TN);
    check_op!(SM90_64x128x32_F32E4M3E5M2_RS_TN);
    check_op!(SM90_64x128x32_F16E4M3E5M2_SS_TN);
    check_op!(SM90_64x128x32_F16E4M3E5M2_RS_TN);
    check_op!(SM90_64x128x32_F32E5M2E4M3_SS_TN, tiled);
    check_op!(SM90_64x128x32_F32E5M2E4M3_RS_TN);
    check_op!(SM90_64x128x32_F16E5M2E4M3_SS_TN);
    check_op!(SM90_64x128x32_F16E5M2E4M3_RS_TN);
    check_op!(SM90_64x128x32_F32E5M2E5M2_SS_TN);
    check_op!(SM90_64x128x32_F32E5M2E5M2_RS_TN);
    check_op!(SM90_64x128x32_F16E5M2E5M2_SS_TN);
    check_op!(SM90_64x128x32_F16E5M2E5M2_RS_TN, tiled);
}

// Expected: tests/cpp/gmma_fp8.cpp, the "SM90_64x256x32_*" cases.
#[test]
fn n256_ops_are_cutes() {
    check_op!(SM90_64x256x32_F32E4M3E4M3_SS_TN);
    check_op!(SM90_64x256x32_F32E4M3E4M3_RS_TN, tiled);
    check_op!(SM90_64x256x32_F16E4M3E4M3_SS_TN);
    check_op!(SM90_64x256x32_F16E4M3E4M3_RS_TN);
    check_op!(SM90_64x256x32_F32E4M3E5M2_SS_TN);
    check_op!(SM90_64x256x32_F32E4M3E5M2_RS_TN);
    check_op!(SM90_64x256x32_F16E4M3E5M2_SS_TN);
    check_op!(SM90_64x256x32_F16E4M3E5M2_RS_TN);
    check_op!(SM90_64x256x32_F32E5M2E4M3_SS_TN);
    check_op!(SM90_64x256x32_F32E5M2E4M3_RS_TN);
    check_op!(SM90_64x256x32_F16E5M2E4M3_SS_TN);
    check_op!(SM90_64x256x32_F16E5M2E4M3_RS_TN);
    check_op!(SM90_64x256x32_F32E5M2E5M2_SS_TN);
    check_op!(SM90_64x256x32_F32E5M2E5M2_RS_TN);
    check_op!(SM90_64x256x32_F16E5M2E5M2_SS_TN, tiled);
    check_op!(SM90_64x256x32_F16E5M2E5M2_RS_TN);
}

// Expected: tests/cpp/gmma_fp8.cpp, the ops of other N (mma_traits_sm90_gmma_ext.hpp).
#[test]
fn other_n_ops_are_cutes() {
    check_op!(SM90_64x24x32_F32E4M3E4M3_SS_TN, tiled);
    check_op!(SM90_64x24x32_F16E5M2E4M3_RS_TN, tiled);
    check_op!(SM90_64x136x32_F32E4M3E5M2_RS_TN, tiled);
    check_op!(SM90_64x248x32_F16E5M2E5M2_SS_TN, tiled);
}
