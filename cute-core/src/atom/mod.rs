//! Atoms: port of `cute/atom/`, the architecture-independent machinery over the raw
//! operations of [`arch`](crate::arch).
//!
//! An MMA atom ([`mma_atom::MmaAtom`]) or copy atom ([`copy_atom::CopyAtom`]) wraps one raw
//! instruction with its traits: which thread holds which value of which tile coordinate, as
//! static thread-value (TV) layouts. Tiled atoms repeat an atom over threads and values, and
//! their per-thread slices partition tensors for that thread.

pub mod copy_atom;
pub mod copy_traits;
pub mod mma_atom;
pub mod mma_traits;
pub mod mma_traits_sm80;

use generic_array::ArrayLength;

use crate::int_tuple::{Crd2Idx, IntTuple};
use crate::layout::Layout;
use crate::numeric::integral_constant::Integral;
use crate::pointer::MemIter;
use crate::tensor::{ArrayEngine, Tensor, ViewEngine};

/// A tensor seen as its values in index order `0..LEN` (C++'s 1-D view of a rank-1 operand),
/// the form in which atoms move values in and out of an instruction's registers.
#[doc(hidden)]
pub trait Values {
    /// The element type.
    type Value: Copy;
    /// The number of values (the static size of the tensor; `usize::MAX` if dynamic).
    const LEN: usize;
    /// The value at index `i`.
    fn read(&self, i: usize) -> Self::Value;
    /// Writes the value at index `i`.
    fn write(&mut self, i: usize, v: Self::Value);
    /// The `LEN` values as one `R` (their bytes in index order): one access of type `R` when
    /// the values are contiguous in memory, else gathered one by one. `R` must have the size
    /// of `LEN` values and at least their alignment (callers check, see [`pack`]).
    #[inline(always)]
    fn load<R: Copy>(&self) -> R {
        let mut r = core::mem::MaybeUninit::<R>::uninit();
        let p = r.as_mut_ptr() as *mut Self::Value;
        for i in 0..Self::LEN {
            // SAFETY: `R` holds exactly LEN values, suitably aligned (the caller's check).
            unsafe { p.add(i).write(self.read(i)) };
        }
        // SAFETY: every byte was written above.
        unsafe { r.assume_init() }
    }
    /// Writes `r`'s bytes as the `LEN` values, the inverse of [`Values::load`].
    #[inline(always)]
    fn store<R: Copy>(&mut self, r: &R) {
        let p = r as *const R as *const Self::Value;
        for i in 0..Self::LEN {
            // SAFETY: as in `load`.
            self.write(i, unsafe { p.add(i).read() });
        }
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
    fn write(&mut self, i: usize, v: Self::Value) {
        self.set(i as i32, v)
    }
    #[inline(always)]
    fn load<R: Copy>(&self) -> R {
        if contiguous(&self.layout(), Self::LEN) {
            let p = self.data().as_ptr() as *const R;
            // SAFETY: the values 0..LEN are the LEN consecutive elements at `p`, which the
            // tensor may read; alignment is the caller's precondition on the device.
            unsafe { read_register(p) }
        } else {
            let mut r = core::mem::MaybeUninit::<R>::uninit();
            let p = r.as_mut_ptr() as *mut Self::Value;
            for i in 0..Self::LEN {
                // SAFETY: as in the default `load`.
                unsafe { p.add(i).write(self.read(i)) };
            }
            // SAFETY: every byte was written.
            unsafe { r.assume_init() }
        }
    }
    #[inline(always)]
    fn store<R: Copy>(&mut self, r: &R) {
        if contiguous(&self.layout(), Self::LEN) {
            let p = self.data().as_ptr() as *mut R;
            // SAFETY: as in `load`, for writing.
            unsafe { write_register(p, *r) }
        } else {
            let p = r as *const R as *const Self::Value;
            for i in 0..Self::LEN {
                // SAFETY: as in the default `store`.
                self.write(i, unsafe { p.add(i).read() });
            }
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
    #[inline(always)]
    fn write(&mut self, i: usize, v: T) {
        self.set(i as i32, v)
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

/// Reads a register-typed value: aligned on the device (one vector load), unaligned on the
/// host (where test buffers need not be aligned).
#[inline(always)]
unsafe fn read_register<R: Copy>(p: *const R) -> R {
    // SAFETY: forwarded from the caller.
    unsafe {
        if cfg!(target_arch = "nvptx64") {
            p.read()
        } else {
            p.read_unaligned()
        }
    }
}

/// Writes a register-typed value, as [`read_register`] reads.
#[inline(always)]
unsafe fn write_register<R: Copy>(p: *mut R, v: R) {
    // SAFETY: forwarded from the caller.
    unsafe {
        if cfg!(target_arch = "nvptx64") {
            p.write(v)
        } else {
            p.write_unaligned(v)
        }
    }
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
pub(crate) fn unpack<K: RegisterCheck, R: Copy, T: Values>(r: &R, t: &mut T) {
    const { assert!(fits::<R, T>(), "{}", K::MSG) };
    t.store(r)
}
