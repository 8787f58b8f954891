//! The slice marker `_`: port of `cute/underscore.hpp` (`Underscore`, `slice`, `dice` on
//! tuples).
//!
//! Rust reserves `_`, so CuTe's `_` is spelled [`X`](type@X) (C++ CuTe's own alias `using X =
//! Underscore`): `slice((1, X), layout)` is C++'s `slice(make_coord(1, _), layout)`. `X` is a
//! type and a value, like the static integer aliases. In a coordinate it reads as `_0` for
//! offsets (C++'s `Underscore` derives from `Int<0>`).
//!
//! [`slice`](fn@slice) keeps the parts of a tuple paired with `_` and [`dice`] those paired
//! with an integer; both also work on layouts, shape and stride alike (see
//! [`crate::layout::slice`]).

use core::fmt;

use crate::algorithm::tuple_algorithms::{Concat, TupleCat};
use crate::container::tuple::{Split, Tuple};
use crate::int_tuple::{Crd2Arith, IntTuple};
use crate::numeric::aliases::_0;
use crate::numeric::integral_constant::C;
use crate::numeric::Integer;
use crate::util::print::CutePrint;

/// CuTe's `Underscore` (`_`): the slice marker in a coordinate.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(display(&(1, X)).to_string(), "(1,_)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Underscore;

/// CuTe's alias `X` for [`Underscore`]; also its value, so `(1, X)` is the coordinate `(1,_)`.
pub type X = Underscore;
/// The value `_` (CuTe's `cute::_`).
pub const X: X = Underscore;

impl CutePrint for Underscore {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_")
    }
}
impl fmt::Display for Underscore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_")
    }
}

/// `_` in a coordinate contributes `_0` to the offset, whatever the shape of its mode (C++'s
/// `Underscore` is an `Int<0>`): `crd2idx((1,_), shape, stride)` is the offset of the slice.
impl<S, D> Crd2Arith<S, D> for Underscore {
    type Output = _0;
    #[inline(always)]
    fn crd2idx(self, _: S, _: D) -> _0 {
        C::new()
    }
}

// ---------------------------------------------------------------------------------------------
// slice
// ---------------------------------------------------------------------------------------------

/// `slice(coord, b)` on tuples, recursing on the coordinate `Self`: a tuple coordinate keeps,
/// concatenated, what each of its elements keeps of the matching element of `b`; `_` keeps
/// all of `b`; an integer keeps nothing (`()`).
#[diagnostic::on_unimplemented(
    message = "slice: the coordinate is not congruent with the sliced shape",
    note = "a coordinate has one entry (an integer, `X`, or a tuple) per mode"
)]
pub trait SliceTuple<B> {
    /// What is kept.
    type Output: Copy + 'static;
    /// Slices `b`.
    fn slice_tuple(self, b: B) -> Self::Output;
}
/// The type of `slice(A, B)` on tuples.
pub type SliceTupleOf<A, B> = <A as SliceTuple<B>>::Output;

impl<B: SliceModesCovered> SliceTuple<B> for () {
    type Output = ();
    #[inline(always)]
    fn slice_tuple(self, _: B) {}
}
impl<A, B> SliceTuple<B> for A
where
    A: Split,
    B: SliceHasMode,
    A::Head: LiftSlice<B::Head>,
    A::Tail: SliceTuple<B::Tail>,
    <A::Head as LiftSlice<B::Head>>::Output: Concat<SliceTupleOf<A::Tail, B::Tail>>,
{
    type Output = TupleCat<<A::Head as LiftSlice<B::Head>>::Output, SliceTupleOf<A::Tail, B::Tail>>;
    #[inline(always)]
    fn slice_tuple(self, b: B) -> Self::Output {
        let (a0, a) = self.split();
        let (b0, b) = b.split();
        a0.lift_slice(b0).concat(a.slice_tuple(b))
    }
}
impl<B: Copy + 'static> SliceTuple<B> for Underscore {
    type Output = B;
    #[inline(always)]
    fn slice_tuple(self, b: B) -> B {
        b
    }
}

