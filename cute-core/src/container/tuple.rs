//! Rust tuples as CuTe tuples: port of `cute/container/tuple.hpp`.
//!
//! CuTe's hierarchical tuples are Rust tuples of arity 0 to 16. This module gives them the
//! structural vocabulary the algorithms recurse on: [`Tuple`] (C++'s `is_tuple`), [`Split`]
//! into head and tail, [`Prepend`]/[`Append`] an element, and [`Get<I>`] (C++'s `get<I>`).

/// A Rust tuple of arity 0 to 16: C++ CuTe's `is_tuple`.
pub trait Tuple: Copy + 'static {
    /// The number of elements.
    const RANK: usize;
}

/// A non-empty tuple seen as its first element and the tuple of the others.
pub trait Split: Tuple {
    /// The first element.
    type Head: Copy + 'static;
    /// The other elements, as a tuple.
    type Tail: Tuple;
    /// Splits the tuple.
    fn split(self) -> (Self::Head, Self::Tail);
}

/// The tuple with `H` put in front (C++'s `prepend`).
pub trait Prepend<H>: Tuple {
    /// `(H, self...)`.
    type Output: Tuple;
    /// Builds `(h, self...)`.
    fn prepend(self, h: H) -> Self::Output;
}

/// The tuple with `T` put at the end (C++'s `append`).
pub trait Append<T>: Tuple {
    /// `(self..., T)`.
    type Output: Tuple;
    /// Builds `(self..., t)`.
    fn append(self, t: T) -> Self::Output;
}

/// The element at index `I` (C++'s `get<I>`).
#[diagnostic::on_unimplemented(
    message = "get: the mode index is out of range",
    note = "a tuple has one mode per element, indexed from 0"
)]
pub trait Get<const I: usize>: Tuple {
    /// The element's type.
    type Output: Copy + 'static;
    /// The element.
    fn get(self) -> Self::Output;
}

/// `get::<I>(t)`: the element at index `I` of a tuple.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(get::<1, _>((_2, 7)), 7);
/// ```
#[inline(always)]
pub fn get<const I: usize, T: Get<I>>(t: T) -> T::Output {
    t.get()
}

impl Tuple for () {
    const RANK: usize = 0;
}
impl<H: Copy + 'static> Prepend<H> for () {
    type Output = (H,);
    #[inline(always)]
    fn prepend(self, h: H) -> (H,) {
        (h,)
    }
}
impl<T: Copy + 'static> Append<T> for () {
    type Output = (T,);
    #[inline(always)]
    fn append(self, t: T) -> (T,) {
        (t,)
    }
}

macro_rules! count {
    () => { 0usize };
    ($h:ident $($t:ident)*) => { 1usize + count!($($t)*) };
}

macro_rules! tuple_impls {
    ($( ($($T:ident $v:ident),+) )*) => {$(
        tuple_impls!(@one $($T $v),+);
    )*};
    (@one $H:ident $h:ident $(, $T:ident $v:ident)*) => {
        impl<$H: Copy + 'static $(, $T: Copy + 'static)*> Tuple for ($H, $($T,)*) {
            const RANK: usize = count!($H $($T)*);
        }
        impl<$H: Copy + 'static $(, $T: Copy + 'static)*> Split for ($H, $($T,)*) {
            type Head = $H;
            type Tail = ($($T,)*);
            #[inline(always)]
            fn split(self) -> ($H, ($($T,)*)) {
                let ($h, $($v,)*) = self;
                ($h, ($($v,)*))
            }
        }
        tuple_impls!(@grow $H $h $(, $T $v)*);
        tuple_impls!(@get [$H $h $(, $T $v)*] [] $H $h $(, $T $v)*);
    };
    // Prepend and Append grow the tuple by one; the largest arity does not grow.
    (@grow $H:ident $h:ident, $T1:ident $v1:ident, $T2:ident $v2:ident, $T3:ident $v3:ident,
        $T4:ident $v4:ident, $T5:ident $v5:ident, $T6:ident $v6:ident, $T7:ident $v7:ident,
        $T8:ident $v8:ident, $T9:ident $v9:ident, $T10:ident $v10:ident, $T11:ident $v11:ident,
        $T12:ident $v12:ident, $T13:ident $v13:ident, $T14:ident $v14:ident,
        $T15:ident $v15:ident) => {};
    (@grow $H:ident $h:ident $(, $T:ident $v:ident)*) => {
        impl<Z: Copy + 'static, $H: Copy + 'static $(, $T: Copy + 'static)*> Prepend<Z>
            for ($H, $($T,)*)
        {
            type Output = (Z, $H, $($T,)*);
            #[inline(always)]
            fn prepend(self, z: Z) -> Self::Output {
                let ($h, $($v,)*) = self;
                (z, $h, $($v,)*)
            }
        }
        impl<Z: Copy + 'static, $H: Copy + 'static $(, $T: Copy + 'static)*> Append<Z>
            for ($H, $($T,)*)
        {
            type Output = ($H, $($T,)* Z,);
            #[inline(always)]
            fn append(self, z: Z) -> Self::Output {
                let ($h, $($v,)*) = self;
                ($h, $($v,)* z,)
            }
        }
    };
    // One `Get<I>` impl per position, I counted by the list of positions already passed.
    (@get [$($All:ident $all:ident),+] [$($Done:ident)*] $Cur:ident $cur:ident $(, $T:ident $v:ident)*) => {
        impl<$($All: Copy + 'static),+> Get<{ count!($($Done)*) }> for ($($All,)+) {
            type Output = $Cur;
            #[inline(always)]
            #[allow(unused_variables)]
            fn get(self) -> $Cur {
                let ($($all,)+) = self;
                $cur
            }
        }
        tuple_impls!(@get [$($All $all),+] [$($Done)* $Cur] $($T $v),*);
    };
    (@get [$($All:ident $all:ident),+] [$($Done:ident)*]) => {};
}

tuple_impls! {
    (A0 a0)
    (A0 a0, A1 a1)
    (A0 a0, A1 a1, A2 a2)
    (A0 a0, A1 a1, A2 a2, A3 a3)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10, A11 a11)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10, A11 a11,
        A12 a12)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10, A11 a11,
        A12 a12, A13 a13)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10, A11 a11,
        A12 a12, A13 a13, A14 a14)
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10, A11 a11,
        A12 a12, A13 a13, A14 a14, A15 a15)
}

/// Calls `$m!(A0, A1, ..)` once per tuple arity 1..=16, for per-arity impls (crate-internal).
///
/// A precondition marker implemented per arity, rather than by a blanket impl over [`Split`],
/// makes rustc report the marker's `on_unimplemented` message when a tuple is too short,
/// instead of the blanket impl's unmet bound `(): Split`.
macro_rules! for_each_arity {
    ($m:ident) => {
        $m!(A0);
        $m!(A0, A1);
        $m!(A0, A1, A2);
        $m!(A0, A1, A2, A3);
        $m!(A0, A1, A2, A3, A4);
        $m!(A0, A1, A2, A3, A4, A5);
        $m!(A0, A1, A2, A3, A4, A5, A6);
        $m!(A0, A1, A2, A3, A4, A5, A6, A7);
        $m!(A0, A1, A2, A3, A4, A5, A6, A7, A8);
        $m!(A0, A1, A2, A3, A4, A5, A6, A7, A8, A9);
        $m!(A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10);
        $m!(A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11);
        $m!(A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12);
        $m!(A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13);
        $m!(A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14);
        $m!(A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15);
    };
}
pub(crate) use for_each_arity;
