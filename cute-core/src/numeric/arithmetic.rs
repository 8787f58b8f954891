//! Arithmetic on [`Integral`]s: port of the operators of `cute/numeric/integral_constant.hpp`
//! and `cute/numeric/math.hpp`.
//!
//! Each operation is a trait with an `Output`, an alias for the result, and works for every
//! mix of static and dynamic operands: static op static is computed by typenum and is static;
//! anything touching a dynamic integer is computed at run time and is dynamic. Division and
//! remainder truncate toward zero, as in C++.

use typenum::{Bit, Integer, IsEqual, IsLess, B0};

use super::integral_constant::{Integral, C};

macro_rules! binary_op {
    ($(#[$doc:meta])* $Trait:ident, $method:ident, $Alias:ident, $Tn:path, |$a:ident, $b:ident| $dyn:expr) => {
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
        binary_op!(@dyn $Trait, $method, |$a, $b| $dyn, i32, I32);
        binary_op!(@dyn $Trait, $method, |$a, $b| $dyn, i64, I64);
    };
    (@dyn $Trait:ident, $method:ident, |$a:ident, $b:ident| $dyn:expr, $t:ty, $K:ident) => {
        impl<N: Integer + 'static> $Trait<$t> for C<N> {
            type Output = $t;
            #[inline(always)]
            fn $method(self, b: $t) -> $t {
                let ($a, $b): ($t, $t) = (N::$K, b);
                $dyn
            }
        }
        impl<M: Integer + 'static> $Trait<C<M>> for $t {
            type Output = $t;
            #[inline(always)]
            fn $method(self, _: C<M>) -> $t {
                let ($a, $b): ($t, $t) = (self, M::$K);
                $dyn
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
    /// `a * b`.
    IntMul, mul, Prod, core::ops::Mul<M>, |a, b| a * b
);
binary_op!(
    /// `a / b`, truncating toward zero.
    IntDiv, div, Quot, core::ops::Div<M>, |a, b| a / b
);
binary_op!(
    /// `a % b`, with the sign of `a` (C++'s `%`).
    IntRem, rem, Mod, core::ops::Rem<M>, |a, b| a % b
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
