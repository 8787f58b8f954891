//! Scaled bases (`_1@0`) and arithmetic tuples: port of `cute/numeric/arithmetic_tuple.hpp`.
//!
//! A [`ScaledBasis<V, K>`] is the value `V` standing in mode `K` of an otherwise zero tuple:
//! `3@1` is `(0,3)`. Used as the strides of a layout, scaled bases make the layout return
//! coordinates instead of offsets: `make_identity_layout` (in [`layout`](crate::layout)) maps every coordinate to itself,
//! as an [`ArithmeticTuple`]. The mode `K` is a static integer (`_0`, `_1`, ...); a basis of a
//! sub-mode nests: C++'s `E<1,0>` (mode 1, then its sub-mode 0) is
//! `ScaledBasis<ScaledBasis<_1, _0>, _1>`, printed `_1@0@1` (C++ prints the modes innermost
//! first).
//!
//! The arithmetic of a layout's codomain ([`ArithAdd`], [`ArithMul`]) extends integer
//! arithmetic to these values: an integer times a basis scales it, two bases or arithmetic
//! tuples add mode by mode, and `_0` is the neutral element of addition. `crd2idx`, hence every
//! layout evaluation, is written with these two traits.

use core::fmt;
use core::marker::PhantomData;
use core::ops;

use crate::algorithm::tuple_algorithms::{Fun1, Transform};
use crate::container::tuple::{Prepend, Split, Tuple};
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{Diff, IntAdd, IntMul, IntSub, IsConstant, IsConstantImpl};
use crate::numeric::arithmetic::{Prod, Sum};
use crate::numeric::integral_constant::{Integral, C};
use crate::numeric::{Bit, Integer, B0, B1};
use crate::util::print::CutePrint;

/// A value a layout can map to: an [`Integral`], a [`ScaledBasis`] or an [`ArithmeticTuple`]
/// (the bound of `crd2idx`'s result).
pub trait ArithValue: Copy + fmt::Debug + fmt::Display + 'static {}
impl<T: Copy + fmt::Debug + fmt::Display + 'static> ArithValue for T {}

// ---------------------------------------------------------------------------------------------
// ScaledBasis
// ---------------------------------------------------------------------------------------------

/// CuTe's `ScaledBasis<V, K>`: the value `V` in mode `K` of an otherwise zero tuple, printed
/// `V@K`.
///
/// `V` is an integer (static or dynamic) or, for a sub-mode, another `ScaledBasis`; `K` is a
/// static integer. Multiplying by an integer scales `V`; adding two bases gives an
/// [`ArithmeticTuple`].
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let e1: E<_1> = ScaledBasis::new(_1);
/// assert_eq!(e1.to_string(), "_1@1");
/// assert_eq!((3 * e1).to_string(), "3@1");
/// // E<1,0>: mode 1, sub-mode 0
/// assert_eq!(scaled_basis(scaled_basis(_1, _0), _1).to_string(), "_1@0@1");
/// ```
pub struct ScaledBasis<V, K> {
    value: V,
    mode: PhantomData<K>,
}

/// CuTe's `E<K>`: the unit basis element of mode `K`, `_1@K`.
pub type E<K> = ScaledBasis<_1, K>;

impl<V, K> ScaledBasis<V, K> {
    /// The basis element of mode `K` scaled by `value`.
    #[inline(always)]
    pub const fn new(value: V) -> Self {
        ScaledBasis {
            value,
            mode: PhantomData,
        }
    }
}
impl<V: Copy, K> ScaledBasis<V, K> {
    /// The scale (C++'s `value()`).
    #[inline(always)]
    pub fn value(&self) -> V {
        self.value
    }
}

/// `value * E<mode>`: the scaled basis element with this value in mode `mode`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(scaled_basis(_3, _1).to_string(), "_3@1");
/// ```
#[inline(always)]
pub fn scaled_basis<V, K: Integral>(value: V, _mode: K) -> ScaledBasis<V, K> {
    ScaledBasis::new(value)
}

impl<V: Copy, K> Clone for ScaledBasis<V, K> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<V: Copy, K> Copy for ScaledBasis<V, K> {}
impl<V: Default, K> Default for ScaledBasis<V, K> {
    fn default() -> Self {
        ScaledBasis::new(V::default())
    }
}
impl<V: PartialEq, K> PartialEq for ScaledBasis<V, K> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}
impl<V: Eq, K> Eq for ScaledBasis<V, K> {}

