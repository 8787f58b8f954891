//! Tensors: port of `cute/tensor_impl.hpp`.
//!
//! A [`Tensor<E, L>`] is an engine `E` composed with a layout `L`: `T(c) = *(begin + L(c))`.
//! The engine is a [`ViewEngine`] over an iterator (a pointer tagged by memory space, or a
//! counting coordinate for identity tensors), an [`ArrayEngine`] (an owning array in registers
//! whose length is the static `cosize` of the layout), or a view borrowing another tensor
//! ([`RefEngine`], [`MutEngine`]).
//!
//! # C++ to Rust
//! | C++ | Rust |
//! |---|---|
//! | `tensor(c)`, `tensor[c]` (no `_` in `c`) | [`Tensor::get`], `tensor[c]`, [`Tensor::set`] |
//! | `tensor(2, _)`, `tensor(make_coord(_, 1), 3)` | [`Tensor::slice`]`((2, X))` (a view borrowing the tensor), [`Tensor::slice_mut`], [`Tensor::into_slice`] (a view tensor by value) |
//! | `make_tensor(ptr, layout)` | `unsafe` [`make_tensor`] (any iterator: raw or tagged pointer) |
//! | `make_tensor(ptr, shape)`, `make_tensor(ptr, shape, stride)`, `make_tensor(ptr, shape, LayoutRight{})` | `unsafe` [`make_tensor_from_shape`]`(ptr, shape, LayoutLeft / stride / LayoutRight)` |
//! | `make_tensor(std::vector)`-like, over host memory | [`make_tensor_from_slice`] (borrowing `&mut [T]`), [`make_tensor_from_ref`] (`&[T]`, read only) |
//! | `make_tensor<T>(layout)`, `make_tensor<T>(shape[, stride])` | [`make_rmem_tensor`]`::<T, _, _>(layout)`, [`make_rmem_tensor_from_shape`] |
//! | `make_tensor_like(t)`, `make_tensor_like<T>(layout or t)` | [`make_tensor_like`]`(&t)`, [`make_tensor_like_as`]`::<T, _>(layout or t.layout())` |
//! | `make_fragment_like(t)`, `make_fragment_like<T>(layout or t)` | [`make_fragment_like`]`(&t)`, [`make_fragment_like_as`]`::<T, _>(layout or t.layout())` |
//! | `make_layout_like(layout)`, `make_fragment_like(layout)` (`layout.hpp`) | [`make_layout_like`], [`make_fragment_like_layout`] |
//! | `recast<T>(tensor)` | [`Tensor::recast`]`::<T>()` (a view; on an owning tensor, `t.view().recast::<T>()`) |
//! | `tensor(c0, c1, ...)` | `tensor[(c0, c1, ...)]`, [`Tensor::get`]`((c0, c1, ...))` (Rust has no call operator to overload) |
//! | `make_coord_tensor(layout)`, `make_identity_tensor(shape)` | [`make_coord_tensor`], [`make_identity_tensor`] |
//!
//! # Coordinate tensors and the algebra
//! Identity and coordinate tensors have strides of scaled bases (`_1@0`, `_1@1`); the tensor
//! algebra and partitioning work on them as on integer strides (`local_tile`, the divides,
//! composition with a TV layout, slicing), which is how predication tensors are built: see
//! `tests/tensor_examples.rs` (`ArithTuple(128,130) o ((_2,_2),_4,_8):((_1@1,_8@0),_32@0,_16@1)`).
//!
//! # Compile time
//! The result of a slice or of `local_tile` has a projection type (`<L as
//! SliceLayout<Crd>>::Output`). Calling more layout algebra on such a tensor without naming its
//! layout type can make rustc take minutes (the projection is normalized again and again);
//! name the type once, `let t: Tensor<_, Layout<(_128, _128), (_1, _512)>> = local_tile(..);`.
//!
//! # Soundness
//! Tensors over raw pointers are made by `unsafe` functions whose contract is the pointer's:
//! every offset of the layout must be valid memory for as long as the tensor is used. Every
//! other tensor is safe: an owning tensor's slices are views that borrow it (shared by
//! [`Tensor::slice`], unique by [`Tensor::slice_mut`]), so a view cannot outlive the array nor
//! alias a write.

pub mod partition;

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

use generic_array::{ArrayLength, GenericArray};

use crate::algorithm::tuple_algorithms::{Fun1, Transform};
use crate::container::tuple::{Split, Tuple};
use crate::int_tuple::TupleIsEmpty;
use crate::int_tuple::{Crd2Arith, Crd2IdxOf, IntTuple};
use crate::layout::coalesce::FilterZeros;
use crate::layout::coalesce::{
    coalesce, coalesce_profile, ByProfile, ByProfileOf, Coalesce, CoalesceOf, CoalesceOp,
};
use crate::layout::complement::AllStatic;
use crate::layout::composition::{composition, Composition, CompositionOf};
use crate::layout::divide::{
    flat_divide, logical_divide, tiled_divide, zipped_divide, ByTiler, DivideOp, FlatDivideOf,
    LogicalDivideOf, TiledDivideOf, Unpack2, Zip2By, ZippedDivideOf,
};
use crate::layout::product::{
    logical_product, tiled_product, LogicalProductOf, ProductOp, TiledProductOf,
};
use crate::layout::recast::{downcast, upcast, Downcast, DowncastOf, Upcast, UpcastOf};
use crate::layout::{
    flatten_layout, group, Cosize, CosizeSum, FlattenFn, GroupFn, Layout, MapModes, MapModesOf,
    RangeOk, StrideFor,
};
use crate::layout::{make_identity_layout, LayoutLeft};
use crate::numeric::aliases::_0;
use crate::numeric::aliases::_1;
use crate::numeric::arithmetic::{GcdOf, IntDiv, IntGcd, Quot};
use crate::numeric::arithmetic::{StaticLess, StaticLessImpl};
use crate::numeric::arithmetic_tuple::{
    make_inttuple_iter, ArithAdd, ArithSum, ArithmeticTuple, ArithmeticTupleIterator,
    AsArithmeticTuple, AsArithmeticTupleOf, BasisLikeOf, MakeBasisLike, ScaledBasis,
};
use crate::numeric::integral_constant::{Integral, ToUnsigned, UnsignedOf, C};
use crate::numeric::numeric_types::SizeofBits;
use crate::numeric::Integer;
use crate::numeric::{Bit, B0, B1};
use crate::pointer::{GmemPtr, GmemReadOnlyPtr, RmemPtr, SmemPtr};
use crate::pointer::{IterAdd, IterAddOf, IterRead, IterValueOf, MemIter};
use crate::stride::{CompactColMajorOf, CompactMajor, CompactOrder, CompactOrderOf};
use crate::underscore::{SliceTuple, SliceTupleOf};
use crate::util::print::CutePrint;
use core::ops::{BitAnd, Not};

// ---------------------------------------------------------------------------------------------
// Engines
// ---------------------------------------------------------------------------------------------

/// Where a tensor's elements come from: an iterator at offset 0, and the views of it that a
/// borrow of the tensor may hand out.
pub trait Engine {
    /// The iterator at offset 0 (C++'s `tensor.data()`).
    type Iter: Copy;
    /// The engine of a shared view of this one ([`Tensor::view`]): read only when the engine
    /// owns its elements, the engine itself when it is a copyable view.
    type Ref<'a>: ViewLike<Iter = Self::Iter> + Copy
    where
        Self: 'a;
    /// The engine of a unique view of this one ([`Tensor::view_mut`]).
    type Mut<'a>: ViewLike<Iter = Self::Iter>
    where
        Self: 'a;
    /// The iterator at offset 0.
    fn begin(&self) -> Self::Iter;
    /// A shared view.
    fn as_ref(&self) -> Self::Ref<'_>;
    /// A unique view.
    fn as_mut(&mut self) -> Self::Mut<'_>;
}

/// An engine whose elements may be written through `&mut` of the tensor.
pub trait EngineMut: Engine {
    /// The iterator at offset 0, for writing (an owning engine's pointer must come from a
    /// unique borrow to be written through).
    fn begin_mut(&mut self) -> Self::Iter;
}

/// A non-owning engine that slicing and partitioning can move to another iterator (of
/// another type, for counting iterators) while keeping what it may do and how long it lives.
pub trait ViewLike: Engine + Sized {
    /// The same kind of engine over iterator `J`.
    type Rebind<J: Copy>: ViewLike<Iter = J>;
    /// The same kind of engine over `iter`.
    fn rebind<J: Copy>(self, iter: J) -> Self::Rebind<J>;
}

/// A non-owning engine: an iterator (C++'s `ViewEngine`). Its tensors are `Copy`; over memory
/// they are made by the `unsafe` constructors ([`make_tensor`]), whose contract covers writes.
#[derive(Clone, Copy, PartialEq)]
pub struct ViewEngine<I>(I);

impl<I: Copy> Engine for ViewEngine<I> {
    type Iter = I;
    type Ref<'a>
        = ViewEngine<I>
    where
        I: 'a;
    type Mut<'a>
        = ViewEngine<I>
    where
        I: 'a;
    #[inline(always)]
    fn begin(&self) -> I {
        self.0
    }
    #[inline(always)]
    fn as_ref(&self) -> Self {
        *self
    }
    #[inline(always)]
    fn as_mut(&mut self) -> Self {
        *self
    }
}
impl<I: Copy> EngineMut for ViewEngine<I> {
    #[inline(always)]
    fn begin_mut(&mut self) -> I {
        self.0
    }
}
impl<I: Copy> ViewLike for ViewEngine<I> {
    type Rebind<J: Copy> = ViewEngine<J>;
    #[inline(always)]
    fn rebind<J: Copy>(self, iter: J) -> ViewEngine<J> {
        ViewEngine(iter)
    }
}

/// A shared, read-only view of memory borrowed for `'a` (a slice of an owning tensor, or a
/// tensor over `&[T]`).
pub struct RefEngine<'a, I> {
    iter: I,
    _borrow: PhantomData<&'a ()>,
}
impl<I: Copy> Clone for RefEngine<'_, I> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<I: Copy> Copy for RefEngine<'_, I> {}

