//! Register values: port of the CuTe DSL's `TensorSSA` (`cutlass/cute/tensor.py` of the
//! Python DSL). C++ CuTe has no counterpart: a C++ kernel loops over a register fragment.
//!
//! A [`TensorSsa<T, S>`] is a value held in registers: `size(S)` elements of type `T` in a
//! `GenericArray`, laid out compact column-major over the static shape `S` (element `i` is the
//! one at the colexicographic 1-D index `i`, mode 0 fastest). It is what a kernel computes
//! with between a [`load`] from a tensor and a [`store`] back:
//!
//! - element-wise `+ - * / %` (`%` has the sign of the dividend, as Rust's and MLIR's `rem`),
//!   [`floor_div`](TensorSsa::floor_div) (the DSL's `//`: rounds toward negative infinity),
//!   `& | ^` on integers and booleans, unary `-` and `!`;
//! - comparisons giving boolean values: [`lt`](TensorSsa::lt), [`le`](TensorSsa::le),
//!   [`gt`](TensorSsa::gt), [`ge`](TensorSsa::ge), [`eq_`](TensorSsa::eq_),
//!   [`ne_`](TensorSsa::ne_) (Rust's `<`, `==` must return `bool`);
//! - math ([`math`]: `sqrt`, `sin`, `cos`, `exp`, `exp2`, `log`, `log2`, `abs`, `max`,
//!   `min`), on floats through the `libm` crate (`core` has no float math without `std`);
//! - [`reduce`](TensorSsa::reduce) with a [`ReductionOp`] and a reduction profile;
//! - [`broadcast_to`](TensorSsa::broadcast_to), [`slice`](TensorSsa::slice),
//!   [`reshape`](TensorSsa::reshape), 1-D or hierarchical indexing (`v[10]`, `v[(1, 2)]`).
//!
//! The right-hand side of a binary operation is another value or a scalar; a scalar is applied
//! to every element (`a + 1.0`, `2.0 * a`). Two values of different shapes broadcast as the DSL
//! does (`_infer_broadcast_shape`): the shorter tuple is padded at the end with modes of
//! extent 1 (CuTe's `append` up to the rank; NumPy pads at the front instead), then, leaf by
//! leaf, extents must be equal or one of them 1, which stretches. Shapes are static, so a
//! mismatch is a compile error: `broadcast: the shapes are not broadcastable`.
//!
//! # Printing
//! `Display` prints the DSL's `str` of a `TensorSSA`, with the shape in CuTe's notation:
//! `tensor_value<vector<12xf32> o (_3,_4)>` (the DSL prints the Python tuple `(3, 4)`).
//! `Debug` adds the elements in colexicographic order: `... = [1.0, 2.0, ...]`.
//!
//! # Example
//! ```
//! use cute_core::prelude::*;
//! let mut x = [1.0f32, 2., 3., 4., 5., 6.];
//! // a 2x3 row-major tensor, [[1,2,3],[4,5,6]]
//! let t = make_tensor_from_slice(&mut x, make_layout((_2, _3), (_3, _1)));
//! let v = load(&t);
//! assert_eq!(v.to_string(), "tensor_value<vector<6xf32> o (_2,_3)>");
//! let rows = v.reduce(ReductionOp::Add, 0.0, (X, _1));
//! assert_eq!(rows.as_slice(), &[6.0, 15.0]);
//! let cols = (v * 2.0).reduce(ReductionOp::Max, f32::MIN, (_1, X));
//! assert_eq!(cols.as_slice(), &[8.0, 10.0, 12.0]);
//! ```

use core::fmt;
use core::ops::{Add, BitAnd, BitOr, BitXor, Div, Index, IndexMut, Mul, Neg, Not, Rem, Sub};

use generic_array::sequence::GenericSequence;
use generic_array::{ArrayLength, GenericArray};

use crate::container::tuple::{Prepend, Split};
use crate::int_tuple::{Crd2Idx, IntTuple, TupleIsEmpty};
use crate::layout::{Layout, LayoutLeft};
use crate::numeric::aliases::_1;
use crate::numeric::arithmetic::{IsConstant, IsConstantImpl, StaticEq, StaticEqImpl};
use crate::numeric::integral_constant::{Bool, Integral, ToUnsigned, UnsignedOf, C};
use crate::numeric::{Integer, B0, B1};
use crate::stride::{CompactColMajorOf, CompactMajor};
use crate::tensor::Tensor;
use crate::underscore::{DiceTuple, DiceTupleOf, SliceTuple, SliceTupleOf, Underscore};
use crate::util::print::display;

// ---------------------------------------------------------------------------------------------
// Shapes and elements
// ---------------------------------------------------------------------------------------------

/// The shape of a register value: an IntTuple whose every leaf is static (and non-negative),
/// so that its size is the static length of the array holding the elements.
#[diagnostic::on_unimplemented(
    message = "TensorSSA: a register value needs a static shape",
    note = "every extent of the shape must be static (`_4`, not `4`)"
)]
pub trait SsaShape: IntTuple + CompactMajor<LayoutLeft, _1> {
    /// `size(shape)` as an array length.
    type Len: ArrayLength;
    /// `size(shape)`.
    const SIZE: usize;
    /// The (only) value of the shape.
    fn make() -> Self;
}
impl<N: Integer + 'static> SsaShape for C<N>
where
    C<N>: ToUnsigned + CompactMajor<LayoutLeft, _1>,
{
    type Len = UnsignedOf<C<N>>;
    const SIZE: usize = N::I64 as usize;
    #[inline(always)]
    fn make() -> Self {
        C::new()
    }
}
impl SsaShape for () {
    type Len = UnsignedOf<_1>;
    const SIZE: usize = 1;
    #[inline(always)]
    fn make() {}
}
impl<T> SsaShape for T
where
    T: Split + IntTuple + CompactMajor<LayoutLeft, _1>,
    T::Head: SsaShape,
    T::Tail: SsaShape + Prepend<T::Head, Output = T>,
    T::Size: ToUnsigned,
{
    type Len = UnsignedOf<T::Size>;
    const SIZE: usize = <T::Head as SsaShape>::SIZE * <T::Tail as SsaShape>::SIZE;
    #[inline(always)]
    fn make() -> T {
        <T::Tail as SsaShape>::make().prepend(<T::Head as SsaShape>::make())
    }
}

/// A scalar element type of register values: the numbers and `bool`. A scalar right-hand
/// side of a binary operation is one of these; `NAME` is its MLIR spelling, for printing.
pub trait SsaElement: Copy + 'static {
    /// The MLIR element type (`f32`, `i32`, `i1` for `bool`; integers are signless).
    const NAME: &'static str;
}
macro_rules! ssa_element {
    ($($t:ty => $n:literal),*) => {$(
        impl SsaElement for $t {
            const NAME: &'static str = $n;
        }
    )*};
}
ssa_element!(f32 => "f32", f64 => "f64", i8 => "i8", i16 => "i16", i32 => "i32",
    i64 => "i64", u8 => "i8", u16 => "i16", u32 => "i32", u64 => "i64", bool => "i1");

// ---------------------------------------------------------------------------------------------
// The value
// ---------------------------------------------------------------------------------------------

/// A register value of static shape `S` (the CuTe DSL's `TensorSSA`): `size(S)` elements of
/// type `T`, element `i` at the colexicographic index `i` of `S` (the layout is
/// `make_layout(S, LayoutLeft)`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = TensorSsa::new((_1, _3), [1i32, 2, 3]);
/// let b = TensorSsa::new((_4, _1), [10i32, 20, 30, 40]);
/// let c = a + b; // both broadcast to (_4,_3)
/// assert_eq!(c.to_string(), "tensor_value<vector<12xi32> o (_4,_3)>");
/// assert_eq!(c[(3, 2)], 43);
/// ```
pub struct TensorSsa<T, S: SsaShape> {
    data: GenericArray<T, S::Len>,
    shape: S,
}

impl<T: Clone, S: SsaShape> Clone for TensorSsa<T, S> {
    fn clone(&self) -> Self {
        TensorSsa {
            data: self.data.clone(),
            shape: self.shape,
        }
    }
}
impl<T: Copy, S: SsaShape> Copy for TensorSsa<T, S> where GenericArray<T, S::Len>: Copy {}

impl<T: PartialEq, S: SsaShape> PartialEq for TensorSsa<T, S> {
    fn eq(&self, other: &Self) -> bool {
        self.data == other.data
    }
}

impl<T, S: SsaShape> TensorSsa<T, S> {
    /// The value whose element `i` (colexicographic) is `f(i)`.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let v = TensorSsa::<i32, (_2, _2)>::from_fn(|i| 10 * i as i32);
    /// assert_eq!(v.as_slice(), &[0, 10, 20, 30]);
    /// ```
    #[inline(always)]
    pub fn from_fn(f: impl FnMut(usize) -> T) -> Self {
        TensorSsa {
            data: GenericArray::generate(f),
            shape: S::make(),
        }
    }
    /// The value of shape `shape` with the elements of `array` in colexicographic order
    /// (mode 0 fastest).
    ///
    /// # Preconditions
    /// `N == size(shape)`, or the compile error `TensorSsa::new: the array length is not the
    /// size of the shape` (when the function is instantiated: `cargo build`).
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let v = TensorSsa::new((_2, _3), [1, 4, 2, 5, 3, 6]); // [[1,2,3],[4,5,6]]
    /// assert_eq!(v[(1, 0)], 4);
    /// ```
    #[inline(always)]
    pub fn new<const N: usize>(shape: S, array: [T; N]) -> Self
    where
        T: Copy,
    {
        const {
            assert!(
                N == S::SIZE,
                "TensorSsa::new: the array length is not the size of the shape"
            )
        };
        let _ = shape;
        Self::from_fn(|i| array[i])
    }
    /// The shape (the DSL's `value.shape`).
    #[inline(always)]
    pub fn shape(&self) -> S {
        self.shape
    }
    /// `size(shape)`: the number of elements.
    #[inline(always)]
    pub const fn size(&self) -> usize {
        S::SIZE
    }
    /// The elements in colexicographic order.
    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        &self.data
    }
    /// The elements, as the array that holds them.
    #[inline(always)]
    pub fn into_array(self) -> GenericArray<T, S::Len> {
        self.data
    }
    /// The value of `f` applied to every element.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let v = TensorSsa::new(_3, [1i32, 2, 3]).map(|x| x as f32 * 0.5);
    /// assert_eq!(v.as_slice(), &[0.5, 1.0, 1.5]);
    /// ```
    #[inline(always)]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> TensorSsa<U, S>
    where
        T: Copy,
    {
        TensorSsa::from_fn(|i| f(self.data[i]))
    }
    /// The same elements seen with another shape of the same size (the DSL's `reshape`).
    ///
    /// # Preconditions
    /// `size(shape) == size(self)`, or the compile error `reshape: the new shape has another
    /// size` (at `cargo build`).
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let v = TensorSsa::new((_2, _3), [0, 1, 2, 3, 4, 5]).reshape((_3, _2));
    /// assert_eq!((v.to_string(), v[(0, 1)]), ("tensor_value<vector<6xi32> o (_3,_2)>".into(), 3));
    /// ```
    #[inline(always)]
    pub fn reshape<R: SsaShape>(self, shape: R) -> TensorSsa<T, R>
    where
        T: Copy,
    {
        const {
            assert!(
                R::SIZE == S::SIZE,
                "reshape: the new shape has another size"
            )
        };
        let _ = shape;
        TensorSsa::from_fn(|i| self.data[i])
    }
}

