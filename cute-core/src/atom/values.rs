//! An operand as its values in index order: what atoms move into and out of an instruction's
//! registers. [`Values`] and [`ValuesMut`] read and write a tensor's values `0..LEN` (one
//! access of the register type where they are contiguous in memory, one by one where they
//! live in registers); [`Fiber`] and [`FiberRef`] are the values of one (m, n, k) fiber of a
//! rank-3 operand, [`Column`] and [`ColumnMut`] one column of a view; `pack` and `unpack`
//! move values to and from an instruction's register type, after [`RegisterCheck`]'s static
//! check of its size.

use core::marker::PhantomData;

use generic_array::ArrayLength;

use crate::arch::register::{read_register, write_register};
use crate::int_tuple::{Crd2Idx, IntTuple};
use crate::layout::Layout;
use crate::numeric::integral_constant::Integral;
use crate::pointer::MemIter;
use crate::tensor::{ArrayEngine, MutEngine, ReadAt, RefEngine, Tensor, ViewEngine, WriteAt};

/// A tensor seen as its values in index order `0..LEN` (C++'s 1-D view of a rank-1 operand),
/// the form in which atoms move values into an instruction's registers.
#[doc(hidden)]
pub trait Values {
    /// The element type.
    type Value: Copy;
    /// The number of values (the static size of the tensor; `usize::MAX` if dynamic).
    const LEN: usize;
    /// The value at index `i`.
    fn read(&self, i: usize) -> Self::Value;
    /// Where the `LEN` values are, if they are `LEN` consecutive elements in memory (a view's
    /// column): what an instruction that takes the address of its operand (`cp.async`,
    /// `ldmatrix`) is given. `None` for values in registers.
    #[inline(always)]
    fn address(&self) -> Option<*mut Self::Value> {
        None
    }
    /// The `LEN` values as one `R` (their bytes in index order): one access of type `R` when
    /// the values are contiguous in memory, else gathered one by one. `R` must have the size
    /// of `LEN` values and at least their alignment (callers check, see [`pack`]).
    #[inline(always)]
    fn load<R: Copy>(&self) -> R {
        gather(self)
    }
}

/// A tensor whose values can be written in index order, the form in which atoms move values
/// out of an instruction's registers.
#[doc(hidden)]
pub trait ValuesMut: Values {
    /// Writes the value at index `i`.
    fn write(&mut self, i: usize, v: Self::Value);
    /// Writes `r`'s bytes as the `LEN` values, the inverse of [`Values::load`].
    #[inline(always)]
    fn store<R: Copy>(&mut self, r: &R) {
        scatter(self, r)
    }
}

const fn static_len<T: Integral>() -> usize {
    match T::STATIC {
        Some(n) => n as usize,
        None => usize::MAX,
    }
}

// A view: values may be contiguous in memory, then one access of the register type moves them.
impl<I, S, D> Values for Tensor<ViewEngine<I>, Layout<S, D>>
where
    I: MemIter,
    S: IntTuple,
    D: IntTuple,
    i32: Crd2Idx<S, D>,
{
    type Value = I::Value;
    const LEN: usize = static_len::<S::Size>();
    #[inline(always)]
    fn read(&self, i: usize) -> Self::Value {
        self.get(i as i32)
    }
    #[inline(always)]
    fn address(&self) -> Option<*mut I::Value> {
        if Self::LEN <= I::CONTIGUOUS_SPAN && contiguous(&self.layout(), Self::LEN) {
            Some(self.data().as_ptr())
        } else {
            None
        }
    }
    #[inline(always)]
    fn load<R: Copy>(&self) -> R {
        if Self::LEN <= I::CONTIGUOUS_SPAN && contiguous(&self.layout(), Self::LEN) {
            let p = self.data().as_ptr() as *const R;
            // SAFETY: the values 0..LEN are the LEN consecutive elements at `p`, which the
            // tensor may read; alignment is the caller's precondition on the device.
            unsafe { I::load_register(p) }
        } else {
            gather(self)
        }
    }
}
impl<I, S, D> ValuesMut for Tensor<ViewEngine<I>, Layout<S, D>>
where
    I: MemIter,
    S: IntTuple,
    D: IntTuple,
    i32: Crd2Idx<S, D>,
{
    #[inline(always)]
    fn write(&mut self, i: usize, v: Self::Value) {
        self.set(i as i32, v)
    }
    #[inline(always)]
    fn store<R: Copy>(&mut self, r: &R) {
        if Self::LEN <= I::CONTIGUOUS_SPAN && contiguous(&self.layout(), Self::LEN) {
            let p = self.data().as_ptr() as *mut R;
            // SAFETY: as in `load`, for writing.
            unsafe { I::store_register(p, *r) }
        } else {
            scatter(self, r)
        }
    }
}