impl<'b, I: Copy> Engine for RefEngine<'b, I> {
    type Iter = I;
    type Ref<'a>
        = RefEngine<'b, I>
    where
        Self: 'a;
    type Mut<'a>
        = RefEngine<'b, I>
    where
        Self: 'a;
    #[inline(always)]
    fn begin(&self) -> I {
        self.iter
    }
    #[inline(always)]
    fn as_ref(&self) -> Self {
        *self
    }
    #[inline(always)]
    fn as_mut(&mut self) -> Self {
        *self
    }
}
impl<'b, I: Copy> ViewLike for RefEngine<'b, I> {
    type Rebind<J: Copy> = RefEngine<'b, J>;
    #[inline(always)]
    fn rebind<J: Copy>(self, iter: J) -> RefEngine<'b, J> {
        RefEngine {
            iter,
            _borrow: PhantomData,
        }
    }
}

/// A unique, writable view of memory borrowed for `'a` (a mutable slice of an owning tensor,
/// or a tensor over `&mut [T]`). Not `Copy`: reborrow it with [`Tensor::view_mut`].
pub struct MutEngine<'a, I> {
    iter: I,
    _borrow: PhantomData<&'a mut ()>,
}

impl<'b, I: Copy> Engine for MutEngine<'b, I> {
    type Iter = I;
    type Ref<'a>
        = RefEngine<'a, I>
    where
        Self: 'a;
    type Mut<'a>
        = MutEngine<'a, I>
    where
        Self: 'a;
    #[inline(always)]
    fn begin(&self) -> I {
        self.iter
    }
    #[inline(always)]
    fn as_ref(&self) -> RefEngine<'_, I> {
        RefEngine {
            iter: self.iter,
            _borrow: PhantomData,
        }
    }
    #[inline(always)]
    fn as_mut(&mut self) -> MutEngine<'_, I> {
        MutEngine {
            iter: self.iter,
            _borrow: PhantomData,
        }
    }
}
impl<I: Copy> EngineMut for MutEngine<'_, I> {
    #[inline(always)]
    fn begin_mut(&mut self) -> I {
        self.iter
    }
}
impl<'b, I: Copy> ViewLike for MutEngine<'b, I> {
    type Rebind<J: Copy> = MutEngine<'b, J>;
    #[inline(always)]
    fn rebind<J: Copy>(self, iter: J) -> MutEngine<'b, J> {
        MutEngine {
            iter,
            _borrow: PhantomData,
        }
    }
}

/// An owning engine: `N` elements in an array (C++'s `ArrayEngine`), for register
/// fragments. `N` is a static length, so the array lives in registers on the device. Aligned
/// to 16 bytes as C++'s `array_aligned` storage is, so that an atom may move a fragment's
/// consecutive values as one register of up to 16 bytes (e.g. two `half_t` as a `u32`).
#[repr(C, align(16))]
pub struct ArrayEngine<T, N: ArrayLength>(GenericArray<T, N>);

impl<T: Copy, N: ArrayLength> Clone for ArrayEngine<T, N>
where
    GenericArray<T, N>: Clone,
{
    fn clone(&self) -> Self {
        ArrayEngine(self.0.clone())
    }
}

// The iterator is a raw pointer, as in C++ (whose owning tensors print `ptr[32b](..)`).
impl<T: Copy, N: ArrayLength> Engine for ArrayEngine<T, N> {
    type Iter = *mut T;
    type Ref<'a>
        = RefEngine<'a, *mut T>
    where
        Self: 'a;
    type Mut<'a>
        = MutEngine<'a, *mut T>
    where
        Self: 'a;
    #[inline(always)]
    fn begin(&self) -> *mut T {
        self.0.as_ptr() as *mut T
    }
    #[inline(always)]
    fn as_ref(&self) -> RefEngine<'_, *mut T> {
        RefEngine {
            iter: self.begin(),
            _borrow: PhantomData,
        }
    }
    #[inline(always)]
    fn as_mut(&mut self) -> MutEngine<'_, *mut T> {
        MutEngine {
            iter: self.begin_mut(),
            _borrow: PhantomData,
        }
    }
}
impl<T: Copy, N: ArrayLength> EngineMut for ArrayEngine<T, N> {
    #[inline(always)]
    fn begin_mut(&mut self) -> *mut T {
        self.0.as_mut_ptr()
    }
}

// ---------------------------------------------------------------------------------------------
// What a tensor needs of its layout
// ---------------------------------------------------------------------------------------------

/// A layout evaluated at a coordinate (C++'s `layout(c)`): what a tensor adds to its iterator.
pub trait LayoutEval<Crd>: Copy {
    /// The offset (an integer, or a coordinate for strides of scaled bases).
    type Output: Copy;
    /// `layout(c)`.
    fn eval(&self, coord: Crd) -> Self::Output;
}
impl<Crd, S, D> LayoutEval<Crd> for Layout<S, D>
where
    S: IntTuple,
    D: Copy,
    Crd: Crd2Arith<S, D>,
{
    type Output = Crd2IdxOf<Crd, S, D>;
    #[inline(always)]
    fn eval(&self, coord: Crd) -> Self::Output {
        self.call(coord)
    }
}

/// A layout sliced by a coordinate with `_` (C++'s `slice_and_offset`): the layout of the free
/// modes and the offset of the fixed ones.
#[diagnostic::on_unimplemented(
    message = "slice: the coordinate is not congruent with the tensor's shape",
    note = "a slicing coordinate has one entry (an integer, `X`, or a tuple) per mode"
)]
pub trait SliceLayout<Crd>: Copy {
    /// The layout of the modes at `_`.
    type Output: Copy;
    /// The offset of the coordinate, `_` counting as 0.
    type Offset: Copy;
    /// `slice_and_offset(coord, layout)`.
    fn slice_and_offset(self, coord: Crd) -> (Self::Output, Self::Offset);
}
impl<Crd, S, D> SliceLayout<Crd> for Layout<S, D>
where
    S: IntTuple,
    D: Copy + 'static,
    Crd: Copy + Crd2Arith<S, D> + SliceTuple<S> + SliceTuple<D>,
    SliceTupleOf<Crd, S>: IntTuple,
{
    type Output = Layout<SliceTupleOf<Crd, S>, SliceTupleOf<Crd, D>>;
    type Offset = Crd2IdxOf<Crd, S, D>;
    #[inline(always)]
    fn slice_and_offset(self, coord: Crd) -> (Self::Output, Self::Offset) {
        (
            Layout::new(
                coord.slice_tuple(self.shape()),
                coord.slice_tuple(self.stride()),
            ),
            coord.crd2idx(self.shape(), self.stride()),
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Tensor
// ---------------------------------------------------------------------------------------------

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

/// The type of a shared view of a tensor, [`Tensor::view`].
pub type ViewOf<'a, E, L> = Tensor<<E as Engine>::Ref<'a>, L>;
/// The type of a unique view of a tensor, [`Tensor::view_mut`].
pub type ViewMutOf<'a, E, L> = Tensor<<E as Engine>::Mut<'a>, L>;
/// The type of `tensor(coord)` for a coordinate with `_`, over a view engine `E`.
pub type SliceTensorOf<E, L, Crd> = Tensor<
    <E as ViewLike>::Rebind<IterAddOf<<E as Engine>::Iter, <L as SliceLayout<Crd>>::Offset>>,
    <L as SliceLayout<Crd>>::Output,
>;
/// The element type of a tensor read at coordinate `Crd`.
pub type ElementOf<E, L, Crd> = IterValueOf<<E as Engine>::Iter, <L as LayoutEval<Crd>>::Output>;

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
    /// A shared view of the tensor: the same elements and layout, borrowing `self` (for a
    /// view tensor, a copy of it).
    #[inline(always)]
    pub fn view(&self) -> ViewOf<'_, E, L> {
        Tensor {
            engine: self.engine.as_ref(),
            layout: self.layout,
        }
    }
    /// A unique view of the tensor, borrowing `self` mutably: what writes go through.
    #[inline(always)]
    pub fn view_mut(&mut self) -> ViewMutOf<'_, E, L> {
        Tensor {
            engine: self.engine.as_mut(),
            layout: self.layout,
        }
    }

    /// `tensor(c)`: the element at coordinate `c` (a 1-D index, a hierarchical coordinate,
    /// or anything between); for a coordinate tensor, the coordinate.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let id = make_identity_tensor((_4, _8));
    /// assert_eq!(id.get(9i32).to_string(), "(1,2)");
    /// ```
    #[inline(always)]
    pub fn get<Crd>(&self, c: Crd) -> ElementOf<E, L, Crd>
    where
        L: LayoutEval<Crd>,
        E::Iter: IterRead<L::Output>,
    {
        // SAFETY: a tensor holds memory that is valid for every offset of its layout (the
        // contract of `make_tensor`, or the engine's own array, or a borrowed slice).
        unsafe { self.engine.begin().read_at(self.layout.eval(c)) }
    }

    /// The iterator of coordinate `c`: `data() + layout(c)`.
    #[inline(always)]
    pub fn iter_at<Crd>(&self, c: Crd) -> IterAddOf<E::Iter, L::Output>
    where
        L: LayoutEval<Crd>,
        E::Iter: IterAdd<L::Output>,
    {
        self.engine.begin().iter_add(self.layout.eval(c))
    }

    /// `tensor(c)` for a coordinate `c` with `_` ([`X`](const@crate::underscore::X)): the sub-tensor
    /// of the modes at `_`, whose iterator is advanced by the offset of the others (C++'s
    /// `slice_and_offset`). It borrows `self`: read only for an owning tensor (use
    /// [`slice_mut`](Self::slice_mut) to write), a plain view for a view tensor.
    ///
    /// # Preconditions
    /// `c` is congruent with the shape down to its integers and `_`; otherwise the compile
    /// error `slice: the coordinate is not congruent with the tensor's shape` (or the same
    /// sentence from `crd2idx`).
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let mut x = [0f32; 4];
    /// let t = make_tensor_from_slice(&mut x, make_layout((2, 2), (2, 1)));
    /// let col = t.slice((X, 1));
    /// assert_eq!(col.layout().to_string(), "(2):(2)");
    /// assert_eq!(col.data() as usize - t.data() as usize, 4);
    /// ```
    #[inline(always)]
    pub fn slice<Crd>(&self, c: Crd) -> SliceTensorOf<E::Ref<'_>, L, Crd>
    where
        L: SliceLayout<Crd>,
        E::Iter: IterAdd<L::Offset>,
    {
        self.view().into_slice(c)
    }

    /// `tensor(c)` for a coordinate with `_`, as a writable view borrowing `self` uniquely;
    /// see [`slice`](Self::slice).
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let mut f = make_rmem_tensor::<i32, _, _>(make_layout((_2, _3), (_3, _1)));
    /// let mut row = f.slice_mut((1, X));
    /// row.set(2, 7);
    /// assert_eq!(f.get((1, 2)), 7);
    /// ```
    #[inline(always)]
    pub fn slice_mut<Crd>(&mut self, c: Crd) -> SliceTensorOf<E::Mut<'_>, L, Crd>
    where
        L: SliceLayout<Crd>,
        E::Iter: IterAdd<L::Offset>,
    {
        self.view_mut().into_slice(c)
    }
}