/// `value[c]`: the element at a coordinate of the shape, a 1-D (colexicographic) index or a
/// hierarchical coordinate (the DSL's `value[c]` without `None`).
impl<T, S, Crd> Index<Crd> for TensorSsa<T, S>
where
    S: SsaShape,
    Crd: Crd2Idx<S, CompactColMajorOf<S>>,
{
    type Output = T;
    #[inline(always)]
    fn index(&self, c: Crd) -> &T {
        let s = S::make();
        &self.data[c.crd2idx(s, s.compact_major(C::new())).value() as usize]
    }
}
impl<T, S, Crd> IndexMut<Crd> for TensorSsa<T, S>
where
    S: SsaShape,
    Crd: Crd2Idx<S, CompactColMajorOf<S>>,
{
    #[inline(always)]
    fn index_mut(&mut self, c: Crd) -> &mut T {
        let s = S::make();
        &mut self.data[c.crd2idx(s, s.compact_major(C::new())).value() as usize]
    }
}

/// `full(shape, x)` (the DSL's `cute.full`): the value of shape `shape` with every element `x`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let v = full((_2, _2), 1.5f32);
/// assert_eq!(v.as_slice(), &[1.5; 4]);
/// ```
#[inline(always)]
pub fn full<T: Copy, S: SsaShape>(shape: S, x: T) -> TensorSsa<T, S> {
    let _ = shape;
    TensorSsa::from_fn(|_| x)
}

/// `full_like(v, x)` (the DSL's `cute.full_like`): the value of `v`'s shape with every element
/// `x`.
#[inline(always)]
pub fn full_like<T, U: Copy, S: SsaShape>(v: &TensorSsa<T, S>, x: U) -> TensorSsa<U, S> {
    full(v.shape(), x)
}

// ---------------------------------------------------------------------------------------------
// load, store
// ---------------------------------------------------------------------------------------------

/// `load(tensor)` (the DSL's `tensor.load()`): the elements of a tensor as a register value of
/// the tensor's shape; element `i` of the value is `tensor(i)` (1-D index). The tensor may be
/// of any engine and any strides; its shape must be static.
///
/// # Preconditions
/// A static shape: otherwise the compile error `TensorSSA: a register value needs a static
/// shape`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut x = [0, 1, 2, 3, 4, 5];
/// let t = make_tensor_from_slice(&mut x, make_layout((_2, _3), (_3, _1))); // row-major
/// let v = load(&t);
/// assert_eq!(v.as_slice(), &[0, 3, 1, 4, 2, 5]);
/// assert_eq!(v[(1, 2)], 5);
/// ```
#[inline(always)]
pub fn load<T, E, S, D>(tensor: &Tensor<E, Layout<S, D>>) -> TensorSsa<T, S>
where
    T: Copy,
    S: SsaShape,
    Tensor<E, Layout<S, D>>: Index<i32, Output = T>,
{
    TensorSsa::from_fn(|i| tensor[i as i32])
}

/// `store(value, tensor)` (the DSL's `tensor.store(value)`): writes element `i` of the value to
/// `tensor(i)` (1-D index), for every `i`.
///
/// # Preconditions
/// The tensor's shape is static and of the value's size, or the compile error `store: the
/// tensor's shape is not static or not of the value's size` (at `cargo build`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut x = [0.0f32; 4];
/// let mut t = make_tensor_from_slice(&mut x, make_layout((_2, _2), (_2, _1)));
/// store(full((_2, _2), 1.0f32) + TensorSsa::new((_2, _2), [0.0, 1.0, 2.0, 3.0]), &mut t);
/// assert_eq!(x, [1.0, 3.0, 2.0, 4.0]);
/// ```
#[inline(always)]
pub fn store<T, V, E, S, D>(value: TensorSsa<T, V>, tensor: &mut Tensor<E, Layout<S, D>>)
where
    T: Copy,
    V: SsaShape,
    S: IntTuple,
    Tensor<E, Layout<S, D>>: IndexMut<i32, Output = T>,
{
    const {
        assert!(
            matches!(<S::Size as Integral>::STATIC, Some(n) if n == V::SIZE as i64),
            "store: the tensor's shape is not static or not of the value's size"
        )
    };
    for i in 0..V::SIZE {
        tensor[i as i32] = value.data[i];
    }
}

/// The DSL's `tensor.load()` and `tensor.store(value)` as methods of a tensor.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut x = [1i32, 2, 3, 4];
/// let mut t = make_tensor_from_slice(&mut x, make_layout(_4, _1));
/// let v = t.load();
/// t.store(v * v);
/// assert_eq!(x, [1, 4, 9, 16]);
/// ```
pub trait TensorLoadStore<T, S: SsaShape> {
    /// [`load`]: the elements as a register value.
    fn load(&self) -> TensorSsa<T, S>;
    /// [`store`]: writes a value of the same size.
    fn store<V: SsaShape>(&mut self, value: TensorSsa<T, V>);
}
impl<T, E, S, D> TensorLoadStore<T, S> for Tensor<E, Layout<S, D>>
where
    T: Copy,
    S: SsaShape,
    Tensor<E, Layout<S, D>>: IndexMut<i32, Output = T>,
{
    #[inline(always)]
    fn load(&self) -> TensorSsa<T, S> {
        load(self)
    }
    #[inline(always)]
    fn store<V: SsaShape>(&mut self, value: TensorSsa<T, V>) {
        store(value, self)
    }
}

// ---------------------------------------------------------------------------------------------
// Broadcasting
// ---------------------------------------------------------------------------------------------

/// Adds leaf `a` of one operand and leaf `b` of the other (broadcast to `max(a, b)`) to the
/// colexicographic walk that maps an index of the result to an index of each operand.
#[inline(always)]
fn broadcast_step(
    a: usize,
    b: usize,
    q: &mut usize,
    stride: &mut [usize; 2],
    idx: &mut [usize; 2],
) {
    let r = if a == 1 { b } else { a };
    let c = *q % r;
    *q /= r;
    if a != 1 {
        idx[0] += c * stride[0];
    }
    if b != 1 {
        idx[1] += c * stride[1];
    }
    stride[0] *= a;
    stride[1] *= b;
}

/// `B1` when two static extents broadcast: one of them is 1, or they are equal.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "broadcast: the shapes are not broadcastable",
    note = "two extents broadcast when they are equal or one of them is 1"
)]
pub trait Broadcastable {}
impl Broadcastable for B1 {}

/// The shape two shapes broadcast to (the DSL's `_infer_broadcast_shape`), and the map from
/// an element of the result to an element of each operand.
///
/// # Math
/// Tuples: the shorter one is padded at the end with `_1`, then mode by mode. An integer
/// against a tuple is the rank-1 tuple of that integer. Two leaves `a`, `b`: equal, or one of
/// them 1; the result is the other one.
///
/// # Preconditions
/// Static shapes that broadcast, or the compile error `broadcast: the shapes are not
/// broadcastable`.
#[diagnostic::on_unimplemented(
    message = "broadcast: the shapes are not broadcastable",
    note = "after padding the shorter shape with 1s at the end, each pair of extents must be equal or contain a 1"
)]
pub trait BroadcastShape<B> {
    /// The broadcast shape.
    type Output: SsaShape;
    #[doc(hidden)]
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]);
    /// The index in `Self` and in `B` of the element at index `i` of the result.
    #[inline(always)]
    fn source_indices(i: usize) -> (usize, usize) {
        let (mut q, mut stride, mut idx) = (i, [1, 1], [0, 0]);
        Self::step(&mut q, &mut stride, &mut idx);
        (idx[0], idx[1])
    }
}
/// The type of the broadcast of shapes `A` and `B`.
pub type BroadcastOf<A, B> = <A as BroadcastShape<B>>::Output;

impl<A: IntTuple, B: IntTuple> BroadcastShape<B> for A
where
    A: BroadcastImpl<B, A::IsTuple, B::IsTuple>,
{
    type Output = <A as BroadcastImpl<B, A::IsTuple, B::IsTuple>>::Output;
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]) {
        <A as BroadcastImpl<B, A::IsTuple, B::IsTuple>>::step(q, stride, idx)
    }
}

/// [`BroadcastShape`] by kind: `TA`, `TB` tell whether `Self`, `B` are tuples.
#[doc(hidden)]
pub trait BroadcastImpl<B, TA, TB> {
    type Output: SsaShape;
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]);
}
impl<N: Integer + 'static, M: Integer + 'static> BroadcastImpl<C<M>, B0, B0> for C<N>
where
    C<N>: SsaShape + IsConstantImpl<_1> + StaticEqImpl<C<M>>,
    C<M>: SsaShape + IsConstantImpl<_1>,
    IsConstant<_1, C<N>>: BitOr<IsConstant<_1, C<M>>>,
    <IsConstant<_1, C<N>> as BitOr<IsConstant<_1, C<M>>>>::Output: BitOr<StaticEq<C<N>, C<M>>>,
    <<IsConstant<_1, C<N>> as BitOr<IsConstant<_1, C<M>>>>::Output as BitOr<
        StaticEq<C<N>, C<M>>,
    >>::Output: Broadcastable,
    IsConstant<_1, C<M>>: Bool,
    <IsConstant<_1, C<M>> as Bool>::If<C<N>, C<M>>: SsaShape,
{
    type Output = <IsConstant<_1, C<M>> as Bool>::If<C<N>, C<M>>;
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]) {
        broadcast_step(N::I64 as usize, M::I64 as usize, q, stride, idx);
    }
}
impl<N: Integer + 'static, B> BroadcastImpl<B, B0, B1> for C<N>
where
    B: BroadcastLeafFirst<C<N>>,
{
    type Output = <B as BroadcastLeafFirst<C<N>>>::Output;
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]) {
        <B as BroadcastLeafFirst<C<N>>>::step(q, stride, idx)
    }
}
impl<A, M: Integer + 'static> BroadcastImpl<C<M>, B1, B0> for A
where
    A: BroadcastModes<(C<M>,)>,
{
    type Output = <A as BroadcastModes<(C<M>,)>>::Output;
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]) {
        <A as BroadcastModes<(C<M>,)>>::step(q, stride, idx)
    }
}
impl<A, B> BroadcastImpl<B, B1, B1> for A
where
    A: BroadcastModes<B>,
{
    type Output = <A as BroadcastModes<B>>::Output;
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]) {
        <A as BroadcastModes<B>>::step(q, stride, idx)
    }
}

