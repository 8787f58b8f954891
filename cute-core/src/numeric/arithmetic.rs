//! Arithmetic on [`Integral`]s: port of the operators of `cute/numeric/integral_constant.hpp`
//! and `cute/numeric/math.hpp`.
//!
//! Each operation is a trait with an `Output`, an alias for the result, and works for every
//! mix of static and dynamic operands: static op static is computed by typenum and is static;
//! anything touching a dynamic integer is computed at run time and is dynamic, except where
//! the static operand alone decides the result, as in C++ (the "mixed static-dynamic special
//! cases" of `integral_constant.hpp`): `_0 * n`, `n * _0`, `_0 / n`, `_0 % n`, `n % _1` and
//! `n % _m1` are the static `_0`. Division and remainder truncate toward zero, as in C++.

use typenum::{Bit, Integer, IsEqual, IsLess, NInt, PInt, UInt, UTerm, Unsigned, B0, B1, Z0};

use super::integral_constant::{Integral, C};

/// The rule of a mixed static-dynamic operation `C<N> op n` (or `n op C<N>`): whether the
/// static operand `N` alone decides the result. `Self` is `N`; `Rule` is [`Dynamic`],
/// [`ZeroAbsorbs`] or [`UnitAbsorbs`]; `T` is the dynamic operand's type.
#[doc(hidden)]
pub trait MixedRule<Rule, T> {
    /// `T`, or `_0` where the rule makes the result the static zero.
    type Output: Integral;
    /// The result: `dynamic()` or, without calling it, `_0`.
    fn mixed(dynamic: impl FnOnce() -> T) -> Self::Output;
}
/// [`MixedRule`]: the result is dynamic (`a + n`, `a - n`, `n / a`, ...).
#[doc(hidden)]
pub struct Dynamic;
/// [`MixedRule`]: the result is `_0` when the static operand is `_0` (`_0 * n`, `_0 / n`,
/// `_0 % n`).
#[doc(hidden)]
pub struct ZeroAbsorbs;
/// [`MixedRule`]: the result is `_0` when the static operand is `_1` or `_m1` (`n % _1`).
#[doc(hidden)]
pub struct UnitAbsorbs;

impl<N, T: Integral> MixedRule<Dynamic, T> for N {
    type Output = T;
    #[inline(always)]
    fn mixed(dynamic: impl FnOnce() -> T) -> T {
        dynamic()
    }
}
/// The static zero: `_0`, whatever the dynamic operand.
macro_rules! mixed_zero {
    ($Rule:ty, $([$($g:tt)*] $N:ty),*) => {$(
        impl<$($g)* T: Integral> MixedRule<$Rule, T> for $N {
            type Output = C<Z0>;
            #[inline(always)]
            fn mixed(_: impl FnOnce() -> T) -> C<Z0> {
                C::new()
            }
        }
    )*};
}
/// The dynamic result.
macro_rules! mixed_dynamic {
    ($Rule:ty, $([$($g:tt)*] $N:ty),*) => {$(
        impl<$($g)* T: Integral> MixedRule<$Rule, T> for $N {
            type Output = T;
            #[inline(always)]
            fn mixed(dynamic: impl FnOnce() -> T) -> T {
                dynamic()
            }
        }
    )*};
}
mixed_zero!(ZeroAbsorbs, [] Z0);
mixed_dynamic!(ZeroAbsorbs, [U: Unsigned + typenum::NonZero,] PInt<U>,
    [U: Unsigned + typenum::NonZero,] NInt<U>);
mixed_zero!(UnitAbsorbs, [] PInt<UInt<UTerm, B1>>, [] NInt<UInt<UTerm, B1>>);
mixed_dynamic!(UnitAbsorbs, [] Z0, [U: Unsigned, B: Bit,] PInt<UInt<UInt<U, B>, B0>>,
    [U: Unsigned, B: Bit,] PInt<UInt<UInt<U, B>, B1>>,
    [U: Unsigned, B: Bit,] NInt<UInt<UInt<U, B>, B0>>,
    [U: Unsigned, B: Bit,] NInt<UInt<UInt<U, B>, B1>>);

