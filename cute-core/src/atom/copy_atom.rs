//! Copy atoms, tiled copies and their per-thread slices: port of `cute/atom/copy_atom.hpp`.
//!
//! [`CopyAtom<Op, V>`] is C++'s `Copy_Atom<Op, V>`: a raw copy operation moving values of type
//! `V`, whose layouts are the operation's bit layouts divided by `V`'s width.

use core::fmt;
use core::marker::PhantomData;

use crate::algorithm::tuple_algorithms::{Fun2, Transform2};
use crate::atom::copy_traits::{BitsOf, CopyTraits};
use crate::atom::mma_traits::AtomLayout;
use crate::atom::{pack, unpack, RegisterCheck, Values};
use crate::container::tuple::{Split, Tuple};
use crate::int_tuple::{CeilDiv, CeilDivOf, IntLeaf, IntTuple, SizeOf};
use crate::layout::{Layout, Mode, ModeOf, Shaped};
use crate::numeric::aliases::_0;
use crate::numeric::arithmetic::{
    AbsOf, IntAbs, IntMul, IntSignum, IsConstant, IsConstantImpl, Prod, SignumOf,
};
use crate::numeric::integral_constant::{Integral, C};
use crate::numeric::numeric_types::SizeofBits;
use crate::numeric::{Integer, B0, B1};

// ---------------------------------------------------------------------------------------------
// recast_layout<uint1_t, V>: upcast of a static bit layout by sizeof_bits<V>
// ---------------------------------------------------------------------------------------------

/// `upcast<N>(layout)` for the static layouts atoms are made of (C++'s `recast_layout<uint1_t,
/// V>` of a bit layout): a stride-0 mode is kept; a mode of stride `d` becomes
/// `ceil_div(s, ceil_div(N, |d|)) : signum(d) * ceil_div(|d|, N)`.
#[doc(hidden)]
pub trait UpcastStatic<N> {
    /// The upcast layout.
    type Output: AtomLayout;
}
/// The type of [`UpcastStatic`].
pub type UpcastStaticOf<L, N> = <L as UpcastStatic<N>>::Output;

impl<S, D, N> UpcastStatic<N> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    UpcastFn<N>: Fun2<S, D>,
    <UpcastFn<N> as Fun2<S, D>>::Output: UpcastPair,
{
    type Output = Layout<
        <<UpcastFn<N> as Fun2<S, D>>::Output as UpcastPair>::Shape,
        <<UpcastFn<N> as Fun2<S, D>>::Output as UpcastPair>::Stride,
    >;
}

/// A `(shape, stride)` pair produced per mode, split back into a shape and a stride.
#[doc(hidden)]
pub trait UpcastPair {
    type Shape: IntTuple + Default;
    type Stride: IntTuple + Default;
}
impl<S: IntTuple + Default, D: IntTuple + Default> UpcastPair for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}

/// The per-mode upcast as a function value over (shape, stride).
#[doc(hidden)]
pub struct UpcastFn<N>(PhantomData<N>);

impl<S: Split, D: Split, N> Fun2<S, D> for UpcastFn<N>
where
    S: Transform2<UpcastFn<N>, D>,
    <S as Transform2<UpcastFn<N>, D>>::Output: Unzip,
{
    type Output = Layout<
        <<S as Transform2<UpcastFn<N>, D>>::Output as Unzip>::Shape,
        <<S as Transform2<UpcastFn<N>, D>>::Output as Unzip>::Stride,
    >;
    fn call(&self, _: S, _: D) -> Self::Output {
        Default::default()
    }
}
impl<M: Integer + 'static, D: IntLeaf, N> Fun2<C<M>, D> for UpcastFn<N>
where
    D: IsConstantImpl<_0>,
    C<M>: UpcastLeaf<D, N, IsConstant<_0, D>>,
{
    type Output = Layout<
        <C<M> as UpcastLeaf<D, N, IsConstant<_0, D>>>::Shape,
        <C<M> as UpcastLeaf<D, N, IsConstant<_0, D>>>::Stride,
    >;
    fn call(&self, _: C<M>, _: D) -> Self::Output {
        Default::default()
    }
}