impl<V: CutePrint, K: Integral> CutePrint for ScaledBasis<V, K> {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.cute_fmt(f)?;
        write!(f, "@{}", K::default().value())
    }
}
impl<V: CutePrint, K: Integral> fmt::Display for ScaledBasis<V, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}
impl<V: CutePrint, K: Integral> fmt::Debug for ScaledBasis<V, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}

// ---------------------------------------------------------------------------------------------
// ArithmeticTuple
// ---------------------------------------------------------------------------------------------

/// CuTe's `ArithmeticTuple`: a tuple that adds element by element (the shorter one padded
/// with zeros); what an identity layout returns. Prints as a tuple, `(1,_2)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let t = make_arithmetic_tuple((1, _2)) + make_arithmetic_tuple((_3,));
/// assert_eq!(t.to_string(), "(4,_2)");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ArithmeticTuple<T>(pub T);

/// `make_arithmetic_tuple(t...)`: the tuple `t` as an [`ArithmeticTuple`].
#[inline(always)]
pub fn make_arithmetic_tuple<T: Tuple>(t: T) -> ArithmeticTuple<T> {
    ArithmeticTuple(t)
}

impl<T: CutePrint> CutePrint for ArithmeticTuple<T> {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.cute_fmt(f)
    }
}
impl<T: CutePrint> fmt::Display for ArithmeticTuple<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.cute_fmt(f)
    }
}
impl<T: CutePrint> fmt::Debug for ArithmeticTuple<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.cute_fmt(f)
    }
}

/// CuTe's `ArithmeticTupleIterator`: the "pointer" of an identity tensor, whose dereference
/// is its coordinate; prints `ArithTuple(_0,_0)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let it = make_inttuple_iter((_0, _0));
/// assert_eq!(it.to_string(), "ArithTuple(_0,_0)");
/// assert_eq!(it.offset(scaled_basis(2, _1)).get().to_string(), "(_0,2)");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ArithmeticTupleIterator<T> {
    coord: T,
}

/// `make_inttuple_iter(t)`: the [`ArithmeticTupleIterator`] at coordinate `t`.
#[inline(always)]
pub fn make_inttuple_iter<T: Tuple>(t: T) -> ArithmeticTupleIterator<ArithmeticTuple<T>> {
    ArithmeticTupleIterator {
        coord: ArithmeticTuple(t),
    }
}

impl<T: Copy> ArithmeticTupleIterator<T> {
    /// `*iter`: the coordinate.
    #[inline(always)]
    pub fn get(&self) -> T {
        self.coord
    }
    /// `iter + c`: the iterator at coordinate `*iter + c`.
    #[inline(always)]
    pub fn offset<X>(&self, c: X) -> ArithmeticTupleIterator<ArithSum<T, X>>
    where
        T: ArithAdd<X>,
    {
        ArithmeticTupleIterator {
            coord: self.coord.arith_add(c),
        }
    }
}
impl<T: CutePrint> fmt::Display for ArithmeticTupleIterator<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ArithTuple")?;
        self.coord.cute_fmt(f)
    }
}
impl<T: CutePrint> fmt::Debug for ArithmeticTupleIterator<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// ---------------------------------------------------------------------------------------------
// as_arithmetic_tuple
// ---------------------------------------------------------------------------------------------

/// `as_arithmetic_tuple(x)`: a scaled basis `v@k` as the tuple `(_0,..,_0,v)` with `k` zeros
/// (recursively for a nested basis); integers and arithmetic tuples are returned as they are.
pub trait AsArithmeticTuple {
    /// The tuple (or integer).
    type Output: ArithValue;
    /// Converts.
    fn into_arithmetic_tuple(self) -> Self::Output;
}
/// The type of `as_arithmetic_tuple(T)`.
pub type AsArithmeticTupleOf<T> = <T as AsArithmeticTuple>::Output;

/// `as_arithmetic_tuple(x)`; see [`AsArithmeticTuple`].
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(as_arithmetic_tuple(scaled_basis(5, _2)).to_string(), "(_0,_0,5)");
/// ```
#[inline(always)]
pub fn as_arithmetic_tuple<T: AsArithmeticTuple>(x: T) -> T::Output {
    x.into_arithmetic_tuple()
}