/// One element of a tuple coordinate in [`SliceTuple`], as a tuple to concatenate: a tuple
/// gives its slice, `_` gives `(b)`, an integer `()`.
#[doc(hidden)]
pub trait LiftSlice<B> {
    type Output: Tuple;
    fn lift_slice(self, b: B) -> Self::Output;
}
impl LiftSlice<()> for () {
    type Output = ();
    #[inline(always)]
    fn lift_slice(self, _: ()) {}
}
impl<A, B> LiftSlice<B> for A
where
    A: Split + SliceTuple<B>,
    A::Output: Tuple,
{
    type Output = A::Output;
    #[inline(always)]
    fn lift_slice(self, b: B) -> A::Output {
        self.slice_tuple(b)
    }
}
impl<B: Copy + 'static> LiftSlice<B> for Underscore {
    type Output = (B,);
    #[inline(always)]
    fn lift_slice(self, b: B) -> (B,) {
        (b,)
    }
}

// ---------------------------------------------------------------------------------------------
// dice
// ---------------------------------------------------------------------------------------------

/// `dice(coord, b)` on tuples, the complement of [`SliceTuple`]: a tuple coordinate keeps,
/// concatenated, what each of its elements keeps; `_` keeps nothing; an integer keeps all of
/// `b`.
#[diagnostic::on_unimplemented(
    message = "dice: the coordinate is not congruent with the diced shape",
    note = "a coordinate has one entry (an integer, `X`, or a tuple) per mode"
)]
pub trait DiceTuple<B> {
    /// What is kept.
    type Output: Copy + 'static;
    /// Dices `b`.
    fn dice_tuple(self, b: B) -> Self::Output;
}
/// The type of `dice(A, B)` on tuples.
pub type DiceTupleOf<A, B> = <A as DiceTuple<B>>::Output;

impl<B: DiceModesCovered> DiceTuple<B> for () {
    type Output = ();
    #[inline(always)]
    fn dice_tuple(self, _: B) {}
}
impl<A, B> DiceTuple<B> for A
where
    A: Split,
    B: DiceHasMode,
    A::Head: LiftDice<B::Head>,
    A::Tail: DiceTuple<B::Tail>,
    <A::Head as LiftDice<B::Head>>::Output: Concat<DiceTupleOf<A::Tail, B::Tail>>,
{
    type Output = TupleCat<<A::Head as LiftDice<B::Head>>::Output, DiceTupleOf<A::Tail, B::Tail>>;
    #[inline(always)]
    fn dice_tuple(self, b: B) -> Self::Output {
        let (a0, a) = self.split();
        let (b0, b) = b.split();
        a0.lift_dice(b0).concat(a.dice_tuple(b))
    }
}
impl<B> DiceTuple<B> for Underscore {
    type Output = ();
    #[inline(always)]
    fn dice_tuple(self, _: B) {}
}

/// One element of a tuple coordinate in [`DiceTuple`], as a tuple to concatenate.
#[doc(hidden)]
pub trait LiftDice<B> {
    type Output: Tuple;
    fn lift_dice(self, b: B) -> Self::Output;
}
impl LiftDice<()> for () {
    type Output = ();
    #[inline(always)]
    fn lift_dice(self, _: ()) {}
}
impl<A, B> LiftDice<B> for A
where
    A: Split + DiceTuple<B>,
    A::Output: Tuple,
{
    type Output = A::Output;
    #[inline(always)]
    fn lift_dice(self, b: B) -> A::Output {
        self.dice_tuple(b)
    }
}
impl<B> LiftDice<B> for Underscore {
    type Output = ();
    #[inline(always)]
    fn lift_dice(self, _: B) {}
}

