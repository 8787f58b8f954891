//! Bitwise operations on [`Integral`]s: the `&`, `|`, `^` of
//! `cute/numeric/integral_constant.hpp` and `shiftl`, `shiftr`, `has_single_bit`, `log_2` of
//! `cute/numeric/math.hpp`.
//!
//! As for the arithmetic of `numeric::arithmetic`, every mix of static and dynamic operands
//! works and the result is static iff both operands are. Static operands must be non-negative
//! (typenum's bitwise operators are on unsigned numbers); dynamic ones follow C++ (two's
//! complement, arithmetic right shift).

use typenum::{Bit, Integer, IsEqual, IsLess, Logarithm2, NonZero, PInt, UInt, UTerm, Unsigned};
use typenum::{B0, B1, Z0};

use super::integral_constant::{Integral, C};

/// A non-negative typenum integer as a typenum unsigned integer.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "bitwise operations on static integers need non-negative values",
    note = "a negative static integer cannot be and-ed, or-ed, xor-ed or shifted at compile time"
)]
pub trait AsUnsigned {
    type U: Unsigned;
}
impl AsUnsigned for Z0 {
    type U = UTerm;
}
impl<U: Unsigned + NonZero> AsUnsigned for PInt<U> {
    type U = U;
}
/// A typenum unsigned integer as a (non-negative) typenum integer.
#[doc(hidden)]
pub trait AsInteger {
    type I: Integer + 'static;
}
impl AsInteger for UTerm {
    type I = Z0;
}
impl<U: Unsigned + 'static, B: Bit + 'static> AsInteger for UInt<U, B> {
    type I = PInt<UInt<U, B>>;
}
/// The static integer of a typenum unsigned integer.
type FromU<U> = C<<U as AsInteger>::I>;
/// The typenum unsigned integer of a non-negative typenum integer.
type ToU<N> = <N as AsUnsigned>::U;

/// `N op Self` on static integers, for the operation `Op`; see the impls of [`IntAnd`].
#[doc(hidden)]
pub trait StaticBitOp<N, Op> {
    type Output: Integral;
}

macro_rules! bit_op {
    ($(#[$doc:meta])* $Trait:ident, $method:ident, $Alias:ident, $Tn:ident, $Rev:ident, $op:tt) => {
        $(#[$doc])*
        pub trait $Trait<B> {
            /// The result: static iff both operands are.
            type Output: Integral;
            /// Computes the operation.
            fn $method(self, b: B) -> Self::Output;
        }
        #[doc = concat!("The result type of [`", stringify!($Trait), "`].")]
        pub type $Alias<A, B> = <A as $Trait<B>>::Output;

        // The static case goes through a trait whose `Self` is the right operand: while
        // inference does not know it yet, the bound is ambiguous at once instead of sending
        // the solver into typenum's recursive impls.
        impl<N, M> $Trait<C<M>> for C<N>
        where
            M: StaticBitOp<N, $Rev>,
        {
            type Output = <M as StaticBitOp<N, $Rev>>::Output;
            #[inline(always)]
            fn $method(self, _: C<M>) -> Self::Output {
                Default::default()
            }
        }
        #[doc(hidden)]
        pub struct $Rev;
        impl<M, N> StaticBitOp<N, $Rev> for M
        where
            N: Integer + AsUnsigned,
            M: Integer + AsUnsigned,
            ToU<N>: core::ops::$Tn<ToU<M>>,
            <ToU<N> as core::ops::$Tn<ToU<M>>>::Output: AsInteger,
        {
            type Output = FromU<<ToU<N> as core::ops::$Tn<ToU<M>>>::Output>;
        }
        bit_op!(@dyn $Trait, $method, $op, i32, I32);
        bit_op!(@dyn $Trait, $method, $op, i64, I64);
    };
    (@dyn $Trait:ident, $method:ident, $op:tt, $t:ty, $K:ident) => {
        impl<N: Integer + 'static> $Trait<$t> for C<N> {
            type Output = $t;
            #[inline(always)]
            fn $method(self, b: $t) -> $t {
                N::$K $op b
            }
        }
        impl<M: Integer + 'static> $Trait<C<M>> for $t {
            type Output = $t;
            #[inline(always)]
            fn $method(self, _: C<M>) -> $t {
                self $op M::$K
            }
        }
        impl $Trait<$t> for $t {
            type Output = $t;
            #[inline(always)]
            fn $method(self, b: $t) -> $t {
                self $op b
            }
        }
    };
}

