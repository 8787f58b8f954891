//! Atoms: port of `cute/atom/`, the architecture-independent machinery over the raw
//! operations of [`arch`](crate::arch).
//!
//! An MMA atom ([`mma_atom::MmaAtom`]) or copy atom ([`copy_atom::CopyAtom`]) wraps one raw
//! instruction with its traits: which thread holds which value of which tile coordinate, as
//! static thread-value (TV) layouts. Tiled atoms repeat an atom over threads and values, and
//! their per-thread slices partition tensors for that thread. [`values`] is how an atom reads
//! and writes its operands' values; this module holds the layout algebra the tiled atoms apply
//! to layouts and view tensors alike.

pub mod copy_atom;
pub mod copy_traits;
pub mod copy_traits_sm75;
pub mod copy_traits_sm80;
pub mod copy_traits_sm90_tma;
pub mod mma_atom;
pub mod mma_traits;
pub mod mma_traits_sm80;
pub mod mma_traits_sm90_gmma;
pub mod values;

pub(crate) use values::{fits_values, pack, unpack};
pub use values::{Column, ColumnMut, ColumnPtr, Fiber, FiberRef, RegisterCheck, Values, ValuesMut};

use crate::layout::composition::{composition, Composition, CompositionOf};
use crate::layout::divide::{
    logical_divide, zipped_divide, ByTiler, DivideOp, LogicalDivideOf, Zip2By, ZippedDivideOf,
};
use crate::layout::Layout;
use crate::pointer::IterAdd;
use crate::tensor::{SliceLayout, SliceTensorOf, Tensor, ViewLike};

// ---------------------------------------------------------------------------------------------
// The layout algebra of the tiled atoms, on layouts and view tensors alike
// ---------------------------------------------------------------------------------------------

/// `logical_divide(x, tiler)` for a layout or a view tensor (C++'s `thrfrg_*` and `tidfrg_*`
/// take either).
#[doc(hidden)]
pub trait LogicalDivideBy<T> {
    type Output;
    fn logical_divide_by(self, tiler: T) -> Self::Output;
}
impl<S, D, T> LogicalDivideBy<T> for Layout<S, D>
where
    Layout<S, D>: ByTiler<DivideOp, T>,
{
    type Output = LogicalDivideOf<Layout<S, D>, T>;
    #[inline(always)]
    fn logical_divide_by(self, tiler: T) -> Self::Output {
        logical_divide(self, tiler)
    }
}
impl<E: ViewLike, L: Copy + ByTiler<DivideOp, T>, T> LogicalDivideBy<T> for Tensor<E, L> {
    type Output = Tensor<E, LogicalDivideOf<L, T>>;
    #[inline(always)]
    fn logical_divide_by(self, tiler: T) -> Self::Output {
        self.logical_divide(tiler)
    }
}

/// A view tensor sliced by a coordinate with `_` (`Tensor::into_slice` as a named bound).
#[doc(hidden)]
pub trait IntoSliced<Crd> {
    type Output;
    fn into_sliced(self, c: Crd) -> Self::Output;
}
impl<E, L, Crd> IntoSliced<Crd> for Tensor<E, L>
where
    E: ViewLike,
    L: SliceLayout<Crd>,
    E::Iter: IterAdd<L::Offset>,
{
    type Output = SliceTensorOf<E, L, Crd>;
    #[inline(always)]
    fn into_sliced(self, c: Crd) -> Self::Output {
        self.into_slice(c)
    }
}

impl<S, D, Crd> IntoSliced<Crd> for Layout<S, D>
where
    Layout<S, D>: SliceLayout<Crd>,
{
    type Output = <Layout<S, D> as SliceLayout<Crd>>::Output;
    #[inline(always)]
    fn into_sliced(self, c: Crd) -> Self::Output {
        self.slice_and_offset(c).0
    }
}

/// `zipped_divide(x, tiler)` for a layout or a view tensor.
#[doc(hidden)]
pub trait ZippedDivideBy<T> {
    type Output;
    fn zipped_divide_by(self, tiler: T) -> Self::Output;
}
impl<S, D, T: Copy> ZippedDivideBy<T> for Layout<S, D>
where
    Layout<S, D>: ByTiler<DivideOp, T>,
    <Layout<S, D> as ByTiler<DivideOp, T>>::Shape: Zip2By<T>,
    <Layout<S, D> as ByTiler<DivideOp, T>>::Stride: Zip2By<T>,
{
    type Output = ZippedDivideOf<Layout<S, D>, T>;
    #[inline(always)]
    fn zipped_divide_by(self, tiler: T) -> Self::Output {
        zipped_divide(self, tiler)
    }
}
impl<E: ViewLike, L, T: Copy> ZippedDivideBy<T> for Tensor<E, L>
where
    L: Copy + ByTiler<DivideOp, T>,
    <L as ByTiler<DivideOp, T>>::Shape: Zip2By<T>,
    <L as ByTiler<DivideOp, T>>::Stride: Zip2By<T>,
{
    type Output = Tensor<E, ZippedDivideOf<L, T>>;
    #[inline(always)]
    fn zipped_divide_by(self, tiler: T) -> Self::Output {
        self.zipped_divide(tiler)
    }
}

/// `composition(x, tiler)` for a layout or a view tensor (C++'s `x.compose(t, _)` is a tiler
/// `(t, _)`).
#[doc(hidden)]
pub trait ComposeBy<T> {
    type Output;
    fn compose_by(self, tiler: T) -> Self::Output;
}
impl<S, D, T> ComposeBy<T> for Layout<S, D>
where
    Layout<S, D>: Composition<T>,
{
    type Output = CompositionOf<Layout<S, D>, T>;
    #[inline(always)]
    fn compose_by(self, tiler: T) -> Self::Output {
        composition(self, tiler)
    }
}
impl<E: ViewLike, L: Copy + Composition<T>, T> ComposeBy<T> for Tensor<E, L> {
    type Output = Tensor<E, CompositionOf<L, T>>;
    #[inline(always)]
    fn compose_by(self, tiler: T) -> Self::Output {
        self.composition(tiler)
    }
}

#[cfg(test)]
pub(crate) mod cpp_expected {
    const EXPECTED: &str = include_str!("../../../tests/cpp/atoms.expected");

    /// The lines of case `name` (those after its `@@ name` line, up to the next case), each
    /// ending in a newline.
    pub(crate) fn cpp_case(name: &str) -> &'static str {
        let head = std::format!("@@ {name}\n");
        let start = EXPECTED
            .find(&head)
            .unwrap_or_else(|| panic!("no case {name} in tests/cpp/atoms.expected"))
            + head.len();
        let len = EXPECTED[start..]
            .find("@@ ")
            .unwrap_or(EXPECTED.len() - start);
        &EXPECTED[start..start + len]
    }
}