impl<E: ViewLike, L: Copy> Tensor<E, L> {
    /// `tensor(c)` for a coordinate with `_`, consuming a view tensor (the form the
    /// partitioning functions use); see [`Tensor::slice`].
    #[inline(always)]
    pub fn into_slice<Crd>(self, c: Crd) -> SliceTensorOf<E, L, Crd>
    where
        L: SliceLayout<Crd>,
        E::Iter: IterAdd<L::Offset>,
    {
        let (layout, offset) = self.layout.slice_and_offset(c);
        let iter = self.engine.begin().iter_add(offset);
        Tensor {
            engine: self.engine.rebind(iter),
            layout,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Algebra on tensors: the layout algebra applied to the layout, the iterator kept
// ---------------------------------------------------------------------------------------------

/// The tensor algebra of C++'s `tensor_impl.hpp`: each operation applies the layout function
/// of the same name to the layout and keeps the iterator (C++ `op(tensor, ...)` is
/// `tensor.op(...)` here, on a view tensor; call [`Tensor::view`] or [`Tensor::view_mut`] on an
/// owning one first).
impl<E: ViewLike, L: Copy> Tensor<E, L> {
    /// `composition(tensor, tiler)`: the tensor over `composition(layout, tiler)`.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let x: [i32; 32] = core::array::from_fn(|i| i as i32);
    /// let t = make_tensor_from_ref(&x, make_layout((_4, _8), (_8, _1)));
    /// // the TV layout ((_2,_4),(_2,_2)):((_8,_1),(_4,_16)) over a 4x8 row-major tensor
    /// let tv = t.composition(make_layout(((_2, _4), (_2, _2)), ((_8, _1), (_4, _16))));
    /// assert_eq!(tv.layout().to_string(), "((_2,_4),(_2,_2)):((_2,_8),(_1,_4))");
    /// ```
    #[inline(always)]
    pub fn composition<B>(self, tiler: B) -> Tensor<E, CompositionOf<L, B>>
    where
        L: Composition<B>,
    {
        Tensor {
            engine: self.engine,
            layout: composition(self.layout, tiler),
        }
    }
    /// `logical_divide(tensor, tiler)`.
    #[inline(always)]
    pub fn logical_divide<T>(self, tiler: T) -> Tensor<E, LogicalDivideOf<L, T>>
    where
        L: ByTiler<DivideOp, T>,
    {
        Tensor {
            engine: self.engine,
            layout: logical_divide(self.layout, tiler),
        }
    }
    /// `zipped_divide(tensor, tiler)`: `((TileM,TileN,...),(RestM,RestN,...))`.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let x = [0f32; 192];
    /// let t = make_tensor_from_ref(&x, make_layout((8, 24), LayoutLeft));
    /// let z = t.zipped_divide((_4, _8));
    /// assert_eq!(display(&z.shape()).to_string(), "((_4,_8),(2,3))");
    /// ```
    #[inline(always)]
    pub fn zipped_divide<T: Copy, S, D>(self, tiler: T) -> Tensor<E, ZippedDivideOf<L, T>>
    where
        L: ByTiler<DivideOp, T, Shape = S, Stride = D>,
        S: IntTuple + Zip2By<T>,
        D: IntTuple + Zip2By<T>,
    {
        Tensor {
            engine: self.engine,
            layout: zipped_divide(self.layout, tiler),
        }
    }
    /// `tiled_divide(tensor, tiler)`: `((TileM,TileN,...),RestM,RestN,...)`.
    #[inline(always)]
    pub fn tiled_divide<T: Copy, S, D>(self, tiler: T) -> Tensor<E, TiledDivideOf<L, T>>
    where
        L: ByTiler<DivideOp, T, Shape = S, Stride = D>,
        S: IntTuple + Zip2By<T>,
        D: IntTuple + Zip2By<T>,
        <S as Zip2By<T>>::Output: Unpack2,
        <D as Zip2By<T>>::Output: Unpack2,
    {
        Tensor {
            engine: self.engine,
            layout: tiled_divide(self.layout, tiler),
        }
    }
    /// `flat_divide(tensor, tiler)`: `(TileM,TileN,...,RestM,RestN,...)`.
    #[inline(always)]
    pub fn flat_divide<T: Copy, S, D>(self, tiler: T) -> Tensor<E, FlatDivideOf<L, T>>
    where
        L: ByTiler<DivideOp, T, Shape = S, Stride = D>,
        S: IntTuple + Zip2By<T>,
        D: IntTuple + Zip2By<T>,
        <S as Zip2By<T>>::Output: Unpack2,
        <D as Zip2By<T>>::Output: Unpack2,
    {
        Tensor {
            engine: self.engine,
            layout: flat_divide(self.layout, tiler),
        }
    }
    /// `coalesce(tensor)`.
    #[inline(always)]
    pub fn coalesce(self) -> Tensor<E, CoalesceOf<L>>
    where
        L: Coalesce,
    {
        Tensor {
            engine: self.engine,
            layout: coalesce(self.layout),
        }
    }
    /// `coalesce(tensor, profile)`.
    #[inline(always)]
    pub fn coalesce_profile<P>(self, profile: P) -> Tensor<E, ByProfileOf<L, P, CoalesceOp>>
    where
        L: ByProfile<P, CoalesceOp>,
    {
        Tensor {
            engine: self.engine,
            layout: coalesce_profile(self.layout, profile),
        }
    }
    /// `group_modes<B,E>(tensor)`: modes `[B, E)` gathered into one (static `B`, `E`).
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let x = [0i32; 24];
    /// let t = make_tensor_from_ref(&x, make_layout((_2, _3, _4), LayoutLeft));
    /// assert_eq!(t.group_modes::<_1, _3>().layout().to_string(), "(_2,(_3,_4)):(_1,(_2,_6))");
    /// ```
    #[inline(always)]
    pub fn group_modes<B, End>(self) -> Tensor<E, MapModesOf<L, GroupFn<B, End>>>
    where
        End: StaticLessImpl<B>,
        StaticLess<End, B>: core::ops::Not,
        <StaticLess<End, B> as core::ops::Not>::Output: RangeOk,
        L: MapModes<GroupFn<B, End>>,
    {
        Tensor {
            engine: self.engine,
            layout: group::<B, End, L>(self.layout),
        }
    }
    /// `flatten(tensor)`: the layout of depth at most 1 with the same leaves.
    #[inline(always)]
    pub fn flatten(self) -> Tensor<E, MapModesOf<L, FlattenFn>>
    where
        L: MapModes<FlattenFn>,
    {
        Tensor {
            engine: self.engine,
            layout: flatten_layout(self.layout),
        }
    }
    /// The same kind of engine at `data() + offset`, over `layout` (what a partitioner that
    /// computes the layout and the offset itself returns, e.g. `tma_partition`).
    #[inline(always)]
    pub(crate) fn relayout<L2: Copy, O>(
        self,
        layout: L2,
        offset: O,
    ) -> Tensor<E::Rebind<IterAddOf<E::Iter, O>>, L2>
    where
        E::Iter: IterAdd<O>,
    {
        let iter = self.engine.begin().iter_add(offset);
        Tensor {
            engine: self.engine.rebind(iter),
            layout,
        }
    }
    /// `domain_offset(coord, tensor)`: the same layout, its origin moved to `coord` (the
    /// iterator advanced by `layout(coord)`).
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let t = make_identity_tensor((_4, _8)).domain_offset((1, 2));
    /// assert_eq!(t.to_string(), "ArithTuple(1,2) o (_4,_8):(_1@0,_1@1)");
    /// ```
    #[inline(always)]
    pub fn domain_offset<Crd>(
        self,
        coord: Crd,
    ) -> Tensor<E::Rebind<IterAddOf<E::Iter, L::Output>>, L>
    where
        L: LayoutEval<Crd>,
        E::Iter: IterAdd<L::Output>,
    {
        let iter = self.engine.begin().iter_add(self.layout.eval(coord));
        Tensor {
            engine: self.engine.rebind(iter),
            layout: self.layout,
        }
    }
}

impl<E: Engine, L: Copy> Tensor<E, L>
where
    E::Iter: MemIter,
{
    /// `tensor(c) = v`.
    #[inline(always)]
    pub fn set<Crd>(&mut self, c: Crd, v: <E::Iter as MemIter>::Value)
    where
        E: EngineMut,
        L: LayoutEval<Crd, Output: Integral>,
    {
        // SAFETY: as in `get`; `&mut self` of a writable engine stands for the right to write.
        unsafe { <E::Iter as MemIter>::store(self.ptr_at_mut(c), v) }
    }
    #[inline(always)]
    fn ptr_at<Crd>(&self, c: Crd) -> *mut <E::Iter as MemIter>::Value
    where
        L: LayoutEval<Crd, Output: Integral>,
    {
        let offset = self.layout.eval(c).value() as isize;
        self.engine.begin().ptr_at(offset)
    }
    #[inline(always)]
    fn ptr_at_mut<Crd>(&mut self, c: Crd) -> *mut <E::Iter as MemIter>::Value
    where
        E: EngineMut,
        L: LayoutEval<Crd, Output: Integral>,
    {
        let offset = self.layout.eval(c).value() as isize;
        self.engine.begin_mut().ptr_at(offset)
    }
}

impl<E: Engine, S: IntTuple, D: Copy> Tensor<E, Layout<S, D>> {
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
    /// `rank(tensor)`.
    #[inline(always)]
    pub const fn rank(&self) -> usize {
        S::RANK
    }
    /// `depth(tensor)`.
    #[inline(always)]
    pub const fn depth(&self) -> usize {
        S::DEPTH
    }
}

impl<E: Engine, L: LayoutEval<Crd, Output: Integral>, Crd> Index<Crd> for Tensor<E, L>
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
impl<E: EngineMut, L: LayoutEval<Crd, Output: Integral>, Crd> IndexMut<Crd> for Tensor<E, L>
where
    E::Iter: MemIter,
{
    #[inline(always)]
    fn index_mut(&mut self, c: Crd) -> &mut Self::Output {
        // SAFETY: see `set`.
        unsafe { &mut *self.ptr_at_mut(c) }
    }
}

// ---------------------------------------------------------------------------------------------
// Bounds for generic code (the algorithms)
// ---------------------------------------------------------------------------------------------

/// A tensor with a shape (C++'s `shape(tensor)`), for generic code.
pub trait TensorShape {
    /// The shape.
    type Shape: IntTuple;
    /// `shape(tensor)`.
    fn tensor_shape(&self) -> Self::Shape;
}
impl<E, S: IntTuple, D: Copy> TensorShape for Tensor<E, Layout<S, D>> {
    type Shape = S;
    #[inline(always)]
    fn tensor_shape(&self) -> S {
        self.layout.shape()
    }
}

/// A memory tensor read at coordinates of type `Crd` (`tensor(c)`), for generic code.
pub trait ReadAt<Crd> {
    /// The element type.
    type Value: Copy;
    /// How many consecutive elements from an element's address may be moved as one register
    /// ([`MemIter::CONTIGUOUS_SPAN`]); 1 where elements are computed, not stored.
    #[doc(hidden)]
    const CONTIGUOUS_SPAN: usize = 1;
    /// `tensor(c)`.
    fn read_at(&self, c: Crd) -> Self::Value;
    /// `&tensor(c)`, for a tensor whose elements are stored (memory or a register fragment);
    /// `None` where they are computed. An MMA atom uses it to move the values of one call as
    /// its registers when they are consecutive (C++'s `recast<RegType>` of the fragment), so
    /// that 16-bit accumulators stay packed in their 32-bit registers.
    #[doc(hidden)]
    #[inline(always)]
    fn element_ptr(&self, _c: Crd) -> Option<*mut Self::Value> {
        None
    }
}
/// A memory tensor written at coordinates of type `Crd` (`tensor(c) = v`), for generic code.
pub trait WriteAt<Crd>: ReadAt<Crd> {
    /// `tensor(c) = v`.
    fn write_at(&mut self, c: Crd, v: Self::Value);
    /// `&mut tensor(c)`, as [`ReadAt::element_ptr`].
    #[doc(hidden)]
    #[inline(always)]
    fn element_ptr_mut(&mut self, _c: Crd) -> Option<*mut Self::Value> {
        None
    }
}
impl<E: Engine, L: LayoutEval<Crd, Output: Integral>, Crd> ReadAt<Crd> for Tensor<E, L>
where
    E::Iter: MemIter,
{
    type Value = <E::Iter as MemIter>::Value;
    const CONTIGUOUS_SPAN: usize = <E::Iter as MemIter>::CONTIGUOUS_SPAN;
    #[inline(always)]
    fn read_at(&self, c: Crd) -> Self::Value {
        // SAFETY: see `get`.
        unsafe { <E::Iter as MemIter>::load(self.ptr_at(c)) }
    }
    #[inline(always)]
    fn element_ptr(&self, c: Crd) -> Option<*mut Self::Value> {
        Some(self.ptr_at(c))
    }
}
impl<E: EngineMut, L: LayoutEval<Crd, Output: Integral>, Crd> WriteAt<Crd> for Tensor<E, L>
where
    E::Iter: MemIter,
{
    #[inline(always)]
    fn write_at(&mut self, c: Crd, v: Self::Value) {
        // SAFETY: see `set`.
        unsafe { <E::Iter as MemIter>::store(self.ptr_at_mut(c), v) }
    }
    #[inline(always)]
    fn element_ptr_mut(&mut self, c: Crd) -> Option<*mut Self::Value> {
        Some(self.ptr_at_mut(c))
    }
}

// ---------------------------------------------------------------------------------------------
// Constructors
// ---------------------------------------------------------------------------------------------

/// `make_tensor(iter, layout)`: a non-owning tensor over an iterator.
///
/// # Safety
/// For a memory iterator, every offset `layout(c)` for `c` in the domain must be valid for
/// reads (and for writes where the tensor is written) for as long as the tensor, its copies and
/// its slices are used, as for a raw pointer.
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

/// `make_tensor(iter, shape, stride)`: a non-owning tensor over an iterator, with the layout
/// `make_layout(shape, stride)`; `stride` is a stride, [`LayoutLeft`]
/// (C++'s `make_tensor(iter, shape)`) or [`LayoutRight`](crate::layout::LayoutRight).
///
/// # Safety
/// As for [`make_tensor`].
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut x = [0i32; 6];
/// let p = x.as_mut_ptr();
/// // SAFETY: both layouts reach offsets 0..=5.
/// let t = unsafe { make_tensor_from_shape(p, (_2, _3), LayoutRight) };
/// assert_eq!(t.layout().to_string(), "(_2,_3):(_3,_1)");
/// let t = unsafe { make_tensor_from_shape(p, (2, _3), LayoutLeft) };
/// assert_eq!(t.layout().to_string(), "(2,_3):(_1,2)");
/// ```
#[inline(always)]
pub unsafe fn make_tensor_from_shape<I: Copy, S, D>(
    iter: I,
    shape: S,
    stride: D,
) -> Tensor<ViewEngine<I>, Layout<S, D::Stride>>
where
    S: IntTuple,
    D: StrideFor<S>,
{
    Tensor {
        engine: ViewEngine(iter),
        layout: Layout::new(shape, stride.stride_for(shape)),
    }
}

/// Checks that `layout` fits in `len` elements: every offset non-negative and below `len`.
fn fits<S, D>(layout: Layout<S, D>, len: usize) -> bool
where
    S: IntTuple + CosizeSum<D> + NegativeReach<D>,
    D: IntTuple,
{
    if layout.size().value() == 0 {
        return true;
    }
    // The offsets span `cosize` consecutive values from the smallest, `layout(0) = 0` plus
    // the reach of the negative strides.
    let lowest = layout.shape().negative_reach(layout.stride());
    let highest = lowest + layout.cosize().value() - 1;
    lowest >= 0 && highest < len as i64
}

/// `sum((s_i - 1) * d_i)` over the leaves with a negative stride: the smallest offset of a
/// layout of shape `Self` and stride `D`.
#[doc(hidden)]
pub trait NegativeReach<D> {
    fn negative_reach(self, stride: D) -> i64;
}
impl NegativeReach<()> for () {
    #[inline(always)]
    fn negative_reach(self, _: ()) -> i64 {
        0
    }
}
impl<S: Split, D: Split> NegativeReach<D> for S
where
    S::Head: NegativeReach<D::Head>,
    S::Tail: NegativeReach<D::Tail>,
{
    #[inline(always)]
    fn negative_reach(self, stride: D) -> i64 {
        let (s0, s) = self.split();
        let (d0, d) = stride.split();
        s0.negative_reach(d0) + s.negative_reach(d)
    }
}
macro_rules! leaf_negative_reach {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* D: Integral> NegativeReach<D> for $t {
            #[inline(always)]
            fn negative_reach(self, stride: D) -> i64 {
                let d = stride.value();
                if d < 0 {
                    (self.value() - 1) * d
                } else {
                    0
                }
            }
        }
    )*};
}
leaf_negative_reach!([N: Integer + 'static,] C<N>, [] i32, [] i64);

/// The panic message of [`make_tensor_from_slice`], naming the layout and the slice length.
#[cold]
#[inline(never)]
#[track_caller]
fn slice_too_short<L: fmt::Display>(layout: L, len: usize) -> ! {
    panic!("make_tensor: the layout {layout} does not fit in a slice of {len} elements")
}

/// `make_tensor(slice, layout)`: a writable tensor borrowing a mutable slice, checked: every
/// offset of the layout must lie in the slice.
///
/// # Panics
/// `make_tensor: the layout (3,2):(1,3) does not fit in a slice of 5 elements` (naming the
/// layout and the length) if it does not.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut x = [1.0f32, 2., 3., 4.];
/// let mut t = make_tensor_from_slice(&mut x, make_layout((_2, _2), (_1, _2)));
/// assert_eq!(t.get((1, 1)), 4.0);
/// t[(0, 1)] = 9.0;
/// assert_eq!(x[2], 9.0);
/// ```
#[track_caller]
pub fn make_tensor_from_slice<T: Copy, S, D>(
    slice: &mut [T],
    layout: Layout<S, D>,
) -> Tensor<MutEngine<'_, *mut T>, Layout<S, D>>
where
    S: IntTuple + CosizeSum<D> + NegativeReach<D>,
    D: IntTuple,
    Layout<S, D>: CutePrint,
{
    if !fits(layout, slice.len()) {
        slice_too_short(crate::util::print::display(&layout), slice.len());
    }
    Tensor {
        engine: MutEngine {
            iter: slice.as_mut_ptr(),
            _borrow: PhantomData,
        },
        layout,
    }
}

/// `make_tensor(slice, layout)` over a shared slice: a read-only tensor borrowing it, checked
/// as [`make_tensor_from_slice`].
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let x = [1, 2, 3, 4, 5, 6];
/// let t = make_tensor_from_ref(&x, make_layout((_2, _3), LayoutRight));
/// assert_eq!(t.get((1, 0)), 4);
/// ```
#[track_caller]
pub fn make_tensor_from_ref<T: Copy, S, D>(
    slice: &[T],
    layout: Layout<S, D>,
) -> Tensor<RefEngine<'_, *const T>, Layout<S, D>>
where
    S: IntTuple + CosizeSum<D> + NegativeReach<D>,
    D: IntTuple,
    Layout<S, D>: CutePrint,
{
    if !fits(layout, slice.len()) {
        slice_too_short(crate::util::print::display(&layout), slice.len());
    }
    Tensor {
        engine: RefEngine {
            iter: slice.as_ptr(),
            _borrow: PhantomData,
        },
        layout,
    }
}

/// The type of an owning tensor of `T` over the static layout `S:D` (C++'s
/// `make_tensor<T>(layout)`).
pub type RmemTensor<T, S, D> = Tensor<ArrayEngine<T, UnsignedOf<Cosize<S, D>>>, Layout<S, D>>;

/// `make_tensor<T>(layout)`: an owning tensor (a register fragment) of `cosize(layout)`
/// elements, all `T::default()`. The layout must be static: its cosize is the array length.
///
/// # Preconditions
/// A layout with a dynamic shape or stride is the compile error `make_rmem_tensor: an owning
/// tensor needs a static layout (its cosize is the array length)`.
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
) -> RmemTensor<T, S, D>
where
    Cosize<S, D>: StaticLength,
{
    Tensor {
        engine: ArrayEngine(GenericArray::default()),
        layout,
    }
}

/// `make_tensor<T>(shape, stride)`: an owning tensor over `make_layout(shape, stride)`, where
/// `stride` is a stride, [`LayoutLeft`] (C++'s
/// `make_tensor<T>(shape)`) or [`LayoutRight`](crate::layout::LayoutRight).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let f = make_rmem_tensor_from_shape::<f32, _, _>((_2, _4), LayoutLeft);
/// assert_eq!(f.layout().to_string(), "(_2,_4):(_1,_2)");
/// ```
#[inline(always)]
pub fn make_rmem_tensor_from_shape<T: Copy + Default, S, D>(
    shape: S,
    stride: D,
) -> RmemTensor<T, S, D::Stride>
where
    S: IntTuple + CosizeSum<D::Stride>,
    D: StrideFor<S>,
    Cosize<S, D::Stride>: StaticLength,
{
    make_rmem_tensor(Layout::new(shape, stride.stride_for(shape)))
}

/// A static, non-negative length: what an owning tensor's `cosize` must be.
#[diagnostic::on_unimplemented(
    message = "make_rmem_tensor: an owning tensor needs a static layout (its cosize is the array length)",
    note = "use a layout whose every shape and stride is static (`_4`, not `4`)"
)]
pub trait StaticLength: ToUnsigned {}
impl<T: ToUnsigned> StaticLength for T {}