bit_op!(
    /// `a & b`.
    IntAnd, and, BitAndOf, BitAnd, AndOp, &
);
bit_op!(
    /// `a | b`.
    IntOr, or, BitOrOf, BitOr, OrOp, |
);
bit_op!(
    /// `a ^ b`.
    IntXor, xor, BitXorOf, BitXor, XorOp, ^
);

/// `shiftr(a, s)`: `a >> s` for `s >= 0`, `a << -s` for `s < 0` (C++'s `shiftr`).
pub trait IntShiftr<S> {
    /// The result: static iff both operands are.
    type Output: Integral;
    /// Shifts.
    fn shiftr(self, s: S) -> Self::Output;
}
/// The result type of [`IntShiftr`].
pub type ShiftrOf<A, S> = <A as IntShiftr<S>>::Output;

/// `shiftl(a, s)`: `a << s` for `s >= 0`, `a >> -s` for `s < 0` (C++'s `shiftl`).
pub trait IntShiftl<S> {
    /// The result: static iff both operands are.
    type Output: Integral;
    /// Shifts.
    fn shiftl(self, s: S) -> Self::Output;
}
/// The result type of [`IntShiftl`].
pub type ShiftlOf<A, S> = <A as IntShiftl<S>>::Output;

// As for `IntAnd`, the static case is a trait of the (maybe not yet inferred) shift amount.
impl<N, S> IntShiftr<C<S>> for C<N>
where
    S: StaticShiftr<N>,
{
    type Output = <S as StaticShiftr<N>>::Output;
    #[inline(always)]
    fn shiftr(self, _: C<S>) -> Self::Output {
        Default::default()
    }
}
impl<N, S> IntShiftl<C<S>> for C<N>
where
    S: StaticShiftl<N>,
{
    type Output = <S as StaticShiftl<N>>::Output;
    #[inline(always)]
    fn shiftl(self, _: C<S>) -> Self::Output {
        Default::default()
    }
}
/// `shiftr(N, Self)` on static integers.
#[doc(hidden)]
pub trait StaticShiftr<N> {
    type Output: Integral;
}
impl<S, N> StaticShiftr<N> for S
where
    S: Integer + IsLess<Z0>,
    S: ShiftBySign<N, <S as IsLess<Z0>>::Output>,
{
    type Output = <S as ShiftBySign<N, <S as IsLess<Z0>>::Output>>::Output;
}
/// `shiftl(N, Self)` on static integers: `shiftr(N, -Self)`.
#[doc(hidden)]
pub trait StaticShiftl<N> {
    type Output: Integral;
}
impl<S, N> StaticShiftl<N> for S
where
    S: Integer + core::ops::Neg,
    <S as core::ops::Neg>::Output: StaticShiftr<N>,
{
    type Output = <<S as core::ops::Neg>::Output as StaticShiftr<N>>::Output;
}
/// `N >> Self` (`Negative = B0`) or `N << -Self` (`Negative = B1`) on static integers.
#[doc(hidden)]
pub trait ShiftBySign<N, Negative> {
    type Output: Integral;
}
impl<S, N> ShiftBySign<N, B0> for S
where
    N: AsUnsigned,
    S: AsUnsigned,
    ToU<N>: core::ops::Shr<ToU<S>>,
    <ToU<N> as core::ops::Shr<ToU<S>>>::Output: AsInteger,
{
    type Output = FromU<<ToU<N> as core::ops::Shr<ToU<S>>>::Output>;
}
impl<S, N> ShiftBySign<N, B1> for S
where
    N: AsUnsigned,
    S: core::ops::Neg,
    <S as core::ops::Neg>::Output: AsUnsigned,
    ToU<N>: core::ops::Shl<ToU<<S as core::ops::Neg>::Output>>,
    <ToU<N> as core::ops::Shl<ToU<<S as core::ops::Neg>::Output>>>::Output: AsInteger,
{
    type Output = FromU<<ToU<N> as core::ops::Shl<ToU<<S as core::ops::Neg>::Output>>>::Output>;
}