macro_rules! leaf_slice_dice {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* B> SliceTuple<B> for $t {
            type Output = ();
            #[inline(always)]
            fn slice_tuple(self, _: B) {}
        }
        impl<$($g)* B> LiftSlice<B> for $t {
            type Output = ();
            #[inline(always)]
            fn lift_slice(self, _: B) {}
        }
        impl<$($g)* B: Copy + 'static> DiceTuple<B> for $t {
            type Output = B;
            #[inline(always)]
            fn dice_tuple(self, b: B) -> B {
                b
            }
        }
        impl<$($g)* B: Copy + 'static> LiftDice<B> for $t {
            type Output = (B,);
            #[inline(always)]
            fn lift_dice(self, b: B) -> (B,) {
                (b,)
            }
        }
    )*};
}
leaf_slice_dice!([N: Integer + 'static,] C<N>, [] i32, [] i64);

/// What is left of the sliced tuple when the coordinate has no entry left: only `()` fits.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "slice: the coordinate has fewer modes than the sliced shape",
    note = "a coordinate has one entry (an integer, `X`, or a tuple) per mode"
)]
pub trait SliceModesCovered {}
impl SliceModesCovered for () {}

/// A sliced tuple with a mode for the next entry of the coordinate: a non-empty tuple.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "slice: the coordinate has more modes than the sliced shape",
    note = "a coordinate has one entry (an integer, `X`, or a tuple) per mode"
)]
pub trait SliceHasMode: Split {}

/// What is left of the diced tuple when the coordinate has no entry left: only `()` fits.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "dice: the coordinate has fewer modes than the diced shape",
    note = "a coordinate has one entry (an integer, `X`, or a tuple) per mode"
)]
pub trait DiceModesCovered {}
impl DiceModesCovered for () {}

/// A diced tuple with a mode for the next entry of the coordinate: a non-empty tuple.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "dice: the coordinate has more modes than the diced shape",
    note = "a coordinate has one entry (an integer, `X`, or a tuple) per mode"
)]
pub trait DiceHasMode: Split {}

// Per arity, so that a rank mismatch reports the messages above rather than `(): Split`.
macro_rules! has_mode {
    ($($T:ident),+) => {
        impl<$($T: Copy + 'static),+> SliceHasMode for ($($T,)+) {}
        impl<$($T: Copy + 'static),+> DiceHasMode for ($($T,)+) {}
    };
}
crate::container::tuple::for_each_arity!(has_mode);

// ---------------------------------------------------------------------------------------------
// The functions, for tuples and layouts alike
// ---------------------------------------------------------------------------------------------

/// Something `slice(coord, x)` applies to: an IntTuple or a layout.
#[diagnostic::on_unimplemented(
    message = "slice: the coordinate is not congruent with the sliced shape",
    note = "a coordinate has one entry (an integer, `X`, or a tuple) per mode"
)]
pub trait Sliceable<Crd> {
    /// The result.
    type Output;
    /// Slices.
    fn slice_by(self, coord: Crd) -> Self::Output;
}
/// Something `dice(coord, x)` applies to: an IntTuple or a layout.
#[diagnostic::on_unimplemented(
    message = "dice: the coordinate is not congruent with the diced shape",
    note = "a coordinate has one entry (an integer, `X`, or a tuple) per mode"
)]
pub trait Diceable<Crd> {
    /// The result.
    type Output;
    /// Dices.
    fn dice_by(self, coord: Crd) -> Self::Output;
}
impl<Crd: SliceTuple<T>, T: IntTuple> Sliceable<Crd> for T {
    type Output = Crd::Output;
    #[inline(always)]
    fn slice_by(self, coord: Crd) -> Crd::Output {
        coord.slice_tuple(self)
    }
}
impl<Crd: DiceTuple<T>, T: IntTuple> Diceable<Crd> for T {
    type Output = Crd::Output;
    #[inline(always)]
    fn dice_by(self, coord: Crd) -> Crd::Output {
        coord.dice_tuple(self)
    }
}

