//! Higher-order algorithms on tuples: port of `cute/algorithm/tuple_algorithms.hpp`.
//!
//! C++ passes generic lambdas to `transform` and `fold`; Rust passes a value `f` whose type
//! implements [`Fun1`] or [`Fun2`] for every argument type it meets (one impl per case, which is
//! how a type-level function branches). The function value can carry run-time data (a layout
//! to compose with, a dynamic divisor), so every call takes `&F`.

use crate::container::tuple::{Prepend, Split, Tuple};

/// A function of one argument, defined per argument type.
pub trait Fun1<X> {
    /// The result type for an argument of type `X`.
    type Output: Copy + 'static;
    /// Applies the function.
    fn call(&self, x: X) -> Self::Output;
}

/// A function of two arguments, defined per pair of argument types.
pub trait Fun2<X, Y> {
    /// The result type for arguments of types `X`, `Y`.
    type Output: Copy + 'static;
    /// Applies the function.
    fn call(&self, x: X, y: Y) -> Self::Output;
}

/// `transform(t, f)`: the tuple of `f(t_i)`.
pub trait Transform<F>: Tuple {
    /// `(F(T0), F(T1), ...)`.
    type Output: Tuple;
    /// Applies `f` to each element.
    fn transform(self, f: &F) -> Self::Output;
}
impl<F> Transform<F> for () {
    type Output = ();
    #[inline(always)]
    fn transform(self, _: &F) {}
}
impl<F, T> Transform<F> for T
where
    T: Split,
    F: Fun1<T::Head>,
    T::Tail: Transform<F>,
    <T::Tail as Transform<F>>::Output: Prepend<F::Output>,
{
    type Output = <<T::Tail as Transform<F>>::Output as Prepend<F::Output>>::Output;
    #[inline(always)]
    fn transform(self, f: &F) -> Self::Output {
        let (h, t) = self.split();
        let h = f.call(h);
        t.transform(f).prepend(h)
    }
}

/// `transform(a, b, f)`: the tuple of `f(a_i, b_i)` over two tuples of the same rank.
pub trait Transform2<F, B>: Tuple {
    /// `(F(A0, B0), F(A1, B1), ...)`.
    type Output: Tuple;
    /// Applies `f` to each pair.
    fn transform2(self, b: B, f: &F) -> Self::Output;
}
impl<F> Transform2<F, ()> for () {
    type Output = ();
    #[inline(always)]
    fn transform2(self, _: (), _: &F) {}
}
impl<F, A, B> Transform2<F, B> for A
where
    A: Split,
    B: Split,
    F: Fun2<A::Head, B::Head>,
    A::Tail: Transform2<F, B::Tail>,
    <A::Tail as Transform2<F, B::Tail>>::Output: Prepend<F::Output>,
{
    type Output = <<A::Tail as Transform2<F, B::Tail>>::Output as Prepend<F::Output>>::Output;
    #[inline(always)]
    fn transform2(self, b: B, f: &F) -> Self::Output {
        let (ah, at) = self.split();
        let (bh, bt) = b.split();
        let h = f.call(ah, bh);
        at.transform2(bt, f).prepend(h)
    }
}

/// `fold(t, init, f)`: `f(...f(f(init, t_0), t_1)..., t_n)`.
pub trait Fold<F, Init>: Tuple {
    /// The type of the final accumulator.
    type Output: Copy + 'static;
    /// Folds left to right.
    fn fold(self, init: Init, f: &F) -> Self::Output;
}
impl<F, Init: Copy + 'static> Fold<F, Init> for () {
    type Output = Init;
    #[inline(always)]
    fn fold(self, init: Init, _: &F) -> Init {
        init
    }
}
impl<F, Init, T> Fold<F, Init> for T
where
    T: Split,
    F: Fun2<Init, T::Head>,
    T::Tail: Fold<F, F::Output>,
{
    type Output = <T::Tail as Fold<F, F::Output>>::Output;
    #[inline(always)]
    fn fold(self, init: Init, f: &F) -> Self::Output {
        let (h, t) = self.split();
        t.fold(f.call(init, h), f)
    }
}

/// `tuple_cat(a, b)`: the elements of `a` followed by those of `b`.
pub trait Concat<B>: Tuple {
    /// `(a..., b...)`.
    type Output: Tuple;
    /// Concatenates.
    fn concat(self, b: B) -> Self::Output;
}
impl<B: Tuple> Concat<B> for () {
    type Output = B;
    #[inline(always)]
    fn concat(self, b: B) -> B {
        b
    }
}
impl<A, B> Concat<B> for A
where
    A: Split,
    B: Tuple,
    A::Tail: Concat<B>,
    <A::Tail as Concat<B>>::Output: Prepend<A::Head>,
{
    type Output = <<A::Tail as Concat<B>>::Output as Prepend<A::Head>>::Output;
    #[inline(always)]
    fn concat(self, b: B) -> Self::Output {
        let (h, t) = self.split();
        t.concat(b).prepend(h)
    }
}
/// The result type of [`Concat`].
pub type TupleCat<A, B> = <A as Concat<B>>::Output;

/// `reverse(t)`: the elements in the opposite order.
pub trait Reverse: Tuple {
    /// The reversed tuple.
    type Output: Tuple;
    /// Reverses.
    fn reverse(self) -> Self::Output;
}
/// Reversing is a fold that prepends each element to the accumulator.
pub struct PrependTo;
impl<Acc: Prepend<X>, X> Fun2<Acc, X> for PrependTo {
    type Output = Acc::Output;
    #[inline(always)]
    fn call(&self, acc: Acc, x: X) -> Self::Output {
        acc.prepend(x)
    }
}
impl<T> Reverse for T
where
    T: Fold<PrependTo, ()>,
    <T as Fold<PrependTo, ()>>::Output: Tuple,
{
    type Output = <T as Fold<PrependTo, ()>>::Output;
    #[inline(always)]
    fn reverse(self) -> Self::Output {
        self.fold((), &PrependTo)
    }
}
