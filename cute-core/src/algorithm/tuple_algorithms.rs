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

// ---------------------------------------------------------------------------------------------
// Sorting tuples of `(key, value)` pairs by static keys (C++'s `detail::SortByKey`, and the
// repeated min/find/remove of `complement`). Keys are compared with `StaticLess`, so every key
// of a tuple of two or more elements must be static; a one-element tuple needs no comparison.
// ---------------------------------------------------------------------------------------------

use crate::numeric::arithmetic::{StaticLess, StaticLessImpl};
use crate::numeric::{B0, B1};

/// An element `(K, V)` of a tuple sorted by its key `K`.
pub trait Keyed {
    /// The key.
    type Key;
}
impl<K, V> Keyed for (K, V) {
    type Key = K;
}

/// `B1` iff the key of `A` is less than the key of `B` (both static).
type KeyLess<A, B> = StaticLess<<A as Keyed>::Key, <B as Keyed>::Key>;

/// Inserts `X` into a tuple already sorted by key, before the first element whose key is not
/// less than `X`'s.
pub trait InsertByKey<X>: Tuple {
    /// The tuple with `X` inserted.
    type Output: Tuple;
    /// Inserts `x`.
    fn insert_by_key(self, x: X) -> Self::Output;
}
impl<X: Copy + 'static> InsertByKey<X> for () {
    type Output = (X,);
    #[inline(always)]
    fn insert_by_key(self, x: X) -> (X,) {
        (x,)
    }
}
impl<T, X> InsertByKey<X> for T
where
    T: Split + InsertByKeyIf<X, KeyLess<<T as Split>::Head, X>>,
    T::Head: Keyed,
    X: Keyed,
    <T::Head as Keyed>::Key: StaticLessImpl<X::Key>,
{
    type Output = <T as InsertByKeyIf<X, KeyLess<T::Head, X>>>::Output;
    #[inline(always)]
    fn insert_by_key(self, x: X) -> Self::Output {
        InsertByKeyIf::<X, _>::insert_by_key_if(self, x)
    }
}
/// [`InsertByKey`] once the head's key is compared: `B1` if it is less than `X`'s.
#[doc(hidden)]
pub trait InsertByKeyIf<X, HeadLess>: Tuple {
    type Output: Tuple;
    fn insert_by_key_if(self, x: X) -> Self::Output;
}
impl<T, X> InsertByKeyIf<X, B1> for T
where
    T: Split,
    T::Tail: InsertByKey<X>,
    <T::Tail as InsertByKey<X>>::Output: Prepend<T::Head>,
{
    type Output = <<T::Tail as InsertByKey<X>>::Output as Prepend<T::Head>>::Output;
    #[inline(always)]
    fn insert_by_key_if(self, x: X) -> Self::Output {
        let (h, t) = self.split();
        t.insert_by_key(x).prepend(h)
    }
}
impl<T: Split + Prepend<X>, X> InsertByKeyIf<X, B0> for T {
    type Output = <T as Prepend<X>>::Output;
    #[inline(always)]
    fn insert_by_key_if(self, x: X) -> Self::Output {
        self.prepend(x)
    }
}

/// A stable sort of `(key, value)` pairs by static key: equal keys keep their order. This is
/// the order in which C++'s `complement` picks modes (the first smallest stride, repeatedly).
pub trait SortByKey: Tuple {
    /// The sorted tuple.
    type Output: Tuple;
    /// Sorts.
    fn sort_by_key(self) -> Self::Output;
}
/// The result type of [`SortByKey`].
pub type SortedByKey<T> = <T as SortByKey>::Output;
impl SortByKey for () {
    type Output = ();
    #[inline(always)]
    fn sort_by_key(self) {}
}
impl<T> SortByKey for T
where
    T: Split,
    T::Tail: SortByKey,
    SortedByKey<T::Tail>: InsertByKey<T::Head>,
{
    type Output = <SortedByKey<T::Tail> as InsertByKey<T::Head>>::Output;
    #[inline(always)]
    fn sort_by_key(self) -> Self::Output {
        let (h, t) = self.split();
        t.sort_by_key().insert_by_key(h)
    }
}

/// C++'s `detail::exchange_sort` of `(key, value)` pairs by static key: for each position `i`,
/// every later element whose key is less than the one at `i` is swapped with it. Not stable;
/// right_inverse and left_inverse depend on this exact order when strides repeat.
pub trait ExchangeSortByKey: Tuple {
    /// The sorted tuple.
    type Output: Tuple;
    /// Sorts.
    fn exchange_sort_by_key(self) -> Self::Output;
}
/// The result type of [`ExchangeSortByKey`].
pub type ExchangeSortedByKey<T> = <T as ExchangeSortByKey>::Output;
impl ExchangeSortByKey for () {
    type Output = ();
    #[inline(always)]
    fn exchange_sort_by_key(self) {}
}
impl<T> ExchangeSortByKey for T
where
    T: Split,
    T::Tail: ExchangePass<T::Head>,
    <T::Tail as ExchangePass<T::Head>>::Rest: ExchangeSortByKey,
    ExchangeSortedByKey<<T::Tail as ExchangePass<T::Head>>::Rest>:
        Prepend<<T::Tail as ExchangePass<T::Head>>::Min>,
{
    type Output = <ExchangeSortedByKey<<T::Tail as ExchangePass<T::Head>>::Rest> as Prepend<
        <T::Tail as ExchangePass<T::Head>>::Min,
    >>::Output;
    #[inline(always)]
    fn exchange_sort_by_key(self) -> Self::Output {
        let (h, t) = self.split();
        let (m, rest) = t.exchange_pass(h);
        rest.exchange_sort_by_key().prepend(m)
    }
}

