//! The tests of `cute_core::atom::copy_traits_sm80`: their own binary, not cute-core unit tests, so that they
//! compile in parallel with the rest (docs/ARCHITECTURE.md, "Build time").

// Spelled-out static layout types are what these tests check, as in cute-core itself.
#![allow(clippy::type_complexity)]

use cute_core::arch::copy_sm80::{
    SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEALWAYS_ZFILL, SM80_CP_ASYNC_CACHEGLOBAL,
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL,
};
use cute_core::atom::copy_atom::TiledCopyTv;
use cute_core::atom::copy_atom::{make_tiled_copy, CopyAtom};
use cute_core::layout::{make_layout, LayoutLeft};
use cute_core::numeric::aliases::_1;
use cute_core::numeric::aliases::{_16, _4, _8};
use cute_core::numeric::integral_constant::Integral;
use cute_core::numeric::numeric_types::Half;
use cute_core::numeric::numeric_types::Uint128;
use cute_core::util::print::display;
use cute_tests::cpp_expected::{copy_traits_printed as traits, cpp_case};
use std::format;
use std::string::{String, ToString};

// Expected strings: tests/cpp/atoms.cpp, the SM80_CP_ASYNC_* and Copy_Atom_CP_ASYNC_*
// cases.
#[test]
fn cp_async_traits_print_as_cute() {
    assert_eq!(
        traits::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>>(),
        cpp_case("SM80_CP_ASYNC_CACHEALWAYS_uint128")
    );
    assert_eq!(
        traits::<SM80_CP_ASYNC_CACHEALWAYS<u64>>(),
        cpp_case("SM80_CP_ASYNC_CACHEALWAYS_uint64")
    );
    assert_eq!(
        traits::<SM80_CP_ASYNC_CACHEALWAYS<f32>>(),
        cpp_case("SM80_CP_ASYNC_CACHEALWAYS_float")
    );
    assert_eq!(
        traits::<SM80_CP_ASYNC_CACHEGLOBAL<Uint128>>(),
        cpp_case("SM80_CP_ASYNC_CACHEGLOBAL_uint128")
    );
    assert_eq!(
        traits::<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u64>>(),
        cpp_case("SM80_CP_ASYNC_CACHEALWAYS_ZFILL_uint64")
    );
    assert_eq!(
        traits::<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<Uint128>>(),
        cpp_case("SM80_CP_ASYNC_CACHEGLOBAL_ZFILL_uint128")
    );
    let c = |s: &str| cpp_case(s).to_string();
    assert_eq!(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, Half>::new().to_string(),
        c("Copy_Atom_CP_ASYNC_CACHEALWAYS_uint128_half")
    );
    assert_eq!(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, f32>::new().to_string(),
        c("Copy_Atom_CP_ASYNC_CACHEALWAYS_uint128_float")
    );
    assert_eq!(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<f32>, f32>::new().to_string(),
        c("Copy_Atom_CP_ASYNC_CACHEALWAYS_float_float")
    );
    assert_eq!(
        CopyAtom::<SM80_CP_ASYNC_CACHEGLOBAL<Uint128>, Half>::new().to_string(),
        c("Copy_Atom_CP_ASYNC_CACHEGLOBAL_uint128_half")
    );
    assert_eq!(
        CopyAtom::<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<Uint128>, Half>::new().to_string(),
        c("Copy_Atom_CP_ASYNC_CACHEGLOBAL_ZFILL_uint128_half")
    );
}

/// The lines `show_tiled_copy` of tests/cpp/atoms.cpp prints.
fn tiled<T: TiledCopyTv>(t: &T) -> String
where
    T::Tiler: cute_core::util::print::CutePrint,
    T::LayoutTv: core::fmt::Display,
{
    format!(
        "Tiler_MN: {}\nTiledLayout_TV: {}\nLayoutS_TV: {}\nLayoutD_TV: {}\n",
        display(&t.tiler()),
        t.layout_tv(),
        t.get_layout_s_tv(),
        t.get_layout_d_tv()
    )
}

// Expected strings: tests/cpp/atoms.cpp, cases "tutorial_copyA", "print_tutorial_copyA",
// "tutorial_copyA_partitions", "tutorial_nt_copyA_float", "tutorial_tn_copyA_float": the
// gmem -> smem copies of the tutorial sgemm_sm80.cu.
#[test]
fn tutorial_cp_async_tiled_copies_match_cute() {
    use cute_core::tensor::make_identity_tensor;
    // gemm_tn, half_t: 16x8 threads k-major, 8 halves (128 bits) each
    let copy_a = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, Half>::new(),
        make_layout((_16, _8), (_8, _1)),
        make_layout((_1, _8), LayoutLeft),
    );
    assert_eq!(tiled(&copy_a), cpp_case("tutorial_copyA"));
    assert_eq!(copy_a.to_string(), cpp_case("print_tutorial_copyA"));
    // C++: size(copyA) is _128, the tutorial's block size
    let threads: cute_core::numeric::aliases::_128 = copy_a.size();
    assert_eq!(threads.value(), 128);
    let id = make_identity_tensor((
        cute_core::numeric::aliases::_128,
        cute_core::numeric::aliases::_64,
    ));
    let mut got = String::new();
    for t in [0i32, 1, 8, 37, 127] {
        let thr = copy_a.get_slice(t);
        got += &format!(
            "{t} S: {}\n{t} D: {}\n",
            thr.partition_s(id),
            thr.partition_d(id)
        );
    }
    assert_eq!(got, cpp_case("tutorial_copyA_partitions"));

    // gemm_nt / gemm_tn with float
    let nt = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, f32>::new(),
        make_layout((cute_core::numeric::aliases::_32, _8), LayoutLeft),
        make_layout((_4, _1), LayoutLeft),
    );
    assert_eq!(tiled(&nt), cpp_case("tutorial_nt_copyA_float"));
    let threads: cute_core::numeric::aliases::_256 = nt.size();
    assert_eq!(threads.value(), 256);
    let tn = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<f32>, f32>::new(),
        make_layout((cute_core::numeric::aliases::_32, _8), (_8, _1)),
        make_layout((_1, _1), LayoutLeft),
    );
    assert_eq!(tiled(&tn), cpp_case("tutorial_tn_copyA_float"));
}
