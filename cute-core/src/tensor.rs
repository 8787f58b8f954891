//! Tensors: port of `cute/tensor_impl.hpp`.
//!
//! A [`Tensor<E, L>`] is an engine `E` composed with a layout `L`: `T(c) = *(begin + L(c))`.
//! The engine is a [`ViewEngine`] over an iterator (a pointer tagged by memory space, or a
//! counting coordinate for identity tensors) or an [`ArrayEngine`], an owning array in
//! registers whose length is the static `cosize` of the layout.

use core::fmt;
use core::ops::{Index, IndexMut};

use generic_array::{ArrayLength, GenericArray};

use crate::int_tuple::{Crd2Idx, IntTuple};
use crate::layout::{Cosize, CosizeSum, Layout};
use crate::numeric::integral_constant::{Integral, ToUnsigned, UnsignedOf};
use crate::pointer::{IterAdd, MemIter, RmemPtr};
use crate::util::print::CutePrint;

/// Where a tensor's elements come from.
pub trait Engine {
    /// The iterator at offset 0 (C++'s `tensor.data()`).
    type Iter: Copy;
    /// The iterator at offset 0.
    fn begin(&self) -> Self::Iter;
    /// The iterator at offset 0, for writing (an owning engine's pointer must come from a
    /// unique borrow to be written through).
    fn begin_mut(&mut self) -> Self::Iter {
        self.begin()
    }
}

/// A non-owning engine: an iterator (C++'s `ViewEngine`).
#[derive(Clone, Copy, PartialEq)]
pub struct ViewEngine<I>(I);

impl<I: Copy> Engine for ViewEngine<I> {
    type Iter = I;
    #[inline(always)]
    fn begin(&self) -> I {
        self.0
    }
}

/// An owning engine: `N` elements in an array (C++'s `ArrayEngine`), for register
/// fragments. `N` is a static length, so the array lives in registers on the device.
pub struct ArrayEngine<T, N: ArrayLength>(GenericArray<T, N>);

impl<T: Copy, N: ArrayLength> Clone for ArrayEngine<T, N>
where
    GenericArray<T, N>: Clone,
{
    fn clone(&self) -> Self {
        ArrayEngine(self.0.clone())
    }
}

impl<T, N: ArrayLength> Engine for ArrayEngine<T, N> {
    type Iter = RmemPtr<T>;
    #[inline(always)]
    fn begin(&self) -> RmemPtr<T> {
        RmemPtr::new(self.0.as_ptr() as *mut T)
    }
    #[inline(always)]
    fn begin_mut(&mut self) -> RmemPtr<T> {
        RmemPtr::new(self.0.as_mut_ptr())
    }
}

/// A tensor: an engine composed with a layout, printed `data o layout`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut data = [0f32, 1., 2., 3.];
/// // SAFETY: every offset of (2,2):(2,1) (0..=3) is inside `data`.
/// let t = unsafe { make_tensor(data.as_mut_ptr(), make_layout((_2, _2), (_2, _1))) };
/// assert_eq!(t.get((1, 1)), 3.0);
/// assert!(t.to_string().ends_with(") o (_2,_2):(_2,_1)"));
/// ```
#[derive(Clone)]
pub struct Tensor<E, L> {
    engine: E,
    layout: L,
}

impl<E: Copy, L: Copy> Copy for Tensor<E, L> {}

impl<E: Engine, L: Copy> Tensor<E, L> {
    /// The layout (C++'s `tensor.layout()`).
    #[inline(always)]
    pub fn layout(&self) -> L {
        self.layout
    }
    /// The iterator at offset 0 (C++'s `tensor.data()`).
    #[inline(always)]
    pub fn data(&self) -> E::Iter {
        self.engine.begin()
    }
    /// The engine.
    #[inline(always)]
    pub fn engine(&self) -> &E {
        &self.engine
    }
}

impl<E: Engine, S: IntTuple, D: IntTuple> Tensor<E, Layout<S, D>> {
    /// `shape(tensor)`.
    #[inline(always)]
    pub fn shape(&self) -> S {
        self.layout.shape()
    }
    /// `stride(tensor)`.
    #[inline(always)]
    pub fn stride(&self) -> D {
        self.layout.stride()
    }
    /// `size(tensor)`.
    #[inline(always)]
    pub fn size(&self) -> S::Size {
        self.layout.size()
    }
    /// The iterator of coordinate `c`: `data() + layout(c)`.
    #[inline(always)]
    pub fn iter_at<Crd>(&self, c: Crd) -> <E::Iter as IterAdd<Crd::Output>>::Output
    where
        Crd: Crd2Idx<S, D>,
        E::Iter: IterAdd<Crd::Output>,
    {
        self.engine.begin().iter_add(self.layout.call(c))
    }
}

