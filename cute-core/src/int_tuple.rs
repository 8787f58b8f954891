//! Hierarchical integer tuples: port of `cute/int_tuple.hpp`.
//!
//! An IntTuple is an integer leaf ([`Integral`]: static `C<N>` or dynamic `i32`/`i64`) or a
//! Rust tuple of IntTuples, to any depth: `(_4, (2, _3))`. [`IntTuple`] names that bound once;
//! its associated items give what every algorithm needs (rank, depth, size). The operations
//! each follow the pattern trait `Op`, alias `OpOf`, function `op`.

use core::fmt;

use crate::algorithm::tuple_algorithms::{
    Concat, Fold, Fun1, Fun2, Transform, Transform2, TupleCat,
};
use crate::container::tuple::{Prepend, Split, Tuple};
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{
    AbsOf, Diff, GcdOf, IntAbs, IntAdd, IntDiv, IntGcd, IntMax, IntMin, IntMul, IntRem, IntSub,
    IsConstant, IsConstantImpl, Maximum, Minimum, Prod, Quot, StaticDivisible, StaticDivisibleImpl,
    StaticEq, StaticEqImpl, Sum,
};
use crate::numeric::arithmetic_tuple::{
    ArithAdd, ArithMul, ArithProd, ArithSum, ArithValue, ScaledBasis,
};
use crate::numeric::integral_constant::{Bool, Integral, C};
use crate::numeric::{Integer, B0, B1};
use crate::util::print::CutePrint;

/// An integer or a (nested) tuple of integers.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// type S = (_4, (_2, _3));
/// assert_eq!(<S as IntTuple>::RANK, 2);
/// assert_eq!(<S as IntTuple>::DEPTH, 2);
/// assert_eq!(size((_4, (_2, _3))).to_string(), "_24");
/// ```
pub trait IntTuple: Copy + CutePrint + fmt::Debug + 'static {
    /// `B1` for a tuple, `B0` for an integer (C++'s `is_tuple`).
    type IsTuple: Bool;
    /// `rank`: the number of top-level modes; 1 for an integer.
    const RANK: usize;
    /// `depth`: 0 for an integer, 1 + the largest depth of the elements for a tuple.
    const DEPTH: usize;
    /// The type of `size` (the product of all leaves).
    type Size: Integral;
    /// `size`: the product of all leaves (C++'s `product` / `size`).
    fn size(self) -> Self::Size;
}

// A scaled basis stands where an integer stride does (C++'s strides are any type with `*` and
// `==`): it is an IntTuple leaf, so that layouts of such strides go through `coalesce`,
// `composition` and the divides, which multiply strides by integers (`ArithMul`) and compare
// them (`StaticEq`). Its `size` is `_1` and means nothing: a stride has no size.
impl<V, K> IntTuple for ScaledBasis<V, K>
where
    V: CutePrint + Copy + 'static,
    K: Integral,
{
    type IsTuple = B0;
    const RANK: usize = 1;
    const DEPTH: usize = 0;
    type Size = _1;
    #[inline(always)]
    fn size(self) -> _1 {
        _1
    }
}

/// An integer leaf of an IntTuple ([`Integral`] seen as an IntTuple).
pub trait IntLeaf: IntTuple<IsTuple = B0> + Integral {}

macro_rules! leaf_int_tuple {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> IntTuple for $t {
            type IsTuple = B0;
            const RANK: usize = 1;
            const DEPTH: usize = 0;
            type Size = Self;
            #[inline(always)]
            fn size(self) -> Self {
                self
            }
        }
        impl<$($g)*> IntLeaf for $t {}
    )*};
}
leaf_int_tuple!([N: Integer + 'static] C<N>, [] i32, [] i64);

impl IntTuple for () {
    type IsTuple = B1;
    const RANK: usize = 0;
    const DEPTH: usize = 1;
    type Size = _1;
    #[inline(always)]
    fn size(self) -> Self::Size {
        C::new()
    }
}

impl<T> IntTuple for T
where
    T: Split + CutePrint + fmt::Debug,
    T::Head: IntTuple,
    T::Tail: IntTuple,
    <T::Head as IntTuple>::Size: IntMul<<T::Tail as IntTuple>::Size>,
{
    type IsTuple = B1;
    const RANK: usize = <T as Tuple>::RANK;
    const DEPTH: usize = {
        let h = 1 + <T::Head as IntTuple>::DEPTH;
        let t = <T::Tail as IntTuple>::DEPTH;
        if h > t {
            h
        } else {
            t
        }
    };
    type Size = Prod<<T::Head as IntTuple>::Size, <T::Tail as IntTuple>::Size>;
    #[inline(always)]
    fn size(self) -> Self::Size {
        let (h, t) = self.split();
        h.size().mul(t.size())
    }
}

/// The type of `size(t)`.
pub type SizeOf<T> = <T as IntTuple>::Size;

/// `size(t)` (C++'s `size` and `product` of an IntTuple): the product of all leaves.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(size((_2, (_3, 4))), 24);
/// assert_eq!(size((_2, (_3, _4))).to_string(), "_24");
/// ```
#[inline(always)]
pub fn size<T: IntTuple>(t: T) -> T::Size {
    t.size()
}

/// `product(t)`: the same as [`size`] for an IntTuple.
#[inline(always)]
pub fn product<T: IntTuple>(t: T) -> T::Size {
    t.size()
}

/// `rank(t)`: the number of top-level modes (1 for an integer).
#[inline(always)]
pub const fn rank<T: IntTuple>(_: &T) -> usize {
    T::RANK
}

/// `depth(t)`: 0 for an integer, 1 + the largest depth of its elements for a tuple.
#[inline(always)]
pub const fn depth<T: IntTuple>(_: &T) -> usize {
    T::DEPTH
}

/// `B1` for the empty tuple, `B0` for a non-empty one.
pub trait TupleIsEmpty {
    /// The answer.
    type Output: Bool;
}
impl TupleIsEmpty for () {
    type Output = B1;
}
impl<T: Split> TupleIsEmpty for T {
    type Output = B0;
}

// ---------------------------------------------------------------------------------------------
// crd2idx
// ---------------------------------------------------------------------------------------------

/// `crd2idx(coord, shape, stride)`: the value of a coordinate, the inner product of the
/// coordinate with the stride, where an integer coordinate for a tuple-shaped mode is first
/// split over that mode colexicographically (mode 0 fastest).
///
/// The stride's leaves are integers (the result is an offset, see [`Crd2Idx`]) or scaled
/// bases (the result is a coordinate, an `ArithmeticTuple`: `numeric::arithmetic_tuple`).
#[diagnostic::on_unimplemented(
    message = "crd2idx: the coordinate is not congruent with the shape (or the shape with the stride)",
    note = "a coordinate is an integer, or a tuple with one entry per mode of the shape"
)]
pub trait Crd2Arith<S, D> {
    /// The value's type: static iff everything it depends on is; an integer for integer
    /// strides, an `ArithmeticTuple` or `ScaledBasis` for strides of scaled bases.
    type Output: ArithValue;
    /// Computes the value.
    fn crd2idx(self, shape: S, stride: D) -> Self::Output;
}

/// [`Crd2Arith`] whose result is an integer offset (the strides are integers): the bound to
/// write where an offset is needed (`layout.call(c).value()`).
#[diagnostic::on_unimplemented(
    message = "crd2idx: the coordinate is not congruent with the shape, or the strides are not integers",
    note = "a coordinate is an integer, or a tuple with one entry per mode of the shape"
)]
pub trait Crd2Idx<S, D>: Crd2Arith<S, D, Output: Integral> {}
impl<Crd, S, D> Crd2Idx<S, D> for Crd where Crd: Crd2Arith<S, D, Output: Integral> {}

/// The type of `crd2idx(C, S, D)`.
pub type Crd2IdxOf<Crd, S, D> = <Crd as Crd2Arith<S, D>>::Output;

/// `crd2idx(coord, shape, stride)`; see [`Crd2Arith`] ([`Crd2Idx`] where the offset is an integer).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// // (2,2):(3,1) at (1,0) is 3; the 1-D index 1 is the same coordinate.
/// assert_eq!(crd2idx((1, 0), (_2, _2), (_3, _1)), 3);
/// assert_eq!(crd2idx(1, (_2, _2), (_3, _1)), 3);
/// assert_eq!(crd2idx(_1, (_2, _2), (_3, _1)).to_string(), "_3");
/// ```
#[inline(always)]
pub fn crd2idx<Crd: Crd2Arith<S, D>, S, D>(coord: Crd, shape: S, stride: D) -> Crd::Output {
    coord.crd2idx(shape, stride)
}

// tuple coordinate: the sum over modes. A rank mismatch ends at a marker trait implemented
// per arity, whose message names crd2idx (rustc reports the innermost unmet bound, so a
// blanket impl over `Split` would show `(): Split` instead).
impl<S: CoordModesCovered<D>, D> Crd2Arith<S, D> for () {
    type Output = _0;
    #[inline(always)]
    fn crd2idx(self, _: S, _: D) -> Self::Output {
        C::new()
    }
}
impl<Crd, S, D> Crd2Arith<S, D> for Crd
where
    Crd: Split,
    S: ShapeModeForCoord<D>,
    Crd::Head: Crd2Arith<S::Head, S::StrideHead>,
    Crd::Tail: Crd2Arith<S::Tail, S::StrideTail>,
    Crd2IdxOf<Crd::Head, S::Head, S::StrideHead>:
        ArithAdd<Crd2IdxOf<Crd::Tail, S::Tail, S::StrideTail>>,
{
    type Output = ArithSum<
        Crd2IdxOf<Crd::Head, S::Head, S::StrideHead>,
        Crd2IdxOf<Crd::Tail, S::Tail, S::StrideTail>,
    >;
    #[inline(always)]
    fn crd2idx(self, shape: S, stride: D) -> Self::Output {
        let (c0, c) = self.split();
        let (s0, s) = shape.split();
        let (d0, d) = S::split_stride(stride);
        c0.crd2idx(s0, d0).arith_add(c.crd2idx(s, d))
    }
}

/// The shape (`Self`) and stride (`D`) left when a tuple coordinate has no entry left: both
/// must be `()`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "crd2idx: the coordinate has fewer modes than the shape",
    note = "a coordinate is an integer, or a tuple with one entry per mode of the shape"
)]
pub trait CoordModesCovered<D> {}
impl<D: StrideModesCovered> CoordModesCovered<D> for () {}

/// The stride left when the shape has no mode left: only `()` fits.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "crd2idx: the stride has more modes than the shape",
    note = "the shape and the stride of a layout are congruent"
)]
pub trait StrideModesCovered {}
impl StrideModesCovered for () {}

/// A shape (`Self`) with a mode for the next entry of a tuple coordinate, and its stride `D`
/// split alongside: a non-empty tuple, and a stride with as many modes left.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "crd2idx: the coordinate has more modes than the shape",
    note = "a coordinate is an integer, or a tuple with one entry per mode of the shape"
)]
pub trait ShapeModeForCoord<D>: Split {
    type StrideHead: Copy + 'static;
    type StrideTail: Copy + 'static;
    fn split_stride(stride: D) -> (Self::StrideHead, Self::StrideTail);
}

/// A stride with a mode for the next mode of the shape: a non-empty tuple.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "crd2idx: the stride has fewer modes than the shape",
    note = "the shape and the stride of a layout are congruent"
)]
pub trait StrideHasModeForShape: Split {}