// An owning register fragment: values are moved one by one (they live in registers).
impl<T, N, S, D> Values for Tensor<ArrayEngine<T, N>, Layout<S, D>>
where
    T: Copy,
    N: ArrayLength,
    S: IntTuple,
    D: IntTuple,
    i32: Crd2Idx<S, D>,
{
    type Value = T;
    const LEN: usize = static_len::<S::Size>();
    #[inline(always)]
    fn read(&self, i: usize) -> T {
        self.get(i as i32)
    }
}
impl<T, N, S, D> ValuesMut for Tensor<ArrayEngine<T, N>, Layout<S, D>>
where
    T: Copy,
    N: ArrayLength,
    S: IntTuple,
    D: IntTuple,
    i32: Crd2Idx<S, D>,
{
    #[inline(always)]
    fn write(&mut self, i: usize, v: T) {
        self.set(i as i32, v)
    }
}

// Views borrowing another tensor (slices of register fragments, host slices): values are
// moved one by one.
impl<'a, I, S, D> Values for Tensor<RefEngine<'a, I>, Layout<S, D>>
where
    I: MemIter,
    S: IntTuple,
    D: IntTuple,
    i32: Crd2Idx<S, D>,
{
    type Value = I::Value;
    const LEN: usize = static_len::<S::Size>();
    #[inline(always)]
    fn read(&self, i: usize) -> Self::Value {
        self.get(i as i32)
    }
}
impl<'a, I, S, D> Values for Tensor<MutEngine<'a, I>, Layout<S, D>>
where
    I: MemIter,
    S: IntTuple,
    D: IntTuple,
    i32: Crd2Idx<S, D>,
{
    type Value = I::Value;
    const LEN: usize = static_len::<S::Size>();
    #[inline(always)]
    fn read(&self, i: usize) -> Self::Value {
        self.get(i as i32)
    }
}
impl<'a, I, S, D> ValuesMut for Tensor<MutEngine<'a, I>, Layout<S, D>>
where
    I: MemIter,
    S: IntTuple,
    D: IntTuple,
    i32: Crd2Idx<S, D>,
{
    #[inline(always)]
    fn write(&mut self, i: usize, v: Self::Value) {
        self.set(i as i32, v)
    }
}

/// The values `t(v, m, n)` of a rank-3 tensor, for fixed `m` and `n` (how the algorithms hand
/// one atom's values of a partitioned tensor, C++'s `t(_, m, n)`, to the atom).
#[doc(hidden)]
pub struct FiberRef<'a, T, V> {
    t: &'a T,
    m: i32,
    n: i32,
    _v: PhantomData<V>,
}
impl<'a, T, V> FiberRef<'a, T, V> {
    #[inline(always)]
    pub(crate) fn new(t: &'a T, m: i32, n: i32) -> Self {
        FiberRef {
            t,
            m,
            n,
            _v: PhantomData,
        }
    }
}
impl<T: ReadAt<(i32, i32, i32)>, V: Integral> Values for FiberRef<'_, T, V> {
    type Value = T::Value;
    const LEN: usize = static_len::<V>();
    #[inline(always)]
    fn read(&self, i: usize) -> T::Value {
        self.t.read_at((i as i32, self.m, self.n))
    }
    #[inline(always)]
    fn load<R: Copy>(&self) -> R {
        match fiber_ptr::<T, R>(|i| self.t.element_ptr((i, self.m, self.n)), Self::LEN) {
            // SAFETY: `fiber_ptr` checked that the LEN values are consecutive elements from
            // `p`, 4-byte aligned, and that `R` (the size of LEN values: the caller's check)
            // is whole 32-bit words.
            Some(p) => unsafe { read_words(p as *const R) },
            None => gather(self),
        }
    }
}