macro_rules! leaf_as_arithmetic_tuple {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> AsArithmeticTuple for $t {
            type Output = $t;
            #[inline(always)]
            fn into_arithmetic_tuple(self) -> $t {
                self
            }
        }
    )*};
}
leaf_as_arithmetic_tuple!([N: Integer + 'static] C<N>, [] i32, [] i64);

impl<T: Copy + 'static> AsArithmeticTuple for ArithmeticTuple<T>
where
    ArithmeticTuple<T>: ArithValue,
{
    type Output = Self;
    #[inline(always)]
    fn into_arithmetic_tuple(self) -> Self {
        self
    }
}

impl<V, K> AsArithmeticTuple for ScaledBasis<V, K>
where
    V: AsArithmeticTuple + Copy,
    K: ZerosThen<V::Output>,
    ArithmeticTuple<<K as ZerosThen<V::Output>>::Output>: ArithValue,
{
    type Output = ArithmeticTuple<<K as ZerosThen<V::Output>>::Output>;
    #[inline(always)]
    fn into_arithmetic_tuple(self) -> Self::Output {
        ArithmeticTuple(K::zeros_then(self.value.into_arithmetic_tuple()))
    }
}

/// `(_0, .., _0, x)` with `Self` (a static integer) zeros in front.
#[doc(hidden)]
pub trait ZerosThen<X> {
    type Output: Tuple;
    fn zeros_then(x: X) -> Self::Output;
}
impl<K, X> ZerosThen<X> for K
where
    K: IsConstantImpl<_0> + ZerosThenIf<X, IsConstant<_0, K>>,
{
    type Output = <K as ZerosThenIf<X, IsConstant<_0, K>>>::Output;
    #[inline(always)]
    fn zeros_then(x: X) -> Self::Output {
        <K as ZerosThenIf<X, IsConstant<_0, K>>>::zeros_then_if(x)
    }
}
/// [`ZerosThen`] split on `IsZero` (`B1`: no zeros left).
#[doc(hidden)]
pub trait ZerosThenIf<X, IsZero> {
    type Output: Tuple;
    fn zeros_then_if(x: X) -> Self::Output;
}
impl<K, X: Copy + 'static> ZerosThenIf<X, B1> for K {
    type Output = (X,);
    #[inline(always)]
    fn zeros_then_if(x: X) -> (X,) {
        (x,)
    }
}
impl<K, X> ZerosThenIf<X, B0> for K
where
    K: IntSub<_1>,
    Diff<K, _1>: ZerosThen<X>,
    <Diff<K, _1> as ZerosThen<X>>::Output: Prepend<_0>,
{
    type Output = <<Diff<K, _1> as ZerosThen<X>>::Output as Prepend<_0>>::Output;
    #[inline(always)]
    fn zeros_then_if(x: X) -> Self::Output {
        <Diff<K, _1> as ZerosThen<X>>::zeros_then(x).prepend(_0)
    }
}

// ---------------------------------------------------------------------------------------------
// Addition
// ---------------------------------------------------------------------------------------------

/// `a + b` in a layout's codomain: integers add as integers; scaled bases and arithmetic
/// tuples add mode by mode (as arithmetic tuples); `_0` adds to anything.
///
/// # Preconditions
/// A basis or an arithmetic tuple is added only to another one or to `_0` (compile error
/// otherwise, as in C++).
#[diagnostic::on_unimplemented(
    message = "cannot add these offsets: a scaled basis or arithmetic tuple adds only to another one or to _0",
    note = "integers add to integers of the same kind (static, i32 or i64)"
)]
pub trait ArithAdd<B> {
    /// The sum: static iff both operands are.
    type Output: ArithValue;
    /// Adds.
    fn arith_add(self, b: B) -> Self::Output;
}
/// The type of `A + B` ([`ArithAdd`]).
pub type ArithSum<A, B> = <A as ArithAdd<B>>::Output;