// One impl per arity: a blanket impl over `Split` would make rustc report its unmet `Split`
// bound instead of the messages above.
macro_rules! has_mode {
    ($($T:ident),+) => {
        impl<$($T: Copy + 'static,)+ D: StrideHasModeForShape> ShapeModeForCoord<D> for ($($T,)+) {
            type StrideHead = D::Head;
            type StrideTail = D::Tail;
            #[inline(always)]
            fn split_stride(stride: D) -> (D::Head, D::Tail) {
                stride.split()
            }
        }
        impl<$($T: Copy + 'static),+> StrideHasModeForShape for ($($T,)+) {}
    };
}
crate::container::tuple::for_each_arity!(has_mode);

// integer coordinate: dispatch on whether the shape is an integer or a tuple.
macro_rules! leaf_crd2idx {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* S: IntTuple, D> Crd2Arith<S, D> for $t
        where
            $t: Crd2IdxInt<S, D, S::IsTuple>,
        {
            type Output = <$t as Crd2IdxInt<S, D, S::IsTuple>>::Output;
            #[inline(always)]
            fn crd2idx(self, shape: S, stride: D) -> Self::Output {
                Crd2IdxInt::<S, D, S::IsTuple>::crd2idx_int(self, shape, stride)
            }
        }
    )*};
}
leaf_crd2idx!([N: Integer + 'static,] C<N>, [] i32, [] i64);

/// An integer coordinate for an integer shape (`IsTuple = B0`) or a tuple shape (`B1`).
#[doc(hidden)]
pub trait Crd2IdxInt<S, D, IsTuple> {
    type Output: ArithValue;
    fn crd2idx_int(self, shape: S, stride: D) -> Self::Output;
}
impl<Crd: IntLeaf, S: IntLeaf, D> Crd2IdxInt<S, D, B0> for Crd
where
    Crd: ArithMul<D>,
{
    type Output = ArithProd<Crd, D>;
    #[inline(always)]
    fn crd2idx_int(self, _: S, stride: D) -> Self::Output {
        self.arith_mul(stride)
    }
}
impl<Crd: IntLeaf, S: Split, D: Split> Crd2IdxInt<S, D, B1> for Crd
where
    S::Tail: TupleIsEmpty,
    Crd: Crd2IdxSplit<S, D, <S::Tail as TupleIsEmpty>::Output>,
{
    type Output = <Crd as Crd2IdxSplit<S, D, <S::Tail as TupleIsEmpty>::Output>>::Output;
    #[inline(always)]
    fn crd2idx_int(self, shape: S, stride: D) -> Self::Output {
        Crd2IdxSplit::<S, D, _>::crd2idx_split(self, shape, stride)
    }
}

/// An integer coordinate split over the modes of a tuple shape; `Last` is `B1` at the last
/// mode, which takes the whole remaining coordinate (so evaluation past `size` extends it).
#[doc(hidden)]
pub trait Crd2IdxSplit<S, D, Last> {
    type Output: ArithValue;
    fn crd2idx_split(self, shape: S, stride: D) -> Self::Output;
}
impl<Crd: IntLeaf, S: Split, D: Split> Crd2IdxSplit<S, D, B1> for Crd
where
    Crd: Crd2Arith<S::Head, D::Head>,
{
    type Output = Crd2IdxOf<Crd, S::Head, D::Head>;
    #[inline(always)]
    fn crd2idx_split(self, shape: S, stride: D) -> Self::Output {
        self.crd2idx(shape.split().0, stride.split().0)
    }
}
impl<Crd: IntLeaf, S: Split, D: Split> Crd2IdxSplit<S, D, B0> for Crd
where
    S::Head: IntTuple,
    S::Tail: Split,
    D::Tail: Split,
    <S::Tail as Split>::Tail: TupleIsEmpty,
    Crd: IntRem<SizeOf<S::Head>> + IntDiv<SizeOf<S::Head>>,
    <Crd as IntRem<SizeOf<S::Head>>>::Output: Crd2Arith<S::Head, D::Head>,
    Quot<Crd, SizeOf<S::Head>>: IntLeaf
        + Crd2IdxSplit<S::Tail, D::Tail, <<S::Tail as Split>::Tail as TupleIsEmpty>::Output>,
    Crd2IdxOf<<Crd as IntRem<SizeOf<S::Head>>>::Output, S::Head, D::Head>: ArithAdd<
        <Quot<Crd, SizeOf<S::Head>> as Crd2IdxSplit<
            S::Tail,
            D::Tail,
            <<S::Tail as Split>::Tail as TupleIsEmpty>::Output,
        >>::Output,
    >,
{
    type Output = ArithSum<
        Crd2IdxOf<<Crd as IntRem<SizeOf<S::Head>>>::Output, S::Head, D::Head>,
        <Quot<Crd, SizeOf<S::Head>> as Crd2IdxSplit<
            S::Tail,
            D::Tail,
            <<S::Tail as Split>::Tail as TupleIsEmpty>::Output,
        >>::Output,
    >;
    #[inline(always)]
    fn crd2idx_split(self, shape: S, stride: D) -> Self::Output {
        let (s0, s) = shape.split();
        let (d0, d) = stride.split();
        let n = s0.size();
        let lo = self.rem(n).crd2idx(s0, d0);
        let hi = Crd2IdxSplit::<S::Tail, D::Tail, _>::crd2idx_split(self.div(n), s, d);
        lo.arith_add(hi)
    }
}

// ---------------------------------------------------------------------------------------------
// Function values for the tuple algorithms
// ---------------------------------------------------------------------------------------------

/// `product` as a function value: the `size` of each argument.
#[doc(hidden)]
pub struct ProductFn;
impl<T: IntTuple> Fun1<T> for ProductFn {
    type Output = T::Size;
    #[inline(always)]
    fn call(&self, t: T) -> T::Size {
        t.size()
    }
}

macro_rules! fun2_of {
    ($(#[$doc:meta])* $Fn:ident, $Trait:ident, $method:ident, $Alias:ident) => {
        $(#[$doc])*
        #[doc(hidden)]
        pub struct $Fn;
        impl<X: $Trait<Y>, Y> Fun2<X, Y> for $Fn {
            type Output = $Alias<X, Y>;
            #[inline(always)]
            fn call(&self, x: X, y: Y) -> Self::Output {
                x.$method(y)
            }
        }
    };
}

// ---------------------------------------------------------------------------------------------
// sum, max, min, gcd, abs
// ---------------------------------------------------------------------------------------------

/// `sum(t)`: the sum of all leaves of an IntTuple.
pub trait TupleSum {
    /// The sum: static iff every leaf is.
    type Output: Integral;
    /// Computes the sum.
    fn tuple_sum(self) -> Self::Output;
}
/// The type of `sum(T)`.
pub type TupleSumOf<T> = <T as TupleSum>::Output;

/// `sum(t)` (C++'s `sum`): the sum of all leaves; an integer is its own sum, the empty tuple
/// sums to `_0`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(sum((_2, (_3, _4))).to_string(), "_9");
/// assert_eq!(sum((_2, (3, _4))), 9);
/// ```
#[inline(always)]
pub fn sum<T: TupleSum>(t: T) -> T::Output {
    t.tuple_sum()
}

macro_rules! leaf_is_own_reduction {
    ($($Trait:ident $method:ident),*) => {$(
        impl<N: Integer + 'static> $Trait for C<N> {
            type Output = Self;
            #[inline(always)]
            fn $method(self) -> Self {
                self
            }
        }
        impl $Trait for i32 {
            type Output = Self;
            #[inline(always)]
            fn $method(self) -> Self {
                self
            }
        }
        impl $Trait for i64 {
            type Output = Self;
            #[inline(always)]
            fn $method(self) -> Self {
                self
            }
        }
    )*};
}
leaf_is_own_reduction!(TupleSum tuple_sum, TupleMax tuple_max, TupleMin tuple_min,
    TupleGcd tuple_gcd);

impl TupleSum for () {
    type Output = _0;
    #[inline(always)]
    fn tuple_sum(self) -> _0 {
        C::new()
    }
}
impl<T> TupleSum for T
where
    T: Split,
    T::Head: TupleSum,
    T::Tail: TupleSum,
    TupleSumOf<T::Head>: IntAdd<TupleSumOf<T::Tail>>,
{
    type Output = Sum<TupleSumOf<T::Head>, TupleSumOf<T::Tail>>;
    #[inline(always)]
    fn tuple_sum(self) -> Self::Output {
        let (h, t) = self.split();
        h.tuple_sum().add(t.tuple_sum())
    }
}

macro_rules! tuple_reduction {
    ($(#[$doc:meta])* $Trait:ident, $method:ident, $Alias:ident, $Fn:ident, $Int:ident, $int:ident,
        $IntAlias:ident) => {
        $(#[$doc])*
        pub trait $Trait {
            /// The result: static iff every leaf is.
            type Output: Integral;
            /// Reduces the leaves.
            fn $method(self) -> Self::Output;
        }
        #[doc = concat!("The result type of [`", stringify!($Trait), "`].")]
        pub type $Alias<T> = <T as $Trait>::Output;

        /// Folds one more element into the accumulated reduction.
        #[doc(hidden)]
        pub struct $Fn;
        impl<Acc: $Int<$Alias<X>>, X: $Trait> Fun2<Acc, X> for $Fn {
            type Output = $IntAlias<Acc, $Alias<X>>;
            #[inline(always)]
            fn call(&self, acc: Acc, x: X) -> Self::Output {
                $Int::$int(acc, x.$method())
            }
        }
        impl<T> $Trait for T
        where
            T: Split,
            T::Head: $Trait,
            T::Tail: Fold<$Fn, $Alias<T::Head>>,
            <T::Tail as Fold<$Fn, $Alias<T::Head>>>::Output: Integral,
        {
            type Output = <T::Tail as Fold<$Fn, $Alias<T::Head>>>::Output;
            #[inline(always)]
            fn $method(self) -> Self::Output {
                let (h, t) = self.split();
                t.fold(h.$method(), &$Fn)
            }
        }
    };
}
tuple_reduction!(
    /// `max(t)`: the largest leaf of a non-empty IntTuple.
    TupleMax, tuple_max, TupleMaxOf, MaxFn, IntMax, max, Maximum
);
tuple_reduction!(
    /// `min(t)`: the smallest leaf of a non-empty IntTuple.
    TupleMin, tuple_min, TupleMinOf, MinFn, IntMin, min, Minimum
);
tuple_reduction!(
    /// `gcd(t)`: the greatest common divisor of the leaves of a non-empty IntTuple.
    TupleGcd, tuple_gcd, TupleGcdOf, GcdFn, IntGcd, gcd, GcdOf
);

/// `max(t)` (C++'s `max`): the largest leaf of a non-empty IntTuple. C++'s variadic
/// `max(a, b, ...)` is `max((a, b, ...))`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(max((_2, (_8, _4))).to_string(), "_8");
/// assert_eq!(max((_2, 7)), 7);
/// ```
#[inline(always)]
pub fn max<T: TupleMax>(t: T) -> T::Output {
    t.tuple_max()
}

/// `min(t)` (C++'s `min`): the smallest leaf of a non-empty IntTuple. C++'s variadic
/// `min(a, b, ...)` is `min((a, b, ...))`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(min((_2, (_8, _4))).to_string(), "_2");
/// assert_eq!(min((_2, 1)), 1);
/// ```
#[inline(always)]
pub fn min<T: TupleMin>(t: T) -> T::Output {
    t.tuple_min()
}

/// `gcd(t)` (C++'s `gcd`): the greatest common divisor of the leaves of a non-empty IntTuple.
/// C++'s variadic `gcd(a, b, ...)` is `gcd((a, b, ...))`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(gcd((_12, (_8, _20))).to_string(), "_4");
/// assert_eq!(gcd((_12, 18)), 6);
/// ```
#[inline(always)]
pub fn gcd<T: TupleGcd>(t: T) -> T::Output {
    t.tuple_gcd()
}

/// `abs(t)`: the absolute value of every leaf, same profile as `t`.
pub trait TupleAbs {
    /// The result: congruent with `Self`, static where `Self` is.
    type Output: IntTuple;
    /// Computes the absolute values.
    fn tuple_abs(self) -> Self::Output;
}
/// The type of `abs(T)`.
pub type TupleAbsOf<T> = <T as TupleAbs>::Output;

/// `abs(t)` (C++'s `abs`, applied to every leaf as `transform_leaf(t, abs)`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(display(&abs((_m2, (_3, -4)))).to_string(), "(_2,(_3,4))");
/// ```
#[inline(always)]
pub fn abs<T: TupleAbs>(t: T) -> T::Output {
    t.tuple_abs()
}

macro_rules! leaf_abs {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> TupleAbs for $t
        where
            $t: IntAbs,
            AbsOf<$t>: IntLeaf,
        {
            type Output = AbsOf<$t>;
            #[inline(always)]
            fn tuple_abs(self) -> Self::Output {
                self.abs()
            }
        }
    )*};
}
leaf_abs!([N: Integer + 'static] C<N>, [] i32, [] i64);

/// `abs` as a function value.
#[doc(hidden)]
pub struct AbsFn;
impl<X: TupleAbs> Fun1<X> for AbsFn {
    type Output = TupleAbsOf<X>;
    #[inline(always)]
    fn call(&self, x: X) -> Self::Output {
        x.tuple_abs()
    }
}
impl<T> TupleAbs for T
where
    T: Tuple + Transform<AbsFn>,
    <T as Transform<AbsFn>>::Output: IntTuple,
{
    type Output = <T as Transform<AbsFn>>::Output;
    #[inline(always)]
    fn tuple_abs(self) -> Self::Output {
        self.transform(&AbsFn)
    }
}

// ---------------------------------------------------------------------------------------------
// Shared recursions of the binary operations
// ---------------------------------------------------------------------------------------------

/// The mode-by-mode application of `F` to two tuples where the second may be shorter; its
/// missing modes are `_1` (C++'s `append<R>(b, Int<1>{})`). Used by `ceil_div`, `round_up`.
#[doc(hidden)]
pub trait ZipPadOne<F, B> {
    type Output: Tuple;
    fn zip_pad_one(self, b: B, f: &F) -> Self::Output;
}
impl<F> ZipPadOne<F, ()> for () {
    type Output = ();
    #[inline(always)]
    fn zip_pad_one(self, _: (), _: &F) {}
}
impl<F, A> ZipPadOne<F, ()> for A
where
    A: Split,
    F: Fun2<A::Head, _1>,
    A::Tail: ZipPadOne<F, ()>,
    <A::Tail as ZipPadOne<F, ()>>::Output: Prepend<<F as Fun2<A::Head, _1>>::Output>,
{
    type Output = <<A::Tail as ZipPadOne<F, ()>>::Output as Prepend<
        <F as Fun2<A::Head, _1>>::Output,
    >>::Output;
    #[inline(always)]
    fn zip_pad_one(self, _: (), f: &F) -> Self::Output {
        let (h, t) = self.split();
        let h = f.call(h, C::new());
        t.zip_pad_one((), f).prepend(h)
    }
}
impl<F, A, B> ZipPadOne<F, B> for A
where
    A: Split,
    B: Split,
    F: Fun2<A::Head, B::Head>,
    A::Tail: ZipPadOne<F, B::Tail>,
    <A::Tail as ZipPadOne<F, B::Tail>>::Output: Prepend<<F as Fun2<A::Head, B::Head>>::Output>,
{
    type Output = <<A::Tail as ZipPadOne<F, B::Tail>>::Output as Prepend<
        <F as Fun2<A::Head, B::Head>>::Output,
    >>::Output;
    #[inline(always)]
    fn zip_pad_one(self, b: B, f: &F) -> Self::Output {
        let (ah, at) = self.split();
        let (bh, bt) = b.split();
        let h = f.call(ah, bh);
        at.zip_pad_one(bt, f).prepend(h)
    }
}

/// The division of a tuple by an integer, folded through the modes (C++'s tuple-int case of
/// `shape_div` and `ceil_div`): mode `i` is `F(a_i, b_i)` where `b_0 = b` and
/// `b_{i+1} = F(b_i, a_i)`.
#[doc(hidden)]
pub trait DivFold<F, B> {
    type Output: Tuple;
    fn div_fold(self, b: B, f: &F) -> Self::Output;
}
impl<F, B> DivFold<F, B> for () {
    type Output = ();
    #[inline(always)]
    fn div_fold(self, _: B, _: &F) {}
}
impl<F, A, B> DivFold<F, B> for A
where
    A: Split,
    B: Copy,
    F: Fun2<A::Head, B> + Fun2<B, A::Head>,
    A::Tail: DivFold<F, <F as Fun2<B, A::Head>>::Output>,
    <A::Tail as DivFold<F, <F as Fun2<B, A::Head>>::Output>>::Output:
        Prepend<<F as Fun2<A::Head, B>>::Output>,
{
    type Output = <<A::Tail as DivFold<F, <F as Fun2<B, A::Head>>::Output>>::Output as Prepend<
        <F as Fun2<A::Head, B>>::Output,
    >>::Output;
    #[inline(always)]
    fn div_fold(self, b: B, f: &F) -> Self::Output {
        let (h, t) = self.split();
        let mode = f.call(h, b);
        let rest = f.call(b, h);
        t.div_fold(rest, f).prepend(mode)
    }
}

// ---------------------------------------------------------------------------------------------
// ceil_div, round_up
// ---------------------------------------------------------------------------------------------

/// `ceil_div(a, b)`: `a / b` rounded up, extended to IntTuples (see [`ceil_div`]).
pub trait CeilDiv<B> {
    /// The quotient: same profile as `Self`; static where everything it depends on is.
    type Output: IntTuple;
    /// Computes the quotient.
    fn ceil_div(self, b: B) -> Self::Output;
}
/// The type of `ceil_div(A, B)`.
pub type CeilDivOf<A, B> = <A as CeilDiv<B>>::Output;

/// `ceil_div(a, b)` (C++'s `ceil_div`): the number of `b`-sized tiles that cover `a`.
///
/// # Math
/// - int, int: `(a + b - 1) / b`.
/// - tuple, tuple: mode by mode; `b` may be shorter than `a`, its missing modes are 1.
/// - tuple, int: `b` is folded through the modes: `(ceil_div(a0, b), ceil_div(a1,
///   ceil_div(b, a0)), ...)`.
/// - int, tuple: `ceil_div(a, size(b))`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(ceil_div(_229, _14).to_string(), "_17");
/// assert_eq!(ceil_div(229, _14), 17);
/// assert_eq!(display(&ceil_div((_12, _10), (_8,))).to_string(), "(_2,_10)");
/// ```
#[inline(always)]
pub fn ceil_div<A: CeilDiv<B>, B>(a: A, b: B) -> A::Output {
    a.ceil_div(b)
}

fun2_of!(
    /// `ceil_div` as a function value.
    CeilDivFn, CeilDiv, ceil_div, CeilDivOf
);

impl<A: IntTuple, B: IntTuple> CeilDiv<B> for A
where
    A: CeilDivImpl<B, A::IsTuple, B::IsTuple>,
{
    type Output = <A as CeilDivImpl<B, A::IsTuple, B::IsTuple>>::Output;
    #[inline(always)]
    fn ceil_div(self, b: B) -> Self::Output {
        CeilDivImpl::<B, A::IsTuple, B::IsTuple>::ceil_div_impl(self, b)
    }
}

/// `ceil_div` by kind of operand (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait CeilDivImpl<B, TA, TB> {
    type Output: IntTuple;
    fn ceil_div_impl(self, b: B) -> Self::Output;
}
impl<A, B> CeilDivImpl<B, B1, B1> for A
where
    A: ZipPadOne<CeilDivFn, B>,
    <A as ZipPadOne<CeilDivFn, B>>::Output: IntTuple,
{
    type Output = <A as ZipPadOne<CeilDivFn, B>>::Output;
    #[inline(always)]
    fn ceil_div_impl(self, b: B) -> Self::Output {
        self.zip_pad_one(b, &CeilDivFn)
    }
}
impl<A, B> CeilDivImpl<B, B1, B0> for A
where
    A: DivFold<CeilDivFn, B>,
    <A as DivFold<CeilDivFn, B>>::Output: IntTuple,
{
    type Output = <A as DivFold<CeilDivFn, B>>::Output;
    #[inline(always)]
    fn ceil_div_impl(self, b: B) -> Self::Output {
        self.div_fold(b, &CeilDivFn)
    }
}
impl<A, B: IntTuple> CeilDivImpl<B, B0, B1> for A
where
    A: CeilDiv<B::Size>,
{
    type Output = CeilDivOf<A, B::Size>;
    #[inline(always)]
    fn ceil_div_impl(self, b: B) -> Self::Output {
        self.ceil_div(b.size())
    }
}
impl<A: IntLeaf, B: IntLeaf> CeilDivImpl<B, B0, B0> for A
where
    A: IntAdd<B>,
    Sum<A, B>: IntSub<_1>,
    Diff<Sum<A, B>, _1>: IntDiv<B>,
    Quot<Diff<Sum<A, B>, _1>, B>: IntLeaf,
{
    type Output = Quot<Diff<Sum<A, B>, _1>, B>;
    #[inline(always)]
    fn ceil_div_impl(self, b: B) -> Self::Output {
        self.add(b).sub(C::new()).div(b)
    }
}

/// `round_up(a, b)`: `a` rounded up to a multiple of `b`, extended to IntTuples.
pub trait RoundUp<B> {
    /// The result: same profile as `Self`.
    type Output: IntTuple;
    /// Rounds up.
    fn round_up(self, b: B) -> Self::Output;
}
/// The type of `round_up(A, B)`.
pub type RoundUpOf<A, B> = <A as RoundUp<B>>::Output;

/// `round_up(a, b)` (C++'s `round_up`): the least multiple of `b` not below `a`.
///
/// # Math
/// - int, int: `((a + b - 1) / b) * b`.
/// - tuple, tuple: mode by mode; `b` may be shorter than `a`, its missing modes are 1.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(round_up(_10, _4).to_string(), "_12");
/// assert_eq!(display(&round_up((_10, 7), (_8,))).to_string(), "(_16,7)");
/// ```
#[inline(always)]
pub fn round_up<A: RoundUp<B>, B>(a: A, b: B) -> A::Output {
    a.round_up(b)
}

fun2_of!(
    /// `round_up` as a function value.
    RoundUpFn, RoundUp, round_up, RoundUpOf
);

impl<A: IntTuple, B: IntTuple> RoundUp<B> for A
where
    A: RoundUpImpl<B, A::IsTuple, B::IsTuple>,
{
    type Output = <A as RoundUpImpl<B, A::IsTuple, B::IsTuple>>::Output;
    #[inline(always)]
    fn round_up(self, b: B) -> Self::Output {
        RoundUpImpl::<B, A::IsTuple, B::IsTuple>::round_up_impl(self, b)
    }
}

/// `round_up` by kind of operand (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait RoundUpImpl<B, TA, TB> {
    type Output: IntTuple;
    fn round_up_impl(self, b: B) -> Self::Output;
}
impl<A, B> RoundUpImpl<B, B1, B1> for A
where
    A: ZipPadOne<RoundUpFn, B>,
    <A as ZipPadOne<RoundUpFn, B>>::Output: IntTuple,
{
    type Output = <A as ZipPadOne<RoundUpFn, B>>::Output;
    #[inline(always)]
    fn round_up_impl(self, b: B) -> Self::Output {
        self.zip_pad_one(b, &RoundUpFn)
    }
}
impl<A: IntLeaf, B: IntLeaf> RoundUpImpl<B, B0, B0> for A
where
    A: CeilDivImpl<B, B0, B0>,
    <A as CeilDivImpl<B, B0, B0>>::Output: IntMul<B>,
    Prod<<A as CeilDivImpl<B, B0, B0>>::Output, B>: IntLeaf,
{
    type Output = Prod<<A as CeilDivImpl<B, B0, B0>>::Output, B>;
    #[inline(always)]
    fn round_up_impl(self, b: B) -> Self::Output {
        self.ceil_div_impl(b).mul(b)
    }
}

// ---------------------------------------------------------------------------------------------
// shape_div
// ---------------------------------------------------------------------------------------------

/// `shape_div(a, b)`: the division of shapes (see [`shape_div`]).
pub trait ShapeDiv<B> {
    /// The quotient: same profile as `Self`; static where everything it depends on is.
    type Output: IntTuple;
    /// Computes the quotient.
    fn shape_div(self, b: B) -> Self::Output;
}
/// The type of `shape_div(A, B)`.
pub type ShapeDivOf<A, B> = <A as ShapeDiv<B>>::Output;

/// `shape_div(a, b)` (C++'s `shape_div`): divides a shape by a shape or a size, as an
/// inclusive prefix division, the result congruent with `a`.
///
/// # Math
/// - tuple, tuple: mode by mode (same rank).
/// - tuple, int: `b` is folded through the modes: `(shape_div(a0, b), shape_div(a1,
///   shape_div(b, a0)), ...)`; e.g. `shape_div((4,5,6), 40) = (1,1,3)`.
/// - int, tuple: `shape_div(a, size(b))`.
/// - int, int: `(a + b - 1) / b` (CuTe 4.2), i.e. `a / b` if `b` divides `a`, else 1.
///
/// # Preconditions
/// For integers `a`, `b`: `a % b == 0 || b % a == 0`. On static values a failure is the
/// compile error `shape_div: neither shape divides the other`; on dynamic values it is a
/// debug assertion with the same words (C++ does not check dynamic values).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(display(&shape_div((_4, _5, _6), _40)).to_string(), "(_1,_1,_3)");
/// assert_eq!(display(&shape_div((_4, _5, _6), 40)).to_string(), "(1,1,3)");
/// assert_eq!(display(&shape_div((_12, _4), (_4, _1))).to_string(), "(_3,_4)");
/// ```
#[inline(always)]
pub fn shape_div<A: ShapeDiv<B>, B>(a: A, b: B) -> A::Output {
    a.shape_div(b)
}

fun2_of!(
    /// `shape_div` as a function value.
    ShapeDivFn, ShapeDiv, shape_div, ShapeDivOf
);

impl<A: IntTuple, B: IntTuple> ShapeDiv<B> for A
where
    A: ShapeDivImpl<B, A::IsTuple, B::IsTuple>,
{
    type Output = <A as ShapeDivImpl<B, A::IsTuple, B::IsTuple>>::Output;
    #[inline(always)]
    fn shape_div(self, b: B) -> Self::Output {
        ShapeDivImpl::<B, A::IsTuple, B::IsTuple>::shape_div_impl(self, b)
    }
}

/// `shape_div` by kind of operand (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait ShapeDivImpl<B, TA, TB> {
    type Output: IntTuple;
    fn shape_div_impl(self, b: B) -> Self::Output;
}
impl<A, B> ShapeDivImpl<B, B1, B1> for A
where
    A: Transform2<ShapeDivFn, B>,
    <A as Transform2<ShapeDivFn, B>>::Output: IntTuple,
{
    type Output = <A as Transform2<ShapeDivFn, B>>::Output;
    #[inline(always)]
    fn shape_div_impl(self, b: B) -> Self::Output {
        self.transform2(b, &ShapeDivFn)
    }
}
impl<A, B> ShapeDivImpl<B, B1, B0> for A
where
    A: DivFold<ShapeDivFn, B>,
    <A as DivFold<ShapeDivFn, B>>::Output: IntTuple,
{
    type Output = <A as DivFold<ShapeDivFn, B>>::Output;
    #[inline(always)]
    fn shape_div_impl(self, b: B) -> Self::Output {
        self.div_fold(b, &ShapeDivFn)
    }
}
impl<A, B: IntTuple> ShapeDivImpl<B, B0, B1> for A
where
    A: ShapeDiv<B::Size>,
{
    type Output = ShapeDivOf<A, B::Size>;
    #[inline(always)]
    fn shape_div_impl(self, b: B) -> Self::Output {
        self.shape_div(b.size())
    }
}
impl<A: IntLeaf, B: IntLeaf> ShapeDivImpl<B, B0, B0> for A
where
    A: ShapeDivCheck<B, A::IsStatic, B::IsStatic> + CeilDivImpl<B, B0, B0>,
{
    type Output = <A as CeilDivImpl<B, B0, B0>>::Output;
    #[inline(always)]
    fn shape_div_impl(self, b: B) -> Self::Output {
        debug_assert!(
            weakly_divisible(self.value(), b.value()),
            "shape_div: neither shape divides the other"
        );
        self.ceil_div_impl(b)
    }
}

/// `a % b == 0 || b % a == 0`, without dividing by zero.
#[inline(always)]
fn weakly_divisible(a: i64, b: i64) -> bool {
    (b != 0 && a % b == 0) || (a != 0 && b % a == 0)
}

/// The precondition of `shape_div` on two static integers: one divides the other.
#[diagnostic::on_unimplemented(
    message = "shape_div: neither shape divides the other",
    note = "shape_div(a, b) on static integers needs a % b == 0 or b % a == 0"
)]
pub trait ShapeDivisible {}
impl ShapeDivisible for B1 {}