/// `&t(0, m, n)` if the `len` values `t(i, m, n)` are consecutive elements there, `len > 1`,
/// and `R` is whole 32-bit words at a 4-byte aligned address: then an MMA atom moves them as
/// registers, not value by value (C++ reads a fragment through `recast<RegType>`). With a
/// static fragment layout every test folds to a constant; moving 16-bit accumulators value by
/// value instead packed and unpacked them around every `mma.sync` (6 integer instructions
/// each).
#[inline(always)]
fn fiber_ptr<T: ReadAt<(i32, i32, i32)>, R>(
    mut ptr: impl FnMut(i32) -> Option<*mut T::Value>,
    len: usize,
) -> Option<*mut T::Value> {
    if len <= 1 || len == usize::MAX || len > T::CONTIGUOUS_SPAN {
        return None;
    }
    if core::mem::size_of::<R>() % 4 != 0 {
        return None;
    }
    let first = ptr(0)?;
    if first as usize % 4 != 0 {
        return None;
    }
    let mut i = 1;
    while i < len {
        if ptr(i as i32)? != first.wrapping_add(i) {
            return None;
        }
        i += 1;
    }
    Some(first)
}

/// `*p` moved as 32-bit words (`fiber_ptr` guarantees `R` is a whole number of them, aligned).
/// Word accesses, not one access of type `R`, because rustc copies an `[u32; 2]` as one `i64`,
/// and LLVM then keeps two accumulator registers as one 64-bit value, packing it after every
/// `mma.sync`.
///
/// # Safety
/// As `*p`, `p` 4-byte aligned, `size_of::<R>()` a multiple of 4.
#[inline(always)]
unsafe fn read_words<R: Copy>(p: *const R) -> R {
    let mut r = core::mem::MaybeUninit::<R>::uninit();
    let (src, dst) = (p as *const u32, r.as_mut_ptr() as *mut u32);
    for w in 0..core::mem::size_of::<R>() / 4 {
        // SAFETY: the caller's contract; `R` holds these words.
        unsafe { dst.add(w).write(src.add(w).read()) };
    }
    // SAFETY: every word was written.
    unsafe { r.assume_init() }
}

/// `*p = *r` as 32-bit words, as [`read_words`].
///
/// # Safety
/// As `*p = *r`, `p` 4-byte aligned, `size_of::<R>()` a multiple of 4.
#[inline(always)]
unsafe fn write_words<R: Copy>(p: *mut R, r: &R) {
    let (src, dst) = (r as *const R as *const u32, p as *mut u32);
    for w in 0..core::mem::size_of::<R>() / 4 {
        // SAFETY: the caller's contract.
        unsafe { dst.add(w).write(src.add(w).read()) };
    }
}

/// [`ValuesMut::store`]'s value-by-value form: `r`'s bytes as the `LEN` values, in index
/// order.
#[inline(always)]
fn scatter<T: ValuesMut + ?Sized, R: Copy>(t: &mut T, r: &R) {
    let p = r as *const R as *const T::Value;
    for i in 0..T::LEN {
        // SAFETY: `R` holds exactly LEN values (the caller's check, as in `load`).
        t.write(i, unsafe { p.add(i).read() });
    }
}

/// [`Values::load`]'s value-by-value form.
#[inline(always)]
fn gather<T: Values + ?Sized, R: Copy>(t: &T) -> R {
    let mut r = core::mem::MaybeUninit::<R>::uninit();
    let p = r.as_mut_ptr() as *mut T::Value;
    for i in 0..T::LEN {
        // SAFETY: `R` holds exactly LEN values (the caller's check).
        unsafe { p.add(i).write(t.read(i)) };
    }
    // SAFETY: every byte was written above.
    unsafe { r.assume_init() }
}