macro_rules! binary_op {
    ($(#[$doc:meta])* $Trait:ident, $method:ident, $Alias:ident, $Tn:path, |$a:ident, $b:ident| $dyn:expr) => {
        binary_op!($(#[$doc])* $Trait, $method, $Alias, $Tn, |$a, $b| $dyn, Dynamic, Dynamic);
    };
    ($(#[$doc:meta])* $Trait:ident, $method:ident, $Alias:ident, $Tn:path, |$a:ident, $b:ident| $dyn:expr, $Left:ty, $Right:ty) => {
        $(#[$doc])*
        pub trait $Trait<B> {
            /// The result: static iff both operands are.
            type Output: Integral;
            /// Computes the operation.
            fn $method(self, b: B) -> Self::Output;
        }
        #[doc = concat!("The result type of [`", stringify!($Trait), "`].")]
        pub type $Alias<A, B> = <A as $Trait<B>>::Output;

        impl<N, M> $Trait<C<M>> for C<N>
        where
            N: Integer + $Tn,
            M: Integer,
            <N as $Tn>::Output: Integer,
        {
            type Output = C<<N as $Tn>::Output>;
            #[inline(always)]
            fn $method(self, _: C<M>) -> Self::Output {
                C::new()
            }
        }
        binary_op!(@dyn $Trait, $method, |$a, $b| $dyn, i32, I32, $Left, $Right);
        binary_op!(@dyn $Trait, $method, |$a, $b| $dyn, i64, I64, $Left, $Right);
    };
    (@dyn $Trait:ident, $method:ident, |$a:ident, $b:ident| $dyn:expr, $t:ty, $K:ident, $Left:ty, $Right:ty) => {
        impl<N: Integer + 'static + MixedRule<$Left, $t>> $Trait<$t> for C<N> {
            type Output = <N as MixedRule<$Left, $t>>::Output;
            #[inline(always)]
            fn $method(self, b: $t) -> Self::Output {
                N::mixed(|| {
                    let ($a, $b): ($t, $t) = (N::$K, b);
                    $dyn
                })
            }
        }
        impl<M: Integer + 'static + MixedRule<$Right, $t>> $Trait<C<M>> for $t {
            type Output = <M as MixedRule<$Right, $t>>::Output;
            #[inline(always)]
            fn $method(self, _: C<M>) -> Self::Output {
                M::mixed(|| {
                    let ($a, $b): ($t, $t) = (self, M::$K);
                    $dyn
                })
            }
        }
        impl $Trait<$t> for $t {
            type Output = $t;
            #[inline(always)]
            fn $method(self, b: $t) -> $t {
                let ($a, $b): ($t, $t) = (self, b);
                $dyn
            }
        }
    };
}

binary_op!(
    /// `a + b`.
    IntAdd, add, Sum, core::ops::Add<M>, |a, b| a + b
);
binary_op!(
    /// `a - b`.
    IntSub, sub, Diff, core::ops::Sub<M>, |a, b| a - b
);
binary_op!(
    /// `a * b`; the static `_0` when either operand is the static `_0`, even beside a
    /// dynamic one (C++'s `C<0> * n`).
    IntMul, mul, Prod, core::ops::Mul<M>, |a, b| a * b,
    ZeroAbsorbs, ZeroAbsorbs
);
binary_op!(
    /// `a / b`, truncating toward zero; the static `_0` when `a` is the static `_0`.
    IntDiv, div, Quot, core::ops::Div<M>, |a, b| a / b,
    ZeroAbsorbs, Dynamic
);
binary_op!(
    /// `a % b`, with the sign of `a` (C++'s `%`); the static `_0` when `a` is the static `_0`
    /// or `b` is the static `_1` or `_m1`.
    IntRem, rem, Mod, core::ops::Rem<M>, |a, b| a % b,
    ZeroAbsorbs, UnitAbsorbs
);
binary_op!(
    /// `min(a, b)`.
    IntMin, min, Minimum, typenum::Min<M>, |a, b| if a < b { a } else { b }
);
binary_op!(
    /// `max(a, b)`.
    IntMax, max, Maximum, typenum::Max<M>, |a, b| if a < b { b } else { a }
);
binary_op!(
    /// `gcd(a, b)`, non-negative.
    IntGcd, gcd, GcdOf, typenum::Gcd<M>, |a, b| {
        let (mut x, mut y) = (a.abs(), b.abs());
        while y != 0 {
            let t = x % y;
            x = y;
            y = t;
        }
        x
    }
);

macro_rules! unary_op {
    ($(#[$doc:meta])* $Trait:ident, $method:ident, $Alias:ident, $Tn:path, |$a:ident| $dyn:expr) => {
        $(#[$doc])*
        pub trait $Trait {
            /// The result: static iff the operand is.
            type Output: Integral;
            /// Computes the operation.
            fn $method(self) -> Self::Output;
        }
        #[doc = concat!("The result type of [`", stringify!($Trait), "`].")]
        pub type $Alias<A> = <A as $Trait>::Output;
        impl<N> $Trait for C<N>
        where
            N: Integer + $Tn,
            <N as $Tn>::Output: Integer,
        {
            type Output = C<<N as $Tn>::Output>;
            #[inline(always)]
            fn $method(self) -> Self::Output {
                C::new()
            }
        }
        unary_op!(@dyn $Trait, $method, |$a| $dyn, i32);
        unary_op!(@dyn $Trait, $method, |$a| $dyn, i64);
    };
    (@dyn $Trait:ident, $method:ident, |$a:ident| $dyn:expr, $t:ty) => {
        impl $Trait for $t {
            type Output = $t;
            #[inline(always)]
            fn $method(self) -> $t {
                let $a: $t = self;
                $dyn
            }
        }
    };
}

unary_op!(
    /// `-a`.
    IntNeg, neg, Negated, core::ops::Neg, |a| -a
);
unary_op!(
    /// `|a|`.
    IntAbs, abs, AbsOf, typenum::Abs, |a| a.abs()
);

/// `signum(a)`: -1, 0 or 1.
pub trait IntSignum {
    /// The result: static iff the operand is.
    type Output: Integral;
    /// Computes the sign.
    fn signum(self) -> Self::Output;
}
/// The result type of [`IntSignum`].
pub type SignumOf<A> = <A as IntSignum>::Output;
impl<N> IntSignum for C<N>
where
    N: Integer + typenum::Cmp<typenum::Z0> + SignumImpl,
{
    type Output = C<<N as SignumImpl>::Output>;
    fn signum(self) -> Self::Output {
        C::new()
    }
}
impl IntSignum for i32 {
    type Output = i32;
    fn signum(self) -> i32 {
        self.signum()
    }
}
impl IntSignum for i64 {
    type Output = i64;
    fn signum(self) -> i64 {
        self.signum()
    }
}
#[doc(hidden)]
pub trait SignumImpl {
    type Output: Integer;
}
impl SignumImpl for typenum::Z0 {
    type Output = typenum::Z0;
}
impl<U: typenum::Unsigned + typenum::NonZero> SignumImpl for typenum::PInt<U> {
    type Output = typenum::P1;
}
impl<U: typenum::Unsigned + typenum::NonZero> SignumImpl for typenum::NInt<U> {
    type Output = typenum::N1;
}

// ---------------------------------------------------------------------------------------------
// Compile-time predicates. Each yields a typenum bit; a dynamic operand always yields `B0`,
// because nothing about its value is known at compile time (C++'s `is_constant`).
// ---------------------------------------------------------------------------------------------

/// `B1` iff `Self` is static and equal to the static integer `V` (C++'s `is_constant<V, T>`).
pub trait IsConstantImpl<V> {
    /// The answer.
    type Output: Bit;
}
/// `B1` iff `T` is the static integer `V`: `IsConstant<_1, T>`.
pub type IsConstant<V, T> = <T as IsConstantImpl<V>>::Output;
impl<N, M> IsConstantImpl<C<M>> for C<N>
where
    N: IsEqual<M>,
{
    type Output = <N as IsEqual<M>>::Output;
}
macro_rules! never_constant {
    ($($t:ty),*) => {$(
        impl<M> IsConstantImpl<C<M>> for $t {
            type Output = B0;
        }
        impl<N> IsConstantImpl<$t> for C<N> {
            type Output = B0;
        }
        impl IsConstantImpl<i32> for $t {
            type Output = B0;
        }
        impl IsConstantImpl<i64> for $t {
            type Output = B0;
        }
    )*};
}
never_constant!(i32, i64);

/// `B1` iff both integers are static and equal.
pub trait StaticEqImpl<B> {
    /// The answer.
    type Output: Bit;
}
/// `B1` iff `A` and `B` are static and equal.
pub type StaticEq<A, B> = <A as StaticEqImpl<B>>::Output;
impl<A, B> StaticEqImpl<B> for A
where
    B: IsConstantImpl<A>,
{
    type Output = <B as IsConstantImpl<A>>::Output;
}

/// `B1` iff static `A < B`. Only static operands implement it: generic code that must order
/// values at compile time (complement's sort) requires static strides, as C++ does.
pub trait StaticLessImpl<B> {
    /// The answer.
    type Output: Bit;
}
/// `B1` iff static `A < B`.
pub type StaticLess<A, B> = <A as StaticLessImpl<B>>::Output;
impl<N, M> StaticLessImpl<C<M>> for C<N>
where
    N: IsLess<M>,
{
    type Output = <N as IsLess<M>>::Output;
}

/// `B1` iff `A` and `B` are static and `B` divides `A` (`A % B == 0`); `B0` when either is
/// dynamic. A static `B` of 0 has no answer (the division by zero does not compile).
pub trait StaticDivisibleImpl<B> {
    /// The answer.
    type Output: Bit;
}
/// `B1` iff static `A` is a multiple of static `B`.
pub type StaticDivisible<A, B> = <A as StaticDivisibleImpl<B>>::Output;
impl<N, M> StaticDivisibleImpl<C<M>> for C<N>
where
    N: core::ops::Rem<M>,
    <N as core::ops::Rem<M>>::Output: IsEqual<typenum::Z0>,
{
    type Output = <<N as core::ops::Rem<M>>::Output as IsEqual<typenum::Z0>>::Output;
}
macro_rules! never_divisible {
    ($($t:ty),*) => {$(
        impl<M> StaticDivisibleImpl<C<M>> for $t {
            type Output = B0;
        }
        impl<N> StaticDivisibleImpl<$t> for C<N> {
            type Output = B0;
        }
        impl StaticDivisibleImpl<i32> for $t {
            type Output = B0;
        }
        impl StaticDivisibleImpl<i64> for $t {
            type Output = B0;
        }
    )*};
}
never_divisible!(i32, i64);

// Operators on static integers, so that `_4 * _8` is `_32` and `_4 * n` is dynamic.
macro_rules! std_operator {
    ($($Op:ident $op:ident $Int:ident $int:ident),*) => {$(
        impl<N, B> core::ops::$Op<B> for C<N>
        where
            C<N>: $Int<B>,
        {
            type Output = <C<N> as $Int<B>>::Output;
            #[inline(always)]
            fn $op(self, b: B) -> Self::Output {
                $Int::$int(self, b)
            }
        }
    )*};
}
std_operator!(Add add IntAdd add, Sub sub IntSub sub, Mul mul IntMul mul, Div div IntDiv div,
    Rem rem IntRem rem);
impl<N> core::ops::Neg for C<N>
where
    C<N>: IntNeg,
{
    type Output = <C<N> as IntNeg>::Output;
    #[inline(always)]
    fn neg(self) -> Self::Output {
        IntNeg::neg(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::aliases::*;
    use std::string::ToString;

    #[test]
    fn a_static_operand_alone_decides_as_in_cpp() {
        // C++ (cute-cpp), n = 7: _0*n, n*_0, _0/n, _0%n, n%_1, n%_m1 print _0; _2*n prints 14,
        // n/_1 prints 7, n%_2 prints 1, _0+n prints 7.
        for n in [7i32, -13, 1024] {
            let r: _0 = _0.mul(n);
            assert_eq!(r.to_string(), "_0");
            let r: _0 = n.mul(_0);
            assert_eq!(r.to_string(), "_0");
            let r: _0 = _0.div(n);
            assert_eq!(r.to_string(), "_0");
            let r: _0 = _0.rem(n);
            assert_eq!(r.to_string(), "_0");
            let r: _0 = n.rem(_1);
            assert_eq!(r.to_string(), "_0");
            let r: _0 = n.rem(_m1);
            assert_eq!(r.to_string(), "_0");
            let r: i32 = _2.mul(n);
            assert_eq!(r, 2 * n);
            let r: i32 = n.div(_1);
            assert_eq!(r, n);
            let r: i32 = n.rem(_2);
            assert_eq!(r, n % 2);
            let r: i32 = _0.add(n);
            assert_eq!(r, n);
            let r: i32 = n.div(_m1);
            assert_eq!(r, -n);
            let r: i32 = n.rem(_m2);
            assert_eq!(r, n % -2);
        }
        let r: _0 = (-5i64).mul(_0);
        assert_eq!(r.to_string(), "_0");
        let r: _0 = 9i64.rem(_1);
        assert_eq!(r.to_string(), "_0");
        let r: i64 = 9i64.rem(_4);
        assert_eq!(r, 1);
        // the static zero does not evaluate the dynamic operation: `_0 / 0` is `_0`, as in C++
        let r: _0 = _0.div(0i32);
        assert_eq!(r.to_string(), "_0");
        // the operators follow the same rule
        let r: _0 = _0 * 11i32;
        assert_eq!(r.to_string(), "_0");
        let r: i32 = _3 * 11i32;
        assert_eq!(r, 33);
    }
}