// ---------------------------------------------------------------------------------------------
// Tensors like others: make_layout_like, make_fragment_like, make_tensor_like; recast
// ---------------------------------------------------------------------------------------------

/// `make_layout_like(layout)` (C++'s `layout.hpp`): the compact layout of the same shape whose
/// strides follow the order of `layout`'s strides; static-0 strides stay `_0`.
///
/// # Math
/// `make_layout(shape, compact_order(filter_zeros(stride, shape), stride))`: the modes are
/// laid out from the smallest stride to the largest, skipping the modes of stride `_0`.
///
/// # Preconditions
/// The strides are static (their order is computed by the type checker).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout(((_2, _2), _4, _8), ((_512, _8), _32, _8192));
/// assert_eq!(make_layout_like(l).to_string(), "((_2,_2),_4,_8):((_8,_1),_2,_16)");
/// ```
#[inline(always)]
pub fn make_layout_like<L: MakeLayoutLike>(layout: L) -> L::Output {
    layout.make_layout_like()
}

/// [`make_layout_like`] as a trait.
pub trait MakeLayoutLike {
    /// The compact layout.
    type Output: Copy;
    /// Computes it.
    fn make_layout_like(self) -> Self::Output;
}
/// The layout type of `make_layout_like(L)`.
pub type LayoutLikeOf<L> = <L as MakeLayoutLike>::Output;
impl<S, D> MakeLayoutLike for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple + FilterZeros<S>,
    FilterZerosTupleOf<D, S>: CompactOrder<D>,
    CompactOrderOf<FilterZerosTupleOf<D, S>, D>: Copy,
{
    type Output = Layout<S, CompactOrderOf<FilterZerosTupleOf<D, S>, D>>;
    #[inline(always)]
    fn make_layout_like(self) -> Self::Output {
        let (s, d) = (self.shape(), self.stride());
        Layout::new(s, d.filter_zeros(s).compact_order(d))
    }
}
/// `filter_zeros(stride, shape)` of IntTuples: the shape with `_1` where the stride is `_0`.
type FilterZerosTupleOf<D, S> = <D as FilterZeros<S>>::Output;

