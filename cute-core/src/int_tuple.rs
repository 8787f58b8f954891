//! Hierarchical integer tuples: port of `cute/int_tuple.hpp`.
//!
//! An IntTuple is an integer leaf ([`Integral`]: static `C<N>` or dynamic `i32`/`i64`) or a
//! Rust tuple of IntTuples, to any depth: `(_4, (2, _3))`. [`IntTuple`] names that bound once;
//! its associated items give what every algorithm needs (rank, depth, size). The operations
//! each follow the pattern trait `Op`, alias `OpOf`, function `op`.

use core::fmt;

use crate::container::tuple::{Split, Tuple};
use crate::numeric::arithmetic::{IntAdd, IntDiv, IntMul, IntRem, Prod, Quot, Sum};
use crate::numeric::integral_constant::{Bool, Integral, C};
use crate::numeric::aliases::{_0, _1};
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

/// `crd2idx(coord, shape, stride)`: the offset of a coordinate, the inner product of the
/// coordinate with the stride, where an integer coordinate for a tuple-shaped mode is first
/// split over that mode colexicographically (mode 0 fastest).
#[diagnostic::on_unimplemented(
    message = "crd2idx: the coordinate is not congruent with the shape (or the shape with the stride)",
    note = "a coordinate is an integer, or a tuple with one entry per mode of the shape"
)]
pub trait Crd2Idx<S, D> {
    /// The offset's type: static iff everything it depends on is.
    type Output: Integral;
    /// Computes the offset.
    fn crd2idx(self, shape: S, stride: D) -> Self::Output;
}
/// The type of `crd2idx(C, S, D)`.
pub type Crd2IdxOf<Crd, S, D> = <Crd as Crd2Idx<S, D>>::Output;

/// `crd2idx(coord, shape, stride)`; see [`Crd2Idx`].
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
pub fn crd2idx<Crd: Crd2Idx<S, D>, S, D>(coord: Crd, shape: S, stride: D) -> Crd::Output {
    coord.crd2idx(shape, stride)
}

// tuple coordinate: the sum over modes.
impl Crd2Idx<(), ()> for () {
    type Output = _0;
    #[inline(always)]
    fn crd2idx(self, _: (), _: ()) -> Self::Output {
        C::new()
    }
}
impl<Crd, S, D> Crd2Idx<S, D> for Crd
where
    Crd: Split,
    S: Split,
    D: Split,
    Crd::Head: Crd2Idx<S::Head, D::Head>,
    Crd::Tail: Crd2Idx<S::Tail, D::Tail>,
    Crd2IdxOf<Crd::Head, S::Head, D::Head>: IntAdd<Crd2IdxOf<Crd::Tail, S::Tail, D::Tail>>,
{
    type Output =
        Sum<Crd2IdxOf<Crd::Head, S::Head, D::Head>, Crd2IdxOf<Crd::Tail, S::Tail, D::Tail>>;
    #[inline(always)]
    fn crd2idx(self, shape: S, stride: D) -> Self::Output {
        let (c0, c) = self.split();
        let (s0, s) = shape.split();
        let (d0, d) = stride.split();
        c0.crd2idx(s0, d0).add(c.crd2idx(s, d))
    }
}

// integer coordinate: dispatch on whether the shape is an integer or a tuple.
macro_rules! leaf_crd2idx {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* S: IntTuple, D> Crd2Idx<S, D> for $t
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
    type Output: Integral;
    fn crd2idx_int(self, shape: S, stride: D) -> Self::Output;
}
impl<Crd: IntLeaf, S: IntLeaf, D: IntLeaf> Crd2IdxInt<S, D, B0> for Crd
where
    Crd: IntMul<D>,
{
    type Output = Prod<Crd, D>;
    #[inline(always)]
    fn crd2idx_int(self, _: S, stride: D) -> Self::Output {
        self.mul(stride)
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
    type Output: Integral;
    fn crd2idx_split(self, shape: S, stride: D) -> Self::Output;
}
impl<Crd: IntLeaf, S: Split, D: Split> Crd2IdxSplit<S, D, B1> for Crd
where
    Crd: Crd2Idx<S::Head, D::Head>,
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
    <Crd as IntRem<SizeOf<S::Head>>>::Output: Crd2Idx<S::Head, D::Head>,
    Quot<Crd, SizeOf<S::Head>>: IntLeaf
        + Crd2IdxSplit<S::Tail, D::Tail, <<S::Tail as Split>::Tail as TupleIsEmpty>::Output>,
    Crd2IdxOf<<Crd as IntRem<SizeOf<S::Head>>>::Output, S::Head, D::Head>: IntAdd<
        <Quot<Crd, SizeOf<S::Head>> as Crd2IdxSplit<
            S::Tail,
            D::Tail,
            <<S::Tail as Split>::Tail as TupleIsEmpty>::Output,
        >>::Output,
    >,
{
    type Output = Sum<
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
        lo.add(hi)
    }
}

#[cfg(test)]
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
}