impl<E: Engine, S: IntTuple, D: IntTuple> Tensor<E, Layout<S, D>>
where
    E::Iter: MemIter,
{
    /// `tensor(c)`: the element at coordinate `c` (a 1-D index, a hierarchical coordinate,
    /// or anything between).
    #[inline(always)]
    pub fn get<Crd>(&self, c: Crd) -> <E::Iter as MemIter>::Value
    where
        Crd: Crd2Idx<S, D>,
    {
        // SAFETY: a tensor holds memory that is valid for every offset of its layout (the
        // contract of `make_tensor`, or the engine's own array).
        unsafe { *self.ptr_at(c) }
    }
    /// `tensor(c) = v`.
    #[inline(always)]
    pub fn set<Crd>(&mut self, c: Crd, v: <E::Iter as MemIter>::Value)
    where
        Crd: Crd2Idx<S, D>,
    {
        // SAFETY: as in `get`; `&mut self` stands for the unique right to write.
        unsafe { *self.ptr_at_mut(c) = v }
    }
    #[inline(always)]
    fn ptr_at<Crd: Crd2Idx<S, D>>(&self, c: Crd) -> *mut <E::Iter as MemIter>::Value {
        let offset = self.layout.call(c).value() as isize;
        self.engine.begin().as_ptr().wrapping_offset(offset)
    }
    #[inline(always)]
    fn ptr_at_mut<Crd: Crd2Idx<S, D>>(&mut self, c: Crd) -> *mut <E::Iter as MemIter>::Value {
        let offset = self.layout.call(c).value() as isize;
        self.engine.begin_mut().as_ptr().wrapping_offset(offset)
    }
}

impl<E: Engine, S: IntTuple, D: IntTuple, Crd: Crd2Idx<S, D>> Index<Crd> for Tensor<E, Layout<S, D>>
where
    E::Iter: MemIter,
{
    type Output = <E::Iter as MemIter>::Value;
    #[inline(always)]
    fn index(&self, c: Crd) -> &Self::Output {
        // SAFETY: see `get`.
        unsafe { &*self.ptr_at(c) }
    }
}
impl<E: Engine, S: IntTuple, D: IntTuple, Crd: Crd2Idx<S, D>> IndexMut<Crd>
    for Tensor<E, Layout<S, D>>
where
    E::Iter: MemIter,
{
    #[inline(always)]
    fn index_mut(&mut self, c: Crd) -> &mut Self::Output {
        // SAFETY: see `set`.
        unsafe { &mut *self.ptr_at_mut(c) }
    }
}

/// `make_tensor(iter, layout)`: a non-owning tensor over an iterator.
///
/// # Safety
/// For a memory iterator, every offset `layout(c)` for `c` in the domain must be valid for
/// reads (and for writes where the tensor is written) for as long as the tensor is used, as
/// for a raw pointer. Counting iterators (coordinates) have no such condition.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut x = [0i32; 6];
/// // SAFETY: (2,3):(3,1) reaches offsets 0..=5.
/// let mut t = unsafe { make_tensor(make_gmem_ptr(x.as_mut_ptr()), make_layout((_2, _3), (_3, _1))) };
/// t.set((1, 2), 7);
/// assert_eq!(x[5], 7);
/// ```
#[inline(always)]
pub unsafe fn make_tensor<I: Copy, L: Copy>(iter: I, layout: L) -> Tensor<ViewEngine<I>, L> {
    Tensor {
        engine: ViewEngine(iter),
        layout,
    }
}