/// `make_fragment_like(layout)` (C++'s `layout.hpp`): the compact layout of a register fragment
/// for values laid out as `layout`: mode 0 column-major (C++ keeps it so for the MMA and copy
/// atoms), the other modes in the order of their strides; a static-0 stride of mode 0 stays.
///
/// # Math
/// For a static shape of rank above 1: `tiled_product(make_layout(shape<0>,
/// compact_col_major(filter_zeros(stride<0>, shape<0>))), make_ordered_layout(shape<1..>,
/// stride<1..>))`. Otherwise the column-major layout `make_layout(shape)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout(((_2, _2), _4, _8), ((_512, _8), _32, _8192));
/// assert_eq!(make_fragment_like_layout(l).to_string(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
/// let l = make_layout((_4, _8), (_8, _1));
/// assert_eq!(make_fragment_like_layout(l).to_string(), "(_4,(_8)):(_1,(_4))");
/// ```
#[inline(always)]
pub fn make_fragment_like_layout<L: MakeFragmentLike>(layout: L) -> L::Output {
    layout.make_fragment_like()
}

/// [`make_fragment_like_layout`] as a trait.
pub trait MakeFragmentLike {
    /// The fragment's layout.
    type Output: Copy;
    /// Computes it.
    fn make_fragment_like(self) -> Self::Output;
}
/// The layout type of `make_fragment_like(L)`.
pub type FragmentLikeOf<L> = <L as MakeFragmentLike>::Output;
impl<S, D> MakeFragmentLike for Layout<S, D>
where
    S: IntTuple + AllStatic + SeveralModes,
    <S as AllStatic>::Output: BitAnd<<S as SeveralModes>::Output>,
    Layout<S, D>: FragmentLikeBy<And<<S as AllStatic>::Output, <S as SeveralModes>::Output>>,
{
    type Output = <Layout<S, D> as FragmentLikeBy<
        And<<S as AllStatic>::Output, <S as SeveralModes>::Output>,
    >>::Output;
    #[inline(always)]
    fn make_fragment_like(self) -> Self::Output {
        FragmentLikeBy::<_>::fragment_like_by(self)
    }
}
type And<A, B> = <A as BitAnd<B>>::Output;

/// `B1` for a tuple of at least two modes.
#[doc(hidden)]
pub trait SeveralModes {
    type Output: Bit;
}
impl SeveralModes for () {
    type Output = B0;
}
impl<T: Split> SeveralModes for T
where
    T::Tail: TupleIsEmpty,
    <T::Tail as TupleIsEmpty>::Output: Not,
    <<T::Tail as TupleIsEmpty>::Output as Not>::Output: Bit,
{
    type Output = <<T::Tail as TupleIsEmpty>::Output as Not>::Output;
}
macro_rules! leaf_several_modes {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> SeveralModes for $t {
            type Output = B0;
        }
    )*};
}
leaf_several_modes!([N: Integer] C<N>, [] i32, [] i64);

/// [`MakeFragmentLike`] by the bit "static shape of rank above 1".
#[doc(hidden)]
pub trait FragmentLikeBy<Tiled> {
    type Output: Copy;
    fn fragment_like_by(self) -> Self::Output;
}
impl<S, D> FragmentLikeBy<B0> for Layout<S, D>
where
    S: IntTuple + CompactMajor<LayoutLeft, _1>,
    D: Copy,
    CompactColMajorOf<S>: Copy,
{
    type Output = Layout<S, CompactColMajorOf<S>>;
    #[inline(always)]
    fn fragment_like_by(self) -> Self::Output {
        let s = self.shape();
        Layout::new(s, s.compact_major(C::new()))
    }
}
/// Mode 0 of a fragment: `make_layout(s0, compact_col_major(filter_zeros(d0, s0)))`.
type FragMode0<S, D> = Layout<
    <S as Split>::Head,
    CompactColMajorOf<FilterZerosTupleOf<<D as Split>::Head, <S as Split>::Head>>,
>;
/// The other modes of a fragment: `make_ordered_layout(s[1..], d[1..])`.
type FragRest<S, D> =
    Layout<<S as Split>::Tail, CompactOrderOf<<S as Split>::Tail, <D as Split>::Tail>>;
impl<S, D> FragmentLikeBy<B1> for Layout<S, D>
where
    S: IntTuple + Split,
    D: IntTuple + Split,
    S::Head: IntTuple,
    S::Tail: IntTuple + Split + CompactOrder<D::Tail>,
    <S::Tail as Split>::Tail: TupleIsEmpty,
    D::Head: FilterZeros<S::Head>,
    FilterZerosTupleOf<D::Head, S::Head>: CompactMajor<LayoutLeft, _1>,
    FragMode0<S, D>:
        FragmentProduct<FragRest<S, D>, <<S::Tail as Split>::Tail as TupleIsEmpty>::Output>,
{
    type Output = <FragMode0<S, D> as FragmentProduct<
        FragRest<S, D>,
        <<S::Tail as Split>::Tail as TupleIsEmpty>::Output,
    >>::Output;
    #[inline(always)]
    fn fragment_like_by(self) -> Self::Output {
        let (s0, s) = self.shape().split();
        let (d0, d) = self.stride().split();
        let mode0 = Layout::new(s0, d0.filter_zeros(s0).compact_major(C::new()));
        FragmentProduct::<_, _>::fragment_product(mode0, Layout::new(s, s.compact_order(d)))
    }
}

/// C++'s `tiled_product(mode0, rest)` inside `make_fragment_like`: with a single other mode
/// (`Single = B1`) C++ keeps it as a rank-1 tuple, `(_4,(_8))` (its `result(_, repeat<1>(_))`
/// is `result(_, _)`); with more, the modes are unpacked, as [`tiled_product`] does.
#[doc(hidden)]
pub trait FragmentProduct<T, Single> {
    type Output: Copy;
    fn fragment_product(self, rest: T) -> Self::Output;
}
impl<L, T> FragmentProduct<T, B1> for L
where
    L: ByTiler<ProductOp, T>,
    LogicalProductOf<L, T>: Copy,
{
    type Output = LogicalProductOf<L, T>;
    #[inline(always)]
    fn fragment_product(self, rest: T) -> Self::Output {
        logical_product(self, rest)
    }
}
impl<L, T: Copy, PS, PD> FragmentProduct<T, B0> for L
where
    L: ByTiler<ProductOp, T, Shape = PS, Stride = PD>,
    PS: IntTuple + Zip2By<T>,
    PD: IntTuple + Zip2By<T>,
    <PS as Zip2By<T>>::Output: Unpack2,
    <PD as Zip2By<T>>::Output: Unpack2,
    TiledProductOf<L, T>: Copy,
{
    type Output = TiledProductOf<L, T>;
    #[inline(always)]
    fn fragment_product(self, rest: T) -> Self::Output {
        tiled_product(self, rest)
    }
}

/// The element type of a memory tensor.
pub type ValueOf<E> = <<E as Engine>::Iter as MemIter>::Value;