// Every recursion below takes apart its `Self` type: rustc probes operators and trait methods
// with the right-hand side still unknown, and a recursion on an unknown parameter would not
// end (a `Self` that is unknown answers "ambiguous" at once).

/// [`BroadcastShape`] of two tuples `Self` and `B`, mode by mode, the shorter padded with `_1`.
#[doc(hidden)]
pub trait BroadcastModes<B> {
    type Output: SsaShape;
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]);
}
impl<B> BroadcastModes<B> for ()
where
    B: BroadcastOnesFirst,
{
    type Output = <B as BroadcastOnesFirst>::Output;
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]) {
        <B as BroadcastOnesFirst>::step(q, stride, idx)
    }
}
impl<A: Split, B: TupleIsEmpty> BroadcastModes<B> for A
where
    A: BroadcastModesImpl<B, <B as TupleIsEmpty>::Output>,
{
    type Output = <A as BroadcastModesImpl<B, <B as TupleIsEmpty>::Output>>::Output;
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]) {
        <A as BroadcastModesImpl<B, _>>::step(q, stride, idx)
    }
}
/// [`BroadcastModes`] of a non-empty `Self`, by the emptiness `EB` of `B`.
#[doc(hidden)]
pub trait BroadcastModesImpl<B, EB> {
    type Output: SsaShape;
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]);
}
macro_rules! broadcast_modes {
    ($Tr:ident [$($P:tt)*], [$($g:tt)*] $A:ty, $AH:ty, $BH:ty, $AT:ty, $Rest:ident [$($RP:tt)*]) => {
        impl<$($g)*> $Tr<$($P)*> for $A
        where
            $AH: BroadcastShape<$BH>,
            $AT: $Rest<$($RP)*>,
            <$AT as $Rest<$($RP)*>>::Output: Prepend<BroadcastOf<$AH, $BH>>,
            <<$AT as $Rest<$($RP)*>>::Output as Prepend<BroadcastOf<$AH, $BH>>>::Output:
                SsaShape,
        {
            type Output =
                <<$AT as $Rest<$($RP)*>>::Output as Prepend<BroadcastOf<$AH, $BH>>>::Output;
            #[inline(always)]
            fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]) {
                <$AH as BroadcastShape<$BH>>::step(q, stride, idx);
                <$AT as $Rest<$($RP)*>>::step(q, stride, idx);
            }
        }
    };
}
broadcast_modes!(BroadcastModesImpl[(), B1], [A: Split] A, A::Head, _1, A::Tail,
    BroadcastModes[()]);
broadcast_modes!(BroadcastModesImpl[B, B0], [A: Split, B: Split] A, A::Head, B::Head, A::Tail,
    BroadcastModes[B::Tail]);

/// [`BroadcastShape`] of `(_1, _1, ...)` (as many as needed) and the tuple `Self`.
#[doc(hidden)]
pub trait BroadcastOnesFirst {
    type Output: SsaShape;
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]);
}
impl BroadcastOnesFirst for () {
    type Output = ();
    #[inline(always)]
    fn step(_: &mut usize, _: &mut [usize; 2], _: &mut [usize; 2]) {}
}
macro_rules! broadcast_first {
    ($Tr:ident [$($P:tt)*], [$($g:tt)*] $B:ty, $AH:ty, $BH:ty, $BT:ty) => {
        impl<$($g)*> $Tr<$($P)*> for $B
        where
            $AH: BroadcastShape<$BH>,
            $BT: BroadcastOnesFirst,
            <$BT as BroadcastOnesFirst>::Output: Prepend<BroadcastOf<$AH, $BH>>,
            <<$BT as BroadcastOnesFirst>::Output as Prepend<BroadcastOf<$AH, $BH>>>::Output:
                SsaShape,
        {
            type Output =
                <<$BT as BroadcastOnesFirst>::Output as Prepend<BroadcastOf<$AH, $BH>>>::Output;
            #[inline(always)]
            fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]) {
                <$AH as BroadcastShape<$BH>>::step(q, stride, idx);
                <$BT as BroadcastOnesFirst>::step(q, stride, idx);
            }
        }
    };
}
broadcast_first!(BroadcastOnesFirst[], [B: Split] B, _1, B::Head, B::Tail);

/// [`BroadcastShape`] of `(C<N>, _1, ...)` (an integer against a tuple) and the tuple `Self`.
#[doc(hidden)]
pub trait BroadcastLeafFirst<A> {
    type Output: SsaShape;
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]);
}
impl<N: Integer + 'static> BroadcastLeafFirst<C<N>> for ()
where
    C<N>: BroadcastShape<_1>,
    (BroadcastOf<C<N>, _1>,): SsaShape,
{
    type Output = (BroadcastOf<C<N>, _1>,);
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut [usize; 2], idx: &mut [usize; 2]) {
        <C<N> as BroadcastShape<_1>>::step(q, stride, idx)
    }
}
broadcast_first!(BroadcastLeafFirst[C<N>], [N: Integer + 'static, B: Split] B, C<N>, B::Head,
    B::Tail);

/// `B1` when a static extent broadcasts to a target extent: it is 1 or equal to it.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "broadcast_to: the shape does not broadcast to the target shape",
    note = "an extent broadcasts to a target extent when it is 1 or equal to it"
)]
pub trait BroadcastsTo {}
impl BroadcastsTo for B1 {}

/// A shape that broadcasts to the shape `R` (the DSL's `broadcast_to` check), and the map from
/// an element of `R` to an element of `Self`.
///
/// # Math
/// As [`BroadcastShape`], one way: `Self` is padded at the end with `_1` up to the rank of `R`;
/// each leaf of `Self` is 1 or equal to the leaf of `R`.
#[diagnostic::on_unimplemented(
    message = "broadcast_to: the shape does not broadcast to the target shape",
    note = "after padding with 1s at the end, each extent must be 1 or the target's extent"
)]
pub trait BroadcastTo<R> {
    #[doc(hidden)]
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize);
    /// The index in `Self` of the element at index `i` of `R`.
    #[inline(always)]
    fn source_index(i: usize) -> usize {
        let (mut q, mut stride, mut idx) = (i, 1, 0);
        Self::step(&mut q, &mut stride, &mut idx);
        idx
    }
}
impl<S: IntTuple, R: IntTuple> BroadcastTo<R> for S
where
    S: BroadcastToImpl<R, S::IsTuple, R::IsTuple>,
{
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize) {
        <S as BroadcastToImpl<R, S::IsTuple, R::IsTuple>>::step(q, stride, idx)
    }
}
/// [`BroadcastTo`] by kind (`TS`, `TR`: tuple or not); a tuple never broadcasts to an integer.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "broadcast_to: the shape does not broadcast to the target shape",
    note = "after padding with 1s at the end, each extent must be 1 or the target's extent"
)]
pub trait BroadcastToImpl<R, TS, TR> {
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize);
}
impl<N: Integer + 'static, M: Integer + 'static> BroadcastToImpl<C<M>, B0, B0> for C<N>
where
    C<N>: IsConstantImpl<_1> + StaticEqImpl<C<M>>,
    IsConstant<_1, C<N>>: BitOr<StaticEq<C<N>, C<M>>>,
    <IsConstant<_1, C<N>> as BitOr<StaticEq<C<N>, C<M>>>>::Output: BroadcastsTo,
{
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize) {
        let (s, r) = (N::I64 as usize, M::I64 as usize);
        let c = *q % r;
        *q /= r;
        if s != 1 {
            *idx += c * *stride;
        }
        *stride *= s;
    }
}
impl<N: Integer + 'static, R> BroadcastToImpl<R, B0, B1> for C<N>
where
    R: BroadcastToFromLeaf<C<N>>,
{
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize) {
        <R as BroadcastToFromLeaf<C<N>>>::step(q, stride, idx)
    }
}
impl<S, R> BroadcastToImpl<R, B1, B1> for S
where
    S: BroadcastToModes<R>,
{
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize) {
        <S as BroadcastToModes<R>>::step(q, stride, idx)
    }
}
/// [`BroadcastTo`] of two tuples, mode by mode, `Self` padded with `_1`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "broadcast_to: the shape has more modes than the target shape",
    note = "a shape is padded with 1s at the end up to the rank of the target, never truncated"
)]
pub trait BroadcastToModes<R> {
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize);
}
impl<R: BroadcastToFromOnes> BroadcastToModes<R> for () {
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize) {
        <R as BroadcastToFromOnes>::step(q, stride, idx)
    }
}
impl<S: Split, R: Split> BroadcastToModes<R> for S
where
    S::Head: BroadcastTo<R::Head>,
    S::Tail: BroadcastToModes<R::Tail>,
{
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize) {
        <S::Head as BroadcastTo<R::Head>>::step(q, stride, idx);
        <S::Tail as BroadcastToModes<R::Tail>>::step(q, stride, idx);
    }
}
/// The tuple `Self` as the target of `(_1, _1, ...)`: always.
#[doc(hidden)]
pub trait BroadcastToFromOnes {
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize);
}
impl BroadcastToFromOnes for () {
    #[inline(always)]
    fn step(_: &mut usize, _: &mut usize, _: &mut usize) {}
}
impl<R: Split> BroadcastToFromOnes for R
where
    _1: BroadcastTo<R::Head>,
    R::Tail: BroadcastToFromOnes,
{
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize) {
        <_1 as BroadcastTo<R::Head>>::step(q, stride, idx);
        <R::Tail as BroadcastToFromOnes>::step(q, stride, idx);
    }
}
/// The non-empty tuple `Self` as the target of `(C<N>, _1, ...)` (an integer shape).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "broadcast_to: the shape does not broadcast to the target shape",
    note = "an integer shape broadcasts to a tuple as its first mode, the others being 1"
)]
pub trait BroadcastToFromLeaf<S> {
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize);
}
impl<N: Integer + 'static, R: Split> BroadcastToFromLeaf<C<N>> for R
where
    C<N>: BroadcastTo<R::Head>,
    R::Tail: BroadcastToFromOnes,
{
    #[inline(always)]
    fn step(q: &mut usize, stride: &mut usize, idx: &mut usize) {
        <C<N> as BroadcastTo<R::Head>>::step(q, stride, idx);
        <R::Tail as BroadcastToFromOnes>::step(q, stride, idx);
    }
}