/// The values `t(v, m, n)` of a rank-3 tensor, for fixed `m` and `n`, readable and writable.
#[doc(hidden)]
pub struct Fiber<'a, T, V> {
    t: &'a mut T,
    m: i32,
    n: i32,
    _v: PhantomData<V>,
}
impl<'a, T, V> Fiber<'a, T, V> {
    #[inline(always)]
    pub(crate) fn new(t: &'a mut T, m: i32, n: i32) -> Self {
        Fiber {
            t,
            m,
            n,
            _v: PhantomData,
        }
    }
}
impl<T: ReadAt<(i32, i32, i32)>, V: Integral> Values for Fiber<'_, T, V> {
    type Value = T::Value;
    const LEN: usize = static_len::<V>();
    #[inline(always)]
    fn read(&self, i: usize) -> T::Value {
        self.t.read_at((i as i32, self.m, self.n))
    }
    #[inline(always)]
    fn load<R: Copy>(&self) -> R {
        match fiber_ptr::<T, R>(|i| self.t.element_ptr((i, self.m, self.n)), Self::LEN) {
            // SAFETY: as in `FiberRef::load`.
            Some(p) => unsafe { read_words(p as *const R) },
            None => gather(self),
        }
    }
}
impl<T: WriteAt<(i32, i32, i32)>, V: Integral> ValuesMut for Fiber<'_, T, V> {
    #[inline(always)]
    fn write(&mut self, i: usize, v: T::Value) {
        self.t.write_at((i as i32, self.m, self.n), v)
    }
    #[inline(always)]
    fn store<R: Copy>(&mut self, r: &R) {
        let (m, n) = (self.m, self.n);
        let t = &mut *self.t;
        match fiber_ptr::<T, R>(|i| t.element_ptr_mut((i, m, n)), Self::LEN) {
            // SAFETY: as in `FiberRef::load`, for writing (the tensor is held by `&mut`).
            Some(p) => unsafe { write_words(p as *mut R, r) },
            None => scatter(self, r),
        }
    }
}

/// Where a memory tensor's values `base..base+len` (1-D indices) are, if they are `len`
/// consecutive elements in memory: a non-owning view's pointer (then an atom moves them with
/// one access of its register type); `None` for register fragments and their views, whose
/// values are moved one by one.
#[doc(hidden)]
pub trait ColumnPtr: ReadAt<i32> {
    fn column_ptr(&self, base: i32, len: usize) -> Option<*mut Self::Value>;
    /// Loads a register at `p` (from [`ColumnPtr::column_ptr`]) with the instruction of the
    /// tensor's memory space.
    ///
    /// # Safety
    /// As `*p`; `p` aligned for `R` on the device.
    #[inline(always)]
    unsafe fn load_register<R: Copy>(p: *const R) -> R {
        // SAFETY: the caller's contract.
        unsafe { read_register(p) }
    }
    /// Stores a register at `p`, as [`ColumnPtr::load_register`] loads.
    ///
    /// # Safety
    /// As `*p = v`; `p` aligned for `R` on the device.
    #[inline(always)]
    unsafe fn store_register<R: Copy>(p: *mut R, v: R) {
        // SAFETY: the caller's contract.
        unsafe { write_register(p, v) }
    }
}
impl<I, S, D> ColumnPtr for Tensor<ViewEngine<I>, Layout<S, D>>
where
    I: MemIter,
    S: IntTuple,
    D: IntTuple,
    i32: Crd2Idx<S, D>,
{
    #[inline(always)]
    fn column_ptr(&self, base: i32, len: usize) -> Option<*mut I::Value> {
        if len > I::CONTIGUOUS_SPAN {
            return None;
        }
        let l = self.layout();
        let first = l.call(base).value();
        let mut i = 1;
        while i < len {
            if l.call(base + i as i32).value() != first + i as i64 {
                return None;
            }
            i += 1;
        }
        Some(self.data().ptr_at(first as isize))
    }
    #[inline(always)]
    unsafe fn load_register<R: Copy>(p: *const R) -> R {
        // SAFETY: the caller's contract.
        unsafe { I::load_register(p) }
    }
    #[inline(always)]
    unsafe fn store_register<R: Copy>(p: *mut R, v: R) {
        // SAFETY: the caller's contract.
        unsafe { I::store_register(p, v) }
    }
}
macro_rules! no_column_ptr {
    ($([$($g:tt)*] $e:ty),*) => {$(
        impl<$($g)*, S, D> ColumnPtr for Tensor<$e, Layout<S, D>>
        where
            Tensor<$e, Layout<S, D>>: ReadAt<i32>,
        {
            #[inline(always)]
            fn column_ptr(&self, _: i32, _: usize) -> Option<*mut Self::Value> {
                None
            }
        }
    )*};
}
no_column_ptr!(
    [T, N: ArrayLength] ArrayEngine<T, N>,
    ['a, I] RefEngine<'a, I>,
    ['a, I] MutEngine<'a, I>
);

/// The values `t(base + v)`, `v < V`, of a tensor by 1-D index: one atom's values of column
/// `base / V` of a tensor whose mode 0 has size `V` (C++'s `group_modes<1,R>(t)(_, i)`).
#[doc(hidden)]
pub struct Column<'a, T, V> {
    t: &'a T,
    base: i32,
    _v: PhantomData<V>,
}
impl<'a, T, V> Column<'a, T, V> {
    #[inline(always)]
    pub(crate) fn new(t: &'a T, base: i32) -> Self {
        Column {
            t,
            base,
            _v: PhantomData,
        }
    }
}
impl<T: ColumnPtr, V: Integral> Values for Column<'_, T, V> {
    type Value = T::Value;
    const LEN: usize = static_len::<V>();
    #[inline(always)]
    fn read(&self, i: usize) -> T::Value {
        self.t.read_at(self.base + i as i32)
    }
    #[inline(always)]
    fn address(&self) -> Option<*mut T::Value> {
        self.t.column_ptr(self.base, Self::LEN)
    }
    #[inline(always)]
    fn load<R: Copy>(&self) -> R {
        match self.t.column_ptr(self.base, Self::LEN) {
            // SAFETY: the LEN values are consecutive elements at `p`, which the tensor may
            // read; alignment is the caller's precondition on the device.
            Some(p) => unsafe { <T as ColumnPtr>::load_register(p as *const R) },
            None => gather(self),
        }
    }
}