/// `make_tensor_like(tensor)`: an owning tensor (a register fragment) of the tensor's element
/// type, of the same shape, its modes in the order of the tensor's strides
/// ([`make_layout_like`]); the values are `T::default()`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let x = [0f32; 32];
/// let t = make_tensor_from_ref(&x, make_layout((_4, _8), (_8, _1)));
/// let f = make_tensor_like(&t);
/// assert_eq!(f.layout().to_string(), "(_4,_8):(_8,_1)");
/// assert_eq!(core::mem::size_of_val(&f), 32 * 4);
/// ```
#[inline(always)]
pub fn make_tensor_like<E, L>(
    tensor: &Tensor<E, L>,
) -> Tensor<ArrayEngine<ValueOf<E>, UnsignedOf<LayoutCosizeOf<LayoutLikeOf<L>>>>, LayoutLikeOf<L>>
where
    E: Engine,
    E::Iter: MemIter<Value: Default>,
    L: Copy + MakeLayoutLike,
    LayoutLikeOf<L>: OwningLayout,
{
    make_tensor_like_as::<ValueOf<E>, L>(tensor.layout())
}

/// `make_tensor_like<T>(layout)`: an owning tensor of `T` over [`make_layout_like`]`(layout)`
/// (pass `tensor.layout()` for C++'s `make_tensor_like<T>(tensor)`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let f = make_tensor_like_as::<i64, _>(make_layout((_2, _2, _2), (_0, _2, _1)));
/// assert_eq!(f.layout().to_string(), "(_2,_2,_2):(_0,_2,_1)");
/// // 4 elements: the stride-0 mode takes no storage
/// assert_eq!(core::mem::size_of_val(&f), 4 * 8);
/// ```
#[inline(always)]
pub fn make_tensor_like_as<T, L>(
    layout: L,
) -> Tensor<ArrayEngine<T, UnsignedOf<LayoutCosizeOf<LayoutLikeOf<L>>>>, LayoutLikeOf<L>>
where
    T: Copy + Default,
    L: MakeLayoutLike,
    LayoutLikeOf<L>: OwningLayout,
{
    Tensor {
        engine: ArrayEngine(GenericArray::default()),
        layout: layout.make_layout_like(),
    }
}

/// `make_fragment_like(tensor)`: an owning tensor (a register fragment) of the tensor's
/// element type over [`make_fragment_like_layout`]`(tensor.layout())`: mode 0 column-major,
/// the other modes in the order of the tensor's strides.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let x = vec![0u16; 512 * 128];
/// let t = make_tensor_from_ref(&x, make_layout(((_2, _2), _4, _8), ((_512, _8), _32, _8192)));
/// let f = make_fragment_like(&t);
/// assert_eq!(f.layout().to_string(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
/// assert_eq!(core::mem::size_of_val(&f), 128 * 2);
/// ```
#[inline(always)]
pub fn make_fragment_like<E, L>(
    tensor: &Tensor<E, L>,
) -> Tensor<ArrayEngine<ValueOf<E>, UnsignedOf<LayoutCosizeOf<FragmentLikeOf<L>>>>, FragmentLikeOf<L>>
where
    E: Engine,
    E::Iter: MemIter<Value: Default>,
    L: Copy + MakeFragmentLike,
    FragmentLikeOf<L>: OwningLayout,
{
    make_fragment_like_as::<ValueOf<E>, L>(tensor.layout())
}

/// `make_fragment_like<T>(layout)`: an owning tensor of `T` over
/// [`make_fragment_like_layout`]`(layout)` (pass `tensor.layout()` for C++'s
/// `make_fragment_like<T>(tensor)`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let f = make_fragment_like_as::<f32, _>(make_layout(((_2, _4), _3, _2), ((_0, _3), _1, _24)));
/// assert_eq!(f.layout().to_string(), "((_2,_4),_3,_2):((_0,_1),_4,_12)");
/// ```
#[inline(always)]
pub fn make_fragment_like_as<T, L>(
    layout: L,
) -> Tensor<ArrayEngine<T, UnsignedOf<LayoutCosizeOf<FragmentLikeOf<L>>>>, FragmentLikeOf<L>>
where
    T: Copy + Default,
    L: MakeFragmentLike,
    FragmentLikeOf<L>: OwningLayout,
{
    Tensor {
        engine: ArrayEngine(GenericArray::default()),
        layout: layout.make_fragment_like(),
    }
}

/// A tensor's layout type (to name the register fragment `make_fragment_like` makes of it).
#[doc(hidden)]
pub trait TensorLayout {
    /// The layout.
    type Layout: Copy;
    /// `tensor.layout()`.
    fn tensor_layout(&self) -> Self::Layout;
}
impl<E: Engine, L: Copy> TensorLayout for Tensor<E, L> {
    type Layout = L;
    #[inline(always)]
    fn tensor_layout(&self) -> L {
        self.layout()
    }
}

/// The type of a register fragment of `T`s laid out like `make_fragment_like(L)`.
pub type FragmentLikeTensor<T, L> =
    Tensor<ArrayEngine<T, UnsignedOf<LayoutCosizeOf<FragmentLikeOf<L>>>>, FragmentLikeOf<L>>;

/// A layout an owning tensor can have: static, so that its `cosize` is an array length.
#[diagnostic::on_unimplemented(
    message = "make_rmem_tensor: an owning tensor needs a static layout (its cosize is the array length)",
    note = "use a layout whose every shape and stride is static (`_4`, not `4`)"
)]
pub trait OwningLayout: Copy {
    /// `cosize(layout)`, a static integer.
    type Cosize: StaticLength;
}
/// The static cosize of an [`OwningLayout`].
pub type LayoutCosizeOf<L> = <L as OwningLayout>::Cosize;
impl<S: IntTuple + CosizeSum<D>, D: IntTuple> OwningLayout for Layout<S, D>
where
    Cosize<S, D>: StaticLength,
{
    type Cosize = Cosize<S, D>;
}

/// An iterator over elements of one type seen as an iterator over elements of type `U`
/// (C++'s `recast_ptr<U>`): the same address, the same memory space.
pub trait RecastIter<U>: MemIter {
    /// The iterator over `U`.
    type Output: MemIter<Value = U>;
    /// The same address as an iterator over `U`.
    fn recast_iter(self) -> Self::Output;
}
impl<T: Copy, U: Copy> RecastIter<U> for *mut T {
    type Output = *mut U;
    #[inline(always)]
    fn recast_iter(self) -> *mut U {
        self as *mut U
    }
}
impl<T: Copy, U: Copy> RecastIter<U> for *const T {
    type Output = *const U;
    #[inline(always)]
    fn recast_iter(self) -> *const U {
        self as *const U
    }
}
macro_rules! recast_tagged {
    ($($Name:ident),*) => {$(
        impl<T: Copy, U: Copy> RecastIter<U> for $Name<T> {
            type Output = $Name<U>;
            #[inline(always)]
            fn recast_iter(self) -> $Name<U> {
                $Name::new(self.get() as *mut U)
            }
        }
    )*};
}
recast_tagged!(GmemPtr, GmemReadOnlyPtr, SmemPtr, RmemPtr);

/// `recast_layout<Old, New>(layout)` (C++'s `layout.hpp`): the layout of the same bytes seen
/// as elements of `New` instead of `Old`: `downcast<den>(upcast<num>(layout))` where
/// `num / den` is `sizeof_bits<New> / sizeof_bits<Old>` in lowest terms.
pub trait RecastLayout<Old, New> {
    /// The recast layout.
    type Output: Copy;
    /// Recasts.
    fn recast_layout(self) -> Self::Output;
}
/// `sizeof_bits<New> / gcd` and `sizeof_bits<Old> / gcd`.
type RecastNum<Old, New> = Quot<BitsOf<New>, GcdOf<BitsOf<New>, BitsOf<Old>>>;
type RecastDen<Old, New> = Quot<BitsOf<Old>, GcdOf<BitsOf<New>, BitsOf<Old>>>;
type BitsOf<T> = <T as SizeofBits>::Bits;
/// The layout type of `recast_layout<Old, New>(L)`.
pub type RecastLayoutOf<L, Old, New> = <L as RecastLayout<Old, New>>::Output;
impl<L, Old, New> RecastLayout<Old, New> for L
where
    Old: SizeofBits,
    New: SizeofBits,
    BitsOf<New>: IntGcd<BitsOf<Old>>,
    BitsOf<New>: IntDiv<GcdOf<BitsOf<New>, BitsOf<Old>>>,
    BitsOf<Old>: IntDiv<GcdOf<BitsOf<New>, BitsOf<Old>>>,
    L: Upcast<RecastNum<Old, New>>,
    UpcastOf<L, RecastNum<Old, New>>: Downcast<RecastDen<Old, New>>,
{
    type Output = DowncastOf<UpcastOf<L, RecastNum<Old, New>>, RecastDen<Old, New>>;
    #[inline(always)]
    fn recast_layout(self) -> Self::Output {
        downcast::<RecastDen<Old, New>, _>(upcast::<RecastNum<Old, New>, _>(self))
    }
}

/// The type of `recast<U>(tensor)`.
pub type RecastOf<E, L, U> = Tensor<
    <E as ViewLike>::Rebind<<<E as Engine>::Iter as RecastIter<U>>::Output>,
    RecastLayoutOf<L, ValueOf<E>, U>,
>;