impl<T: Copy, S: SsaShape> TensorSsa<T, S> {
    /// `broadcast_to(value, shape)` (the DSL's `value.broadcast_to(shape)`): the value
    /// stretched along its extents of 1 (and the modes padded at the end) to `shape`.
    ///
    /// # Preconditions
    /// `S` broadcasts to `R` ([`BroadcastTo`]), or the compile error `broadcast_to: the shape
    /// does not broadcast to the target shape`.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let row = TensorSsa::new((_1, _3), [1, 2, 3]);
    /// let m = row.broadcast_to((_4, _3));
    /// assert_eq!(m.to_string(), "tensor_value<vector<12xi32> o (_4,_3)>");
    /// assert_eq!((m[(0, 2)], m[(3, 2)], m[(3, 0)]), (3, 3, 1));
    /// ```
    #[inline(always)]
    pub fn broadcast_to<R: SsaShape>(self, shape: R) -> TensorSsa<T, R>
    where
        S: BroadcastTo<R>,
    {
        let _ = shape;
        TensorSsa::from_fn(|i| self.data[<S as BroadcastTo<R>>::source_index(i)])
    }
}

// ---------------------------------------------------------------------------------------------
// Binary operations
// ---------------------------------------------------------------------------------------------

/// The right-hand sides of a binary operation on a register value `Self`: another value
/// (both broadcast to [`BroadcastOf`] their shapes) or a scalar ([`SsaElement`], applied to
/// every element; the shape stays). The DSL's `apply_op`.
pub trait ZipWith<B> {
    /// The element type of `Self`.
    type Lhs: Copy;
    /// The element type of `B` (or `B` itself for a scalar).
    type Rhs: Copy;
    /// The shape of the result.
    type Shape: SsaShape;
    /// The value of `f(self_i, b_i)` for every element `i` of the result.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let a = TensorSsa::new(_3, [1, 2, 3]);
    /// let v = a.zip_with(10, |x, y| x * y + 1);
    /// assert_eq!(v.as_slice(), &[11, 21, 31]);
    /// ```
    fn zip_with<V, F: FnMut(Self::Lhs, Self::Rhs) -> V>(
        self,
        b: B,
        f: F,
    ) -> TensorSsa<V, Self::Shape>;
}
/// The shape of the result of a binary operation between `A` and `B`.
pub type ZipShapeOf<A, B> = <A as ZipWith<B>>::Shape;

impl<T, U, S, S2> ZipWith<TensorSsa<U, S2>> for TensorSsa<T, S>
where
    T: Copy,
    U: Copy,
    S: SsaShape + BroadcastShape<S2>,
    S2: SsaShape,
{
    type Lhs = T;
    type Rhs = U;
    type Shape = BroadcastOf<S, S2>;
    #[inline(always)]
    fn zip_with<V, F: FnMut(T, U) -> V>(
        self,
        b: TensorSsa<U, S2>,
        mut f: F,
    ) -> TensorSsa<V, Self::Shape> {
        TensorSsa::from_fn(|i| {
            let (ia, ib) = <S as BroadcastShape<S2>>::source_indices(i);
            f(self.data[ia], b.data[ib])
        })
    }
}
impl<T: Copy, U: SsaElement, S: SsaShape> ZipWith<U> for TensorSsa<T, S> {
    type Lhs = T;
    type Rhs = U;
    type Shape = S;
    #[inline(always)]
    fn zip_with<V, F: FnMut(T, U) -> V>(self, b: U, mut f: F) -> TensorSsa<V, S> {
        TensorSsa::from_fn(|i| f(self.data[i], b))
    }
}

macro_rules! binary_operator {
    ($($Op:ident $op:ident),*) => {$(
        #[doc = concat!("`value ", stringify!($op), " rhs`, element by element; `rhs` is a value \
            (broadcast) or a scalar.")]
        impl<T, S, B> $Op<B> for TensorSsa<T, S>
        where
            S: SsaShape,
            TensorSsa<T, S>: ZipWith<B, Lhs = T>,
            T: $Op<<TensorSsa<T, S> as ZipWith<B>>::Rhs>,
        {
            type Output = TensorSsa<
                <T as $Op<<TensorSsa<T, S> as ZipWith<B>>::Rhs>>::Output,
                ZipShapeOf<TensorSsa<T, S>, B>,
            >;
            #[inline(always)]
            fn $op(self, b: B) -> Self::Output {
                self.zip_with(b, |x, y| $Op::$op(x, y))
            }
        }
    )*};
}
binary_operator!(Add add, Sub sub, Mul mul, Div div, Rem rem, BitAnd bitand, BitOr bitor,
    BitXor bitxor);

// A scalar on the left: `2.0 * value` (the DSL's `__radd__`, ...).
macro_rules! scalar_lhs {
    ([$($Op:ident $op:ident),*] $ts:tt) => {$(
        scalar_lhs!(@op $Op $op $ts);
    )*};
    (@op $Op:ident $op:ident [$($t:ty),*]) => {$(
        impl<S: SsaShape> $Op<TensorSsa<$t, S>> for $t {
            type Output = TensorSsa<$t, S>;
            #[inline(always)]
            fn $op(self, b: TensorSsa<$t, S>) -> TensorSsa<$t, S> {
                b.map(|y| $Op::$op(self, y))
            }
        }
    )*};
}
scalar_lhs!([Add add, Sub sub, Mul mul, Div div, Rem rem]
    [f32, f64, i8, i16, i32, i64, u8, u16, u32, u64]);
scalar_lhs!([BitAnd bitand, BitOr bitor, BitXor bitxor]
    [i8, i16, i32, i64, u8, u16, u32, u64, bool]);

impl<T: Copy + Neg, S: SsaShape> Neg for TensorSsa<T, S> {
    type Output = TensorSsa<T::Output, S>;
    /// `-value`, element by element.
    #[inline(always)]
    fn neg(self) -> Self::Output {
        self.map(|x| -x)
    }
}
impl<T: Copy + Not, S: SsaShape> Not for TensorSsa<T, S> {
    type Output = TensorSsa<T::Output, S>;
    /// `!value`: logical not of booleans, bitwise not of integers.
    #[inline(always)]
    fn not(self) -> Self::Output {
        self.map(|x| !x)
    }
}

/// Division rounding toward negative infinity (Python's `//`, MLIR's `floordivsi`; floats:
/// `floor(a / b)`).
pub trait FloorDiv: Copy {
    /// `floor(self / b)`.
    fn floor_div(self, b: Self) -> Self;
}
macro_rules! floor_div_signed {
    ($($t:ty),*) => {$(
        impl FloorDiv for $t {
            #[inline(always)]
            fn floor_div(self, b: $t) -> $t {
                let (q, r) = (self / b, self % b);
                if r != 0 && ((r < 0) != (b < 0)) { q - 1 } else { q }
            }
        }
    )*};
}
floor_div_signed!(i8, i16, i32, i64);
macro_rules! floor_div_unsigned {
    ($($t:ty),*) => {$(
        impl FloorDiv for $t {
            #[inline(always)]
            fn floor_div(self, b: $t) -> $t {
                self / b
            }
        }
    )*};
}
floor_div_unsigned!(u8, u16, u32, u64);
impl FloorDiv for f32 {
    #[inline(always)]
    fn floor_div(self, b: f32) -> f32 {
        libm::floorf(self / b)
    }
}
impl FloorDiv for f64 {
    #[inline(always)]
    fn floor_div(self, b: f64) -> f64 {
        libm::floor(self / b)
    }
}

/// The larger of two elements; NaN if either is NaN (MLIR's `maximumf`); `b` when they are
/// equal.
#[inline(always)]
fn elem_max<T: PartialOrd>(a: T, b: T) -> T {
    #[allow(clippy::eq_op)]
    let a_nan = a != a;
    if a > b || a_nan {
        a
    } else {
        b
    }
}
/// The smaller of two elements; NaN if either is NaN (MLIR's `minimumf`); `b` when they are
/// equal.
#[inline(always)]
fn elem_min<T: PartialOrd>(a: T, b: T) -> T {
    #[allow(clippy::eq_op)]
    let a_nan = a != a;
    if a < b || a_nan {
        a
    } else {
        b
    }
}