macro_rules! dyn_shift {
    ($t:ty, $K:ident) => {
        impl<N: Integer + 'static> IntShiftr<$t> for C<N> {
            type Output = $t;
            #[inline(always)]
            fn shiftr(self, s: $t) -> $t {
                N::$K.shiftr(s)
            }
        }
        impl<M: Integer + 'static> IntShiftr<C<M>> for $t {
            type Output = $t;
            #[inline(always)]
            fn shiftr(self, _: C<M>) -> $t {
                self.shiftr(M::$K)
            }
        }
        impl IntShiftr<$t> for $t {
            type Output = $t;
            #[inline(always)]
            fn shiftr(self, s: $t) -> $t {
                if s >= 0 {
                    self >> s
                } else {
                    self << -s
                }
            }
        }
        impl<N: Integer + 'static> IntShiftl<$t> for C<N> {
            type Output = $t;
            #[inline(always)]
            fn shiftl(self, s: $t) -> $t {
                N::$K.shiftr(-s)
            }
        }
        impl<M: Integer + 'static> IntShiftl<C<M>> for $t {
            type Output = $t;
            #[inline(always)]
            fn shiftl(self, _: C<M>) -> $t {
                self.shiftr(-M::$K)
            }
        }
        impl IntShiftl<$t> for $t {
            type Output = $t;
            #[inline(always)]
            fn shiftl(self, s: $t) -> $t {
                self.shiftr(-s)
            }
        }
    };
}
dyn_shift!(i32, I32);
dyn_shift!(i64, I64);

/// `has_single_bit(n)` of a static integer, as a bit: `B1` iff `n` is a power of two.
pub trait StaticHasSingleBit {
    /// The answer.
    type Output: Bit;
}
/// `B1` iff the static integer `T` is a power of two.
pub type HasSingleBit<T> = <T as StaticHasSingleBit>::Output;
impl StaticHasSingleBit for C<Z0> {
    type Output = B0;
}
impl<U> StaticHasSingleBit for C<PInt<U>>
where
    U: Unsigned + NonZero + core::ops::Sub<B1>,
    U: core::ops::BitAnd<<U as core::ops::Sub<B1>>::Output>,
    <U as core::ops::BitAnd<<U as core::ops::Sub<B1>>::Output>>::Output: IsEqual<UTerm>,
{
    type Output = <<U as core::ops::BitAnd<<U as core::ops::Sub<B1>>::Output>>::Output as IsEqual<
        UTerm,
    >>::Output;
}
impl<U: Unsigned + NonZero> StaticHasSingleBit for C<typenum::NInt<U>> {
    type Output = B0;
}

/// `log_2(n)` of a static positive integer: the largest `k` with `2^k <= n` (C++'s `log_2`,
/// `bit_width(n) - 1`).
pub trait StaticLog2 {
    /// The logarithm, static.
    type Output: Integral;
}
/// The type of `log_2(T)`.
pub type Log2Of<T> = <T as StaticLog2>::Output;
impl<U> StaticLog2 for C<PInt<U>>
where
    U: Unsigned + NonZero + Logarithm2,
    <U as Logarithm2>::Output: AsInteger,
{
    type Output = FromU<<U as Logarithm2>::Output>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::aliases::*;
    use std::string::ToString;

    #[test]
    fn static_bit_ops_are_types() {
        let a: _8 = IntAnd::and(_12, _10);
        let o: _14 = IntOr::or(_12, _10);
        let x: _6 = IntXor::xor(_12, _10);
        assert_eq!(
            (a.to_string(), o.to_string(), x.to_string()),
            ("_8".into(), "_14".into(), "_6".into())
        );
        let r: _3 = _12.shiftr(_2);
        let l: _48 = _12.shiftr(_m2);
        let l2: _48 = _12.shiftl(_2);
        let r2: _3 = _12.shiftl(_m2);
        assert_eq!(
            (r.value(), l.value(), l2.value(), r2.value()),
            (3, 48, 48, 3)
        );
        let z: _0 = _0.and(_7);
        assert_eq!(z.value(), 0);
    }

    #[test]
    fn dynamic_bit_ops_match_static() {
        assert_eq!(IntAnd::and(12, _10), 8);
        assert_eq!(IntOr::or(_12, 10), 14);
        assert_eq!(IntXor::xor(12i64, 10i64), 6);
        assert_eq!(12.shiftr(_m2), 48);
        assert_eq!(12.shiftr(2), 3);
        assert_eq!(_12.shiftl(-2i32), 3);
        assert_eq!((-8).shiftr(_1), -4);
    }

    #[test]
    fn pow2_and_log2() {
        fn bit<B: Bit>() -> bool {
            B::BOOL
        }
        assert!(bit::<HasSingleBit<_64>>());
        assert!(bit::<HasSingleBit<_1>>());
        assert!(!bit::<HasSingleBit<_12>>());
        assert!(!bit::<HasSingleBit<_0>>());
        let l: Log2Of<_64> = _6;
        assert_eq!(l.value(), 6);
        let l: Log2Of<_12> = _3;
        assert_eq!(l.value(), 3);
    }
}