/// The compile-time check of `shape_div` on integers, made when both are static.
#[doc(hidden)]
pub trait ShapeDivCheck<B, SA, SB> {}
impl<A, B> ShapeDivCheck<B, B0, B0> for A {}
impl<A, B> ShapeDivCheck<B, B0, B1> for A {}
impl<A, B> ShapeDivCheck<B, B1, B0> for A {}
impl<A, B> ShapeDivCheck<B, B1, B1> for A
where
    A: StaticDivisibleImpl<B> + EitherDivides<B, StaticDivisible<A, B>>,
    <A as EitherDivides<B, StaticDivisible<A, B>>>::Output: ShapeDivisible,
{
}

/// `B1` iff `A % B == 0` (given as `First`) or `B % A == 0`; the second is not computed when
/// the first holds, so that `shape_div(_0, _4)` does not divide by zero.
#[doc(hidden)]
pub trait EitherDivides<B, First> {
    type Output;
}
impl<A, B> EitherDivides<B, B1> for A {
    type Output = B1;
}
impl<A, B: StaticDivisibleImpl<A>> EitherDivides<B, B0> for A {
    type Output = StaticDivisible<B, A>;
}

// ---------------------------------------------------------------------------------------------
// shape_min
// ---------------------------------------------------------------------------------------------

/// `shape_min(a, b)`: the smaller of two integer shapes, `_1` if either is `_1`.
pub trait ShapeMin<B> {
    /// The result: `_1` if either is `_1`, else static iff both are.
    type Output: IntLeaf;
    /// Computes the minimum.
    fn shape_min(self, b: B) -> Self::Output;
}
/// The type of `shape_min(A, B)`.
pub type ShapeMinOf<A, B> = <A as ShapeMin<B>>::Output;

/// `shape_min(a, b)` (CuTe 3.x's `shape_min`, integers only): `min(a, b)`, except that a
/// static `_1` on either side gives `_1` even when the other side is dynamic (1 is the least
/// shape, and keeping it static keeps the algebra static).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(shape_min(_1, 8).to_string(), "_1");
/// assert_eq!(shape_min(_4, _8).to_string(), "_4");
/// assert_eq!(shape_min(_4, 2), 2);
/// ```
#[inline(always)]
pub fn shape_min<A: ShapeMin<B>, B>(a: A, b: B) -> A::Output {
    a.shape_min(b)
}