/// One leaf mode of the upcast; `Zero` is `B1` for a static-0 stride.
#[doc(hidden)]
pub trait UpcastLeaf<D, N, Zero> {
    type Shape: IntTuple + Default;
    type Stride: IntTuple + Default;
}
impl<S: IntLeaf + Default, D: IntLeaf + Default, N> UpcastLeaf<D, N, B1> for S {
    type Shape = S;
    type Stride = D;
}
impl<S, D, N> UpcastLeaf<D, N, B0> for S
where
    D: IntLeaf + IntAbs + IntSignum,
    N: IntLeaf + CeilDiv<AbsOf<D>>,
    S: CeilDiv<CeilDivOf<N, AbsOf<D>>>,
    AbsOf<D>: CeilDiv<N>,
    SignumOf<D>: IntMul<CeilDivOf<AbsOf<D>, N>>,
    CeilDivOf<S, CeilDivOf<N, AbsOf<D>>>: Default,
    Prod<SignumOf<D>, CeilDivOf<AbsOf<D>, N>>: IntTuple + Default,
{
    type Shape = CeilDivOf<S, CeilDivOf<N, AbsOf<D>>>;
    type Stride = Prod<SignumOf<D>, CeilDivOf<AbsOf<D>, N>>;
}

/// A tuple of layouts seen as one layout of tuples (the modes side by side).
#[doc(hidden)]
pub trait Unzip: Tuple {
    type Shape: IntTuple + Default;
    type Stride: IntTuple + Default;
}
impl Unzip for () {
    type Shape = ();
    type Stride = ();
}
impl<T: Split> Unzip for T
where
    T::Head: UpcastPair,
    T::Tail: Unzip,
    <T::Tail as Unzip>::Shape: crate::container::tuple::Prepend<<T::Head as UpcastPair>::Shape>,
    <T::Tail as Unzip>::Stride: crate::container::tuple::Prepend<<T::Head as UpcastPair>::Stride>,
    <<T::Tail as Unzip>::Shape as crate::container::tuple::Prepend<
        <T::Head as UpcastPair>::Shape,
    >>::Output: IntTuple + Default,
    <<T::Tail as Unzip>::Stride as crate::container::tuple::Prepend<
        <T::Head as UpcastPair>::Stride,
    >>::Output: IntTuple + Default,
{
    type Shape = <<T::Tail as Unzip>::Shape as crate::container::tuple::Prepend<
        <T::Head as UpcastPair>::Shape,
    >>::Output;
    type Stride = <<T::Tail as Unzip>::Stride as crate::container::tuple::Prepend<
        <T::Head as UpcastPair>::Stride,
    >>::Output;
}

// ---------------------------------------------------------------------------------------------
// Copy_Atom
// ---------------------------------------------------------------------------------------------

/// `Copy_Atom<Op, V>`: a copy operation moving values of type `V`.
///
/// # Example
/// ```
/// use cute_core::arch::copy::UniversalCopy;
/// use cute_core::atom::copy_atom::CopyAtom;
/// use cute_core::numeric::numeric_types::Uint128;
/// // A 128-bit copy moves four f32 values per thread.
/// let atom = CopyAtom::<UniversalCopy<Uint128>, f32>::new();
/// assert_eq!(atom.val_layout_src().to_string(), "(_1,_4):(_0,_1)");
/// ```
pub struct CopyAtom<Op, V>(Op, PhantomData<V>);

impl<Op: Copy, V> Clone for CopyAtom<Op, V> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op: Copy, V> Copy for CopyAtom<Op, V> {}
impl<Op: Default, V> Default for CopyAtom<Op, V> {
    fn default() -> Self {
        CopyAtom(Op::default(), PhantomData)
    }
}