impl<E: ViewLike, L: Copy> Tensor<E, L>
where
    E::Iter: MemIter,
{
    /// `recast<U>(tensor)`: the same memory seen as elements of `U`: the iterator recast to
    /// `U`, the layout [`RecastLayout`]ed (an upcast when `U` is wider, a downcast when it is
    /// narrower). On an owning tensor, call [`view`](Tensor::view) or
    /// [`view_mut`](Tensor::view_mut) first (C++'s `recast` of an owning tensor is a view too).
    ///
    /// # Preconditions
    /// Those of [`upcast`] and [`downcast`]: a static stride and the ratio of the widths divide
    /// one another (`upcast: a static stride and N do not divide one another`), and a
    /// downcast has a unit stride to widen. A static negative stride is not offset as C++
    /// does for an upcast (this port leaves the iterator where it is).
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let mut x = [0f32; 32];
    /// // SAFETY: (_4,_8):(_1,_4) reaches offsets 0..=31.
    /// let t = unsafe { make_tensor(make_gmem_ptr(x.as_mut_ptr()), make_layout((_4, _8), (_1, _4))) };
    /// let b = t.recast::<u8>();
    /// assert_eq!(b.layout().to_string(), "(_16,_8):(_1,_16)");
    /// assert!(b.to_string().starts_with("gmem_ptr[8b]("));
    /// ```
    #[inline(always)]
    pub fn recast<U>(self) -> RecastOf<E, L, U>
    where
        E::Iter: RecastIter<U>,
        ValueOf<E>: SizeofBits,
        L: RecastLayout<ValueOf<E>, U>,
    {
        let iter = self.engine.begin().recast_iter();
        Tensor {
            engine: self.engine.rebind(iter),
            layout: self.layout.recast_layout(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Coordinate tensors
// ---------------------------------------------------------------------------------------------

/// `coprofile(layout)` of a stride: the tuple of `_0` congruent with the layout's values
/// (C++'s `repeat_like(as_arithmetic_tuple(sum(stride)), Int<0>{})`), the origin of a
/// coordinate tensor's counting iterator.
pub trait Coprofile {
    /// The tuple of `_0`s (the inside of the arithmetic tuple).
    type Output: Tuple;
    /// Computes it.
    fn coprofile(self) -> Self::Output;
}
/// The type of [`Coprofile`].
pub type CoprofileOf<D> = <D as Coprofile>::Output;
impl<D> Coprofile for D
where
    D: StrideSum,
    StrideSumOf<D>: AsArithmeticTuple,
    AsArithmeticTupleOf<StrideSumOf<D>>: ZeroLike,
    <AsArithmeticTupleOf<StrideSumOf<D>> as ZeroLike>::Output: ArithInner,
{
    type Output = <<AsArithmeticTupleOf<StrideSumOf<D>> as ZeroLike>::Output as ArithInner>::Inner;
    #[inline(always)]
    fn coprofile(self) -> Self::Output {
        self.stride_sum()
            .into_arithmetic_tuple()
            .zero_like()
            .inner()
    }
}

/// The tuple inside an [`ArithmeticTuple`].
#[doc(hidden)]
pub trait ArithInner {
    type Inner: Tuple;
    fn inner(self) -> Self::Inner;
}
impl<T: Tuple> ArithInner for ArithmeticTuple<T> {
    type Inner = T;
    #[inline(always)]
    fn inner(self) -> T {
        self.0
    }
}

/// The sum of the leaves of a stride of integers or scaled bases (C++'s `sum(stride)`).
#[doc(hidden)]
pub trait StrideSum {
    type Output: Copy;
    fn stride_sum(self) -> Self::Output;
}
#[doc(hidden)]
pub type StrideSumOf<D> = <D as StrideSum>::Output;
impl StrideSum for () {
    type Output = _0;
    #[inline(always)]
    fn stride_sum(self) -> _0 {
        _0
    }
}
impl<D: Split> StrideSum for D
where
    D::Head: StrideSum,
    D::Tail: StrideSum,
    StrideSumOf<D::Head>: ArithAdd<StrideSumOf<D::Tail>>,
{
    type Output = ArithSum<StrideSumOf<D::Head>, StrideSumOf<D::Tail>>;
    #[inline(always)]
    fn stride_sum(self) -> Self::Output {
        let (h, t) = self.split();
        h.stride_sum().arith_add(t.stride_sum())
    }
}
impl<V: Copy, K: Copy> StrideSum for ScaledBasis<V, K> {
    type Output = Self;
    #[inline(always)]
    fn stride_sum(self) -> Self {
        self
    }
}
macro_rules! leaf_stride_sum {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> StrideSum for $t {
            type Output = $t;
            #[inline(always)]
            fn stride_sum(self) -> $t {
                self
            }
        }
        impl<$($g)*> ZeroLike for $t {
            type Output = _0;
            #[inline(always)]
            fn zero_like(self) -> _0 {
                _0
            }
        }
    )*};
}
leaf_stride_sum!([N: Integer + 'static] C<N>, [] i32, [] i64);

/// The value with every integer replaced by `_0` (C++'s `repeat_like(x, Int<0>{})`).
#[doc(hidden)]
pub trait ZeroLike {
    type Output: Copy + 'static;
    fn zero_like(self) -> Self::Output;
}
/// `zero_like` as a function value.
#[doc(hidden)]
pub struct ZeroLikeFn;
impl<X: ZeroLike> Fun1<X> for ZeroLikeFn {
    type Output = X::Output;
    #[inline(always)]
    fn call(&self, x: X) -> X::Output {
        x.zero_like()
    }
}
impl<T: Transform<ZeroLikeFn>> ZeroLike for ArithmeticTuple<T> {
    type Output = ArithmeticTuple<T::Output>;
    #[inline(always)]
    fn zero_like(self) -> Self::Output {
        ArithmeticTuple(self.0.transform(&ZeroLikeFn))
    }
}
impl<V, K> ZeroLike for ScaledBasis<V, K>
where
    ScaledBasis<V, K>: AsArithmeticTuple,
    AsArithmeticTupleOf<ScaledBasis<V, K>>: ZeroLike,
{
    type Output = <AsArithmeticTupleOf<ScaledBasis<V, K>> as ZeroLike>::Output;
    #[inline(always)]
    fn zero_like(self) -> Self::Output {
        self.into_arithmetic_tuple().zero_like()
    }
}

/// The type of a coordinate tensor over the layout `S:D` (strides of scaled bases).
pub type CoordTensor<S, D> =
    Tensor<ViewEngine<ArithmeticTupleIterator<ArithmeticTuple<CoprofileOf<D>>>>, Layout<S, D>>;

/// `make_coord_tensor(layout)`: the tensor of `layout` over a counting iterator at the origin
/// of its codomain: element `c` is the coordinate `layout(c)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let t = make_coord_tensor(make_identity_layout((_4, 8)));
/// assert_eq!(t.to_string(), "ArithTuple(_0,_0) o (_4,8):(_1@0,_1@1)");
/// ```
#[inline(always)]
pub fn make_coord_tensor<S, D>(layout: Layout<S, D>) -> CoordTensor<S, D>
where
    S: IntTuple,
    D: Coprofile + Copy,
{
    Tensor {
        engine: ViewEngine(make_inttuple_iter(layout.stride().coprofile())),
        layout,
    }
}

/// `make_identity_tensor(shape)`: the coordinate tensor that maps every coordinate of
/// `shape` to itself (the coordinates of a tile, for predication).
///
/// # Postconditions
/// 1. `shape(result) == shape`.
/// 2. `result(c) == c` for every coordinate `c`; a 1-D index `i` gives `idx2crd(i, shape)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let id = make_identity_tensor(((_2, 3), _4));
/// assert_eq!(id.to_string(), "ArithTuple((_0,_0),_0) o ((_2,3),_4):((_1@0@0,_1@1@0),_1@1)");
/// let c: ArithmeticTuple<(ArithmeticTuple<(i32, i32)>, i32)> = id.get(17i32);
/// assert_eq!(c.to_string(), "((1,2),2)");
/// assert_eq!(id.slice((X, 1)).to_string(), "ArithTuple((_0,_0),1) o ((_2,3)):((_1@0@0,_1@1@0))");
/// ```
#[inline(always)]
pub fn make_identity_tensor<S>(shape: S) -> CoordTensor<S, BasisLikeOf<S>>
where
    S: IntTuple + MakeBasisLike,
    BasisLikeOf<S>: Coprofile,
{
    make_coord_tensor(make_identity_layout(shape))
}

// ---------------------------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------------------------

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
    use crate::underscore::X;
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
    #[should_panic(
        expected = "make_tensor: the layout (3,2):(1,3) does not fit in a slice of 5 elements"
    )]
    fn slice_too_short_panics_with_the_shapes() {
        let mut x = [0i32; 5];
        let _ = make_tensor_from_slice(&mut x, make_layout((3, 2), (1, 3)));
    }

    #[test]
    fn register_fragment_is_sized_by_static_cosize() {
        let mut f = make_rmem_tensor::<i32, _, _>(make_layout((_2, _3), (_3, _1)));
        // 6 elements, in 16-byte aligned storage as C++'s `array_aligned` (24 -> 32 bytes).
        assert_eq!(core::mem::size_of_val(f.engine()), 32);
        assert_eq!(core::mem::align_of_val(f.engine()), 16);
        f.set((1, 2), 9);
        assert_eq!(f.get(5), 9);
        assert_eq!(f[(1, 2)], 9);
    }

    /// Byte distance between two pointers.
    fn bytes<T>(a: *mut T, b: *mut T) -> isize {
        b as isize - a as isize
    }

    // Expected values: C++ CuTe 4.2 (`cute-cpp`): `T(_,1)`, `T3(1,_,_)`, `T3(0,_,1)`.
    #[test]
    fn slices_advance_the_pointer_by_the_offset() {
        let mut x = [0f32; 8];
        let p = x.as_mut_ptr();
        let t = unsafe { make_tensor(p, make_layout((2, 2), (2, 1))) };
        assert_eq!(t.get((1, 1)), 0.0);
        assert_eq!(t.iter_at((1, 1)), p.wrapping_add(3));
        let s = t.slice((X, 1));
        assert_eq!(s.layout().to_string(), "(2):(2)");
        assert_eq!(bytes(p, s.data()), 4);
        let t3 = unsafe { make_tensor(p, make_layout((2, 2, 2), (4, 2, 1))) };
        let s = t3.slice((1, X, X));
        assert_eq!(s.layout().to_string(), "(2,2):(2,1)");
        assert_eq!(bytes(p, s.data()), 16);
        let s = t3.slice((0, X, 1));
        assert_eq!(s.layout().to_string(), "(2):(2)");
        assert_eq!(bytes(p, s.data()), 4);
        // static: the sliced layout is a type
        let t3 = unsafe { make_tensor(p, make_layout((_2, _2, _2), (_4, _2, _1))) };
        let s: Tensor<ViewEngine<*mut f32>, Layout<(_2,), (_2,)>> = t3.slice((_0, X, _1));
        assert_eq!(
            s.to_string(),
            format!("ptr[32b]({:p}) o (_2):(_2)", p.wrapping_add(1))
        );
    }

    // Expected values: C++ CuTe 4.2 (`cute-cpp`), the nested slices of
    // ((_3,2),(2,_5,_2)):((4,1),(_2,13,100)), with their offsets.
    #[test]
    fn nested_slices_match_cpp() {
        let mut y = [0f32; 1024];
        let p = y.as_mut_ptr();
        let a = unsafe {
            make_tensor(
                p,
                make_layout(((_3, 2), (2, _5, _2)), ((4, 1), (_2, 13, 100))),
            )
        };
        let check = |layout: std::string::String, data: *mut f32, want: &str, offset: isize| {
            assert_eq!(layout, want);
            assert_eq!(bytes(p, data), 4 * offset, "{want}");
        };
        let s = a.slice((2, X));
        check(
            s.layout().to_string(),
            s.data(),
            "((2,_5,_2)):((_2,13,100))",
            8,
        );
        let s = a.slice((X, 5));
        check(s.layout().to_string(), s.data(), "((_3,2)):((4,1))", 28);
        let s = a.slice(((X, X), 5));
        check(s.layout().to_string(), s.data(), "(_3,2):(4,1)", 28);
        let s = a.slice(((X, 1), (0, X, 1)));
        check(s.layout().to_string(), s.data(), "(_3,_5):(4,13)", 101);
        let s = a.slice(((2, X), (X, 3, X)));
        check(s.layout().to_string(), s.data(), "(2,2,_2):(1,_2,100)", 47);
        // The same with every leaf static: the layouts are types, the offsets constants.
        let a = unsafe {
            make_tensor(
                p,
                make_layout(((_3, _2), (_2, _5, _2)), ((_4, _1), (_2, _13, _100))),
            )
        };
        let s: Tensor<_, Layout<((_2, _5, _2),), ((_2, _13, _100),)>> = a.slice((_2, X));
        assert_eq!(bytes(p, s.data()), 32);
        let s: Tensor<_, Layout<((_3, _2),), ((_4, _1),)>> = a.slice((X, _5));
        assert_eq!(bytes(p, s.data()), 4 * 28);
        let s: Tensor<_, Layout<(_3, _2), (_4, _1)>> = a.slice(((X, X), _5));
        assert_eq!(bytes(p, s.data()), 4 * 28);
        let s: Tensor<_, Layout<(_3, _5), (_4, _13)>> = a.slice(((X, _1), (_0, X, _1)));
        assert_eq!(bytes(p, s.data()), 4 * 101);
        let s: Tensor<_, Layout<(_2, _2, _2), (_1, _2, _100)>> = a.slice(((_2, X), (X, _3, X)));
        assert_eq!(bytes(p, s.data()), 4 * 47);
        // Every element of a slice is the element of the tensor at the completed coordinate.
        for (i, v) in y.iter_mut().enumerate() {
            *v = i as f32;
        }
        let a = make_tensor_from_ref(
            &y,
            make_layout(((_3, 2), (2, _5, _2)), ((4, 1), (_2, 13, 100))),
        );
        let s = a.slice(((2, X), (X, 3, X)));
        for i in 0..2 {
            for j in 0..2 {
                for k in 0..2 {
                    assert_eq!(s.get((i, j, k)), a.get(((2, i), (j, 3, k))));
                }
            }
        }
    }

    #[test]
    fn owning_tensor_slices_borrow_it() {
        let mut f = make_rmem_tensor::<i32, _, _>(make_layout((_2, _3), (_3, _1)));
        for i in 0..6 {
            f.set(i, i);
        }
        {
            let mut row = f.slice_mut((1, X));
            let _: &Layout<(_3,), (_1,)> = &row.layout();
            row.set(0, 30);
            row[2] = 50;
        }
        // element (m, n) holds its 1-D index m + 2n, but for the two written through `row`
        let col = f.slice((X, 2));
        assert_eq!((col.get(0), col.get(1)), (4, 50));
        assert_eq!(f.get((1, 0)), 30);
        // the view of a view of an owning tensor
        let inner = f.view().into_slice((X, 1)).into_slice(1);
        assert_eq!(inner.get(()), 3);
    }

    // Expected values: C++ CuTe 4.2 (`cute-cpp`), print of identity tensors and their slices.
    #[test]
    fn identity_tensors_print_as_cpp() {
        let id = make_identity_tensor(((_2, 3), _4));
        assert_eq!(
            id.to_string(),
            "ArithTuple((_0,_0),_0) o ((_2,3),_4):((_1@0@0,_1@1@0),_1@1)"
        );
        assert_eq!(
            make_identity_tensor((4, 8)).to_string(),
            "ArithTuple(_0,_0) o (4,8):(_1@0,_1@1)"
        );
        // (nested bases: the coordinate's type is written out, as for `Layout::call`)
        let c: ArithmeticTuple<(ArithmeticTuple<(i32, i32)>, i32)> = id.get(17i32);
        assert_eq!(c.to_string(), "((1,2),2)");
        assert_eq!(
            id.slice((X, 1)).to_string(),
            "ArithTuple((_0,_0),1) o ((_2,3)):((_1@0@0,_1@1@0))"
        );
        assert_eq!(
            id.slice(((1, X), X)).to_string(),
            "ArithTuple((1,_0),_0) o (3,_4):(_1@1@0,_1@1)"
        );
        // element by element: the identity
        let id = make_identity_tensor((_4, 8));
        for i in 0..32i32 {
            let c: ArithmeticTuple<(i32, i32)> = id.get(i);
            assert_eq!(c, ArithmeticTuple((i % 4, i / 4)));
        }
        let s = id.slice((X, 5));
        for i in 0..4i32 {
            let c: ArithmeticTuple<(i32, i32)> = s.get(i);
            assert_eq!(c, ArithmeticTuple((i, 5)));
        }
    }

    #[test]
    fn owning_tensors_print_a_raw_pointer() {
        // C++: make_tensor<float>(Layout<Shape<_2,_4>>{}) prints ptr[32b](0x..) o (_2,_4):(_1,_2)
        let f = make_rmem_tensor_from_shape::<f32, _, _>((_2, _4), crate::layout::LayoutLeft);
        assert_eq!(
            f.to_string(),
            format!("ptr[32b]({:p}) o (_2,_4):(_1,_2)", f.data())
        );
    }
    // Expected values: C++ CuTe 4.2 (`cute-cpp`): make_layout_like, make_fragment_like and
    // the layouts of recast<T>.
    #[test]
    fn layouts_like_others_match_cpp() {
        let l = make_layout((_2, _2, _2, _2), (_0, _2, _4, _1));
        let _: &Layout<(_2, _2, _2, _2), (_0, _2, _4, _1)> = &make_layout_like(l);
        let l = make_layout((_4, _8), (_8, _1));
        assert_eq!(make_layout_like(l).to_string(), "(_4,_8):(_8,_1)");
        assert_eq!(
            make_fragment_like_layout(l).to_string(),
            "(_4,(_8)):(_1,(_4))"
        );
        let l = make_layout(((_2, _2), _4, _8), ((_512, _8), _32, _8192));
        let _: &Layout<((_2, _2), _4, _8), ((_8, _1), _2, _16)> = &make_layout_like(l);
        let _: &Layout<((_2, _2), _4, _8), ((_1, _2), _4, _16)> = &make_fragment_like_layout(l);
        let l = make_layout(((_2, _4), _3, _2), ((_0, _3), _1, _24));
        assert_eq!(
            make_fragment_like_layout(l).to_string(),
            "((_2,_4),_3,_2):((_0,_1),_4,_12)"
        );
        let l = make_layout((_8,), (_4,));
        assert_eq!(make_fragment_like_layout(l).to_string(), "(_8):(_1)");
        let l = make_layout(((_2, _2), _4, _2), ((_1, _0), _0, _8));
        assert_eq!(
            make_fragment_like_layout(l).to_string(),
            "((_2,_2),_4,_2):((_1,_0),_2,_8)"
        );
        // dynamic shapes: the column-major layout of the shape
        let l = make_layout((4, 8), (8, 1));
        let r: Layout<(i32, i32), (_1, i32)> = make_fragment_like_layout(l);
        assert_eq!(r.to_string(), "(4,8):(_1,4)");
    }

    #[test]
    fn tensors_like_others_own_their_values() {
        let x: [f32; 512 * 16] = core::array::from_fn(|i| i as f32);
        let t = make_tensor_from_ref(
            &x,
            make_layout(((_2, _2), _4, _8), ((_512, _8), _32, _1024)),
        );
        let mut f = make_fragment_like(&t);
        let _: &Layout<((_2, _2), _4, _8), ((_1, _2), _4, _16)> = &f.layout();
        assert_eq!(core::mem::size_of_val(&f), 128 * 4);
        for i in 0..128 {
            f.set(i, t.get(i));
        }
        for i in 0..128 {
            assert_eq!(f.get(i), t.get(i));
        }
        let g = make_tensor_like(&t);
        let _: &Layout<((_2, _2), _4, _8), ((_8, _1), _2, _16)> = &g.layout();
        assert_eq!(g.get(5), 0.0);
        let h = make_fragment_like_as::<u8, _>(t.layout());
        assert_eq!(core::mem::size_of_val(&h), 128);
        let k = make_tensor_like_as::<i64, _>(make_layout((_3, _5), (_5, _1)));
        assert_eq!(k.layout().to_string(), "(_3,_5):(_5,_1)");
    }

    #[test]
    fn recast_tensors_match_cpp() {
        let mut x = [0f32; 64];
        let p = x.as_mut_ptr();
        let t = unsafe { make_tensor(p, make_layout((_4, _8), (_8, _1))) };
        let d = t.recast::<f64>();
        let _: &Layout<(_4, _4), (_4, _1)> = &d.layout();
        assert_eq!(d.data() as usize, p as usize);
        let h = t.recast::<u16>();
        let _: &Layout<(_4, _16), (_16, _1)> = &h.layout();
        let t2 = unsafe {
            make_tensor(
                crate::pointer::make_gmem_ptr(p),
                make_layout((_4, _8), (_1, _4)),
            )
        };
        let b = t2.recast::<u8>();
        let _: &Layout<(_16, _8), (_1, _16)> = &b.layout();
        assert_eq!(
            b.to_string(),
            format!("gmem_ptr[8b]({p:p}) o (_16,_8):(_1,_16)")
        );
        let q = t2.recast::<crate::numeric::numeric_types::Uint128>();
        assert_eq!(q.layout().to_string(), "(_1,_8):(_1,_1)");
        // the same bytes: element (1, 2) of the u64 view is x[12], x[13] (row 1 of 8, pair 2)
        for (i, v) in x.iter_mut().enumerate() {
            *v = i as f32;
        }
        let t = make_tensor_from_ref(&x, make_layout((_4, _8), (_8, _1)));
        let d = t.recast::<u64>();
        let want = ((13f32.to_bits() as u64) << 32) | 12f32.to_bits() as u64;
        assert_eq!(d.get((1, 2)), want);
        // an owning tensor recast through a view
        let mut f = make_rmem_tensor::<u32, _, _>(make_layout((_4,), (_1,)));
        f.set(1, 0x0403_0201);
        let bytes = f.view().recast::<u8>();
        assert_eq!(bytes.layout().to_string(), "(_16):(_1)");
        assert_eq!(bytes.get(4), 1);
    }
}