impl<A: IntLeaf, B: IntLeaf> ShapeMin<B> for A
where
    B: IsConstantImpl<_1>,
    A: IsConstantImpl<_1> + ShapeMinImpl<B, IsConstant<_1, A>, IsConstant<_1, B>>,
{
    type Output = <A as ShapeMinImpl<B, IsConstant<_1, A>, IsConstant<_1, B>>>::Output;
    #[inline(always)]
    fn shape_min(self, b: B) -> Self::Output {
        ShapeMinImpl::<B, _, _>::shape_min_impl(self, b)
    }
}

/// `shape_min` by whether each side is the static `_1`.
#[doc(hidden)]
pub trait ShapeMinImpl<B, AIsOne, BIsOne> {
    type Output: IntLeaf;
    fn shape_min_impl(self, b: B) -> Self::Output;
}
impl<A, B, BIsOne> ShapeMinImpl<B, B1, BIsOne> for A {
    type Output = _1;
    #[inline(always)]
    fn shape_min_impl(self, _: B) -> _1 {
        C::new()
    }
}
impl<A, B> ShapeMinImpl<B, B0, B1> for A {
    type Output = _1;
    #[inline(always)]
    fn shape_min_impl(self, _: B) -> _1 {
        C::new()
    }
}
impl<A: IntMin<B>, B> ShapeMinImpl<B, B0, B0> for A
where
    Minimum<A, B>: IntLeaf,
{
    type Output = Minimum<A, B>;
    #[inline(always)]
    fn shape_min_impl(self, b: B) -> Self::Output {
        self.min(b)
    }
}

// ---------------------------------------------------------------------------------------------
// elem_scale
// ---------------------------------------------------------------------------------------------

/// `elem_scale(a, b)`: `a` scaled leaf by leaf by the sizes of `b`'s matching modes.
pub trait ElemScale<B> {
    /// The result: same profile as `Self`.
    type Output: IntTuple;
    /// Scales.
    fn elem_scale(self, b: B) -> Self::Output;
}
/// The type of `elem_scale(A, B)`.
pub type ElemScaleOf<A, B> = <A as ElemScale<B>>::Output;

/// `elem_scale(a, b)` (C++'s `elem_scale`): a tuple `a` is scaled mode by mode by the tuple
/// `b` (same rank); an integer `a` is multiplied by `size(b)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(display(&elem_scale((_2, _3), (_4, (_2, _5)))).to_string(), "(_8,_30)");
/// assert_eq!(elem_scale(3, (_4, _2)), 24);
/// ```
#[inline(always)]
pub fn elem_scale<A: ElemScale<B>, B>(a: A, b: B) -> A::Output {
    a.elem_scale(b)
}

fun2_of!(
    /// `elem_scale` as a function value.
    ElemScaleFn, ElemScale, elem_scale, ElemScaleOf
);

impl<A: IntTuple, B> ElemScale<B> for A
where
    A: ElemScaleImpl<B, A::IsTuple>,
{
    type Output = <A as ElemScaleImpl<B, A::IsTuple>>::Output;
    #[inline(always)]
    fn elem_scale(self, b: B) -> Self::Output {
        ElemScaleImpl::<B, A::IsTuple>::elem_scale_impl(self, b)
    }
}

/// `elem_scale` by kind of `a` (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait ElemScaleImpl<B, TA> {
    type Output: IntTuple;
    fn elem_scale_impl(self, b: B) -> Self::Output;
}
impl<A, B> ElemScaleImpl<B, B1> for A
where
    A: Transform2<ElemScaleFn, B>,
    <A as Transform2<ElemScaleFn, B>>::Output: IntTuple,
{
    type Output = <A as Transform2<ElemScaleFn, B>>::Output;
    #[inline(always)]
    fn elem_scale_impl(self, b: B) -> Self::Output {
        self.transform2(b, &ElemScaleFn)
    }
}
impl<A: IntLeaf, B: IntTuple> ElemScaleImpl<B, B0> for A
where
    A: IntMul<B::Size>,
    Prod<A, B::Size>: IntLeaf,
{
    type Output = Prod<A, B::Size>;
    #[inline(always)]
    fn elem_scale_impl(self, b: B) -> Self::Output {
        self.mul(b.size())
    }
}

// ---------------------------------------------------------------------------------------------
// flatten, product_each
// ---------------------------------------------------------------------------------------------

/// `flatten_to_tuple(t)`: the leaves of `t` as a flat tuple; an integer becomes a rank-1 tuple.
pub trait FlattenToTuple {
    /// The flat tuple of leaves.
    type Output: IntTuple<IsTuple = B1>;
    /// Flattens.
    fn flatten_to_tuple(self) -> Self::Output;
}
/// The type of `flatten_to_tuple(T)`.
pub type FlattenToTupleOf<T> = <T as FlattenToTuple>::Output;

/// `flatten_to_tuple(t)` (C++'s `flatten_to_tuple`): the leaves of `t`, in order, as a tuple
/// of depth 1; an integer `x` gives `(x)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(display(&flatten_to_tuple((_2, (_3, (4,)), _5))).to_string(), "(_2,_3,4,_5)");
/// assert_eq!(display(&flatten_to_tuple(_7)).to_string(), "(_7)");
/// ```
#[inline(always)]
pub fn flatten_to_tuple<T: FlattenToTuple>(t: T) -> T::Output {
    t.flatten_to_tuple()
}

macro_rules! leaf_flatten_to_tuple {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> FlattenToTuple for $t
        where
            ($t,): IntTuple<IsTuple = B1>,
        {
            type Output = ($t,);
            #[inline(always)]
            fn flatten_to_tuple(self) -> ($t,) {
                (self,)
            }
        }
    )*};
}
leaf_flatten_to_tuple!([N: Integer + 'static] C<N>, [] i32, [] i64);
impl FlattenToTuple for () {
    type Output = ();
    #[inline(always)]
    fn flatten_to_tuple(self) {}
}
impl<T> FlattenToTuple for T
where
    T: Split,
    T::Head: FlattenToTuple,
    T::Tail: FlattenToTuple,
    FlattenToTupleOf<T::Head>: Concat<FlattenToTupleOf<T::Tail>>,
    TupleCat<FlattenToTupleOf<T::Head>, FlattenToTupleOf<T::Tail>>: IntTuple<IsTuple = B1>,
{
    type Output = TupleCat<FlattenToTupleOf<T::Head>, FlattenToTupleOf<T::Tail>>;
    #[inline(always)]
    fn flatten_to_tuple(self) -> Self::Output {
        let (h, t) = self.split();
        h.flatten_to_tuple().concat(t.flatten_to_tuple())
    }
}

/// `flatten(t)`: the leaves of a tuple as a flat tuple; an integer stays an integer.
pub trait Flatten {
    /// A flat tuple, or the integer itself.
    type Output: IntTuple;
    /// Flattens.
    fn flatten(self) -> Self::Output;
}
/// The type of `flatten(T)`.
pub type FlattenOf<T> = <T as Flatten>::Output;

/// `flatten(t)` (C++'s `flatten` of an IntTuple): the leaves of a tuple, in order, as a tuple
/// of depth 1; an integer is returned as is.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(display(&flatten(((_2, _3), (4, (_5,))))).to_string(), "(_2,_3,4,_5)");
/// assert_eq!(flatten(_7).to_string(), "_7");
/// ```
#[inline(always)]
pub fn flatten<T: Flatten>(t: T) -> T::Output {
    t.flatten()
}

impl<T: IntTuple> Flatten for T
where
    T: FlattenImpl<T::IsTuple>,
{
    type Output = <T as FlattenImpl<T::IsTuple>>::Output;
    #[inline(always)]
    fn flatten(self) -> Self::Output {
        FlattenImpl::<T::IsTuple>::flatten_impl(self)
    }
}
/// `flatten` by kind (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait FlattenImpl<IsTuple> {
    type Output: IntTuple;
    fn flatten_impl(self) -> Self::Output;
}
impl<T: IntLeaf> FlattenImpl<B0> for T {
    type Output = T;
    #[inline(always)]
    fn flatten_impl(self) -> T {
        self
    }
}
impl<T: FlattenToTuple> FlattenImpl<B1> for T {
    type Output = FlattenToTupleOf<T>;
    #[inline(always)]
    fn flatten_impl(self) -> Self::Output {
        self.flatten_to_tuple()
    }
}

/// `product_each(t)`: the size of each top-level mode, as a tuple.
pub trait ProductEach {
    /// `(size(t_0), size(t_1), ...)`; `(t)` for an integer `t`.
    type Output: IntTuple<IsTuple = B1>;
    /// Computes the sizes.
    fn product_each(self) -> Self::Output;
}
/// The type of `product_each(T)`.
pub type ProductEachOf<T> = <T as ProductEach>::Output;

/// `product_each(t)` (C++'s `product_each`): the size of each top-level mode; an integer is
/// wrapped first, giving a rank-1 tuple.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(display(&product_each(((_2, _3), _4, (5, _2)))).to_string(), "(_6,_4,10)");
/// assert_eq!(display(&product_each(_8)).to_string(), "(_8)");
/// ```
#[inline(always)]
pub fn product_each<T: ProductEach>(t: T) -> T::Output {
    t.product_each()
}

impl<T: IntTuple> ProductEach for T
where
    T: ProductEachImpl<T::IsTuple>,
{
    type Output = <T as ProductEachImpl<T::IsTuple>>::Output;
    #[inline(always)]
    fn product_each(self) -> Self::Output {
        ProductEachImpl::<T::IsTuple>::product_each_impl(self)
    }
}
/// `product_each` by kind (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait ProductEachImpl<IsTuple> {
    type Output: IntTuple<IsTuple = B1>;
    fn product_each_impl(self) -> Self::Output;
}
impl<T: IntLeaf> ProductEachImpl<B0> for T
where
    (T,): IntTuple<IsTuple = B1>,
{
    type Output = (T,);
    #[inline(always)]
    fn product_each_impl(self) -> (T,) {
        (self,)
    }
}
impl<T> ProductEachImpl<B1> for T
where
    T: Transform<ProductFn>,
    <T as Transform<ProductFn>>::Output: IntTuple<IsTuple = B1>,
{
    type Output = <T as Transform<ProductFn>>::Output;
    #[inline(always)]
    fn product_each_impl(self) -> Self::Output {
        self.transform(&ProductFn)
    }
}

/// `product_like(t, guide)`: the sizes of `t` at the leaves of `guide`.
pub trait ProductLike<G> {
    /// Congruent with `G`.
    type Output: IntTuple;
    /// Computes the sizes.
    fn product_like(self, guide: G) -> Self::Output;
}
/// The type of `product_like(T, G)`.
pub type ProductLikeOf<T, G> = <T as ProductLike<G>>::Output;

/// `product_like(t, guide)` (C++'s `product_like`): `t` reduced to the profile of `guide`
/// (weakly congruent with `t`): each part of `t` at an integer of `guide` is replaced by its
/// size.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let r = product_like((_2, (_3, 5), (_4, _2)), (_0, _0, (_0, _0)));
/// assert_eq!(display(&r).to_string(), "(_2,15,(_4,_2))");
/// ```
#[inline(always)]
pub fn product_like<T: ProductLike<G>, G>(t: T, guide: G) -> T::Output {
    t.product_like(guide)
}

fun2_of!(
    /// `product_like` as a function value.
    ProductLikeFn, ProductLike, product_like, ProductLikeOf
);

impl<T: IntTuple, G: IntTuple> ProductLike<G> for T
where
    T: ProductLikeImpl<G, G::IsTuple>,
{
    type Output = <T as ProductLikeImpl<G, G::IsTuple>>::Output;
    #[inline(always)]
    fn product_like(self, guide: G) -> Self::Output {
        ProductLikeImpl::<G, G::IsTuple>::product_like_impl(self, guide)
    }
}
/// `product_like` by kind of guide (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait ProductLikeImpl<G, TG> {
    type Output: IntTuple;
    fn product_like_impl(self, guide: G) -> Self::Output;
}
impl<T: IntTuple, G> ProductLikeImpl<G, B0> for T
where
    T::Size: IntLeaf,
{
    type Output = T::Size;
    #[inline(always)]
    fn product_like_impl(self, _: G) -> T::Size {
        self.size()
    }
}
impl<T, G> ProductLikeImpl<G, B1> for T
where
    T: Transform2<ProductLikeFn, G>,
    <T as Transform2<ProductLikeFn, G>>::Output: IntTuple,
{
    type Output = <T as Transform2<ProductLikeFn, G>>::Output;
    #[inline(always)]
    fn product_like_impl(self, guide: G) -> Self::Output {
        self.transform2(guide, &ProductLikeFn)
    }
}

// ---------------------------------------------------------------------------------------------
// prefix_product, inner_product
// ---------------------------------------------------------------------------------------------

/// `prefix_product(a, init)`: the exclusive prefix product of the leaves of `a`.
pub trait PrefixProduct<Init> {
    /// The prefix products: congruent with `Self`.
    type Output: IntTuple;
    /// Computes the prefix products.
    fn prefix_product(self, init: Init) -> Self::Output;
}
/// The type of `prefix_product_init(A, Init)`.
pub type PrefixProductOf<A, Init = _1> = <A as PrefixProduct<Init>>::Output;

/// `prefix_product(a)` (CuTe's and pycute's `prefix_product` with `init = _1`): the exclusive
/// prefix product of the leaves, colexicographically: leaf `i` gets the product of the
/// leaves before it.
///
/// Unlike [`compact_col_major`](crate::stride::compact_col_major), a size-1 leaf gets its
/// prefix product, not 0.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let r: ((_1, _4), (_16, _64), _128) = prefix_product(((_4, _4), (_4, _2), _5));
/// assert_eq!(display(&r).to_string(), "((_1,_4),(_16,_64),_128)");
/// assert_eq!(display(&prefix_product((5, _1))).to_string(), "(_1,5)");
/// ```
#[inline(always)]
pub fn prefix_product<A: PrefixProduct<_1>>(a: A) -> A::Output {
    a.prefix_product(C::new())
}