/// `slice(coord, x)`: the part of an IntTuple or a layout that `coord` leaves free.
///
/// # Math
/// On a tuple `b`: a tuple coordinate keeps, concatenated, what each element keeps of the
/// matching element of `b` (a nested tuple coordinate thus contributes its kept elements one
/// level up); `_` ([`X`](type@X)) keeps all of `b`; an integer keeps nothing. On a layout:
/// the shape and the stride are sliced alike (`slice(c, S):slice(c, D)`).
///
/// # Preconditions
/// `coord` is congruent with the sliced tuple or shape down to where it has integers or `_`;
/// otherwise the compile error `slice: the coordinate is not congruent with the sliced shape`.
///
/// # Postconditions
/// For a layout `L` and `(s, o) = slice_and_offset(c, L)`: `L(c')` equals `o + s(c'')` where
/// `c'` fills the `_` of `c` with the coordinate `c''` of `s`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_4, (_2, _6), _2), (_24, (_12, _2), _1));
/// assert_eq!(slice((2, (X, 1), X), l).to_string(), "(_2,_2):(_12,_1)");
/// assert_eq!(display(&slice((X, 3), (_4, 8))).to_string(), "(_4)");
/// ```
#[inline(always)]
pub fn slice<Crd, T: Sliceable<Crd>>(coord: Crd, x: T) -> T::Output {
    x.slice_by(coord)
}

/// `dice(coord, x)`: the part of an IntTuple or a layout that `coord` fixes, the complement of
/// [`slice`](fn@slice).
///
/// # Math
/// On a tuple `b`: a tuple coordinate keeps, concatenated, what each element keeps; `_` keeps
/// nothing; an integer keeps all of `b`. On a layout: shape and stride alike.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_4, (_2, _6), _2), (_24, (_12, _2), _1));
/// assert_eq!(dice((2, (X, 1), X), l).to_string(), "(_4,_6):(_24,_2)");
/// assert_eq!(display(&dice((X, 3), (_4, 8))).to_string(), "(8)");
/// ```
#[inline(always)]
pub fn dice<Crd, T: Diceable<Crd>>(coord: Crd, x: T) -> T::Output {
    x.dice_by(coord)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::aliases::*;
    use crate::util::print::display;
    use std::string::ToString;

    // Expected values: C++ CuTe 4.2 (`cute-cpp`), `slice`/`dice` of IntTuples.
    #[test]
    fn slice_and_dice_int_tuples() {
        let t = (_4, (_2, 6), 8);
        let s: (_4,) = slice((X, 1, 3), t);
        assert_eq!(display(&s).to_string(), "(_4)");
        let s: ((_2, i32),) = slice((0, X, 1), t);
        assert_eq!(display(&s).to_string(), "((_2,6))");
        let s: (_2, i32) = slice((0, (X, X), 1), t);
        assert_eq!(display(&s).to_string(), "(_2,6)");
        let s: (_4, _2, i32) = slice((X, (X, 2), X), t);
        assert_eq!(display(&s).to_string(), "(_4,_2,8)");
        let s: (_4, (_2, i32), i32) = slice(X, t);
        assert_eq!(display(&s).to_string(), "(_4,(_2,6),8)");
        let s: () = slice((1, 2, 3), t);
        assert_eq!(display(&s).to_string(), "()");
        let d: ((_2, i32), i32) = dice((X, 1, 3), t);
        assert_eq!(display(&d).to_string(), "((_2,6),8)");
        let d: (_4, i32) = dice((0, (X, 3), X), t);
        assert_eq!(display(&d).to_string(), "(_4,6)");
        let d: (_4, (_2, i32), i32) = dice(1, t);
        assert_eq!(display(&d).to_string(), "(_4,(_2,6),8)");
        let d: () = dice(X, t);
        assert_eq!(display(&d).to_string(), "()");
    }
}