/// The value layouts of a copy operation moving `V`s: its bit layouts upcast by `V`'s width.
/// A named bound: `Op: CopyAtomLayouts<V>` holds for every copy traits whose layouts divide.
pub trait CopyAtomLayouts<V>: CopyTraits {
    /// `ValLayoutSrc`: `(src thread id, src value id)` -> value offset.
    type ValLayoutSrc: AtomLayout;
    /// `ValLayoutDst`: `(dst thread id, dst value id)` -> value offset.
    type ValLayoutDst: AtomLayout;
    /// `ValLayoutRef`: `(ref thread id, ref value id)` -> value offset.
    type ValLayoutRef: AtomLayout;
    /// `NumValSrc`: the values one thread reads per instruction.
    const NUM_VAL_SRC: i64;
    /// `NumValDst`: the values one thread writes per instruction.
    const NUM_VAL_DST: i64;
}
impl<Op, V> CopyAtomLayouts<V> for Op
where
    Op: CopyTraits,
    V: SizeofBits,
    Op::SrcLayout: UpcastStatic<BitsOf<V>>,
    Op::DstLayout: UpcastStatic<BitsOf<V>>,
    Op::RefLayout: UpcastStatic<BitsOf<V>>,
    <UpcastStaticOf<Op::SrcLayout, BitsOf<V>> as Shaped>::Shape: Mode<1>,
    <UpcastStaticOf<Op::DstLayout, BitsOf<V>> as Shaped>::Shape: Mode<1>,
{
    type ValLayoutSrc = UpcastStaticOf<Op::SrcLayout, BitsOf<V>>;
    type ValLayoutDst = UpcastStaticOf<Op::DstLayout, BitsOf<V>>;
    type ValLayoutRef = UpcastStaticOf<Op::RefLayout, BitsOf<V>>;
    const NUM_VAL_SRC: i64 = static_or_zero::<
        SizeOf<ModeOf<<UpcastStaticOf<Op::SrcLayout, BitsOf<V>> as Shaped>::Shape, 1>>,
    >();
    const NUM_VAL_DST: i64 = static_or_zero::<
        SizeOf<ModeOf<<UpcastStaticOf<Op::DstLayout, BitsOf<V>> as Shaped>::Shape, 1>>,
    >();
}

const fn static_or_zero<T: Integral>() -> i64 {
    match T::STATIC {
        Some(n) => n,
        None => 0,
    }
}

struct CopyUnpack;
impl RegisterCheck for CopyUnpack {
    const MSG: &'static str =
        "copy_unpack: the tensor's size does not match the instruction's registers";
}

impl<Op: CopyAtomLayouts<V>, V: SizeofBits> CopyAtom<Op, V> {
    /// The atom (C++'s `Copy_Atom<Op, V>{}`).
    #[inline(always)]
    pub fn new() -> Self {
        CopyAtom(Op::default(), PhantomData)
    }
    /// `ThrID`: logical thread id -> thread index.
    #[inline(always)]
    pub fn thr_id(&self) -> Op::ThrId {
        Default::default()
    }
    /// `ValLayoutSrc`: `(thread id, value id)` -> source value offset.
    #[inline(always)]
    pub fn val_layout_src(&self) -> Op::ValLayoutSrc {
        Default::default()
    }
    /// `ValLayoutDst`: `(thread id, value id)` -> destination value offset.
    #[inline(always)]
    pub fn val_layout_dst(&self) -> Op::ValLayoutDst {
        Default::default()
    }
    /// `ValLayoutRef`: `(thread id, value id)` -> reference value offset.
    #[inline(always)]
    pub fn val_layout_ref(&self) -> Op::ValLayoutRef {
        Default::default()
    }
    /// `NumValSrc`: the values one thread reads per instruction.
    pub const NUM_VAL_SRC: i64 = Op::NUM_VAL_SRC;
    /// `NumValDst`: the values one thread writes per instruction.
    pub const NUM_VAL_DST: i64 = Op::NUM_VAL_DST;

    /// `atom.call(src, dst)`: one instruction's worth of values from `src` to `dst` (C++'s
    /// `copy_unpack`): `src`'s values, in index order, are reinterpreted as the operation's
    /// source register and `dst`'s as its destination register.
    ///
    /// When a tensor's values are contiguous in memory (as C++'s `recast` requires) the
    /// register is read or written through one pointer of the register type, so a
    /// `UniversalCopy<Uint128>` of four `f32` is one 128-bit access; otherwise (a strided
    /// register fragment, say) the values are gathered or scattered one by one.
    ///
    /// # Preconditions
    /// Each tensor's static size times `V`'s size is the register's size (a compile error
    /// `copy_unpack: the tensor's size does not match the instruction's registers`
    /// otherwise). A contiguous tensor's first value is aligned to the register type on the
    /// device (C++ assumes the same).
    #[inline(always)]
    pub fn call<TS, TD>(&self, src: &TS, dst: &mut TD)
    where
        TS: Values<Value = V>,
        TD: Values<Value = V>,
        V: Copy,
    {
        let s: Op::SRegisters = pack::<CopyUnpack, _, _>(src);
        let mut d = Op::DRegisters::default();
        Op::copy(&s, &mut d);
        unpack::<CopyUnpack, _, _>(&d, dst);
    }
}