/// `prefix_product(a, init)` (CuTe's and pycute's two-argument `prefix_product`): the
/// exclusive prefix product of the leaves of `a`, starting from `init`.
///
/// # Math
/// - int, int: `init`.
/// - tuple, int: `(prefix_product(a0, init), prefix_product(a1, init * size(a0)), ...)`.
/// - tuple, tuple: mode by mode (same rank).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let r = prefix_product_init(((_8, _3), (_2, _2, _5), _2), _2);
/// assert_eq!(display(&r).to_string(), "((_2,_16),(_48,_96,_192),_960)");
/// assert_eq!(display(&prefix_product_init((2, 3, 3), 3)).to_string(), "(3,6,18)");
/// ```
#[inline(always)]
pub fn prefix_product_init<A: PrefixProduct<I>, I>(a: A, init: I) -> A::Output {
    a.prefix_product(init)
}

fun2_of!(
    /// `prefix_product` as a function value.
    PrefixProductFn, PrefixProduct, prefix_product, PrefixProductOf
);

impl<A: IntTuple, I: IntTuple> PrefixProduct<I> for A
where
    A: PrefixProductImpl<I, A::IsTuple, I::IsTuple>,
{
    type Output = <A as PrefixProductImpl<I, A::IsTuple, I::IsTuple>>::Output;
    #[inline(always)]
    fn prefix_product(self, init: I) -> Self::Output {
        PrefixProductImpl::<I, A::IsTuple, I::IsTuple>::prefix_product_impl(self, init)
    }
}

/// `prefix_product` by kind of operand (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait PrefixProductImpl<I, TA, TI> {
    type Output: IntTuple;
    fn prefix_product_impl(self, init: I) -> Self::Output;
}
impl<A, I> PrefixProductImpl<I, B1, B1> for A
where
    A: Transform2<PrefixProductFn, I>,
    <A as Transform2<PrefixProductFn, I>>::Output: IntTuple,
{
    type Output = <A as Transform2<PrefixProductFn, I>>::Output;
    #[inline(always)]
    fn prefix_product_impl(self, init: I) -> Self::Output {
        self.transform2(init, &PrefixProductFn)
    }
}
impl<A, I> PrefixProductImpl<I, B1, B0> for A
where
    A: PrefixFold<I>,
    <A as PrefixFold<I>>::Output: IntTuple,
{
    type Output = <A as PrefixFold<I>>::Output;
    #[inline(always)]
    fn prefix_product_impl(self, init: I) -> Self::Output {
        self.prefix_fold(init)
    }
}
impl<A: IntLeaf, I: IntLeaf> PrefixProductImpl<I, B0, B0> for A {
    type Output = I;
    #[inline(always)]
    fn prefix_product_impl(self, init: I) -> I {
        init
    }
}

/// The tuple-int case of `prefix_product`: each mode starts from the running product.
#[doc(hidden)]
pub trait PrefixFold<I> {
    type Output: Tuple;
    fn prefix_fold(self, init: I) -> Self::Output;
}
impl<I> PrefixFold<I> for () {
    type Output = ();
    #[inline(always)]
    fn prefix_fold(self, _: I) {}
}
impl<A, I> PrefixFold<I> for A
where
    A: Split,
    I: Copy,
    A::Head: PrefixProduct<I> + IntTuple,
    I: IntMul<SizeOf<A::Head>>,
    A::Tail: PrefixFold<Prod<I, SizeOf<A::Head>>>,
    <A::Tail as PrefixFold<Prod<I, SizeOf<A::Head>>>>::Output: Prepend<PrefixProductOf<A::Head, I>>,
{
    type Output = <<A::Tail as PrefixFold<Prod<I, SizeOf<A::Head>>>>::Output as Prepend<
        PrefixProductOf<A::Head, I>,
    >>::Output;
    #[inline(always)]
    fn prefix_fold(self, init: I) -> Self::Output {
        let (h, t) = self.split();
        let next = init.mul(h.size());
        t.prefix_fold(next).prepend(h.prefix_product(init))
    }
}

/// `inner_product(a, b)`: the sum of the products of matching leaves of two congruent
/// IntTuples.
pub trait InnerProduct<B> {
    /// The result: static iff every leaf of both is.
    type Output: Integral;
    /// Computes the inner product.
    fn inner_product(self, b: B) -> Self::Output;
}
/// The type of `inner_product(A, B)`.
pub type InnerProductOf<A, B> = <A as InnerProduct<B>>::Output;

/// `inner_product(a, b)` (C++'s `inner_product`): `sum(a_i * b_i)` over matching leaves of
/// two congruent IntTuples.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(inner_product((_4, _2), (_2, _9)).to_string(), "_26");
/// assert_eq!(inner_product((5, (_2, 8, 4)), (_7, (5, 8, _5))), 129);
/// ```
#[inline(always)]
pub fn inner_product<A: InnerProduct<B>, B>(a: A, b: B) -> A::Output {
    a.inner_product(b)
}

impl<B: InnerProductModesCovered> InnerProduct<B> for () {
    type Output = _0;
    #[inline(always)]
    fn inner_product(self, _: B) -> _0 {
        C::new()
    }
}
impl<A, B> InnerProduct<B> for A
where
    A: Split,
    B: InnerProductHasMode,
    A::Head: InnerProduct<B::Head>,
    A::Tail: InnerProduct<B::Tail>,
    InnerProductOf<A::Head, B::Head>: IntAdd<InnerProductOf<A::Tail, B::Tail>>,
{
    type Output = Sum<InnerProductOf<A::Head, B::Head>, InnerProductOf<A::Tail, B::Tail>>;
    #[inline(always)]
    fn inner_product(self, b: B) -> Self::Output {
        let (ah, at) = self.split();
        let (bh, bt) = b.split();
        ah.inner_product(bh).add(at.inner_product(bt))
    }
}
/// The second tuple when the first has no element left: only `()` fits.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "inner_product: the second tuple has more modes than the first",
    note = "inner_product takes two congruent IntTuples"
)]
pub trait InnerProductModesCovered {}
impl InnerProductModesCovered for () {}