macro_rules! leaf_arith_add {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* B> ArithAdd<B> for $t
        where
            $t: IntAdd<B>,
        {
            type Output = Sum<$t, B>;
            #[inline(always)]
            fn arith_add(self, b: B) -> Self::Output {
                self.add(b)
            }
        }
    )*};
}
leaf_arith_add!([N: Integer + 'static,] C<N>, [] i32, [] i64);

impl<V, K> ArithAdd<ScaledBasis<V, K>> for _0
where
    ScaledBasis<V, K>: ArithValue,
{
    type Output = ScaledBasis<V, K>;
    #[inline(always)]
    fn arith_add(self, b: ScaledBasis<V, K>) -> Self::Output {
        b
    }
}
impl<T> ArithAdd<ArithmeticTuple<T>> for _0
where
    ArithmeticTuple<T>: ArithValue,
{
    type Output = ArithmeticTuple<T>;
    #[inline(always)]
    fn arith_add(self, b: ArithmeticTuple<T>) -> Self::Output {
        b
    }
}
impl<V, K> ArithAdd<_0> for ScaledBasis<V, K>
where
    ScaledBasis<V, K>: ArithValue,
{
    type Output = Self;
    #[inline(always)]
    fn arith_add(self, _: _0) -> Self {
        self
    }
}
impl<T> ArithAdd<_0> for ArithmeticTuple<T>
where
    ArithmeticTuple<T>: ArithValue,
{
    type Output = Self;
    #[inline(always)]
    fn arith_add(self, _: _0) -> Self {
        self
    }
}

/// Two arithmetic-tuple-like values add as arithmetic tuples.
macro_rules! arith_add_as_tuples {
    ($([$($g:tt)*] $A:ty, $B:ty);*) => {$(
        impl<$($g)*> ArithAdd<$B> for $A
        where
            $A: AsArithmeticTuple,
            $B: AsArithmeticTuple,
            AsArithmeticTupleOf<$A>: ArithAdd<AsArithmeticTupleOf<$B>>,
        {
            type Output = ArithSum<AsArithmeticTupleOf<$A>, AsArithmeticTupleOf<$B>>;
            #[inline(always)]
            fn arith_add(self, b: $B) -> Self::Output {
                self.into_arithmetic_tuple().arith_add(b.into_arithmetic_tuple())
            }
        }
    )*};
}
arith_add_as_tuples!(
    [V, K, W, J] ScaledBasis<V, K>, ScaledBasis<W, J>;
    [V, K, T] ScaledBasis<V, K>, ArithmeticTuple<T>;
    [T, V, K] ArithmeticTuple<T>, ScaledBasis<V, K>
);

impl<T, U> ArithAdd<ArithmeticTuple<U>> for ArithmeticTuple<T>
where
    T: AddPadded<U>,
    ArithmeticTuple<<T as AddPadded<U>>::Output>: ArithValue,
{
    type Output = ArithmeticTuple<<T as AddPadded<U>>::Output>;
    #[inline(always)]
    fn arith_add(self, b: ArithmeticTuple<U>) -> Self::Output {
        ArithmeticTuple(self.0.add_padded(b.0))
    }
}

/// Element-wise sum of two tuples, the shorter one padded with `_0` (which leaves the other
/// side's elements as they are).
#[doc(hidden)]
pub trait AddPadded<B> {
    type Output: Tuple;
    fn add_padded(self, b: B) -> Self::Output;
}
impl AddPadded<()> for () {
    type Output = ();
    #[inline(always)]
    fn add_padded(self, _: ()) {}
}
impl<B: Split> AddPadded<B> for () {
    type Output = B;
    #[inline(always)]
    fn add_padded(self, b: B) -> B {
        b
    }
}
impl<A: Split> AddPadded<()> for A {
    type Output = A;
    #[inline(always)]
    fn add_padded(self, _: ()) -> A {
        self
    }
}
impl<A: Split, B: Split> AddPadded<B> for A
where
    A::Head: ArithAdd<B::Head>,
    A::Tail: AddPadded<B::Tail>,
    <A::Tail as AddPadded<B::Tail>>::Output: Prepend<ArithSum<A::Head, B::Head>>,
{
    type Output =
        <<A::Tail as AddPadded<B::Tail>>::Output as Prepend<ArithSum<A::Head, B::Head>>>::Output;
    #[inline(always)]
    fn add_padded(self, b: B) -> Self::Output {
        let (ah, at) = self.split();
        let (bh, bt) = b.split();
        at.add_padded(bt).prepend(ah.arith_add(bh))
    }
}

// ---------------------------------------------------------------------------------------------
// Multiplication
// ---------------------------------------------------------------------------------------------

/// `a * b` in a layout's codomain: integers multiply as integers; an integer times a scaled
/// basis (either side) scales its value.
#[diagnostic::on_unimplemented(
    message = "cannot multiply these values: only integers and scaled bases by integers",
    note = "in crd2idx, this means the coordinate, shape and stride are not congruent"
)]
pub trait ArithMul<B> {
    /// The product: static iff both operands are.
    type Output: ArithValue;
    /// Multiplies.
    fn arith_mul(self, b: B) -> Self::Output;
}
/// The type of `A * B` ([`ArithMul`]).
pub type ArithProd<A, B> = <A as ArithMul<B>>::Output;