macro_rules! comparison {
    ($($(#[$doc:meta])* $name:ident, |$x:ident, $y:ident| $e:expr;)*) => {
        impl<T: Copy, S: SsaShape> TensorSsa<T, S> {$(
            $(#[$doc])*
            #[inline(always)]
            pub fn $name<B>(self, b: B) -> TensorSsa<bool, ZipShapeOf<Self, B>>
            where
                Self: ZipWith<B, Lhs = T>,
                T: PartialOrd<<Self as ZipWith<B>>::Rhs>,
            {
                self.zip_with(b, |$x, $y| $e)
            }
        )*}
    };
}
comparison! {
    /// `value < rhs` element by element, a boolean value (the DSL's `<`).
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let a = TensorSsa::new(_3, [1.0f32, 2.0, 3.0]);
    /// assert_eq!(a.lt(2.0).as_slice(), &[true, false, false]);
    /// ```
    lt, |x, y| x < y;
    /// `value <= rhs` element by element (the DSL's `<=`).
    le, |x, y| x <= y;
    /// `value > rhs` element by element (the DSL's `>`).
    gt, |x, y| x > y;
    /// `value >= rhs` element by element (the DSL's `>=`).
    ge, |x, y| x >= y;
    /// `value == rhs` element by element (the DSL's `==`; Rust's `==` compares whole values).
    eq_, |x, y| x == y;
    /// `value != rhs` element by element (the DSL's `!=`).
    ne_, |x, y| x != y;
}

impl<T: Copy, S: SsaShape> TensorSsa<T, S> {
    /// `value // rhs` (the DSL's floor division): element by element, rounded toward negative
    /// infinity.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let a = TensorSsa::new(_4, [7, -7, 7, -7]);
    /// let b = TensorSsa::new(_4, [2, 2, -2, -2]);
    /// assert_eq!(a.floor_div(b).as_slice(), &[3, -4, -4, 3]);
    /// assert_eq!((a % b).as_slice(), &[1, -1, 1, -1]);
    /// ```
    #[inline(always)]
    pub fn floor_div<B>(self, b: B) -> TensorSsa<T, ZipShapeOf<Self, B>>
    where
        Self: ZipWith<B, Lhs = T, Rhs = T>,
        T: FloorDiv,
    {
        self.zip_with(b, FloorDiv::floor_div)
    }
    /// `max(value, rhs)` element by element (NaN if either is NaN).
    #[inline(always)]
    pub fn max<B>(self, b: B) -> TensorSsa<T, ZipShapeOf<Self, B>>
    where
        Self: ZipWith<B, Lhs = T, Rhs = T>,
        T: PartialOrd,
    {
        self.zip_with(b, elem_max)
    }
    /// `min(value, rhs)` element by element (NaN if either is NaN).
    #[inline(always)]
    pub fn min<B>(self, b: B) -> TensorSsa<T, ZipShapeOf<Self, B>>
    where
        Self: ZipWith<B, Lhs = T, Rhs = T>,
        T: PartialOrd,
    {
        self.zip_with(b, elem_min)
    }
}

// ---------------------------------------------------------------------------------------------
// Math
// ---------------------------------------------------------------------------------------------

/// Float elements and their math functions (`libm`'s on every target; on the device they are
/// compiled from `libm`'s Rust code, not PTX's approximate instructions).
pub trait SsaFloat: Copy {
    /// Square root.
    fn sqrt(self) -> Self;
    /// Sine.
    fn sin(self) -> Self;
    /// Cosine.
    fn cos(self) -> Self;
    /// `e^x`.
    fn exp(self) -> Self;
    /// `2^x`.
    fn exp2(self) -> Self;
    /// Natural logarithm.
    fn log(self) -> Self;
    /// Base-2 logarithm.
    fn log2(self) -> Self;
}
macro_rules! ssa_float {
    ($t:ty, $sqrt:ident, $sin:ident, $cos:ident, $exp:ident, $exp2:ident, $log:ident,
        $log2:ident) => {
        impl SsaFloat for $t {
            #[inline(always)]
            fn sqrt(self) -> $t {
                libm::$sqrt(self)
            }
            #[inline(always)]
            fn sin(self) -> $t {
                libm::$sin(self)
            }
            #[inline(always)]
            fn cos(self) -> $t {
                libm::$cos(self)
            }
            #[inline(always)]
            fn exp(self) -> $t {
                libm::$exp(self)
            }
            #[inline(always)]
            fn exp2(self) -> $t {
                libm::$exp2(self)
            }
            #[inline(always)]
            fn log(self) -> $t {
                libm::$log(self)
            }
            #[inline(always)]
            fn log2(self) -> $t {
                libm::$log2(self)
            }
        }
    };
}
ssa_float!(f32, sqrtf, sinf, cosf, expf, exp2f, logf, log2f);
ssa_float!(f64, sqrt, sin, cos, exp, exp2, log, log2);

/// Elements with an absolute value: floats (`fabs`) and signed integers (wrapping, as C++:
/// `abs(i32::MIN)` is `i32::MIN`).
pub trait SsaAbs: Copy {
    /// `|self|`.
    fn abs(self) -> Self;
}
impl SsaAbs for f32 {
    #[inline(always)]
    fn abs(self) -> f32 {
        libm::fabsf(self)
    }
}
impl SsaAbs for f64 {
    #[inline(always)]
    fn abs(self) -> f64 {
        libm::fabs(self)
    }
}
macro_rules! ssa_abs_int {
    ($($t:ty),*) => {$(
        impl SsaAbs for $t {
            #[inline(always)]
            fn abs(self) -> $t {
                self.wrapping_abs()
            }
        }
    )*};
}
ssa_abs_int!(i8, i16, i32, i64);

/// The DSL's `cute.math`: element-wise math on register values.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// use cute_core::tensor_ssa::math;
/// let a = full(_3, 4.0f32);
/// assert_eq!(math::sqrt(a).as_slice(), &[2.0; 3]);
/// assert_eq!(math::exp2(a).as_slice(), &[16.0; 3]);
/// assert_eq!(math::max(a, TensorSsa::new(_3, [1.0, 5.0, 4.0])).as_slice(), &[4.0, 5.0, 4.0]);
/// ```
pub mod math {
    use super::{SsaAbs, SsaFloat, SsaShape, TensorSsa, ZipShapeOf, ZipWith};

    macro_rules! unary {
        ($($(#[$doc:meta])* $f:ident: $Tr:ident;)*) => {$(
            $(#[$doc])*
            #[inline(always)]
            pub fn $f<T: $Tr, S: SsaShape>(v: TensorSsa<T, S>) -> TensorSsa<T, S> {
                v.map($Tr::$f)
            }
        )*};
    }
    unary! {
        /// `sqrt` of every element.
        sqrt: SsaFloat;
        /// `sin` of every element.
        sin: SsaFloat;
        /// `cos` of every element.
        cos: SsaFloat;
        /// `e^x` of every element.
        exp: SsaFloat;
        /// `2^x` of every element.
        exp2: SsaFloat;
        /// The natural logarithm of every element.
        log: SsaFloat;
        /// The base-2 logarithm of every element.
        log2: SsaFloat;
        /// The absolute value of every element.
        abs: SsaAbs;
    }

    /// `max(a, b)` element by element; `b` a value (broadcast) or a scalar.
    #[inline(always)]
    pub fn max<T, S, B>(a: TensorSsa<T, S>, b: B) -> TensorSsa<T, ZipShapeOf<TensorSsa<T, S>, B>>
    where
        T: Copy + PartialOrd,
        S: SsaShape,
        TensorSsa<T, S>: ZipWith<B, Lhs = T, Rhs = T>,
    {
        a.max(b)
    }
    /// `min(a, b)` element by element; `b` a value (broadcast) or a scalar.
    #[inline(always)]
    pub fn min<T, S, B>(a: TensorSsa<T, S>, b: B) -> TensorSsa<T, ZipShapeOf<TensorSsa<T, S>, B>>
    where
        T: Copy + PartialOrd,
        S: SsaShape,
        TensorSsa<T, S>: ZipWith<B, Lhs = T, Rhs = T>,
    {
        a.min(b)
    }
}

impl<T: Copy, S: SsaShape> TensorSsa<T, S> {
    /// `sqrt` of every element ([`math::sqrt`]).
    #[inline(always)]
    pub fn sqrt(self) -> Self
    where
        T: SsaFloat,
    {
        math::sqrt(self)
    }
    /// `sin` of every element ([`math::sin`]).
    #[inline(always)]
    pub fn sin(self) -> Self
    where
        T: SsaFloat,
    {
        math::sin(self)
    }
    /// `cos` of every element ([`math::cos`]).
    #[inline(always)]
    pub fn cos(self) -> Self
    where
        T: SsaFloat,
    {
        math::cos(self)
    }
    /// `e^x` of every element ([`math::exp`]).
    #[inline(always)]
    pub fn exp(self) -> Self
    where
        T: SsaFloat,
    {
        math::exp(self)
    }
    /// `2^x` of every element ([`math::exp2`]).
    #[inline(always)]
    pub fn exp2(self) -> Self
    where
        T: SsaFloat,
    {
        math::exp2(self)
    }
    /// The natural logarithm of every element ([`math::log`]).
    #[inline(always)]
    pub fn log(self) -> Self
    where
        T: SsaFloat,
    {
        math::log(self)
    }
    /// The base-2 logarithm of every element ([`math::log2`]).
    #[inline(always)]
    pub fn log2(self) -> Self
    where
        T: SsaFloat,
    {
        math::log2(self)
    }
    /// The absolute value of every element ([`math::abs`]).
    #[inline(always)]
    pub fn abs(self) -> Self
    where
        T: SsaAbs,
    {
        math::abs(self)
    }
}

// ---------------------------------------------------------------------------------------------
// Slicing and reduction
// ---------------------------------------------------------------------------------------------

/// The offset of the element at a colexicographic index of a static layout `Self:D` (its
/// shape may be `()`: one element at offset 0).
#[doc(hidden)]
pub trait StaticWalk<D> {
    fn walk(q: &mut usize) -> usize;
}
impl<N: Integer, M: Integer> StaticWalk<C<M>> for C<N> {
    #[inline(always)]
    fn walk(q: &mut usize) -> usize {
        let n = N::I64 as usize;
        let c = *q % n;
        *q /= n;
        c * M::I64 as usize
    }
}
impl StaticWalk<()> for () {
    #[inline(always)]
    fn walk(_: &mut usize) -> usize {
        0
    }
}
impl<S: Split, D: Split> StaticWalk<D> for S
where
    S::Head: StaticWalk<D::Head>,
    S::Tail: StaticWalk<D::Tail>,
{
    #[inline(always)]
    fn walk(q: &mut usize) -> usize {
        let lo = <S::Head as StaticWalk<D::Head>>::walk(q);
        lo + <S::Tail as StaticWalk<D::Tail>>::walk(q)
    }
}
#[inline(always)]
fn walk<S: StaticWalk<D>, D>(i: usize) -> usize {
    let mut q = i;
    S::walk(&mut q)
}

/// A slicing coordinate of a value of shape `S`: integers (fixed) and `_` ([`X`](const@crate::underscore::X),
/// kept), congruent with `S` down to its integers.
#[diagnostic::on_unimplemented(
    message = "slice: the coordinate is not congruent with the sliced shape",
    note = "a coordinate has one entry (an integer, `X`, or a tuple) per mode"
)]
pub trait SsaSlice<S: SsaShape>: Copy {
    /// `slice(coord, S)`: the shape kept.
    type Shape: SsaShape;
    /// The offset of the coordinate (its `_` counting as 0) in the value.
    fn offset(self) -> usize;
    /// The offset of element `j` of the slice from [`offset`](SsaSlice::offset).
    fn source_index(j: usize) -> usize;
}
impl<Crd, S> SsaSlice<S> for Crd
where
    S: SsaShape,
    Crd: Copy + Crd2Idx<S, CompactColMajorOf<S>> + SliceTuple<S> + SliceTuple<CompactColMajorOf<S>>,
    SliceTupleOf<Crd, S>: SsaShape + StaticWalk<SliceTupleOf<Crd, CompactColMajorOf<S>>>,
{
    type Shape = SliceTupleOf<Crd, S>;
    #[inline(always)]
    fn offset(self) -> usize {
        let s = S::make();
        self.crd2idx(s, s.compact_major(C::new())).value() as usize
    }
    #[inline(always)]
    fn source_index(j: usize) -> usize {
        walk::<SliceTupleOf<Crd, S>, SliceTupleOf<Crd, CompactColMajorOf<S>>>(j)
    }
}

/// A reduction (the DSL's `cute.ReductionOp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReductionOp {
    /// `a + b`.
    Add,
    /// `a * b`.
    Mul,
    /// `max(a, b)` (NaN if either is NaN, as MLIR's `maximumf`).
    Max,
    /// `min(a, b)` (NaN if either is NaN).
    Min,
}
impl ReductionOp {
    /// The reduction applied to two elements.
    #[inline(always)]
    pub fn apply<T: Reducible>(self, a: T, b: T) -> T {
        match self {
            ReductionOp::Add => a + b,
            ReductionOp::Mul => a * b,
            ReductionOp::Max => elem_max(a, b),
            ReductionOp::Min => elem_min(a, b),
        }
    }
}

/// Elements a [`ReductionOp`] applies to: `+`, `*` and an order.
pub trait Reducible: Copy + Add<Output = Self> + Mul<Output = Self> + PartialOrd {}
impl<T: Copy + Add<Output = T> + Mul<Output = T> + PartialOrd> Reducible for T {}

/// A reduction profile for a value of shape `S` (the DSL's `reduction_profile`).
///
/// # Math
/// - an integer (`0`, `_0`, ...): every element is reduced; the result is a scalar;
/// - `_` ([`X`](const@crate::underscore::X)): nothing is reduced; the value itself;
/// - a tuple, weakly congruent with `S`: the modes marked `_` are kept, the modes marked with
///   an integer (the DSL writes `1`) are reduced; the result has shape `slice(profile, S)`
///   (as C++'s `slice`, nested kept modes move one level up: `(X, (X, 1))` of `(4, (5, 4))`
///   keeps `(4, 5)`).
#[diagnostic::on_unimplemented(
    message = "reduce: the profile is not weakly congruent with the shape",
    note = "a profile is an integer (reduce all), `X` (keep all), or a tuple with one entry per mode"
)]
pub trait ReduceProfile<S: SsaShape> {
    /// The result: a scalar `T` or a value.
    type Output<T: Copy>;
    /// Reduces `v` with `op`, starting every accumulation from `init`.
    fn reduce<T: Reducible>(self, v: TensorSsa<T, S>, op: ReductionOp, init: T) -> Self::Output<T>;
}
macro_rules! reduce_all {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* S: SsaShape> ReduceProfile<S> for $t {
            type Output<T: Copy> = T;
            #[inline(always)]
            fn reduce<T: Reducible>(self, v: TensorSsa<T, S>, op: ReductionOp, init: T) -> T {
                v.data.iter().fold(init, |acc, &x| op.apply(acc, x))
            }
        }
    )*};
}
reduce_all!([N: Integer + 'static,] C<N>, [] i32, [] i64);
impl<S: SsaShape> ReduceProfile<S> for Underscore {
    type Output<T: Copy> = TensorSsa<T, S>;
    #[inline(always)]
    fn reduce<T: Reducible>(self, v: TensorSsa<T, S>, _: ReductionOp, _: T) -> TensorSsa<T, S> {
        v
    }
}
impl<P, S> ReduceProfile<S> for P
where
    S: SsaShape,
    P: Split
        + SliceTuple<S>
        + SliceTuple<CompactColMajorOf<S>>
        + DiceTuple<S>
        + DiceTuple<CompactColMajorOf<S>>,
    SliceTupleOf<P, S>: SsaShape + StaticWalk<SliceTupleOf<P, CompactColMajorOf<S>>>,
    DiceTupleOf<P, S>: SsaShape + StaticWalk<DiceTupleOf<P, CompactColMajorOf<S>>>,
{
    type Output<T: Copy> = TensorSsa<T, SliceTupleOf<P, S>>;
    #[inline(always)]
    fn reduce<T: Reducible>(
        self,
        v: TensorSsa<T, S>,
        op: ReductionOp,
        init: T,
    ) -> TensorSsa<T, SliceTupleOf<P, S>> {
        TensorSsa::from_fn(|k| {
            let base = walk::<SliceTupleOf<P, S>, SliceTupleOf<P, CompactColMajorOf<S>>>(k);
            let mut acc = init;
            for r in 0..<DiceTupleOf<P, S> as SsaShape>::SIZE {
                let off = walk::<DiceTupleOf<P, S>, DiceTupleOf<P, CompactColMajorOf<S>>>(r);
                acc = op.apply(acc, v.data[base + off]);
            }
            acc
        })
    }
}
/// The type of `reduce(op, init, profile)` of a value `TensorSsa<T, S>`.
pub type ReduceOf<P, T, S> = <P as ReduceProfile<S>>::Output<T>;

impl<T: Copy, S: SsaShape> TensorSsa<T, S> {
    /// `value.reduce(op, init, profile)` (the DSL's `TensorSSA.reduce`): `op` folded over the
    /// modes the profile reduces, from `init`, in colexicographic order.
    ///
    /// # Math
    /// See [`ReduceProfile`]: `0` reduces everything to a scalar; `(X, _1)` keeps mode 0 and
    /// reduces mode 1 (`result(i) = init op v(i,0) op v(i,1) op ...`).
    ///
    /// # Preconditions
    /// The profile is weakly congruent with the shape, or the compile error `reduce: the
    /// profile is not weakly congruent with the shape` (or the `slice`/`dice` error it leads
    /// to).
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let a = TensorSsa::new((_2, _3), [1.0f32, 4., 2., 5., 3., 6.]); // [[1,2,3],[4,5,6]]
    /// let all: f32 = a.reduce(ReductionOp::Add, 0.0, 0);
    /// assert_eq!(all, 21.0);
    /// let r = a.reduce(ReductionOp::Add, 0.0, (X, _1));
    /// assert_eq!((r.to_string(), r.as_slice()), ("tensor_value<vector<2xf32> o (_2)>".into(), &[6.0, 15.0][..]));
    /// assert_eq!(a.reduce(ReductionOp::Add, 1.0, (_1, X)).as_slice(), &[6.0, 8.0, 10.0]);
    /// ```
    #[inline(always)]
    pub fn reduce<P: ReduceProfile<S>>(self, op: ReductionOp, init: T, profile: P) -> P::Output<T>
    where
        T: Reducible,
    {
        profile.reduce(self, op, init)
    }

    /// `value[coord]` with `_` in `coord` (the DSL's slicing with `None`): the elements whose
    /// coordinate agrees with `coord` outside its `_`, as a value of shape `slice(coord, S)`.
    ///
    /// # Math
    /// With `L = make_layout(S, LayoutLeft)` and `(L', o) = slice_and_offset(coord, L)`:
    /// element `j` of the result is element `o + L'(j)` of `self`.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let a = TensorSsa::<i32, (_4, _2, _3)>::from_fn(|i| i as i32);
    /// let s = a.slice((X, 1, X));
    /// assert_eq!(s.to_string(), "tensor_value<vector<12xi32> o (_4,_3)>");
    /// assert_eq!((s[(0, 0)], s[(3, 0)], s[(0, 2)]), (4, 7, 20));
    /// ```
    #[inline(always)]
    pub fn slice<Crd: SsaSlice<S>>(self, coord: Crd) -> TensorSsa<T, Crd::Shape> {
        let o = coord.offset();
        TensorSsa::from_fn(|j| self.data[o + Crd::source_index(j)])
    }
}

// ---------------------------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------------------------

impl<T: SsaElement, S: SsaShape> fmt::Display for TensorSsa<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tensor_value<vector<{}x{}> o {}>",
            S::SIZE,
            T::NAME,
            display(&self.shape)
        )
    }
}
impl<T: SsaElement + fmt::Debug, S: SsaShape> fmt::Debug for TensorSsa<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} = {:?}", self.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use crate::tensor::{make_tensor, make_tensor_from_slice};
    use crate::underscore::X;
    use std::format;
    use std::string::ToString;
    use std::vec::Vec;

    // Expected values: the CuTe DSL's TensorSSA notebook (CUTLASS
    // `examples/python/CuTeDSL/notebooks/tensorssa.ipynb`, its printed outputs), where inputs
    // are NumPy arrays seen through `from_dlpack` (row-major layouts).

    /// `from_dlpack` of a 1-D array of 3: the layout `(3):(1)`, static and dynamic strides.
    fn load3<T: Copy>(x: &mut [T; 3]) -> (TensorSsa<T, (_3,)>, TensorSsa<T, (_3,)>) {
        let s = load(&make_tensor_from_slice(x, make_layout((_3,), (_1,))));
        let d = load(&make_tensor_from_slice(x, make_layout((_3,), (1,))));
        (s, d)
    }

    #[test]
    fn binary_ops_of_values_and_scalars() {
        // binary_op_1 and binary_op_2: a = [1,1,1], b = [2,2,2] (or the scalar 2.0).
        let (mut x, mut y) = ([1.0f32; 3], [2.0f32; 3]);
        let (a, ad) = load3(&mut x);
        let (b, bd) = load3(&mut y);
        for (a, b) in [(a, b), (ad, bd)] {
            let r: TensorSsa<f32, (_3,)> = a + b;
            assert_eq!(r.as_slice(), &[3.0; 3]);
            assert_eq!((a - b).as_slice(), &[-1.0; 3]);
            assert_eq!((a * b).as_slice(), &[2.0; 3]);
            assert_eq!((a / b).as_slice(), &[0.5; 3]);
            assert_eq!(a.floor_div(b).as_slice(), &[0.0; 3]);
            assert_eq!((a % b).as_slice(), &[1.0; 3]);
            let r: TensorSsa<f32, (_3,)> = a + 2.0;
            assert_eq!(r.as_slice(), &[3.0; 3]);
            assert_eq!((a - 2.0).as_slice(), &[-1.0; 3]);
            assert_eq!((a * 2.0).as_slice(), &[2.0; 3]);
            assert_eq!((a / 2.0).as_slice(), &[0.5; 3]);
            assert_eq!(a.floor_div(2.0).as_slice(), &[0.0; 3]);
            assert_eq!((a % 2.0).as_slice(), &[1.0; 3]);
            // the DSL's reflected operators (`__rsub__`, ...)
            assert_eq!((2.0 - a).as_slice(), &[1.0; 3]);
            assert_eq!((2.0 * a).as_slice(), &[2.0; 3]);
        }
    }

    #[test]
    fn comparisons_give_boolean_values() {
        // binary_op_3: a = [1,2,3], b = [2,1,4].
        let (mut x, mut y) = ([1.0f32, 2., 3.], [2.0f32, 1., 4.]);
        let (a, ad) = load3(&mut x);
        let (b, bd) = load3(&mut y);
        for (a, b) in [(a, b), (ad, bd)] {
            let gt: TensorSsa<bool, (_3,)> = a.gt(b);
            assert_eq!(gt.as_slice(), &[false, true, false]);
            assert_eq!(a.ge(b).as_slice(), &[false, true, false]);
            assert_eq!(a.lt(b).as_slice(), &[true, false, true]);
            assert_eq!(a.le(b).as_slice(), &[true, false, true]);
            assert_eq!(a.eq_(b).as_slice(), &[false, false, false]);
            assert_eq!(a.ne_(b).as_slice(), &[true, true, true]);
            assert_eq!(gt.to_string(), "tensor_value<vector<3xi1> o (_3)>");
        }
    }

    #[test]
    fn bitwise_ops_on_int32() {
        // binary_op_4: a = [1,2,3], b = [2,2,4].
        let (mut x, mut y) = ([1i32, 2, 3], [2i32, 2, 4]);
        let (a, ad) = load3(&mut x);
        let (b, bd) = load3(&mut y);
        for (a, b) in [(a, b), (ad, bd)] {
            assert_eq!((a ^ b).as_slice(), &[3, 0, 7]);
            assert_eq!((a | b).as_slice(), &[3, 2, 7]);
            assert_eq!((a & b).as_slice(), &[0, 2, 0]);
        }
    }

    #[test]
    fn unary_math() {
        // unary_op_1: a = [4,4,4]; the DSL prints sin as -0.756802 (%f).
        let mut x = [4.0f32; 3];
        let (a, ad) = load3(&mut x);
        for a in [a, ad] {
            assert_eq!(a.sqrt().as_slice(), &[2.0; 3]);
            for s in a.sin().as_slice() {
                assert!((s - -0.756802).abs() < 5e-7, "{s}");
            }
            assert_eq!(math::exp2(a).as_slice(), &[16.0; 3]);
            assert_eq!(a.log2().as_slice(), &[2.0; 3]);
        }
    }

    #[test]
    fn reductions() {
        // reduction_op: a = [[1,2,3],[4,5,6]] (row-major 2x3).
        let mut x = [1.0f32, 2., 3., 4., 5., 6.];
        let s = load(&make_tensor_from_slice(
            &mut x,
            make_layout((_2, _3), (_3, _1)),
        ));
        let d = load(&make_tensor_from_slice(
            &mut x,
            make_layout((_2, _3), (3, 1)),
        ));
        for a in [s, d] {
            let all: f32 = a.reduce(ReductionOp::Add, 0.0, 0);
            assert_eq!(all, 21.0);
            assert_eq!(a.reduce(ReductionOp::Add, 0.0, _0), 21.0);
            let rows: TensorSsa<f32, (_2,)> = a.reduce(ReductionOp::Add, 0.0, (X, 1));
            assert_eq!(rows.as_slice(), &[6.0, 15.0]);
            let rows: TensorSsa<f32, (_2,)> = a.reduce(ReductionOp::Add, 0.0, (X, _1));
            assert_eq!(rows.as_slice(), &[6.0, 15.0]);
            let cols: TensorSsa<f32, (_3,)> = a.reduce(ReductionOp::Add, 1.0, (1, X));
            assert_eq!(cols.as_slice(), &[6.0, 8.0, 10.0]);
            let cols: TensorSsa<f32, (_3,)> = a.reduce(ReductionOp::Add, 1.0, (_1, X));
            assert_eq!(cols.as_slice(), &[6.0, 8.0, 10.0]);
            // `None` as the whole profile: the value itself (the DSL's short cut).
            assert_eq!(a.reduce(ReductionOp::Add, 0.0, X), a);
        }
    }

    #[test]
    fn slicing_and_indexing_an_arange() {
        // apply_slice: a = arange(24) reshaped (4,2,3), row-major (layout (4,2,3):(6,3,1)).
        let mut x: Vec<f32> = (0..24).map(|i| i as f32).collect();
        let t = make_tensor_from_slice(&mut x, make_layout((_4, _2, _3), (_6, _3, _1)));
        let a = load(&t);
        assert_eq!(a.to_string(), "tensor_value<vector<24xf32> o (_4,_2,_3)>");
        let s: TensorSsa<f32, (_4, _3)> = a.slice((X, 1, X));
        let sd: TensorSsa<f32, (_4, _3)> = a.slice((X, _1, X));
        assert_eq!(s.to_string(), "tensor_value<vector<12xf32> o (_4,_3)>");
        // [[3,4,5],[9,10,11],[15,16,17],[21,22,23]]
        let expected = [
            [3., 4., 5.],
            [9., 10., 11.],
            [15., 16., 17.],
            [21., 22., 23.],
        ];
        for (i, row) in expected.iter().enumerate() {
            for (k, &e) in row.iter().enumerate() {
                assert_eq!(s[(i as i32, k as i32)], e);
                assert_eq!(sd[(i as i32, k as i32)], e);
            }
        }
        // The integer 10 is a 1-D colexicographic index, as CuTe's (the DSL's code does
        // `crd2idx(10, make_layout(shape))`): the coordinate (2,0,1), which holds 13 here. (The
        // notebook's printed output shows 10, the row-major flat index; see the report.)
        assert_eq!(a[10], 13.0);
        assert_eq!(a[_10], 13.0);
        assert_eq!(a[(2, 0, 1)], 13.0);
        // Over a column-major arange, element 10 is 10.
        let mut y: Vec<f32> = (0..24).map(|i| i as f32).collect();
        let c = load(&make_tensor_from_slice(
            &mut y,
            make_layout((_4, _2, _3), (_1, _4, _8)),
        ));
        assert_eq!(c[10], 10.0);
        // all-integer coordinate: a value of shape () holding one element
        let one: TensorSsa<f32, ()> = a.slice((2, 0, 1));
        assert_eq!(one.as_slice(), &[13.0]);
    }

    #[test]
    fn broadcasting() {
        // NumPy's rules on a (1,3) row and a (4,1) column.
        let row = TensorSsa::new((_1, _3), [0, 1, 2]);
        let col = TensorSsa::new((_4, _1), [0, 10, 20, 30]);
        let m: TensorSsa<i32, (_4, _3)> = row.broadcast_to((_4, _3));
        assert_eq!(m.to_string(), "tensor_value<vector<12xi32> o (_4,_3)>");
        for i in 0..4 {
            for j in 0..3 {
                assert_eq!(m[(i, j)], j);
            }
        }
        let sum: TensorSsa<i32, (_4, _3)> = row + col;
        let sum2: TensorSsa<i32, (_4, _3)> = col + row;
        for i in 0..4 {
            for j in 0..3 {
                assert_eq!(sum[(i, j)], 10 * i + j);
                assert_eq!(sum2[(i, j)], 10 * i + j);
            }
        }
        // The shorter shape is padded at the end (CuTe's `append`): (4) with (4,3).
        let v = TensorSsa::new(_4, [1, 2, 3, 4]);
        let p: TensorSsa<i32, (_4, _3)> = v + m;
        assert_eq!(p[(3, 2)], 4 + 2);
        let q: TensorSsa<i32, (_4, _3)> = v.broadcast_to((_4, _3));
        assert_eq!(q[(2, 1)], 3);
    }

    #[test]
    fn store_writes_through_any_layout() {
        let v = TensorSsa::<i32, (_2, _3)>::from_fn(|i| i as i32);
        let mut x = [0i32; 6];
        let mut t = make_tensor_from_slice(&mut x, make_layout((_2, _3), (3, 1)));
        store(v, &mut t);
        assert_eq!(x, [0, 2, 4, 1, 3, 5]);
        let mut y = [0i32; 6];
        // SAFETY: (2,3):(_3,_1) reaches offsets 0..=5 of y.
        let mut t = unsafe { make_tensor(y.as_mut_ptr(), make_layout((_2, _3), (_3, _1))) };
        t.store(v.reshape((_6,)));
        assert_eq!(y, [0, 2, 4, 1, 3, 5]);
        assert_eq!(load(&t), v);
    }

    #[test]
    fn printing() {
        let v = TensorSsa::new((_2, (_1, _2)), [1.5f32, 2.0, 2.5, 3.0]);
        assert_eq!(v.to_string(), "tensor_value<vector<4xf32> o (_2,(_1,_2))>");
        assert_eq!(
            format!("{v:?}"),
            "tensor_value<vector<4xf32> o (_2,(_1,_2))> = [1.5, 2.0, 2.5, 3.0]"
        );
        let b = TensorSsa::new((_2,), [true, false]);
        assert_eq!(
            format!("{b:?}"),
            "tensor_value<vector<2xi1> o (_2)> = [true, false]"
        );
    }

    #[test]
    fn values_are_their_elements_only() {
        assert_eq!(
            core::mem::size_of::<TensorSsa<f32, (_4, (_2, _3))>>(),
            24 * 4
        );
        assert_eq!(core::mem::size_of::<TensorSsa<u8, _7>>(), 7);
    }

    // ------------------------------------------------------------------------------------
    // Random inputs against plain Rust, element by element.
    // ------------------------------------------------------------------------------------

    /// xorshift64*, seeded from the clock (the seed is printed in every failure message).
    struct Rng(u64);
    impl Rng {
        fn fresh() -> Self {
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64;
            Rng(t | 1)
        }
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn f32(&mut self) -> f32 {
            (self.next() >> 40) as f32 / (1u64 << 24) as f32 * 20.0 - 10.0
        }
        fn i32(&mut self) -> i32 {
            (self.next() >> 33) as i32 - (1 << 30)
        }
        /// A non-zero integer of either sign, small enough for interesting quotients.
        fn divisor(&mut self) -> i32 {
            let d = (self.next() % 19) as i32 - 9;
            if d == 0 {
                7
            } else {
                d
            }
        }
    }

    type S3 = (_4, (_2, _3));

    #[test]
    #[allow(clippy::needless_range_loop)] // index-parallel arrays: the index reads best
    fn random_elementwise_against_plain_rust() {
        let mut rng = Rng::fresh();
        let seed = rng.0;
        for _ in 0..20 {
            let a = TensorSsa::<f32, S3>::from_fn(|_| rng.f32());
            let b = TensorSsa::<f32, S3>::from_fn(|_| rng.f32());
            let s = rng.f32();
            let (x, y) = (a.as_slice(), b.as_slice());
            let check = |r: TensorSsa<f32, S3>, f: &dyn Fn(f32, f32) -> f32, what: &str| {
                for i in 0..24 {
                    let e = f(x[i], y[i]);
                    let g = r.as_slice()[i];
                    assert!(
                        g == e || (g.is_nan() && e.is_nan()),
                        "{what} [{i}] seed {seed}"
                    );
                }
            };
            check(a + b, &|x, y| x + y, "+");
            check(a - b, &|x, y| x - y, "-");
            check(a * b, &|x, y| x * y, "*");
            check(a / b, &|x, y| x / y, "/");
            check(a % b, &|x, y| x % y, "%");
            check(a.floor_div(b), &|x, y| (x / y).floor(), "//");
            check(a.max(b), &|x, y| x.max(y), "max");
            check(math::min(a, b), &|x, y| x.min(y), "min");
            check(a + s, &|x, _| x + s, "+ scalar");
            check(s - a, &|x, _| s - x, "scalar -");
            check(-a, &|x, _| -x, "neg");
            check(a.abs(), &|x, _| x.abs(), "abs");
            check(a.abs().sqrt(), &|x, _| x.abs().sqrt(), "sqrt");
            // Transcendentals: `libm` against the platform's libm, within 2 ulps.
            for (r, f, what) in [
                (a.exp(), f32::exp as fn(f32) -> f32, "exp"),
                (a.exp2(), f32::exp2, "exp2"),
                (a.abs().log2(), |x: f32| x.abs().log2(), "log2"),
                (a.abs().log(), |x: f32| x.abs().ln(), "log"),
                (a.sin(), f32::sin, "sin"),
                (a.cos(), f32::cos, "cos"),
            ] {
                for i in 0..24 {
                    let (g, e) = (r.as_slice()[i], f(x[i]));
                    let tol = (2.0 * f32::EPSILON * e.abs()).max(1e-7);
                    assert!(
                        (g - e).abs() <= tol,
                        "{what}({}) = {g}, not {e}, seed {seed}",
                        x[i]
                    );
                }
            }
            let cmp = |r: TensorSsa<bool, S3>, f: &dyn Fn(f32, f32) -> bool, what: &str| {
                for i in 0..24 {
                    assert_eq!(r.as_slice()[i], f(x[i], y[i]), "{what} [{i}] seed {seed}");
                }
            };
            cmp(a.lt(b), &|x, y| x < y, "<");
            cmp(a.le(b), &|x, y| x <= y, "<=");
            cmp(a.gt(b), &|x, y| x > y, ">");
            cmp(a.ge(b), &|x, y| x >= y, ">=");
            cmp(a.eq_(a), &|x, _| x == x, "==");
            cmp(a.ne_(b), &|x, y| x != y, "!=");
            cmp(!a.lt(b), &|x, y| x >= y, "!");

            let i = TensorSsa::<i32, S3>::from_fn(|_| rng.i32());
            let j = TensorSsa::<i32, S3>::from_fn(|_| rng.divisor());
            let (p, q) = (i.as_slice(), j.as_slice());
            let icheck = |r: TensorSsa<i32, S3>, f: &dyn Fn(i32, i32) -> i32, what: &str| {
                for k in 0..24 {
                    assert_eq!(r.as_slice()[k], f(p[k], q[k]), "{what} [{k}] seed {seed}");
                }
            };
            icheck(i & j, &|x, y| x & y, "&");
            icheck(i | j, &|x, y| x | y, "|");
            icheck(i ^ j, &|x, y| x ^ y, "^");
            icheck(i / j, &|x, y| x / y, "int /");
            icheck(i % j, &|x, y| x % y, "int %");
            icheck(
                i.floor_div(j),
                &|x, y| x.div_euclid(y) - ((y < 0 && x.rem_euclid(y) != 0) as i32),
                "int //",
            );
            icheck(!i, &|x, _| !x, "int !");
            icheck(i.abs(), &|x, _| x.wrapping_abs(), "int abs");
        }
    }

    /// The plain reference of a broadcast: coordinates of the result, clamped to 0 where the
    /// operand's extent is 1.
    #[test]
    fn random_broadcast_against_plain_rust() {
        let mut rng = Rng::fresh();
        let seed = rng.0;
        let a = TensorSsa::<i32, (_3, _1, _5)>::from_fn(|_| rng.i32());
        let b = TensorSsa::<i32, (_1, _4)>::from_fn(|_| rng.i32());
        let c: TensorSsa<i32, (_3, _4, _5)> = a.zip_with(b, |x, y| x.wrapping_sub(y));
        for i in 0..3 {
            for j in 0..4 {
                for k in 0..5 {
                    let e = a[(i, 0, k)].wrapping_sub(b[(0, j)]);
                    assert_eq!(c[(i, j, k)], e, "seed {seed}");
                }
            }
        }
        // nested: ((2,1),3) against (1,(3)) padded and stretched
        let n = TensorSsa::<i32, ((_2, _1), _3)>::from_fn(|_| rng.i32());
        let m = TensorSsa::<i32, (_1, (_3,), _2)>::from_fn(|_| rng.i32());
        let r: TensorSsa<i32, ((_2, _1), (_3,), _2)> = n.zip_with(m, |x, y| x ^ y);
        for i in 0..2 {
            for k in 0..3 {
                for l in 0..2 {
                    assert_eq!(
                        r[((i, 0), (k,), l)],
                        n[((i, 0), k)] ^ m[(0, (k,), l)],
                        "seed {seed}"
                    );
                }
            }
        }
        let t: TensorSsa<i32, ((_2, _4), (_3,), _2)> = n.broadcast_to(((_2, _4), (_3,), _2));
        for i in 0..2 {
            for j in 0..4 {
                for k in 0..3 {
                    assert_eq!(t[((i, j), (k,), 1)], n[((i, 0), k)], "seed {seed}");
                }
            }
        }
    }

    #[test]
    fn random_reductions_and_slices_against_plain_rust() {
        let mut rng = Rng::fresh();
        let seed = rng.0;
        // small integers as floats: sums and products are exact in any order
        let a = TensorSsa::<f32, (_4, (_5, _4))>::from_fn(|_| (rng.next() % 7) as f32 - 3.0);
        let at = |i: i32, j: i32, k: i32| a[(i, (j, k))];
        for (op, init, f) in [
            (
                ReductionOp::Add,
                0.5f32,
                (|x, y| x + y) as fn(f32, f32) -> f32,
            ),
            (ReductionOp::Mul, 1.0, |x, y| x * y),
            (ReductionOp::Max, f32::MIN, f32::max),
            (ReductionOp::Min, f32::MAX, f32::min),
        ] {
            let mut all = init;
            for k in 0..4 {
                for j in 0..5 {
                    for i in 0..4 {
                        all = f(all, at(i, j, k));
                    }
                }
            }
            assert_eq!(a.reduce(op, init, 0), all, "{op:?} seed {seed}");
            let r0: TensorSsa<f32, (_4,)> = a.reduce(op, init, (X, 1));
            let r1: TensorSsa<f32, ((_5, _4),)> = a.reduce(op, init, (1, X));
            let r2: TensorSsa<f32, (_4, _5)> = a.reduce(op, init, (X, (X, _1)));
            let r3: TensorSsa<f32, (_4,)> = a.reduce(op, init, (_0, (_0, X)));
            let r4: TensorSsa<f32, ()> = a.reduce(op, init, (0, (0, 0)));
            assert_eq!(r4.as_slice(), &[all]);
            for i in 0..4 {
                let mut e = init;
                for k in 0..4 {
                    for j in 0..5 {
                        e = f(e, at(i, j, k));
                    }
                }
                assert_eq!(r0[i], e, "{op:?} (X,1) seed {seed}");
                for j in 0..5 {
                    let mut e = init;
                    for k in 0..4 {
                        e = f(e, at(i, j, k));
                    }
                    assert_eq!(r2[(i, j)], e, "{op:?} (X,(X,1)) seed {seed}");
                }
                let mut e = init;
                for j in 0..5 {
                    for ii in 0..4 {
                        e = f(e, at(ii, j, i));
                    }
                }
                assert_eq!(r3[i], e, "{op:?} (0,(0,X)) seed {seed}");
            }
            for j in 0..5 {
                for k in 0..4 {
                    let mut e = init;
                    for i in 0..4 {
                        e = f(e, at(i, j, k));
                    }
                    assert_eq!(r1[((j, k),)], e, "{op:?} (1,X) seed {seed}");
                }
            }
        }
        // slices with a random fixed coordinate, static and dynamic
        for _ in 0..10 {
            let (i, j) = ((rng.next() % 4) as i32, (rng.next() % 20) as i32);
            let s: TensorSsa<f32, ((_5, _4),)> = a.slice((i, X));
            let t: TensorSsa<f32, (_4, _4)> = a.slice((X, (j % 5, X)));
            let u: TensorSsa<f32, (_4,)> = a.slice((X, j));
            for jj in 0..5 {
                for k in 0..4 {
                    assert_eq!(s[((jj, k),)], at(i, jj, k), "seed {seed}");
                }
            }
            for ii in 0..4 {
                for k in 0..4 {
                    assert_eq!(t[(ii, k)], at(ii, j % 5, k), "seed {seed}");
                }
                assert_eq!(u[ii], at(ii, j % 5, j / 5), "seed {seed}");
            }
            let v: TensorSsa<f32, (_5,)> = a.slice((_2, (X, _3)));
            for jj in 0..5 {
                assert_eq!(v[jj], at(2, jj, 3), "seed {seed}");
            }
        }
    }
}
