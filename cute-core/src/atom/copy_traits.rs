//! What a copy instruction moves, as layouts of bits: port of `cute/atom/copy_traits.hpp`.
//!
//! [`CopyTraits`] is C++'s `Copy_Traits<Op>`, implemented on the raw operation: `ThrID`
//! (logical thread id to thread index) and three layouts from `(thread id, value id)` to a bit
//! of the data moved: `SrcLayout`, `DstLayout`, and the reference `RefLayout` that tiled
//! copies are laid out by. A copy atom divides them by its value type's width.

use crate::arch::copy::{CopyOperation, UniversalCopy};
use crate::atom::mma_traits::AtomLayout;
use crate::layout::Layout;
use crate::numeric::aliases::{_0, _1, _128, _16, _32, _64, _8};
use crate::numeric::numeric_types::{
    BFloat16, FloatE4M3, FloatE5M2, Half, SizeofBits, TFloat32, Uint128,
};

/// `Copy_Traits<Op>`: the bit layouts of a raw copy operation.
///
/// # Example
/// ```
/// use cute_core::arch::copy::UniversalCopy;
/// use cute_core::atom::copy_traits::CopyTraits;
/// use cute_core::numeric::numeric_types::Uint128;
/// type Op = UniversalCopy<Uint128>;
/// assert_eq!(<Op as CopyTraits>::SrcLayout::default().to_string(), "(_1,_128):(_0,_1)");
/// ```
pub trait CopyTraits: CopyOperation {
    /// `ThrID`: logical thread id -> thread index.
    type ThrId: AtomLayout;
    /// `SrcLayout`: `(src thread id, src value id)` -> bit.
    type SrcLayout: AtomLayout;
    /// `DstLayout`: `(dst thread id, dst value id)` -> bit.
    type DstLayout: AtomLayout;
    /// `RefLayout`: `(ref thread id, ref value id)` -> bit.
    type RefLayout: AtomLayout;
}

/// The width of `T` in bits as a static integer (`sizeof_bits<T>`).
pub type BitsOf<T> = <T as SizeofBits>::Bits;

macro_rules! universal_copy_traits {
    ($($t:ty => $bits:ty),* $(,)?) => {$(
        /// `Copy_Traits<UniversalCopy<T>>`: one thread moves `sizeof_bits<T>` bits.
        impl CopyTraits for UniversalCopy<$t> {
            type ThrId = Layout<_1, _0>;
            type SrcLayout = Layout<(_1, $bits), (_0, _1)>;
            type DstLayout = Layout<(_1, $bits), (_0, _1)>;
            type RefLayout = Layout<(_1, $bits), (_0, _1)>;
        }
    )*};
}
universal_copy_traits!(
    u8 => _8, i8 => _8, FloatE4M3 => _8, FloatE5M2 => _8,
    u16 => _16, i16 => _16, Half => _16, BFloat16 => _16,
    u32 => _32, i32 => _32, f32 => _32, TFloat32 => _32,
    u64 => _64, i64 => _64, f64 => _64,
    Uint128 => _128,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::numeric_types::Uint128;
    use std::string::ToString;

    #[test]
    fn universal_copy_moves_its_register_width() {
        type Op = UniversalCopy<Uint128>;
        assert_eq!(<Op as CopyTraits>::ThrId::default().to_string(), "_1:_0");
        assert_eq!(
            <Op as CopyTraits>::DstLayout::default().to_string(),
            "(_1,_128):(_0,_1)"
        );
        assert_eq!(
            <UniversalCopy<f32> as CopyTraits>::RefLayout::default().to_string(),
            "(_1,_32):(_0,_1)"
        );
    }
}