/// `make_tensor(slice, layout)`: a tensor over a mutable slice, checked: the layout's
/// `cosize` must fit in the slice.
///
/// # Panics
/// `make_tensor: the layout's cosize exceeds the slice length` if it does not fit.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut x = [1.0f32, 2., 3., 4.];
/// let t = make_tensor_from_slice(&mut x, make_layout((_2, _2), (_1, _2)));
/// assert_eq!(t.get((1, 1)), 4.0);
/// ```
pub fn make_tensor_from_slice<T: Copy, S: IntTuple + CosizeSum<D>, D: IntTuple>(
    slice: &mut [T],
    layout: Layout<S, D>,
) -> Tensor<ViewEngine<*mut T>, Layout<S, D>> {
    let cosize = layout.cosize().value();
    assert!(
        layout.size().value() == 0 || (cosize >= 0 && cosize as usize <= slice.len()),
        "make_tensor: the layout's cosize exceeds the slice length"
    );
    // SAFETY: every offset is below cosize <= slice.len() (strides are non-negative in the
    // layouts this accepts; a negative offset is caught by `cosize` being smaller).
    unsafe { make_tensor(slice.as_mut_ptr(), layout) }
}

/// `make_tensor<T>(layout)`: an owning tensor (a register fragment) of `cosize(layout)`
/// elements, all `T::default()`. The layout must be static: its cosize is the array length.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut f = make_rmem_tensor::<f32, _, _>(make_layout((_4, _2), (_1, _4)));
/// f.set((3, 1), 2.5);
/// assert_eq!(f.get(7), 2.5);
/// assert_eq!(core::mem::size_of_val(&f), 8 * 4);
/// ```
#[inline(always)]
pub fn make_rmem_tensor<T: Copy + Default, S: IntTuple + CosizeSum<D>, D: IntTuple>(
    layout: Layout<S, D>,
) -> Tensor<ArrayEngine<T, UnsignedOf<Cosize<S, D>>>, Layout<S, D>>
where
    Cosize<S, D>: StaticLength,
{
    Tensor {
        engine: ArrayEngine(GenericArray::default()),
        layout,
    }
}

/// A static, non-negative length: what an owning tensor's `cosize` must be.
#[diagnostic::on_unimplemented(
    message = "make_rmem_tensor: an owning tensor needs a static layout (its cosize is the array length)",
    note = "use a layout whose every shape and stride is static (`_4`, not `4`)"
)]
pub trait StaticLength: ToUnsigned {}
impl<T: ToUnsigned> StaticLength for T {}

impl<E: Engine, L: CutePrint> CutePrint for Tensor<E, L>
where
    E::Iter: CutePrint,
{
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.engine.begin().cute_fmt(f)?;
        f.write_str(" o ")?;
        self.layout.cute_fmt(f)
    }
}
impl<E: Engine, L: CutePrint> fmt::Display for Tensor<E, L>
where
    E::Iter: CutePrint,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}
impl<E: Engine, L: CutePrint> fmt::Debug for Tensor<E, L>
where
    E::Iter: CutePrint,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use std::format;
    use std::string::ToString;

    #[test]
    fn element_1_1_of_2x2_row_major_is_at_offset_3() {
        let mut x = [10f32, 11., 12., 13.];
        let p = x.as_mut_ptr();
        let t = unsafe { make_tensor(p, make_layout((2, 2), (2, 1))) };
        assert_eq!(t.get((1, 1)), 13.0);
        assert_eq!(t.iter_at((1, 1)), p.wrapping_add(3));
        assert_eq!(t.to_string(), format!("ptr[32b]({p:p}) o (2,2):(2,1)"));
    }

    #[test]
    fn index_and_set_write_through() {
        let mut x = [0i32; 12];
        let mut t = make_tensor_from_slice(&mut x, make_layout((_3, _4), (_4, _1)));
        for i in 0..3 {
            for j in 0..4 {
                t[(i, j)] = 10 * i + j;
            }
        }
        assert_eq!(x, [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]);
    }

    #[test]
    #[should_panic(expected = "make_tensor: the layout's cosize exceeds the slice length")]
    fn slice_too_short_panics_with_the_shapes() {
        let mut x = [0i32; 5];
        let _ = make_tensor_from_slice(&mut x, make_layout((3, 2), (1, 3)));
    }

    #[test]
    fn register_fragment_is_sized_by_static_cosize() {
        let mut f = make_rmem_tensor::<i32, _, _>(make_layout((_2, _3), (_3, _1)));
        assert_eq!(core::mem::size_of_val(f.engine()), 6 * 4);
        f.set((1, 2), 9);
        assert_eq!(f.get(5), 9);
        assert_eq!(f[(1, 2)], 9);
    }
}
