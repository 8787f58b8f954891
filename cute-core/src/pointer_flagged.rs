//! `smem_ptr_flag_bits<B>`: the offset of a swizzled shared-memory layout atom, standing for
//! "a `B`-bit shared-memory pointer, not set yet": port of the parts of
//! `cute/pointer_flagged.hpp` that the GMMA layout atoms use.
//!
//! A GMMA shared-memory layout atom is `Sw<B,4,3> o smem_ptr[16b](unset) o (..):(..)`: the
//! swizzle acts on the byte address of a shared-memory pointer (the hardware applies it), and
//! the flag records the element width so that the swizzle can later be moved onto a pointer.
//! As an offset the flag is `_0` (C++ derives it from `Int<0>`): evaluating the composed layout
//! at a coordinate swizzles the element offset, exactly as C++ does.

use core::fmt;
use core::marker::PhantomData;

use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic_tuple::{ArithAdd, ArithSum};
use crate::numeric::integral_constant::Integral;
use crate::util::print::CutePrint;

/// C++'s `smem_ptr_flag_bits<B>`: a `_0` offset that marks a layout as describing a `B`-bit
/// shared-memory pointer (`B` a static integer such as `_16`). Prints `smem_ptr[16b](unset)`.
///
/// # Example
/// ```
/// use cute_core::pointer_flagged::SmemPtrFlagBits;
/// use cute_core::numeric::aliases::_16;
/// assert_eq!(SmemPtrFlagBits::<_16>::default().to_string(), "smem_ptr[16b](unset)");
/// ```
pub struct SmemPtrFlagBits<B>(PhantomData<B>);

/// C++'s `smem_ptr_flag`: `smem_ptr_flag_bits<1>`.
pub type SmemPtrFlag = SmemPtrFlagBits<_1>;

impl<B> Clone for SmemPtrFlagBits<B> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<B> Copy for SmemPtrFlagBits<B> {}
impl<B> Default for SmemPtrFlagBits<B> {
    fn default() -> Self {
        SmemPtrFlagBits(PhantomData)
    }
}
impl<B> PartialEq for SmemPtrFlagBits<B> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<B> Eq for SmemPtrFlagBits<B> {}

impl<B: Integral> CutePrint for SmemPtrFlagBits<B> {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "smem_ptr[{}b](unset)", B::default().value())
    }
}
impl<B: Integral> fmt::Display for SmemPtrFlagBits<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}
impl<B: Integral> fmt::Debug for SmemPtrFlagBits<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}

/// As an offset the flag is `_0`: `flag + x` is `_0 + x`.
impl<B, X> ArithAdd<X> for SmemPtrFlagBits<B>
where
    _0: ArithAdd<X>,
{
    type Output = ArithSum<_0, X>;
    #[inline(always)]
    fn arith_add(self, x: X) -> Self::Output {
        _0.arith_add(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::layout_composed::make_composed_layout;
    use crate::numeric::aliases::{_3, _4, _64, _8};
    use crate::swizzle::Swizzle;
    use std::string::ToString;

    // Expected: tests/cpp/gmma.cpp, case "Layout_K_SW128_Atom<half_t>" (the atom) and
    // C++'s `print(smem_ptr_flag{})`.
    #[test]
    fn flagged_composed_layout_prints_and_evaluates_as_cute() {
        assert_eq!(SmemPtrFlag::default().to_string(), "smem_ptr[1b](unset)");
        let l = make_composed_layout(
            Swizzle::<_3, _4, _3>::new(),
            SmemPtrFlagBits::<crate::numeric::aliases::_16>::default(),
            make_layout((_8, _64), (_64, _1)),
        );
        assert_eq!(
            l.to_string(),
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
        );
        // row 2, column 0: offset 128, whose bit 7 (the low bit of Sw<3,4,3>'s mask) flips bit 4
        assert_eq!(l.call((2i32, 0i32)), 128 ^ 16);
        assert_eq!(l.call((1i32, 0i32)), 64);
    }
}