/// C++'s `print(Copy_Atom)`.
impl<Op: CopyAtomLayouts<V>, V: SizeofBits> fmt::Display for CopyAtom<Op, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Copy_Atom")?;
        writeln!(f, "  ThrID:        {}", self.thr_id())?;
        writeln!(f, "  ValLayoutSrc: {}", self.val_layout_src())?;
        writeln!(f, "  ValLayoutDst: {}", self.val_layout_dst())?;
        writeln!(f, "  ValLayoutRef: {}", self.val_layout_ref())?;
        writeln!(
            f,
            "  ValueType:    {}b",
            <BitsOf<V> as Integral>::STATIC.unwrap_or(0)
        )
    }
}
impl<Op: CopyAtomLayouts<V>, V: SizeofBits> fmt::Debug for CopyAtom<Op, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arch::copy::UniversalCopy;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use crate::numeric::numeric_types::{Half, Uint128};
    use crate::tensor::{make_rmem_tensor, make_tensor};
    use std::string::ToString;

    // Expected strings: tests/cpp/atoms.cpp, the Copy_Atom cases.
    #[test]
    fn copy_atoms_print_as_cute() {
        let a = CopyAtom::<UniversalCopy<Uint128>, f32>::new();
        let l: Layout<(_1, _4), (_0, _1)> = a.val_layout_src();
        assert_eq!(l.to_string(), "(_1,_4):(_0,_1)");
        assert_eq!(
            a.to_string(),
            "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_4):(_0,_1)\n  \
             ValLayoutDst: (_1,_4):(_0,_1)\n  ValLayoutRef: (_1,_4):(_0,_1)\n  \
             ValueType:    32b\n"
        );
        assert_eq!(
            CopyAtom::<UniversalCopy<f32>, f32>::new().to_string(),
            "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_1):(_0,_1)\n  \
             ValLayoutDst: (_1,_1):(_0,_1)\n  ValLayoutRef: (_1,_1):(_0,_1)\n  \
             ValueType:    32b\n"
        );
        assert_eq!(
            CopyAtom::<UniversalCopy<u64>, Half>::new().to_string(),
            "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_4):(_0,_1)\n  \
             ValLayoutDst: (_1,_4):(_0,_1)\n  ValLayoutRef: (_1,_4):(_0,_1)\n  \
             ValueType:    16b\n"
        );
        assert_eq!(CopyAtom::<UniversalCopy<Uint128>, f32>::NUM_VAL_SRC, 4);
        assert_eq!(CopyAtom::<UniversalCopy<u64>, Half>::NUM_VAL_DST, 4);
    }

    #[repr(C, align(16))]
    struct Aligned([f32; 8]);

    #[test]
    fn vector_copy_moves_four_values() {
        let atom = CopyAtom::<UniversalCopy<Uint128>, f32>::new();
        let mut g = Aligned([1., 2., 3., 4., 5., 6., 7., 8.]);
        // SAFETY: offsets 4..8 of an 8-element array.
        let src = unsafe { make_tensor(g.0.as_mut_ptr().add(4), make_layout(_4, _1)) };
        let mut dst = make_rmem_tensor::<f32, _, _>(make_layout((_4, _1), (_1, _0)));
        atom.call(&src, &mut dst);
        assert_eq!(
            [dst.get(0), dst.get(1), dst.get(2), dst.get(3)],
            [5., 6., 7., 8.]
        );
        // A strided destination is scattered value by value.
        let mut strided = make_rmem_tensor::<f32, _, _>(make_layout(_4, _2));
        atom.call(&src, &mut strided);
        assert_eq!(
            [
                strided.get(0),
                strided.get(1),
                strided.get(2),
                strided.get(3)
            ],
            [5., 6., 7., 8.]
        );
    }
}