/// [`Column`] for writing.
#[doc(hidden)]
pub struct ColumnMut<'a, T, V> {
    t: &'a mut T,
    base: i32,
    _v: PhantomData<V>,
}
impl<'a, T, V> ColumnMut<'a, T, V> {
    #[inline(always)]
    pub(crate) fn new(t: &'a mut T, base: i32) -> Self {
        ColumnMut {
            t,
            base,
            _v: PhantomData,
        }
    }
}
impl<T: ColumnPtr, V: Integral> Values for ColumnMut<'_, T, V> {
    type Value = T::Value;
    const LEN: usize = static_len::<V>();
    #[inline(always)]
    fn read(&self, i: usize) -> T::Value {
        self.t.read_at(self.base + i as i32)
    }
    #[inline(always)]
    fn address(&self) -> Option<*mut T::Value> {
        self.t.column_ptr(self.base, Self::LEN)
    }
}
impl<T: ColumnPtr + WriteAt<i32>, V: Integral> ValuesMut for ColumnMut<'_, T, V> {
    #[inline(always)]
    fn write(&mut self, i: usize, v: T::Value) {
        self.t.write_at(self.base + i as i32, v)
    }
    #[inline(always)]
    fn store<R: Copy>(&mut self, r: &R) {
        match self.t.column_ptr(self.base, Self::LEN) {
            // SAFETY: as in `Column::load`, for writing (the tensor is written through
            // `&mut`).
            Some(p) => unsafe { <T as ColumnPtr>::store_register(p as *mut R, *r) },
            None => scatter(self, r),
        }
    }
}

/// `true` iff the layout maps each index `i < len` to offset `i` (folds to a constant for a
/// static layout).
#[inline(always)]
fn contiguous<S: IntTuple, D: IntTuple>(l: &Layout<S, D>, len: usize) -> bool
where
    i32: Crd2Idx<S, D>,
{
    let mut i = 0;
    while i < len {
        if l.call(i as i32).value() != i as i64 {
            return false;
        }
        i += 1;
    }
    true
}

/// The message of a failed register check: names the operation, as C++'s static asserts do.
#[doc(hidden)]
pub trait RegisterCheck {
    /// `<op>: <condition>`.
    const MSG: &'static str;
}

