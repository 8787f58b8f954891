//! The layouts of `cp.async`: port of `cute/atom/copy_traits_sm80.hpp`.
//!
//! One thread copies one element of `sizeof_bits<S>` bits: `ThrID` `_1:_0`, source,
//! destination and reference layouts `(_1,bits):(_0,_1)`. Implemented for the element types a
//! `cp.async` moves (4, 8 or 16 bytes) with `D = S`.
//!
//! C++'s ZFILL traits carry the predicate (`atom.with(pred)`); here the predicate is an
//! argument of the raw op's `copy_zfill`, and a ZFILL atom's `call` copies unconditionally.

use crate::arch::copy_sm80::{
    SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEALWAYS_ZFILL, SM80_CP_ASYNC_CACHEGLOBAL,
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL,
};
use crate::atom::copy_traits::CopyTraits;
use crate::layout::Layout;
use crate::numeric::aliases::{_0, _1, _128, _32, _64};
use crate::numeric::numeric_types::{TFloat32, Uint128};

macro_rules! cp_async_traits {
    ($Op:ident: $($t:ty => $bits:ty),* $(,)?) => {$(
        /// `Copy_Traits<SM80_CP_ASYNC_*<S>>`: one thread moves `sizeof_bits<S>` bits.
        impl CopyTraits for $Op<$t, $t> {
            type ThrId = Layout<_1, _0>;
            type SrcLayout = Layout<(_1, $bits), (_0, _1)>;
            type DstLayout = Layout<(_1, $bits), (_0, _1)>;
            type RefLayout = Layout<(_1, $bits), (_0, _1)>;
        }
    )*};
}
cp_async_traits!(SM80_CP_ASYNC_CACHEALWAYS:
    u32 => _32, i32 => _32, f32 => _32, TFloat32 => _32,
    u64 => _64, i64 => _64, f64 => _64, [u32; 2] => _64,
    Uint128 => _128, [u32; 4] => _128,
);
cp_async_traits!(SM80_CP_ASYNC_CACHEALWAYS_ZFILL:
    u32 => _32, i32 => _32, f32 => _32, TFloat32 => _32,
    u64 => _64, i64 => _64, f64 => _64, [u32; 2] => _64,
    Uint128 => _128, [u32; 4] => _128,
);
cp_async_traits!(SM80_CP_ASYNC_CACHEGLOBAL: Uint128 => _128, [u32; 4] => _128);
cp_async_traits!(SM80_CP_ASYNC_CACHEGLOBAL_ZFILL: Uint128 => _128, [u32; 4] => _128);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom::copy_atom::TiledCopyTv;
    use crate::atom::copy_atom::{make_tiled_copy, CopyAtom};
    use crate::atom::cpp_expected::{copy_traits_printed as traits, cpp_case};
    use crate::layout::{make_layout, LayoutLeft};
    use crate::numeric::aliases::{_16, _4, _8};
    use crate::numeric::integral_constant::Integral;
    use crate::numeric::numeric_types::Half;
    use crate::util::print::display;
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
        T::Tiler: crate::util::print::CutePrint,
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
        use crate::tensor::make_identity_tensor;
        // gemm_tn, half_t: 16x8 threads k-major, 8 halves (128 bits) each
        let copy_a = make_tiled_copy(
            CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, Half>::new(),
            make_layout((_16, _8), (_8, _1)),
            make_layout((_1, _8), LayoutLeft),
        );
        assert_eq!(tiled(&copy_a), cpp_case("tutorial_copyA"));
        assert_eq!(copy_a.to_string(), cpp_case("print_tutorial_copyA"));
        // C++: size(copyA) is _128, the tutorial's block size
        let threads: crate::numeric::aliases::_128 = copy_a.size();
        assert_eq!(threads.value(), 128);
        let id =
            make_identity_tensor((crate::numeric::aliases::_128, crate::numeric::aliases::_64));
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
            make_layout((crate::numeric::aliases::_32, _8), LayoutLeft),
            make_layout((_4, _1), LayoutLeft),
        );
        assert_eq!(tiled(&nt), cpp_case("tutorial_nt_copyA_float"));
        let threads: crate::numeric::aliases::_256 = nt.size();
        assert_eq!(threads.value(), 256);
        let tn = make_tiled_copy(
            CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<f32>, f32>::new(),
            make_layout((crate::numeric::aliases::_32, _8), (_8, _1)),
            make_layout((_1, _1), LayoutLeft),
        );
        assert_eq!(tiled(&tn), cpp_case("tutorial_tn_copyA_float"));
    }
}
