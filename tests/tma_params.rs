//! The `cuTensorMapEncodeTiled` arguments our `make_tma_copy` computes equal, field by
//! field, those C++ CuTe's `make_tma_copy` passes to the driver (`tests/cpp/tma.cpp`
//! intercepts the call; `tma.expected` is its output). Each case prints
//! both. The shared-memory layouts of the GMMA cases are built with the typed API
//! (`tile_to_shape` of `Layout_*_Atom<T>`) and must print as C++ prints them.

use cute_core::atom::copy_traits_sm90_tma::{
    make_tma_copy_params, TmaDataType, TmaOp, TmaSmemLayout,
};
use cute_core::atom::mma_traits_sm90_gmma::*;
use cute_core::dynamic::{IntTuple, Layout};
use cute_core::layout::product::tile_to_shape;
use cute_core::numeric::numeric_types::{BFloat16, Half};
use cute_core::prelude::*;

const EXPECTED: &str = include_str!("cpp/tma.expected");

/// The lines of case `name` (after `@@ name`, up to the next case).
fn case(name: &str) -> &'static str {
    let head = format!("@@ {name}\n");
    let start = EXPECTED
        .find(&head)
        .unwrap_or_else(|| panic!("no case {name} in tests/cpp/tma.expected"))
        + head.len();
    let len = EXPECTED[start..]
        .find("@@ ")
        .unwrap_or(EXPECTED.len() - start);
    &EXPECTED[start..start + len]
}

fn field<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("no line {key} in\n{text}"))
}