macro_rules! leaf_arith_mul {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* B> ArithMul<B> for $t
        where
            $t: IntMul<B>,
        {
            type Output = Prod<$t, B>;
            #[inline(always)]
            fn arith_mul(self, b: B) -> Self::Output {
                self.mul(b)
            }
        }
        // `x * b` is computed as `b * x`: the recursion into a nested basis then happens on
        // the `Self` side, where an unknown type stops it (an impl recursing on the parameter
        // side makes `i32: ArithMul<_>` overflow during inference).
        impl<$($g)* V, K> ArithMul<ScaledBasis<V, K>> for $t
        where
            ScaledBasis<V, K>: ArithMul<$t>,
        {
            type Output = ArithProd<ScaledBasis<V, K>, $t>;
            #[inline(always)]
            fn arith_mul(self, b: ScaledBasis<V, K>) -> Self::Output {
                b.arith_mul(self)
            }
        }
        impl<$($g)* V, K> ArithMul<$t> for ScaledBasis<V, K>
        where
            V: ArithMul<$t> + Copy,
            ScaledBasis<ArithProd<V, $t>, K>: ArithValue,
        {
            type Output = ScaledBasis<ArithProd<V, $t>, K>;
            #[inline(always)]
            fn arith_mul(self, b: $t) -> Self::Output {
                ScaledBasis::new(<V as ArithMul<$t>>::arith_mul(self.value, b))
            }
        }
    )*};
}
leaf_arith_mul!([N: Integer + 'static,] C<N>, [] i32, [] i64);

// The operators, so that `3 * e`, `e * _2`, `e0 + e1` read as in C++.
impl<V, K, B> ops::Add<B> for ScaledBasis<V, K>
where
    Self: ArithAdd<B>,
{
    type Output = ArithSum<Self, B>;
    #[inline(always)]
    fn add(self, b: B) -> Self::Output {
        self.arith_add(b)
    }
}
impl<T, B> ops::Add<B> for ArithmeticTuple<T>
where
    Self: ArithAdd<B>,
{
    type Output = ArithSum<Self, B>;
    #[inline(always)]
    fn add(self, b: B) -> Self::Output {
        self.arith_add(b)
    }
}
impl<V, K, B> ops::Mul<B> for ScaledBasis<V, K>
where
    Self: ArithMul<B>,
{
    type Output = ArithProd<Self, B>;
    #[inline(always)]
    fn mul(self, b: B) -> Self::Output {
        self.arith_mul(b)
    }
}
impl<N, V, K> ops::Mul<ScaledBasis<V, K>> for C<N>
where
    C<N>: ArithMul<ScaledBasis<V, K>>,
{
    type Output = ArithProd<C<N>, ScaledBasis<V, K>>;
    #[inline(always)]
    fn mul(self, b: ScaledBasis<V, K>) -> Self::Output {
        self.arith_mul(b)
    }
}
impl<N, V, K> ops::Add<ScaledBasis<V, K>> for C<N>
where
    C<N>: ArithAdd<ScaledBasis<V, K>>,
{
    type Output = ArithSum<C<N>, ScaledBasis<V, K>>;
    #[inline(always)]
    fn add(self, b: ScaledBasis<V, K>) -> Self::Output {
        self.arith_add(b)
    }
}
macro_rules! dyn_mul_basis {
    ($($t:ty),*) => {$(
        impl<V, K> ops::Mul<ScaledBasis<V, K>> for $t
        where
            $t: ArithMul<ScaledBasis<V, K>>,
        {
            type Output = ArithProd<$t, ScaledBasis<V, K>>;
            #[inline(always)]
            fn mul(self, b: ScaledBasis<V, K>) -> Self::Output {
                self.arith_mul(b)
            }
        }
    )*};
}
// Only `i32` (CuTe's `int`), so that an integer literal times a basis infers `i32`.
dyn_mul_basis!(i32);

// ---------------------------------------------------------------------------------------------
// Scaled bases as strides: what the layout algebra asks of a stride leaf
// ---------------------------------------------------------------------------------------------

// Static equality of strides (coalesce merges `s0:d0` into the next mode when `s0 * d0 ==
// d1` statically): two bases are equal when they are in the same mode with equal values; a
// basis is never equal to an integer.
impl<V, K, W, J> IsConstantImpl<ScaledBasis<V, K>> for ScaledBasis<W, J>
where
    W: IsConstantImpl<V>,
    J: IsConstantImpl<K>,
    IsConstant<V, W>: ops::BitAnd<IsConstant<K, J>>,
    <IsConstant<V, W> as ops::BitAnd<IsConstant<K, J>>>::Output: Bit,
{
    type Output = <IsConstant<V, W> as ops::BitAnd<IsConstant<K, J>>>::Output;
}
macro_rules! basis_never_int {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* V, K> IsConstantImpl<$t> for ScaledBasis<V, K> {
            type Output = B0;
        }
        impl<$($g)* V, K> IsConstantImpl<ScaledBasis<V, K>> for $t {
            type Output = B0;
        }
    )*};
}
basis_never_int!([N,] C<N>, [] i32, [] i64);