/// One pass of [`ExchangeSortByKey`] over the elements after position `i`, `M` being the
/// element at `i` so far: each smaller element takes `M`'s place and leaves `M` in its own.
#[doc(hidden)]
pub trait ExchangePass<M>: Tuple {
    type Min: Copy + 'static;
    type Rest: Tuple;
    fn exchange_pass(self, m: M) -> (Self::Min, Self::Rest);
}
impl<M: Copy + 'static> ExchangePass<M> for () {
    type Min = M;
    type Rest = ();
    #[inline(always)]
    fn exchange_pass(self, m: M) -> (M, ()) {
        (m, ())
    }
}
impl<T, M> ExchangePass<M> for T
where
    T: Split + ExchangeStep<M, KeyLess<<T as Split>::Head, M>>,
    T::Head: Keyed,
    M: Keyed,
    <T::Head as Keyed>::Key: StaticLessImpl<M::Key>,
{
    type Min = <T as ExchangeStep<M, KeyLess<T::Head, M>>>::Min;
    type Rest = <T as ExchangeStep<M, KeyLess<T::Head, M>>>::Rest;
    #[inline(always)]
    fn exchange_pass(self, m: M) -> (Self::Min, Self::Rest) {
        ExchangeStep::<M, _>::exchange_step(self, m)
    }
}
/// [`ExchangePass`] once the head's key is compared with `M`'s: `B1` swaps them.
#[doc(hidden)]
pub trait ExchangeStep<M, Swap>: Tuple {
    type Min: Copy + 'static;
    type Rest: Tuple;
    fn exchange_step(self, m: M) -> (Self::Min, Self::Rest);
}
impl<T, M> ExchangeStep<M, B1> for T
where
    T: Split,
    T::Tail: ExchangePass<T::Head>,
    <T::Tail as ExchangePass<T::Head>>::Rest: Prepend<M>,
{
    type Min = <T::Tail as ExchangePass<T::Head>>::Min;
    type Rest = <<T::Tail as ExchangePass<T::Head>>::Rest as Prepend<M>>::Output;
    #[inline(always)]
    fn exchange_step(self, m: M) -> (Self::Min, Self::Rest) {
        let (h, t) = self.split();
        let (min, rest) = t.exchange_pass(h);
        (min, rest.prepend(m))
    }
}
impl<T, M> ExchangeStep<M, B0> for T
where
    T: Split,
    T::Tail: ExchangePass<M>,
    <T::Tail as ExchangePass<M>>::Rest: Prepend<T::Head>,
{
    type Min = <T::Tail as ExchangePass<M>>::Min;
    type Rest = <<T::Tail as ExchangePass<M>>::Rest as Prepend<T::Head>>::Output;
    #[inline(always)]
    fn exchange_step(self, m: M) -> (Self::Min, Self::Rest) {
        let (h, t) = self.split();
        let (min, rest) = t.exchange_pass(m);
        (min, rest.prepend(h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::aliases::*;
    use crate::util::print::display;
    use std::string::ToString;

    #[test]
    fn sort_by_key_is_stable() {
        let t = ((_4, 0), (_1, 1), (_4, 2), (_2, 3), (_1, 4));
        let s: ((_1, i32), (_1, i32), (_2, i32), (_4, i32), (_4, i32)) = t.sort_by_key();
        assert_eq!(
            display(&s).to_string(),
            "((_1,1),(_1,4),(_2,3),(_4,0),(_4,2))"
        );
        // one element: no comparison, any key
        let one: ((i32, i32),) = ((7, 1),).sort_by_key();
        assert_eq!(one, ((7, 1),));
    }

    #[test]
    fn exchange_sort_is_cpp_exchange_sort() {
        // C++ exchange_sort of keys [2, 2, 1]: position 0 swaps with the 1, leaving the second
        // 2 before the first.
        let t = ((_2, 0), (_2, 1), (_1, 2));
        let s: ((_1, i32), (_2, i32), (_2, i32)) = t.exchange_sort_by_key();
        assert_eq!(display(&s).to_string(), "((_1,2),(_2,1),(_2,0))");
        // keys [3, 1, 2, 1, 0]: C++'s loop gives the pairs (0,4), (1,3), (1,1), (2,2), (3,0).
        let t = ((_3, 0), (_1, 1), (_2, 2), (_1, 3), (_0, 4));
        let s = t.exchange_sort_by_key();
        assert_eq!(
            display(&s).to_string(),
            "((_0,4),(_1,3),(_1,1),(_2,2),(_3,0))"
        );
    }
}