/// The second tuple with an element for the next element of the first: a non-empty tuple.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "inner_product: the second tuple has fewer modes than the first",
    note = "inner_product takes two congruent IntTuples"
)]
pub trait InnerProductHasMode: Split {}
macro_rules! inner_product_has_mode {
    ($($T:ident),+) => {
        impl<$($T: Copy + 'static),+> InnerProductHasMode for ($($T,)+) {}
    };
}
crate::container::tuple::for_each_arity!(inner_product_has_mode);

macro_rules! leaf_inner_product {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* B: IntLeaf> InnerProduct<B> for $t
        where
            $t: IntMul<B>,
        {
            type Output = Prod<$t, B>;
            #[inline(always)]
            fn inner_product(self, b: B) -> Self::Output {
                self.mul(b)
            }
        }
    )*};
}
leaf_inner_product!([N: Integer + 'static,] C<N>, [] i32, [] i64);

// ---------------------------------------------------------------------------------------------
// Truth values; congruent, weakly_congruent, compatible, weakly_compatible, evenly_divides
// ---------------------------------------------------------------------------------------------

/// A truth value known at compile time (`B1`, `B0`: C++'s `true_type`, `false_type`) or only
/// at run time (`bool`). The predicates below name their answer with such a type, so generic
/// code can dispatch on it when it is static.
pub trait Truth: Copy + 'static {
    /// `Some(answer)` when the answer is static.
    const STATIC: Option<bool>;
}
impl Truth for B1 {
    const STATIC: Option<bool> = Some(true);
}
impl Truth for B0 {
    const STATIC: Option<bool> = Some(false);
}
impl Truth for bool {
    const STATIC: Option<bool> = None;
}

/// `a && b` of two [`Truth`]s: `B0` if either is `B0`, `B1` if both are `B1`, else `bool`.
pub trait TruthAnd<B> {
    /// The conjunction.
    type Output: Truth;
}
/// The type of `A && B` for two [`Truth`]s.
pub type And<A, B> = <A as TruthAnd<B>>::Output;
impl<T: Truth> TruthAnd<T> for B1 {
    type Output = T;
}
impl<T: Truth> TruthAnd<T> for B0 {
    type Output = B0;
}
impl TruthAnd<B1> for bool {
    type Output = bool;
}
impl TruthAnd<B0> for bool {
    type Output = B0;
}
impl TruthAnd<bool> for bool {
    type Output = bool;
}

/// `a == b` on integers as a [`Truth`], by staticness of each side.
#[doc(hidden)]
pub trait EqTruth<B, SA, SB> {
    type Output: Truth;
}
impl<A: StaticEqImpl<B>, B> EqTruth<B, B1, B1> for A
where
    StaticEq<A, B>: Truth,
{
    type Output = StaticEq<A, B>;
}
impl<A, B> EqTruth<B, B0, B0> for A {
    type Output = bool;
}
impl<A, B> EqTruth<B, B0, B1> for A {
    type Output = bool;
}
impl<A, B> EqTruth<B, B1, B0> for A {
    type Output = bool;
}
/// The [`Truth`] of `A == B` for two integers: static iff both are.
pub type IntEq<A, B> =
    <A as EqTruth<B, <A as Integral>::IsStatic, <B as Integral>::IsStatic>>::Output;

/// `a % b == 0` on integers as a [`Truth`], by staticness of each side.
#[doc(hidden)]
pub trait DivisibleTruth<B, SA, SB> {
    type Output: Truth;
}
impl<A: StaticDivisibleImpl<B>, B> DivisibleTruth<B, B1, B1> for A
where
    StaticDivisible<A, B>: Truth,
{
    type Output = StaticDivisible<A, B>;
}
impl<A, B> DivisibleTruth<B, B0, B0> for A {
    type Output = bool;
}
impl<A, B> DivisibleTruth<B, B0, B1> for A {
    type Output = bool;
}
impl<A, B> DivisibleTruth<B, B1, B0> for A {
    type Output = bool;
}
/// The [`Truth`] of `A % B == 0` for two integers: static iff both are.
pub type IntDivisible<A, B> =
    <A as DivisibleTruth<B, <A as Integral>::IsStatic, <B as Integral>::IsStatic>>::Output;

/// A predicate on two IntTuples seen as a value, applied mode by mode by [`AllModes`].
#[doc(hidden)]
pub trait Pred2<A, B> {
    type Output: Truth;
    fn test(a: A, b: B) -> bool;
}

/// `P` holds for every pair of modes of two tuples of the same rank (`B0` if the ranks
/// differ).
#[doc(hidden)]
pub trait AllModes<P, B> {
    type Output: Truth;
    fn all_modes(self, b: B) -> bool;
}
impl<P> AllModes<P, ()> for () {
    type Output = B1;
    #[inline(always)]
    fn all_modes(self, _: ()) -> bool {
        true
    }
}
impl<P, B: Split> AllModes<P, B> for () {
    type Output = B0;
    #[inline(always)]
    fn all_modes(self, _: B) -> bool {
        false
    }
}
impl<P, A: Split> AllModes<P, ()> for A {
    type Output = B0;
    #[inline(always)]
    fn all_modes(self, _: ()) -> bool {
        false
    }
}
impl<P, A, B> AllModes<P, B> for A
where
    A: Split,
    B: Split,
    P: Pred2<A::Head, B::Head>,
    A::Tail: AllModes<P, B::Tail>,
    <P as Pred2<A::Head, B::Head>>::Output: TruthAnd<<A::Tail as AllModes<P, B::Tail>>::Output>,
{
    type Output =
        And<<P as Pred2<A::Head, B::Head>>::Output, <A::Tail as AllModes<P, B::Tail>>::Output>;
    #[inline(always)]
    fn all_modes(self, b: B) -> bool {
        let (ah, at) = self.split();
        let (bh, bt) = b.split();
        P::test(ah, bh) && at.all_modes(bt)
    }
}

macro_rules! predicate {
    ($(#[$doc:meta])* $Trait:ident, $method:ident, $Alias:ident, $P:ident, $Impl:ident,
        $($Out:tt)+) => {
        $(#[$doc])*
        pub trait $Trait<B> {
            /// The answer as a type: `B1`/`B0` when static, `bool` when only known at run time.
            type Output: $($Out)+;
            /// The answer as a value.
            fn $method(self, b: B) -> bool;
        }
        #[doc = concat!("The answer of [`", stringify!($Trait), "`] as a type.")]
        pub type $Alias<A, B> = <A as $Trait<B>>::Output;

        /// The predicate as a value for [`AllModes`].
        #[doc(hidden)]
        pub struct $P;
        impl<X: $Trait<Y>, Y> Pred2<X, Y> for $P {
            type Output = $Alias<X, Y>;
            #[inline(always)]
            fn test(x: X, y: Y) -> bool {
                x.$method(y)
            }
        }

        impl<A: IntTuple, B: IntTuple> $Trait<B> for A
        where
            A: $Impl<B, A::IsTuple, B::IsTuple>,
        {
            type Output = <A as $Impl<B, A::IsTuple, B::IsTuple>>::Output;
            #[inline(always)]
            fn $method(self, b: B) -> bool {
                $Impl::<B, A::IsTuple, B::IsTuple>::test(self, b)
            }
        }

        /// The predicate by kind of operand (`B1`: tuple, `B0`: integer).
        #[doc(hidden)]
        pub trait $Impl<B, TA, TB> {
            type Output: $($Out)+;
            fn test(self, b: B) -> bool;
        }
        // tuple, tuple: every mode, same rank
        impl<A, B> $Impl<B, B1, B1> for A
        where
            A: AllModes<$P, B>,
            <A as AllModes<$P, B>>::Output: $($Out)+,
        {
            type Output = <A as AllModes<$P, B>>::Output;
            #[inline(always)]
            fn test(self, b: B) -> bool {
                self.all_modes(b)
            }
        }
        // tuple, integer: never
        impl<A, B> $Impl<B, B1, B0> for A {
            type Output = B0;
            #[inline(always)]
            fn test(self, _: B) -> bool {
                false
            }
        }
    };
}

predicate!(
    /// `congruent(a, b)`: `a` and `b` have the same profile (nesting of tuples).
    Congruent, congruent, IsCongruent, CongruentPred, CongruentImpl, Bool + Truth
);
impl<A, B> CongruentImpl<B, B0, B0> for A {
    type Output = B1;
    #[inline(always)]
    fn test(self, _: B) -> bool {
        true
    }
}
impl<A, B> CongruentImpl<B, B0, B1> for A {
    type Output = B0;
    #[inline(always)]
    fn test(self, _: B) -> bool {
        false
    }
}

/// `congruent(a, b)` (C++'s `congruent`): whether `a` and `b` have the same profile, i.e. the
/// same nesting of tuples (their integers are not compared). Always known at compile time:
/// [`IsCongruent<A, B>`] is `B1` or `B0`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert!(congruent((_2, (3, _4)), (_1, (_5, 6))));
/// assert!(!congruent((_2, _3), (_2, (_3,))));
/// assert!(!congruent(_4, (_4,)));
/// ```
#[inline(always)]
pub fn congruent<A: Congruent<B>, B>(a: A, b: B) -> bool {
    a.congruent(b)
}

predicate!(
    /// `weakly_congruent(a, b)`: `a`'s profile is a coarsening of `b`'s (a partial order).
    WeaklyCongruent, weakly_congruent, IsWeaklyCongruent, WeaklyCongruentPred,
    WeaklyCongruentImpl, Bool + Truth
);
impl<A, B, TB> WeaklyCongruentImpl<B, B0, TB> for A {
    type Output = B1;
    #[inline(always)]
    fn test(self, _: B) -> bool {
        true
    }
}

/// `weakly_congruent(a, b)` (C++'s `weakly_congruent`): whether `a`'s profile is `b`'s with
/// some sub-tuples replaced by integers (an integer is weakly congruent with anything; a
/// tuple with a tuple of the same rank mode by mode). Always known at compile time:
/// [`IsWeaklyCongruent<A, B>`] is `B1` or `B0`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert!(weakly_congruent((_2, _4), (_1, (_5, 6))));
/// assert!(weakly_congruent(_4, (_1, (_5, 6))));
/// assert!(!weakly_congruent((_2, (_3, _4)), (_2, _12)));
/// ```
#[inline(always)]
pub fn weakly_congruent<A: WeaklyCongruent<B>, B>(a: A, b: B) -> bool {
    a.weakly_congruent(b)
}

predicate!(
    /// `compatible(a, b)`: every coordinate of shape `a` is a coordinate of shape `b`.
    Compatible, compatible, IsCompatible, CompatiblePred, CompatibleImpl, Truth
);
impl<A: IntLeaf, B: IntTuple, TB> CompatibleImpl<B, B0, TB> for A
where
    A: EqTruth<B::Size, A::IsStatic, <B::Size as Integral>::IsStatic>,
{
    type Output = IntEq<A, B::Size>;
    #[inline(always)]
    fn test(self, b: B) -> bool {
        self.value() == b.size().value()
    }
}

/// `compatible(a, b)` (C++'s `compatible`): whether shape `a` is compatible with shape `b`:
/// they have the same size and any coordinate into `a` is a coordinate into `b`;
/// equivalently, at each integer of `a`, the matching mode of `b` has that size. A partial
/// order. [`IsCompatible<A, B>`] is `B1`/`B0` when the answer is static, else `bool`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert!(compatible(_24, (_4, (_2, _3))));
/// assert!(compatible((_4, _6), (_4, (_2, _3))));
/// assert!(!compatible((_4, (_2, _3)), (_4, _6)));
/// assert!(compatible((_4, 6), (_4, (_2, _3))));
/// ```
#[inline(always)]
pub fn compatible<A: Compatible<B>, B>(a: A, b: B) -> bool {
    a.compatible(b)
}

predicate!(
    /// `weakly_compatible(a, b)`: `size(b)` is a multiple of `a` at each integer of `a`.
    WeaklyCompatible, weakly_compatible, IsWeaklyCompatible, WeaklyCompatiblePred,
    WeaklyCompatibleImpl, Truth
);
impl<A: IntLeaf, B: IntTuple, TB> WeaklyCompatibleImpl<B, B0, TB> for A
where
    B::Size: DivisibleTruth<A, <B::Size as Integral>::IsStatic, A::IsStatic>,
{
    type Output = IntDivisible<B::Size, A>;
    #[inline(always)]
    fn test(self, b: B) -> bool {
        let a = self.value();
        a != 0 && b.size().value() % a == 0
    }
}

/// `weakly_compatible(a, b)` (CuTe's `weakly_compatible`): whether there is a shape `c`
/// congruent with `a` such that `elem_scale(a, c)` is compatible with `b`; equivalently, at
/// each integer of `a`, the size of the matching mode of `b` is a multiple of it. A partial
/// order. [`IsWeaklyCompatible<A, B>`] is `B1`/`B0` when static, else `bool`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert!(weakly_compatible((_2, _3), (_4, (_2, _3))));
/// assert!(!weakly_compatible((_3, _3), (_4, (_2, _3))));
/// assert!(weakly_compatible(_12, (_4, (_2, 3))));
/// ```
#[inline(always)]
pub fn weakly_compatible<A: WeaklyCompatible<B>, B>(a: A, b: B) -> bool {
    a.weakly_compatible(b)
}

/// `evenly_divides(shape, tiler)`: the tiler divides the shape without remainder.
pub trait EvenlyDivides<T> {
    /// The answer as a type: `B1`/`B0` when static, `bool` when only known at run time.
    type Output: Truth;
    /// The answer as a value.
    fn evenly_divides(self, tiler: T) -> bool;
}
/// The answer of [`EvenlyDivides`] as a type.
pub type IsEvenlyDivided<S, T> = <S as EvenlyDivides<T>>::Output;

/// `evenly_divides(shape, tiler)` (C++'s `evenly_divides` with an IntTuple tiler): whether
/// the tiler divides the shape with no partial tile.
///
/// # Math
/// - integer tiler `b`: `size(a) == b * size(ceil_div(a, b))`.
/// - tuple tiler: `rank(b) <= rank(a)` and every mode of `b` evenly divides the matching mode
///   of `a` (modes of `a` past `rank(b)` are not tiled).
///
/// # Postconditions
/// 1. If the answer is `B1`, `logical_divide(make_layout(a), b)` keeps `size(a)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert!(evenly_divides((_8, _6), (_4, _3)));
/// assert!(!evenly_divides((_8, _6), (_4, _4)));
/// assert!(evenly_divides((_8, _6, _5), (_4,)));
/// assert!(evenly_divides((8, _6), _4));
/// ```
#[inline(always)]
pub fn evenly_divides<S: EvenlyDivides<T>, T>(shape: S, tiler: T) -> bool {
    shape.evenly_divides(tiler)
}

impl<S: IntTuple, T: IntTuple> EvenlyDivides<T> for S
where
    T: EvenlyDividesImpl<S, S::IsTuple, T::IsTuple>,
{
    type Output = <T as EvenlyDividesImpl<S, S::IsTuple, T::IsTuple>>::Output;
    #[inline(always)]
    fn evenly_divides(self, tiler: T) -> bool {
        EvenlyDividesImpl::<S, S::IsTuple, T::IsTuple>::test(tiler, self)
    }
}

// The recursions below are on the tiler (`Self`), so that an unknown tiler stops type
// inference at once instead of unfolding an unknown structure.

/// `evenly_divides` by kind of operand (`B1`: tuple, `B0`: integer), on the tiler.
#[doc(hidden)]
pub trait EvenlyDividesImpl<S, TS, TT> {
    type Output: Truth;
    fn test(self, shape: S) -> bool;
}
// tuple tiler over a tuple shape: mode by mode over the tiler's modes
impl<S, T> EvenlyDividesImpl<S, B1, B1> for T
where
    T: EvenlyModes<S>,
{
    type Output = <T as EvenlyModes<S>>::Output;
    #[inline(always)]
    fn test(self, shape: S) -> bool {
        self.evenly_modes(shape)
    }
}
// tuple tiler over an integer shape: the integer is a rank-1 shape
impl<S: Copy + 'static, T> EvenlyDividesImpl<S, B0, B1> for T
where
    T: EvenlyModes<(S,)>,
{
    type Output = <T as EvenlyModes<(S,)>>::Output;
    #[inline(always)]
    fn test(self, shape: S) -> bool {
        self.evenly_modes((shape,))
    }
}
// integer tiler: size(a) == b * size(ceil_div(a, b))
impl<S: IntTuple, T: IntLeaf, TS> EvenlyDividesImpl<S, TS, B0> for T
where
    S: CeilDiv<T>,
    T: IntMul<SizeOf<CeilDivOf<S, T>>>,
    S::Size: EqTruth<
        Prod<T, SizeOf<CeilDivOf<S, T>>>,
        <S::Size as Integral>::IsStatic,
        <Prod<T, SizeOf<CeilDivOf<S, T>>> as Integral>::IsStatic,
    >,
{
    type Output = IntEq<S::Size, Prod<T, SizeOf<CeilDivOf<S, T>>>>;
    #[inline(always)]
    fn test(self, shape: S) -> bool {
        shape.size().value() == self.mul(shape.ceil_div(self).size()).value()
    }
}

/// `evenly_divides` over the modes of a tuple tiler (`Self`); the shape may have more modes.
#[doc(hidden)]
pub trait EvenlyModes<S> {
    type Output: Truth;
    fn evenly_modes(self, shape: S) -> bool;
}
impl<S> EvenlyModes<S> for () {
    type Output = B1;
    #[inline(always)]
    fn evenly_modes(self, _: S) -> bool {
        true
    }
}
impl<T: Split> EvenlyModes<()> for T {
    type Output = B0;
    #[inline(always)]
    fn evenly_modes(self, _: ()) -> bool {
        false
    }
}
impl<S, T> EvenlyModes<S> for T
where
    T: Split,
    S: Split,
    S::Head: EvenlyDivides<T::Head>,
    T::Tail: EvenlyModes<S::Tail>,
    IsEvenlyDivided<S::Head, T::Head>: TruthAnd<<T::Tail as EvenlyModes<S::Tail>>::Output>,
{
    type Output = And<IsEvenlyDivided<S::Head, T::Head>, <T::Tail as EvenlyModes<S::Tail>>::Output>;
    #[inline(always)]
    fn evenly_modes(self, shape: S) -> bool {
        let (sh, st) = shape.split();
        let (th, tt) = self.split();
        sh.evenly_divides(th) && tt.evenly_modes(st)
    }
}

// ---------------------------------------------------------------------------------------------
// unflatten
// ---------------------------------------------------------------------------------------------

/// The leaves of a profile taken in order from a flat tuple: the result congruent with the
/// profile, and what is left of the flat tuple.
#[doc(hidden)]
pub trait UnflattenFrom<F> {
    type Output: IntTuple;
    type Rest;
    fn unflatten_from(self, flat: F) -> (Self::Output, Self::Rest);
}
macro_rules! leaf_unflatten_from {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* F: Split> UnflattenFrom<F> for $t
        where
            F::Head: IntTuple,
        {
            type Output = F::Head;
            type Rest = F::Tail;
            #[inline(always)]
            fn unflatten_from(self, flat: F) -> (F::Head, F::Tail) {
                flat.split()
            }
        }
    )*};
}
leaf_unflatten_from!([N: Integer + 'static,] C<N>, [] i32, [] i64);
impl<F> UnflattenFrom<F> for () {
    type Output = ();
    type Rest = F;
    #[inline(always)]
    fn unflatten_from(self, flat: F) -> ((), F) {
        ((), flat)
    }
}
impl<P, F> UnflattenFrom<F> for P
where
    P: Split,
    P::Head: UnflattenFrom<F>,
    P::Tail: UnflattenFrom<<P::Head as UnflattenFrom<F>>::Rest>,
    <P::Tail as UnflattenFrom<<P::Head as UnflattenFrom<F>>::Rest>>::Output:
        Prepend<<P::Head as UnflattenFrom<F>>::Output>,
    <<P::Tail as UnflattenFrom<<P::Head as UnflattenFrom<F>>::Rest>>::Output as Prepend<
        <P::Head as UnflattenFrom<F>>::Output,
    >>::Output: IntTuple,
{
    type Output =
        <<P::Tail as UnflattenFrom<<P::Head as UnflattenFrom<F>>::Rest>>::Output as Prepend<
            <P::Head as UnflattenFrom<F>>::Output,
        >>::Output;
    type Rest = <P::Tail as UnflattenFrom<<P::Head as UnflattenFrom<F>>::Rest>>::Rest;
    #[inline(always)]
    fn unflatten_from(self, flat: F) -> (Self::Output, Self::Rest) {
        let (p0, p) = self.split();
        let (r0, rest) = p0.unflatten_from(flat);
        let (r, rest) = p.unflatten_from(rest);
        (r.prepend(r0), rest)
    }
}

/// What is left of the flat tuple after `unflatten`: nothing.
#[diagnostic::on_unimplemented(
    message = "unflatten: the flat tuple has more elements than the profile has leaves",
    note = "unflatten(flat, profile) needs rank(flat) == rank(flatten(profile))"
)]
pub trait UnflattenConsumesAll {}
impl UnflattenConsumesAll for () {}

/// `unflatten(flat, profile)`: a flat tuple regrouped with the nesting of a profile.
pub trait Unflatten<P> {
    /// The regrouped tuple, congruent with `P`.
    type Output: IntTuple;
    /// Regroups.
    fn unflatten(self, profile: P) -> Self::Output;
}
/// The type of `unflatten(F, P)`.
pub type UnflattenOf<F, P> = <F as Unflatten<P>>::Output;

/// `unflatten(flat, profile)` (C++'s `unflatten`): the elements of a flat tuple, in order,
/// regrouped with the nesting of `profile` (whose integers are ignored).
///
/// # Preconditions
/// `rank(flat) == rank(flatten(profile))`; a flat tuple that is too short or too long does
/// not compile (`unflatten: the flat tuple has more elements than the profile has leaves`).
///
/// # Postconditions
/// 1. `congruent(result, profile)`.
/// 2. `flatten(result) == flat`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let r = unflatten((_2, _3, 4, _5), ((_1, _1), (_1, (_1,))));
/// assert_eq!(display(&r).to_string(), "((_2,_3),(4,(_5)))");
/// ```
#[inline(always)]
pub fn unflatten<F: Unflatten<P>, P>(flat: F, profile: P) -> F::Output {
    flat.unflatten(profile)
}

impl<F, P> Unflatten<P> for F
where
    P: UnflattenFrom<F>,
    <P as UnflattenFrom<F>>::Rest: UnflattenConsumesAll,
{
    type Output = <P as UnflattenFrom<F>>::Output;
    #[inline(always)]
    fn unflatten(self, profile: P) -> Self::Output {
        profile.unflatten_from(self).0
    }
}

/// `repeat_like(t, _0)`: a tuple of static zeros congruent with `t`.
#[doc(hidden)]
pub trait ZerosLike {
    type Output: IntTuple;
    fn zeros_like(self) -> Self::Output;
}
macro_rules! leaf_zeros_like {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> ZerosLike for $t {
            type Output = _0;
            #[inline(always)]
            fn zeros_like(self) -> _0 {
                C::new()
            }
        }
    )*};
}
leaf_zeros_like!([N: Integer + 'static] C<N>, [] i32, [] i64);
/// `repeat_like(_, _0)` as a function value.
#[doc(hidden)]
pub struct ZerosFn;
impl<X: ZerosLike> Fun1<X> for ZerosFn {
    type Output = X::Output;
    #[inline(always)]
    fn call(&self, x: X) -> X::Output {
        x.zeros_like()
    }
}
impl<T> ZerosLike for T
where
    T: Tuple + Transform<ZerosFn>,
    <T as Transform<ZerosFn>>::Output: IntTuple,
{
    type Output = <T as Transform<ZerosFn>>::Output;
    #[inline(always)]
    fn zeros_like(self) -> Self::Output {
        self.transform(&ZerosFn)
    }
}

#[cfg(test)]
#[allow(clippy::type_complexity)]
mod tests {
    use super::*;
    use crate::numeric::aliases::*;
    use crate::util::print::display;
    use std::string::ToString;

    #[test]
    fn size_rank_depth() {
        let s = (_4, (_2, 3));
        assert_eq!(size(s), 24);
        assert_eq!(rank(&s), 2);
        assert_eq!(depth(&s), 2);
        assert_eq!(depth(&_4), 0);
        assert_eq!(size((_4, (_2, _3))).to_string(), "_24");
        assert_eq!(display(&s).to_string(), "(_4,(_2,3))");
    }

    #[test]
    fn crd2idx_int_over_tuple_extends_the_last_mode() {
        // ((2,2),2):((1,4),2) at 5 = (1,0,1)
        let (s, d) = ((_2, (_2, _2)), (_1, (_4, _2)));
        assert_eq!(crd2idx(5, s, d), 1 + 2);
        let st: _3 = crd2idx(_5, s, d);
        assert_eq!(st.to_string(), "_3");
        // past size: the last mode extends
        assert_eq!(crd2idx(9, (_2, _2), (_1, _10)), 1 + 40);
    }

    /// A fully static result is zero-sized (for values without an alias to name the type).
    fn assert_static<T>(_: &T) {
        assert_eq!(core::mem::size_of::<T>(), 0);
    }

    // Expected strings: oracle vectors (shared/oracle/public.jsonl), static and dynamic.
    #[test]
    fn shape_div_oracle() {
        let r: _1 = shape_div(_1, _1);
        assert_eq!(display(&r).to_string(), "_1");
        assert_eq!(display(&shape_div(1, 1)).to_string(), "1");
        let r: _1 = shape_div(_8, _32);
        assert_eq!(display(&r).to_string(), "_1");
        assert_eq!(display(&shape_div(8, 32)).to_string(), "1");
        let r: (_1, _1) = shape_div((_2, _1), _6);
        assert_eq!(display(&r).to_string(), "(_1,_1)");
        assert_eq!(display(&shape_div((2, 1), 6)).to_string(), "(1,1)");
        let r: (_1, _1) = shape_div((_3, _4), _12);
        assert_eq!(display(&r).to_string(), "(_1,_1)");
        assert_eq!(display(&shape_div((3, 4), 12)).to_string(), "(1,1)");
        let r: (_1, _3) = shape_div((_2, _3), (_8, _1));
        assert_eq!(display(&r).to_string(), "(_1,_3)");
        assert_eq!(display(&shape_div((2, 3), (8, 1))).to_string(), "(1,3)");
        let r: (_1, _1, _1) = shape_div((_4, _2, _4), (_4, _4, _8));
        assert_eq!(display(&r).to_string(), "(_1,_1,_1)");
        assert_eq!(
            display(&shape_div((4, 2, 4), (4, 4, 8))).to_string(),
            "(1,1,1)"
        );
        let r: (_6, _1, _1) = shape_div((_6, _2, _2), (_1, _4, _8));
        assert_eq!(display(&r).to_string(), "(_6,_1,_1)");
        assert_eq!(
            display(&shape_div((6, 2, 2), (1, 4, 8))).to_string(),
            "(6,1,1)"
        );
        let r: ((_3, _4),) = shape_div(((_12, _4),), ((_4, _1),));
        assert_eq!(display(&r).to_string(), "((_3,_4))");
        assert_eq!(
            display(&shape_div(((12, 4),), ((4, 1),))).to_string(),
            "((3,4))"
        );
        let r: (_1, _1, _8) = shape_div((_2, _2, _16), (_2, _2, _2));
        assert_eq!(display(&r).to_string(), "(_1,_1,_8)");
        assert_eq!(
            display(&shape_div((2, 2, 16), (2, 2, 2))).to_string(),
            "(1,1,8)"
        );
        let r: ((_1, _1, _1), (_1, _8)) = shape_div(((_2, _2, _16), (_1, _8)), _64);
        assert_eq!(display(&r).to_string(), "((_1,_1,_1),(_1,_8))");
        assert_eq!(
            display(&shape_div(((2, 2, 16), (1, 8)), 64)).to_string(),
            "((1,1,1),(1,8))"
        );
    }

    #[test]
    fn ceil_div_oracle() {
        let r: _2 = ceil_div(_10, _8);
        assert_eq!(display(&r).to_string(), "_2");
        assert_eq!(display(&ceil_div(10, 8)).to_string(), "2");
        let r: _2 = ceil_div(_28, _19);
        assert_eq!(display(&r).to_string(), "_2");
        assert_eq!(display(&ceil_div(28, 19)).to_string(), "2");
        let r: _6 = ceil_div(_76, _14);
        assert_eq!(display(&r).to_string(), "_6");
        assert_eq!(display(&ceil_div(76, 14)).to_string(), "6");
        let r: _8 = ceil_div(_148, _21);
        assert_eq!(display(&r).to_string(), "_8");
        assert_eq!(display(&ceil_div(148, 21)).to_string(), "8");
        let r: _6 = ceil_div(_196, _33);
        assert_eq!(display(&r).to_string(), "_6");
        assert_eq!(display(&ceil_div(196, 33)).to_string(), "6");
        let r: _28 = ceil_div(_276, _10);
        assert_eq!(display(&r).to_string(), "_28");
        assert_eq!(display(&ceil_div(276, 10)).to_string(), "28");
        let r: _13 = ceil_div(_290, _23);
        assert_eq!(display(&r).to_string(), "_13");
        assert_eq!(display(&ceil_div(290, 23)).to_string(), "13");
        let r: _12 = ceil_div(_290, _26);
        assert_eq!(display(&r).to_string(), "_12");
        assert_eq!(display(&ceil_div(290, 26)).to_string(), "12");
        let r: _9 = ceil_div(_291, _36);
        assert_eq!(display(&r).to_string(), "_9");
        assert_eq!(display(&ceil_div(291, 36)).to_string(), "9");
        let r: _13 = ceil_div(_299, _24);
        assert_eq!(display(&r).to_string(), "_13");
        assert_eq!(display(&ceil_div(299, 24)).to_string(), "13");
    }

    #[test]
    fn prefix_product_oracle() {
        let r: _1 = prefix_product(_2);
        assert_eq!(display(&r).to_string(), "_1");
        assert_eq!(display(&prefix_product_init(2, 1)).to_string(), "1");
        let r: (_1,) = prefix_product((_1,));
        assert_eq!(display(&r).to_string(), "(_1)");
        assert_eq!(display(&prefix_product_init((1,), 1)).to_string(), "(1)");
        let r: (_8,) = prefix_product_init((_32,), _8);
        assert_eq!(display(&r).to_string(), "(_8)");
        assert_eq!(display(&prefix_product_init((32,), 8)).to_string(), "(8)");
        let r: (_1, (_8,)) = prefix_product((_8, (_4,)));
        assert_eq!(display(&r).to_string(), "(_1,(_8))");
        assert_eq!(
            display(&prefix_product_init((8, (4,)), 1)).to_string(),
            "(1,(8))"
        );
        let r: ((_4,), _128) = prefix_product_init(((_32,), _6), _4);
        assert_eq!(display(&r).to_string(), "((_4),_128)");
        assert_eq!(
            display(&prefix_product_init(((32,), 6), 4)).to_string(),
            "((4),128)"
        );
        let r: ((_1, _4), (_16, _64), _128) = prefix_product(((_4, _4), (_4, _2), _5));
        assert_eq!(display(&r).to_string(), "((_1,_4),(_16,_64),_128)");
        assert_eq!(
            display(&prefix_product_init(((4, 4), (4, 2), 5), 1)).to_string(),
            "((1,4),(16,64),128)"
        );
        let r: ((_3,), (_18, _18, _216)) = prefix_product_init(((_6,), (_1, _12, _4)), _3);
        assert_eq!(display(&r).to_string(), "((_3),(_18,_18,_216))");
        assert_eq!(
            display(&prefix_product_init(((6,), (1, 12, 4)), 3)).to_string(),
            "((3),(18,18,216))"
        );
        let r: ((_1, _2, _2), _16, (_16, _64)) = prefix_product(((_2, _1, _8), _1, (_4, _1)));
        assert_eq!(display(&r).to_string(), "((_1,_2,_2),_16,(_16,_64))");
        assert_eq!(
            display(&prefix_product_init(((2, 1, 8), 1, (4, 1)), 1)).to_string(),
            "((1,2,2),16,(16,64))"
        );
        let r: ((_2, _16), (_48, _96, _192), _960) =
            prefix_product_init(((_8, _3), (_2, _2, _5), _2), _2);
        assert_eq!(display(&r).to_string(), "((_2,_16),(_48,_96,_192),_960)");
        assert_eq!(
            display(&prefix_product_init(((8, 3), (2, 2, 5), 2), 2)).to_string(),
            "((2,16),(48,96,192),960)"
        );
        let r: ((_1, _2), (_6, _12, _12), (_24, _120, _240)) =
            prefix_product(((_2, _3), (_2, _1, _2), (_5, _2, _1)));
        assert_eq!(
            display(&r).to_string(),
            "((_1,_2),(_6,_12,_12),(_24,_120,_240))"
        );
        assert_eq!(
            display(&prefix_product_init(((2, 3), (2, 1, 2), (5, 2, 1)), 1)).to_string(),
            "((1,2),(6,12,12),(24,120,240))"
        );
    }

    #[test]
    fn inner_product_oracle() {
        let r: _2 = inner_product(_2, _1);
        assert_eq!(display(&r).to_string(), "_2");
        assert_eq!(display(&inner_product(2, 1)).to_string(), "2");
        let r: _48 = inner_product(_16, _3);
        assert_eq!(display(&r).to_string(), "_48");
        assert_eq!(display(&inner_product(16, 3)).to_string(), "48");
        let r: _0 = inner_product((_6,), (_0,));
        assert_eq!(display(&r).to_string(), "_0");
        assert_eq!(display(&inner_product((6,), (0,))).to_string(), "0");
        let r: _46 = inner_product((_2, _2, _4), (_6, _5, _6));
        assert_eq!(display(&r).to_string(), "_46");
        assert_eq!(
            display(&inner_product((2, 2, 4), (6, 5, 6))).to_string(),
            "46"
        );
        let r: _18 = inner_product(((_2, _6, _2), _2), ((_0, _1, _4), _2));
        assert_eq!(display(&r).to_string(), "_18");
        assert_eq!(
            display(&inner_product(((2, 6, 2), 2), ((0, 1, 4), 2))).to_string(),
            "18"
        );
        let r: _108 = inner_product(((_3, _2, _6), _2, _4), ((_4, _9, _6), _3, _9));
        assert_eq!(display(&r).to_string(), "_108");
        assert_eq!(
            display(&inner_product(((3, 2, 6), 2, 4), ((4, 9, 6), 3, 9))).to_string(),
            "108"
        );
        let r: _84 = inner_product(((_4, _2), _4, (_5, _1, _2)), ((_2, _9), _2, (_7, _7, _4)));
        assert_eq!(display(&r).to_string(), "_84");
        assert_eq!(
            display(&inner_product(
                ((4, 2), 4, (5, 1, 2)),
                ((2, 9), 2, (7, 7, 4))
            ))
            .to_string(),
            "84"
        );
        let r: _89 = inner_product(((_4, _2, _4), (_4, _1), _2), ((_7, _3, _9), (_2, _7), _2));
        assert_eq!(display(&r).to_string(), "_89");
        assert_eq!(
            display(&inner_product(
                ((4, 2, 4), (4, 1), 2),
                ((7, 3, 9), (2, 7), 2)
            ))
            .to_string(),
            "89"
        );
        let r: _82 = inner_product(((_5, _2, _1), (_3, _6, _2)), ((_3, _1, _7), (_2, _6, _8)));
        assert_eq!(display(&r).to_string(), "_82");
        assert_eq!(
            display(&inner_product(
                ((5, 2, 1), (3, 6, 2)),
                ((3, 1, 7), (2, 6, 8))
            ))
            .to_string(),
            "82"
        );
        let r: _41 = inner_product(((_3, _16), (_2,), (_2, _1)), ((_3, _1), (_2,), (_2, _8)));
        assert_eq!(display(&r).to_string(), "_41");
        assert_eq!(
            display(&inner_product(
                ((3, 16), (2,), (2, 1)),
                ((3, 1), (2,), (2, 8))
            ))
            .to_string(),
            "41"
        );
    }

    #[test]
    fn crd2idx_oracle() {
        let r: _0 = crd2idx(_0, _1, _1);
        assert_eq!(display(&r).to_string(), "_0");
        assert_eq!(display(&crd2idx(0, 1, 1)).to_string(), "0");
        let r: _8 = crd2idx((_8,), (_32,), (_1,));
        assert_eq!(display(&r).to_string(), "_8");
        assert_eq!(display(&crd2idx((8,), (32,), (1,))).to_string(), "8");
        let r: _18 = crd2idx((_1, _0, _1), (_5, _3, _2), (_3, _1, _15));
        assert_eq!(display(&r).to_string(), "_18");
        assert_eq!(
            display(&crd2idx((1, 0, 1), (5, 3, 2), (3, 1, 15))).to_string(),
            "18"
        );
        let r: _102 = crd2idx(
            ((_1, _1, _1), _0, (_4, _0)),
            ((_2, _2, _2), _3, (_8, _1)),
            ((_0, _2, _4), _8, (_24, _0)),
        );
        assert_eq!(display(&r).to_string(), "_102");
        assert_eq!(
            display(&crd2idx(
                ((1, 1, 1), 0, (4, 0)),
                ((2, 2, 2), 3, (8, 1)),
                ((0, 2, 4), 8, (24, 0))
            ))
            .to_string(),
            "102"
        );
        let r: _121 = crd2idx(
            (_0, (_3, _0), (_2, _0, _1)),
            (_2, (_4, _2), (_3, _2, _3)),
            (_144, (_36, _18), (_6, _3, _1)),
        );
        assert_eq!(display(&r).to_string(), "_121");
        assert_eq!(
            display(&crd2idx(
                (0, (3, 0), (2, 0, 1)),
                (2, (4, 2), (3, 2, 3)),
                (144, (36, 18), (6, 3, 1))
            ))
            .to_string(),
            "121"
        );
        let r: _390 = crd2idx(
            ((_1, _0, _0), (_0, _0), _6),
            ((_2, _2, _3), (_4, _2), _8),
            ((_384, _192, _64), (_16, _8), _1),
        );
        assert_eq!(display(&r).to_string(), "_390");
        assert_eq!(
            display(&crd2idx(
                ((1, 0, 0), (0, 0), 6),
                ((2, 2, 3), (4, 2), 8),
                ((384, 192, 64), (16, 8), 1)
            ))
            .to_string(),
            "390"
        );
        let r: _4 = crd2idx(
            _31,
            ((_4, _2), (_2, _3), (_2,)),
            ((_0, _4), (_0, _0), (_0,)),
        );
        assert_eq!(display(&r).to_string(), "_4");
        assert_eq!(
            display(&crd2idx(31, ((4, 2), (2, 3), (2,)), ((0, 4), (0, 0), (0,)))).to_string(),
            "4"
        );
        let r = crd2idx((_3, _9), (_8, _12), (_1, _m8));
        assert_static(&r);
        assert_eq!(display(&r).to_string(), "_-69");
        assert_eq!(
            display(&crd2idx((3, 9), (8, 12), (1, -8))).to_string(),
            "-69"
        );
        let r: _2 = crd2idx(_42, (_4, (_5, _4)), (_1, (_4, _0)));
        assert_eq!(display(&r).to_string(), "_2");
        assert_eq!(
            display(&crd2idx(42, (4, (5, 4)), (1, (4, 0)))).to_string(),
            "2"
        );
        let r: _22 = crd2idx(_12, ((_5, _2, _2), _2), ((_1, _5, _20), _10));
        assert_eq!(display(&r).to_string(), "_22");
        assert_eq!(
            display(&crd2idx(12, ((5, 2, 2), 2), ((1, 5, 20), 10))).to_string(),
            "22"
        );
    }

    // Expected strings below: C++ CuTe 4.2 (printed by cute-cpp from the same inputs).
    #[test]
    fn shape_div_cases() {
        let r: (_1, _1, _3) = shape_div((_4, _5, _6), _40);
        assert_eq!(display(&r).to_string(), "(_1,_1,_3)");
        assert_eq!(display(&shape_div((4, 5, 6), 40)).to_string(), "(1,1,3)");
        let r: (_3, _4) = shape_div((_12, _4), (_4, _1));
        assert_eq!(display(&r).to_string(), "(_3,_4)");
        let r: (_2, _3) = shape_div((_4, _3), _2);
        assert_eq!(display(&r).to_string(), "(_2,_3)");
        let r: _0 = shape_div(_0, _4);
        assert_eq!(r.to_string(), "_0");
        // mixed: a dynamic mode makes the rest of the fold dynamic
        let r: (i32, i32, i32) = shape_div((4, _5, _6), _40);
        assert_eq!(display(&r).to_string(), "(1,1,3)");
        let r: (_1, i32) = shape_div((_4, 6), (_8, 2));
        assert_eq!(display(&r).to_string(), "(_1,3)");
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "shape_div: neither shape divides the other")]
    fn shape_div_dynamic_precondition() {
        let _ = shape_div(6, 4);
    }

    #[test]
    fn ceil_div_round_up_cases() {
        let r: (_2, _10) = ceil_div((_12, _10), (_8,));
        assert_eq!(display(&r).to_string(), "(_2,_10)");
        let r: (_1, (_4, _3)) = ceil_div((_12, (_10, _3)), _32);
        assert_eq!(display(&r).to_string(), "(_1,(_4,_3))");
        let r: (i32, (i32, i32)) = ceil_div((12, (_10, _3)), _32);
        assert_eq!(display(&r).to_string(), "(1,(4,3))");
        let r: _2 = ceil_div(_7, (_2, _2));
        assert_eq!(r.to_string(), "_2");
        let r: (_1, _2) = ceil_div((_4, _3), _8);
        assert_eq!(display(&r).to_string(), "(_1,_2)");
        let r: _12 = round_up(_10, _4);
        assert_eq!(r.to_string(), "_12");
        let r: (_16, i32) = round_up((_10, 7), (_8,));
        assert_eq!(display(&r).to_string(), "(_16,7)");
    }

    #[test]
    fn elem_scale_cases() {
        let r: (_8, _30) = elem_scale((_2, _3), (_4, (_2, _5)));
        assert_eq!(display(&r).to_string(), "(_8,_30)");
        assert_eq!(elem_scale(3, (_4, _2)), 24);
        let r: (_8, (i32, _15)) = elem_scale((_2, (3, _3)), (_4, (_2, _5)));
        assert_eq!(display(&r).to_string(), "(_8,(6,_15))");
    }

    #[test]
    fn flatten_cases() {
        let r: (_2, _3, i32, _5) = flatten(((_2, _3), (4, (_5,))));
        assert_eq!(display(&r).to_string(), "(_2,_3,4,_5)");
        let r: _7 = flatten(_7);
        assert_eq!(r.to_string(), "_7");
        let r: (_7,) = flatten((_7,));
        assert_eq!(display(&r).to_string(), "(_7)");
        let r: (_7,) = flatten((((_7,),),));
        assert_eq!(display(&r).to_string(), "(_7)");
        let r: (_2, _3, i32, _5) = flatten_to_tuple((_2, (_3, (4,)), _5));
        assert_eq!(display(&r).to_string(), "(_2,_3,4,_5)");
        let r: (_7,) = flatten_to_tuple(_7);
        assert_eq!(display(&r).to_string(), "(_7)");
    }

    #[test]
    fn product_each_cases() {
        let r: (_6, _4, i32) = product_each(((_2, _3), _4, (5, _2)));
        assert_eq!(display(&r).to_string(), "(_6,_4,10)");
        let r: (_8,) = product_each(_8);
        assert_eq!(display(&r).to_string(), "(_8)");
        let r: (_24, _4) = product_each((((_2, _3), _4), _4));
        assert_eq!(display(&r).to_string(), "(_24,_4)");
    }

    #[test]
    fn reductions() {
        let r: _9 = sum((_2, (_3, _4)));
        assert_eq!(r.to_string(), "_9");
        assert_eq!(sum((_2, (3, _4))), 9);
        let r: _0 = sum(());
        assert_eq!(r.to_string(), "_0");
        let r: _5 = sum(_5);
        assert_eq!(r.to_string(), "_5");
        let r: _8 = max((_2, (_8, _4)));
        assert_eq!(r.to_string(), "_8");
        assert_eq!(max((_2, 7)), 7);
        let r: _2 = min((_2, (_8, _4)));
        assert_eq!(r.to_string(), "_2");
        assert_eq!(min((_2, 1)), 1);
        let r: _4 = gcd((_12, (_8, _20)));
        assert_eq!(r.to_string(), "_4");
        assert_eq!(gcd((_12, 18)), 6);
        let r: _3 = gcd((_12, (_18, _27)));
        assert_eq!(r.to_string(), "_3");
        let r: (_2, (_3, i32)) = abs((_m2, (_3, -4)));
        assert_eq!(display(&r).to_string(), "(_2,(_3,4))");
    }

    #[test]
    fn inner_product_mixed() {
        let r: _26 = inner_product((_4, _2), (_2, _9));
        assert_eq!(r.to_string(), "_26");
        let r: i32 = inner_product((5, (_2, 8, 4)), (_7, (5, 8, _5)));
        assert_eq!(r, 129);
    }

    // shape_min is CuTe 3.x's (integers only): min, and `_1` wins even against a dynamic value.
    #[test]
    fn shape_min_cases() {
        let r: _1 = shape_min(_1, 8);
        assert_eq!(r.to_string(), "_1");
        let r: _1 = shape_min(8, _1);
        assert_eq!(r.to_string(), "_1");
        let r: _4 = shape_min(_4, _8);
        assert_eq!(r.to_string(), "_4");
        let r: i32 = shape_min(_4, 2);
        assert_eq!(r, 2);
    }

    // Expected answers below: C++ CuTe 4.2 (cute-cpp); "static" there is `B1`/`B0` here.
    #[test]
    fn congruence_predicates() {
        let _: B1 = <IsCongruent<(_2, (i32, _4)), (_1, (_5, i32))>>::default();
        assert!(congruent((_2, (3, _4)), (_1, (_5, 6))));
        let _: B0 = <IsCongruent<(_2, _3), (_2, (_3,))>>::default();
        assert!(!congruent((_2, _3), (_2, (_3,))));
        let _: B0 = <IsCongruent<_4, (_4,)>>::default();
        assert!(!congruent(_4, (_4,)));
        let _: B1 = <IsCongruent<_4, i32>>::default();
        assert!(congruent(_4, 5));
        let _: B1 = <IsWeaklyCongruent<(_2, _4), (_1, (_5, i32))>>::default();
        assert!(weakly_congruent((_2, _4), (_1, (_5, 6))));
        assert!(weakly_congruent(_4, (_1, (_5, 6))));
        let _: B0 = <IsWeaklyCongruent<(_2, (_3, _4)), (_2, _12)>>::default();
        assert!(!weakly_congruent((_2, (_3, _4)), (_2, _12)));
        assert!(!weakly_congruent((_2, _3), (_2, _3, _4)));
        assert!(weakly_congruent((_4, 6), (_4, (_2, _3))));
        const {
            assert!(matches!(
                <IsCongruent<(_2, _3), (i32, i32)> as Truth>::STATIC,
                Some(true)
            ))
        };
    }

    #[test]
    fn compatibility_predicates() {
        let _: B1 = <IsCompatible<_24, (_4, (_2, _3))>>::default();
        assert!(compatible(_24, (_4, (_2, _3))));
        let _: B1 = <IsCompatible<(_4, _6), (_4, (_2, _3))>>::default();
        assert!(compatible((_4, _6), (_4, (_2, _3))));
        let _: B0 = <IsCompatible<(_4, (_2, _3)), (_4, _6)>>::default();
        assert!(!compatible((_4, (_2, _3)), (_4, _6)));
        let _: bool = <IsCompatible<(_4, i32), (_4, (_2, _3))>>::default();
        assert!(compatible((_4, 6), (_4, (_2, _3))));
        let _: B0 = <IsCompatible<(_4, _5), (_4, (_2, _3))>>::default();
        assert!(!compatible((_4, _5), (_4, (_2, _3))));
        assert!(!compatible((_4, 5), (_4, (_2, _3))));
        let _: B0 = <IsCompatible<(_4, _6), (_4, _6, _1)>>::default();
        assert!(!compatible((_4, _6), (_4, _6, _1)));
        // weakly_compatible: CuTe 3.x's definition (size(b) % a == 0 at each integer of a)
        let _: B1 = <IsWeaklyCompatible<(_2, _3), (_4, (_2, _3))>>::default();
        assert!(weakly_compatible((_2, _3), (_4, (_2, _3))));
        let _: B0 = <IsWeaklyCompatible<(_3, _3), (_4, (_2, _3))>>::default();
        assert!(!weakly_compatible((_3, _3), (_4, (_2, _3))));
        assert!(weakly_compatible(_12, (_4, (_2, 3))));
        assert!(!weakly_compatible(_12, (_4, (_2, 5))));
    }

    #[test]
    fn evenly_divides_cases() {
        let _: B1 = <IsEvenlyDivided<(_8, _6), (_4, _3)>>::default();
        assert!(evenly_divides((_8, _6), (_4, _3)));
        let _: B0 = <IsEvenlyDivided<(_8, _6), (_4, _4)>>::default();
        assert!(!evenly_divides((_8, _6), (_4, _4)));
        assert!(evenly_divides((_8, _6, _5), (_4,)));
        let _: bool = <IsEvenlyDivided<(i32, _6), _4>>::default();
        assert!(evenly_divides((8, _6), _4));
        let _: B1 = <IsEvenlyDivided<(_8, _6), _4>>::default();
        assert!(evenly_divides((_8, _6), _16));
        let _: B0 = <IsEvenlyDivided<(_6, _8), _4>>::default();
        assert!(!evenly_divides((_6, _8), _4));
        let _: B0 = <IsEvenlyDivided<(_8,), (_4, _2)>>::default();
        assert!(!evenly_divides((_8,), (_4, _2)));
        assert!(evenly_divides(_12, (_4,)));
    }

    #[test]
    fn unflatten_and_product_like() {
        let r: ((_2, _3), (i32, (_5,))) = unflatten((_2, _3, 4, _5), ((_1, _1), (_1, (_1,))));
        assert_eq!(display(&r).to_string(), "((_2,_3),(4,(_5)))");
        let r: (_2, _3, i32) = unflatten((_2, _3, 4), (_1, _1, _1));
        assert_eq!(display(&r).to_string(), "(_2,_3,4)");
        let r: ((_2, _3, i32),) = unflatten((_2, _3, 4), ((_1, _1, _1),));
        assert_eq!(display(&r).to_string(), "((_2,_3,4))");
        let r: (_2, i32, (_4, _2)) = product_like((_2, (_3, 5), (_4, _2)), (_0, _0, (_0, _0)));
        assert_eq!(display(&r).to_string(), "(_2,15,(_4,_2))");
    }
}