// ---------------------------------------------------------------------------------------------
// make_basis_like
// ---------------------------------------------------------------------------------------------

/// `make_basis_like(shape)`: a stride congruent with `shape` whose leaf at mode path
/// `(i, j, ..)` is the basis element `E<i, j, ..>` (`_1` for an integer shape).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let b = make_basis_like(((_2, 3), _4));
/// assert_eq!(display(&b).to_string(), "((_1@0@0,_1@1@0),_1@1)");
/// ```
pub trait MakeBasisLike {
    /// The stride of bases.
    type Output: Copy + CutePrint + fmt::Debug + 'static;
    /// Builds it.
    fn make_basis_like(self) -> Self::Output;
}
/// The type of `make_basis_like(S)`.
pub type BasisLikeOf<S> = <S as MakeBasisLike>::Output;

/// `make_basis_like(shape)`; see [`MakeBasisLike`].
#[inline(always)]
pub fn make_basis_like<S: MakeBasisLike>(shape: S) -> S::Output {
    shape.make_basis_like()
}

macro_rules! leaf_basis_like {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> MakeBasisLike for $t {
            type Output = _1;
            #[inline(always)]
            fn make_basis_like(self) -> _1 {
                _1
            }
        }
    )*};
}
leaf_basis_like!([N: Integer + 'static] C<N>, [] i32, [] i64);

impl MakeBasisLike for () {
    type Output = ();
    #[inline(always)]
    fn make_basis_like(self) {}
}
impl<T: Split> MakeBasisLike for T
where
    T: BasisLikeFrom<_0>,
    <T as BasisLikeFrom<_0>>::Output: CutePrint + fmt::Debug,
{
    type Output = <T as BasisLikeFrom<_0>>::Output;
    #[inline(always)]
    fn make_basis_like(self) -> Self::Output {
        self.basis_like_from()
    }
}

/// The bases of the modes of a tuple shape, its first mode being mode `I`.
#[doc(hidden)]
pub trait BasisLikeFrom<I> {
    type Output: Tuple;
    fn basis_like_from(self) -> Self::Output;
}
impl<I> BasisLikeFrom<I> for () {
    type Output = ();
    #[inline(always)]
    fn basis_like_from(self) {}
}
impl<I, T> BasisLikeFrom<I> for T
where
    T: Split,
    T::Head: MakeBasisLike,
    BasisLikeOf<T::Head>: InMode<I>,
    I: IntAdd<_1>,
    T::Tail: BasisLikeFrom<Sum<I, _1>>,
    <T::Tail as BasisLikeFrom<Sum<I, _1>>>::Output: Prepend<InModeOf<BasisLikeOf<T::Head>, I>>,
{
    type Output = <<T::Tail as BasisLikeFrom<Sum<I, _1>>>::Output as Prepend<
        InModeOf<BasisLikeOf<T::Head>, I>,
    >>::Output;
    #[inline(always)]
    fn basis_like_from(self) -> Self::Output {
        let (h, t) = self.split();
        let h = h.make_basis_like().in_mode();
        t.basis_like_from().prepend(h)
    }
}

/// Every leaf `x` of a basis stride moved into mode `I`: `ScaledBasis<x, I>`.
#[doc(hidden)]
pub trait InMode<I> {
    type Output: Copy + 'static;
    fn in_mode(self) -> Self::Output;
}
/// The type of [`InMode`].
#[doc(hidden)]
pub type InModeOf<T, I> = <T as InMode<I>>::Output;
impl<N: 'static, I: 'static> InMode<I> for C<N> {
    type Output = ScaledBasis<C<N>, I>;
    #[inline(always)]
    fn in_mode(self) -> Self::Output {
        ScaledBasis::new(self)
    }
}
impl<V: Copy + 'static, K: 'static, I: 'static> InMode<I> for ScaledBasis<V, K> {
    type Output = ScaledBasis<ScaledBasis<V, K>, I>;
    #[inline(always)]
    fn in_mode(self) -> Self::Output {
        ScaledBasis::new(self)
    }
}
impl<I> InMode<I> for () {
    type Output = ();
    #[inline(always)]
    fn in_mode(self) {}
}
impl<I, T: Split + Transform<ToMode<I>>> InMode<I> for T {
    type Output = <T as Transform<ToMode<I>>>::Output;
    #[inline(always)]
    fn in_mode(self) -> Self::Output {
        self.transform(&ToMode(PhantomData))
    }
}
/// The function `x -> in_mode::<I>(x)`.
#[doc(hidden)]
pub struct ToMode<I>(PhantomData<I>);
impl<I, X: InMode<I>> Fun1<X> for ToMode<I> {
    type Output = InModeOf<X, I>;
    #[inline(always)]
    fn call(&self, x: X) -> Self::Output {
        x.in_mode()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::aliases::*;
    use std::string::ToString;

    #[test]
    fn scaled_basis_prints_as_cute() {
        let e0: E<_0> = ScaledBasis::new(_1);
        assert_eq!(e0.to_string(), "_1@0");
        // C++ E<1,0>{} prints _1@0@1
        let e10: ScaledBasis<E<_0>, _1> = scaled_basis(e0, _1);
        assert_eq!(e10.to_string(), "_1@0@1");
        assert_eq!(core::mem::size_of_val(&e10), 0);
    }

    #[test]
    fn basis_arithmetic_matches_cpp() {
        let e0: E<_0> = ScaledBasis::new(_1);
        let e1: E<_1> = ScaledBasis::new(_1);
        // 3 * E<1>{} -> 3@1
        let s: ScaledBasis<i32, _1> = 3 * e1;
        assert_eq!(s.to_string(), "3@1");
        // E<0>{} + E<1>{} -> (_1,_1)
        let t: ArithmeticTuple<(_1, _1)> = e0 + e1;
        assert_eq!(t.to_string(), "(_1,_1)");
        // E<0>{} * Int<3>{} + E<1>{} * 2 -> (_3,2)
        let t: ArithmeticTuple<(_3, i32)> = e0 * _3 + e1 * 2;
        assert_eq!(t.to_string(), "(_3,2)");
        // _0 is neutral on either side
        let t: ScaledBasis<_1, _1> = _0 + e1;
        assert_eq!(t, e1 + _0);
        // the padded sum keeps the longer tuple's tail
        let t = make_arithmetic_tuple((1, _2)) + make_arithmetic_tuple((_3, 4, 5));
        assert_eq!(t.to_string(), "(4,6,5)");
        let t: ArithmeticTuple<(_0, _0, _7)> = as_arithmetic_tuple(scaled_basis(_7, _2));
        assert_eq!(t.to_string(), "(_0,_0,_7)");
    }

    #[test]
    fn iterator_prints_as_cute() {
        // C++: print(make_identity_tensor(make_shape(4,8))) starts with ArithTuple(_0,_0)
        let it = make_inttuple_iter((_0, _0));
        assert_eq!(it.to_string(), "ArithTuple(_0,_0)");
        let moved = it.offset(ArithmeticTuple((1i32, 2i32)));
        assert_eq!(moved.to_string(), "ArithTuple(1,2)");
    }
}