/// Our parameters for case `name`, with the smem layout as `typed` prints it (checked against
/// C++'s line first), compared field by field with C++'s.
fn check(
    name: &str,
    op: TmaOp,
    dtype: TmaDataType,
    typed_smem: Option<String>,
    tile: &str,
    multicast: u32,
) {
    let cpp = case(name);
    let smem_text = field(cpp, "smem");
    if let Some(t) = &typed_smem {
        assert_eq!(
            t, smem_text,
            "{name}: the typed smem layout prints differently from C++"
        );
    }
    let gmem: Layout = field(cpp, "gmem").parse().unwrap();
    let smem = TmaSmemLayout::parse(smem_text).unwrap();
    let tile: IntTuple = tile.parse().unwrap();
    let p = make_tma_copy_params(
        op,
        dtype,
        0x7f00_0000_0000,
        gmem.shape(),
        gmem.stride(),
        &smem,
        &tile,
        multicast,
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    let ours = format!(
        "{}elems_per_tma {}\ntma_tensor {}\n",
        p.encode,
        p.elems_per_tma,
        p.tma_tensor_string(gmem.shape())
    );
    let theirs: String = cpp
        .lines()
        .filter(|l| !l.starts_with("gmem ") && !l.starts_with("smem "))
        .map(|l| format!("{l}\n"))
        .collect();
    println!(
        "@@ {name}\n-- C++ make_tma_copy -> cuTensorMapEncodeTiled:\n{theirs}-- ours:\n{ours}"
    );
    for (a, b) in theirs.lines().zip(ours.lines()) {
        assert_eq!(a, b, "{name}: field differs");
    }
    assert_eq!(theirs.lines().count(), ours.lines().count(), "{name}");
}

fn typed<L: core::fmt::Display>(l: L) -> Option<String> {
    Some(l.to_string())
}

#[test]
fn tutorial_wgmma_tma_sm90_f16() {
    let mn = typed(tile_to_shape(
        Layout_MN_SW128_Atom::<Half>::default(),
        (_128, _64),
    ));
    let k = typed(tile_to_shape(
        Layout_K_SW128_Atom::<Half>::default(),
        (_128, _64),
    ));
    check(
        "nt_A_f16",
        TmaOp::Load,
        TmaDataType::Float16,
        mn.clone(),
        "(_128,_64)",
        1,
    );
    check(
        "nt_B_f16",
        TmaOp::Load,
        TmaDataType::Float16,
        mn,
        "(_128,_64)",
        1,
    );
    check(
        "tn_A_f16",
        TmaOp::Load,
        TmaDataType::Float16,
        k.clone(),
        "(_128,_64)",
        1,
    );
    check(
        "tn_B_f16",
        TmaOp::Load,
        TmaDataType::Float16,
        k,
        "(_128,_64)",
        1,
    );
}

#[test]
fn tutorial_tiles_bf16() {
    let mn = typed(tile_to_shape(
        Layout_MN_SW128_Atom::<BFloat16>::default(),
        (_128, _64),
    ));
    let k = typed(tile_to_shape(
        Layout_K_SW128_Atom::<BFloat16>::default(),
        (_128, _64),
    ));
    check(
        "nt_A_bf16",
        TmaOp::Load,
        TmaDataType::Bfloat16,
        mn,
        "(_128,_64)",
        1,
    );
    check(
        "tn_B_bf16",
        TmaOp::Load,
        TmaDataType::Bfloat16,
        k,
        "(_128,_64)",
        1,
    );
}

#[test]
fn every_gmma_swizzle() {
    let t = "(_128,_64)";
    let f = TmaDataType::Float16;
    check(
        "tn_A_f16_sw64",
        TmaOp::Load,
        f,
        typed(tile_to_shape(
            Layout_K_SW64_Atom::<Half>::default(),
            (_128, _64),
        )),
        t,
        1,
    );
    check(
        "tn_A_f16_sw32",
        TmaOp::Load,
        f,
        typed(tile_to_shape(
            Layout_K_SW32_Atom::<Half>::default(),
            (_128, _64),
        )),
        t,
        1,
    );
    check(
        "tn_A_f16_inter",
        TmaOp::Load,
        f,
        typed(tile_to_shape(
            Layout_K_INTER_Atom::<Half>::default(),
            (_128, _64),
        )),
        t,
        1,
    );
    check(
        "nt_A_f16_sw64",
        TmaOp::Load,
        f,
        typed(tile_to_shape(
            Layout_MN_SW64_Atom::<Half>::default(),
            (_128, _64),
        )),
        t,
        1,
    );
    check(
        "store_C_f32_sw128",
        TmaOp::Store,
        TmaDataType::Float32,
        typed(tile_to_shape(
            Layout_MN_SW128_Atom::<f32>::default(),
            (_128, _128),
        )),
        "(_128,_128)",
        1,
    );
}

#[test]
fn batched_multicast_store_and_coalesced() {
    let f = TmaDataType::Float16;
    check("tn_A_f16_batched", TmaOp::Load, f, None, "(_128,_64,_1)", 1);
    check(
        "tn_A_f16_multicast2",
        TmaOp::LoadMulticast,
        f,
        None,
        "(_128,_64)",
        2,
    );
    check(
        "nt_A_f16_multicast4",
        TmaOp::LoadMulticast,
        f,
        None,
        "(_128,_64)",
        4,
    );
    check(
        "store_C_f16",
        TmaOp::Store,
        f,
        typed(make_layout((_128, _128), (_1, _128))),
        "(_128,_128)",
        1,
    );
    check("contiguous_f16", TmaOp::Load, f, None, "(_16,_8)", 1);
}

#[test]
fn bad_inputs_are_errors_in_cute_notation() {
    let smem = TmaSmemLayout::parse("Sw<3,4,3> o _0 o ((_64,_2),(_8,_8)):((_1,_512),(_64,_1024))")
        .unwrap();
    let p = |s: &str| s.parse::<IntTuple>().unwrap();
    // K-major gmem under an MN-major smem tile: no common vectorization.
    let e = make_tma_copy_params(
        TmaOp::Load,
        TmaDataType::Float16,
        0,
        &p("(2048,1024)"),
        &p("(1024,_1)"),
        &smem,
        &p("(_128,_64)"),
        1,
    )
    .unwrap_err()
    .to_string();
    assert!(e.starts_with("make_tma_copy: "), "{e}");
    // A row pitch that is not a multiple of 16 bytes.
    let e = make_tma_copy_params(
        TmaOp::Load,
        TmaDataType::Float16,
        0,
        &p("(2047,1024)"),
        &p("(_1,2047)"),
        &smem,
        &p("(_128,_64)"),
        1,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("not a multiple of 16"), "{e}");
    // A misaligned base address.
    let e = make_tma_copy_params(
        TmaOp::Load,
        TmaDataType::Float16,
        8,
        &p("(2048,1024)"),
        &p("(_1,2048)"),
        &smem,
        &p("(_128,_64)"),
        1,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("16-byte aligned"), "{e}");
    // Multicast without the multicast op.
    assert!(make_tma_copy_params(
        TmaOp::Load,
        TmaDataType::Float16,
        0,
        &p("(2048,1024)"),
        &p("(_1,2048)"),
        &smem,
        &p("(_128,_64)"),
        2
    )
    .is_err());
}