/// `true` iff `R` holds exactly the bytes of `T`'s values, at least as aligned.
const fn fits<R, T: Values>() -> bool {
    T::LEN != usize::MAX
        && core::mem::size_of::<R>() == T::LEN * core::mem::size_of::<T::Value>()
        && core::mem::align_of::<R>() >= core::mem::align_of::<T::Value>()
}

/// `true` iff `R` holds exactly the bytes of `T`'s values (what a reference of type `R` to
/// the values in memory needs).
pub(crate) const fn fits_values<R, T: Values>() -> bool {
    T::LEN != usize::MAX && core::mem::size_of::<R>() == T::LEN * core::mem::size_of::<T::Value>()
}

/// Packs the `LEN` values of `t` into the register array `R` (C++'s `recast<RegType>` of a
/// fragment followed by `explode`): the values' bytes in index order. A tensor whose size
/// does not match the registers is a compile error (`K::MSG`).
#[inline(always)]
pub(crate) fn pack<K: RegisterCheck, R: Copy, T: Values>(t: &T) -> R {
    const { assert!(fits::<R, T>(), "{}", K::MSG) };
    t.load()
}

/// Unpacks the register array `r` into the `LEN` values of `t`, the inverse of [`pack`].
#[inline(always)]
pub(crate) fn unpack<K: RegisterCheck, R: Copy, T: ValuesMut>(r: &R, t: &mut T) {
    const { assert!(fits::<R, T>(), "{}", K::MSG) };
    t.store(r)
}

/// The reference output of C++ CuTe for the atoms, `tests/cpp/atoms.expected` (made by
/// `tests/cpp/atoms.cpp` through `cute-cpp`), for tests to compare with.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    fn moves_as_words<T: ReadAt<(i32, i32, i32)>>(t: &T, m: i32, n: i32) -> bool {
        fiber_ptr::<T, [u32; 2]>(|i| t.element_ptr((i, m, n)), 4).is_some()
    }

    fn packed(v: [u16; 4]) -> [u32; 2] {
        [
            v[0] as u32 | (v[1] as u32) << 16,
            v[2] as u32 | (v[3] as u32) << 16,
        ]
    }

    /// An MMA operand's values of one call, `t(_, m, n)`, move as the op's registers: as
    /// words when they are consecutive in the fragment (`(4,2,2):(1,4,8)`), value by value when
    /// not (`(4,2,2):(4,1,2)`); both give the values' bytes in index order, and both write
    /// registers back to the same elements.
    #[test]
    fn fiber_moves_registers_whether_contiguous_or_not() {
        let mut a = make_rmem_tensor::<u16, _, _>(make_layout((_4, _2, _2), (_1, _4, _8)));
        let mut b = make_rmem_tensor::<u16, _, _>(make_layout((_4, _2, _2), (_4, _1, _2)));
        for i in 0..16i32 {
            let c = (i % 4, (i / 4) % 2, i / 8);
            a.set(c, 1000 + 7 * i as u16);
            b.set(c, 1000 + 7 * i as u16);
        }
        for (m, n) in [(0i32, 0i32), (1, 0), (0, 1), (1, 1)] {
            let want = packed(core::array::from_fn(|v| {
                1000 + 7 * (v as u16 + 4 * m as u16 + 8 * n as u16)
            }));
            assert!(moves_as_words(&a, m, n));
            assert!(!moves_as_words(&b, m, n));
            let ra: [u32; 2] = FiberRef::<_, _4>::new(&a, m, n).load();
            let rb: [u32; 2] = FiberRef::<_, _4>::new(&b, m, n).load();
            assert_eq!((ra, rb), (want, want), "({m},{n})");
            let rw: [u32; 2] = Fiber::<_, _4>::new(&mut a, m, n).load();
            assert_eq!(rw, want);

            let new = packed(core::array::from_fn(|v| {
                3 * v as u16 + 11 * m as u16 + 5 * n as u16
            }));
            Fiber::<_, _4>::new(&mut a, m, n).store(&new);
            Fiber::<_, _4>::new(&mut b, m, n).store(&new);
            for v in 0..4i32 {
                let x = 3 * v as u16 + 11 * m as u16 + 5 * n as u16;
                assert_eq!(
                    (a.get((v, m, n)), b.get((v, m, n))),
                    (x, x),
                    "({v},{m},{n})"
                );
            }
        }
    }
}
