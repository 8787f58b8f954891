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
