//! The tests of `cute_core::atom::copy_traits_sm75`: their own binary, not cute-core unit tests, so that they
//! compile in parallel with the rest (docs/ARCHITECTURE.md, "Build time").

// Spelled-out static layout types are what these tests check, as in cute-core itself.
#![allow(clippy::type_complexity)]

use cute_core::arch::copy_sm75::{
    SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N,
    SM75_U32x4_LDSM_N,
};
use cute_core::atom::copy_atom::CopyAtom;
use cute_core::numeric::aliases::{_1, _128, _16, _2, _32};
use cute_core::numeric::numeric_types::Half;
use cute_tests::cpp_expected::{copy_traits_printed as traits, cpp_case};
use std::format;
use std::string::ToString;

// Expected strings: tests/cpp/atoms.cpp, the SM75_*_LDSM_* and Copy_Atom_*_LDSM_* cases.
#[test]
fn ldsm_traits_print_as_cute() {
    assert_eq!(traits::<SM75_U32x1_LDSM_N>(), cpp_case("SM75_U32x1_LDSM_N"));
    assert_eq!(traits::<SM75_U32x2_LDSM_N>(), cpp_case("SM75_U32x2_LDSM_N"));
    assert_eq!(traits::<SM75_U32x4_LDSM_N>(), cpp_case("SM75_U32x4_LDSM_N"));
    assert_eq!(traits::<SM75_U16x2_LDSM_T>(), cpp_case("SM75_U16x2_LDSM_T"));
    assert_eq!(traits::<SM75_U16x4_LDSM_T>(), cpp_case("SM75_U16x4_LDSM_T"));
    assert_eq!(traits::<SM75_U16x8_LDSM_T>(), cpp_case("SM75_U16x8_LDSM_T"));
}

#[test]
fn ldsm_copy_atoms_of_half_print_as_cute() {
    let c = |s: &str| cpp_case(s).to_string();
    assert_eq!(
        CopyAtom::<SM75_U32x1_LDSM_N, Half>::new().to_string(),
        c("Copy_Atom_U32x1_LDSM_N_half")
    );
    assert_eq!(
        CopyAtom::<SM75_U32x2_LDSM_N, Half>::new().to_string(),
        c("Copy_Atom_U32x2_LDSM_N_half")
    );
    assert_eq!(
        CopyAtom::<SM75_U32x4_LDSM_N, Half>::new().to_string(),
        c("Copy_Atom_U32x4_LDSM_N_half")
    );
    assert_eq!(
        CopyAtom::<SM75_U16x2_LDSM_T, Half>::new().to_string(),
        c("Copy_Atom_U16x2_LDSM_T_half")
    );
    assert_eq!(
        CopyAtom::<SM75_U16x4_LDSM_T, Half>::new().to_string(),
        c("Copy_Atom_U16x4_LDSM_T_half")
    );
    assert_eq!(
        CopyAtom::<SM75_U16x8_LDSM_T, Half>::new().to_string(),
        c("Copy_Atom_U16x8_LDSM_T_half")
    );
    assert_eq!(CopyAtom::<SM75_U32x4_LDSM_N, Half>::NUM_VAL_SRC, 8);
    assert_eq!(CopyAtom::<SM75_U32x4_LDSM_N, Half>::NUM_VAL_DST, 8);
}

/// The lines `show_tiled_copy` of tests/cpp/atoms.cpp prints.
fn tiled<T: cute_core::atom::copy_atom::TiledCopyTv>(t: &T) -> std::string::String
where
    T::Tiler: cute_core::util::print::CutePrint,
    T::LayoutTv: core::fmt::Display,
{
    format!(
        "Tiler_MN: {}\nTiledLayout_TV: {}\nLayoutS_TV: {}\nLayoutD_TV: {}\n",
        cute_core::util::print::display(&t.tiler()),
        t.layout_tv(),
        t.get_layout_s_tv(),
        t.get_layout_d_tv()
    )
}

// Expected strings: tests/cpp/atoms.cpp, cases "tutorial_s2r_A", "tutorial_s2r_B",
// "print_tutorial_s2r_A", "tutorial_s2r_A_partitions", "tutorial_s2r_B_partitions",
// "s2r_B_LDSM_T", "s2r_B_LDSM_T_partitions": the smem -> register copies of the tutorial
// sgemm_sm80.cu (make_tiled_copy_A/B of Copy_Atom<SM75_U32x4_LDSM_N, half_t> and its
// TiledMMA), and an ldmatrix.trans copy of B.
#[test]
fn tutorial_ldmatrix_tiled_copies_match_cute() {
    use cute_core::arch::mma_sm80::SM80_16x8x16_F16F16F16F16_TN;
    use cute_core::atom::copy_atom::{make_tiled_copy_a, make_tiled_copy_b};
    use cute_core::atom::mma_atom::make_tiled_mma;
    use cute_core::layout::{make_layout, LayoutLeft};
    use cute_core::numeric::aliases::_64;
    use cute_core::tensor::make_identity_tensor;
    let mma = make_tiled_mma(
        SM80_16x8x16_F16F16F16F16_TN,
        make_layout((_2, _2, _1), LayoutLeft),
        (_32, _32, _16),
    );
    let s2r_a = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, Half>::new(), &mma);
    let s2r_b = make_tiled_copy_b(CopyAtom::<SM75_U32x4_LDSM_N, Half>::new(), &mma);
    assert_eq!(tiled(&s2r_a), cpp_case("tutorial_s2r_A"));
    assert_eq!(tiled(&s2r_b), cpp_case("tutorial_s2r_B"));
    assert_eq!(s2r_a.to_string(), cpp_case("print_tutorial_s2r_A"));
    let id = make_identity_tensor((_128, _64));
    let mut got = std::string::String::new();
    for t in [0i32, 1, 8, 37, 127] {
        let thr = s2r_a.get_slice(t);
        got += &format!(
            "{t} S: {}\n{t} D: {}\n",
            thr.partition_s(id),
            thr.partition_d(id)
        );
    }
    assert_eq!(got, cpp_case("tutorial_s2r_A_partitions"));
    let mut got = std::string::String::new();
    for t in [0i32, 1, 37, 127] {
        let thr = s2r_b.get_slice(t);
        got += &format!(
            "{t} S: {}\n{t} D: {}\n",
            thr.partition_s(id),
            thr.partition_d(id)
        );
    }
    assert_eq!(got, cpp_case("tutorial_s2r_B_partitions"));

    let s2r_t = make_tiled_copy_b(CopyAtom::<SM75_U16x8_LDSM_T, Half>::new(), &mma);
    assert_eq!(tiled(&s2r_t), cpp_case("s2r_B_LDSM_T"));
    let id = make_identity_tensor((_32, _16));
    let mut got = std::string::String::new();
    for t in [0i32, 1, 37] {
        let thr = s2r_t.get_slice(t);
        got += &format!(
            "{t} S: {}\n{t} D: {}\n",
            thr.partition_s(id),
            thr.partition_d(id)
        );
    }
    assert_eq!(got, cpp_case("s2r_B_LDSM_T_partitions"));
}
