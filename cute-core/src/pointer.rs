//! Iterators tagged by memory space: port of `cute/pointer.hpp` and `cute/pointer_base.hpp`.
//!
//! A tensor's engine starts from an *iterator*: something that can be advanced by a layout's
//! offset and, for memory, dereferenced. Raw pointers print as `ptr[32b](0x...)`; the tagged
//! pointers [`GmemPtr`] (and [`GmemReadOnlyPtr`]), [`SmemPtr`] and [`RmemPtr`] say which
//! memory they point into, as `gmem_ptr[32b](0x...)`, and loads and stores through them use
//! that memory's instructions.

use core::fmt;

use crate::arch::register::{read_register, write_register};
use crate::numeric::arithmetic_tuple::{ArithAdd, ArithSum, ArithmeticTupleIterator};
use crate::numeric::integral_constant::Integral;
use crate::util::print::CutePrint;

/// A tensor iterator: advanced by an offset of type `O` (C++'s `iter + offset`).
pub trait IterAdd<O>: Copy {
    /// The advanced iterator's type (the same for pointers).
    type Output: Copy;
    /// `self + offset`.
    fn iter_add(self, offset: O) -> Self::Output;
}

/// The type of `iter + offset`.
pub type IterAddOf<I, O> = <I as IterAdd<O>>::Output;

/// An iterator into memory holding `Value`s: reads and writes through it are `unsafe`, as
/// with raw pointers; the safety contract is the one of the tensor that holds it.
pub trait MemIter: Copy {
    /// The element type.
    type Value: Copy;
    /// The address.
    fn as_ptr(self) -> *mut Self::Value;
    /// The address of the element `offset` elements past this iterator (`&*(self + offset)`):
    /// `as_ptr() + offset` for pointers; a [`SwizzlePtr`](crate::pointer_swizzle::SwizzlePtr)
    /// swizzles the offset first.
    #[inline(always)]
    fn ptr_at(self, offset: isize) -> *mut Self::Value {
        self.as_ptr().wrapping_offset(offset)
    }
    /// How many consecutive elements, starting at an offset that is a multiple of it, are
    /// consecutive in memory: unbounded for pointers, `2^M` for a `Swizzle<B,M,S>` pointer.
    /// An atom moves a column of values with one access only within such a span.
    const CONTIGUOUS_SPAN: usize = usize::MAX;
    /// Loads the element at `p`, with the instruction of this iterator's memory space.
    ///
    /// # Safety
    /// As `*p`.
    #[inline(always)]
    unsafe fn load(p: *const Self::Value) -> Self::Value {
        // SAFETY: the caller's contract.
        unsafe { *p }
    }
    /// Stores `v` at `p`, with the instruction of this iterator's memory space.
    ///
    /// # Safety
    /// As `*p = v`.
    #[inline(always)]
    unsafe fn store(p: *mut Self::Value, v: Self::Value) {
        // SAFETY: the caller's contract.
        unsafe { *p = v }
    }
    /// Loads a register of type `R` (several consecutive elements, e.g. four `f32` as a
    /// 128-bit `Uint128`) at `p`, with one instruction of this iterator's memory space where
    /// there is one (`ld.shared.v4` for shared memory).
    ///
    /// # Safety
    /// As `*p`; `p` aligned for `R` on the device.
    #[inline(always)]
    unsafe fn load_register<R: Copy>(p: *const R) -> R {
        // SAFETY: the caller's contract.
        unsafe { read_register(p) }
    }
    /// Stores the register `v` at `p`, as [`MemIter::load_register`] loads.
    ///
    /// # Safety
    /// As `*p = v`; `p` aligned for `R` on the device.
    #[inline(always)]
    unsafe fn store_register<R: Copy>(p: *mut R, v: R) {
        // SAFETY: the caller's contract.
        unsafe { write_register(p, v) }
    }
}

/// `*(iter + offset)`: what a tensor's element access does with its iterator. Memory
/// iterators read the element there; a counting iterator
/// ([`ArithmeticTupleIterator`]) returns its coordinate plus the offset.
pub trait IterRead<O>: Copy {
    /// The element's type.
    type Value;
    /// Reads the element at `offset`.
    ///
    /// # Safety
    /// For a memory iterator, `self + offset` must be valid for reads (the contract of the
    /// tensor holding the iterator); counting iterators have no condition.
    unsafe fn read_at(self, offset: O) -> Self::Value;
}
/// The element type read through iterator `I` at an offset of type `O`.
pub type IterValueOf<I, O> = <I as IterRead<O>>::Value;

macro_rules! tagged_pointer {
    ($(#[$doc:meta])* $Name:ident, $make:ident, $prefix:literal $(, $load:path, $store:path)?) => {
        $(#[$doc])*
        pub struct $Name<T>(*mut T);

        impl<T> $Name<T> {
            /// Wraps a raw pointer.
            #[inline(always)]
            pub const fn new(ptr: *mut T) -> Self {
                $Name(ptr)
            }
            /// The raw pointer.
            #[inline(always)]
            pub const fn get(self) -> *mut T {
                self.0
            }
        }
        impl<T> Clone for $Name<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T> Copy for $Name<T> {}
        impl<T> PartialEq for $Name<T> {
            fn eq(&self, other: &Self) -> bool {
                self.0 == other.0
            }
        }
        impl<T, O: Integral> IterAdd<O> for $Name<T> {
            type Output = Self;
            #[inline(always)]
            fn iter_add(self, offset: O) -> Self {
                $Name(self.0.wrapping_offset(offset.value() as isize))
            }
        }
        impl<T: Copy> MemIter for $Name<T> {
            type Value = T;
            #[inline(always)]
            fn as_ptr(self) -> *mut T {
                self.0
            }
            $(
            #[inline(always)]
            unsafe fn load(p: *const T) -> T {
                // SAFETY: the caller's contract.
                unsafe { $load(p) }
            }
            #[inline(always)]
            unsafe fn store(p: *mut T, v: T) {
                // SAFETY: the caller's contract.
                unsafe { $store(p, v) }
            }
            #[inline(always)]
            unsafe fn load_register<R: Copy>(p: *const R) -> R {
                // SAFETY: the caller's contract.
                unsafe { $load(p) }
            }
            #[inline(always)]
            unsafe fn store_register<R: Copy>(p: *mut R, v: R) {
                // SAFETY: the caller's contract.
                unsafe { $store(p, v) }
            }
            )?
        }
        impl<T> CutePrint for $Name<T> {
            fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($prefix)?;
                fmt_ptr::<T>(self.0 as *const T, f)
            }
        }
        impl<T> fmt::Display for $Name<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.cute_fmt(f)
            }
        }
        impl<T> fmt::Debug for $Name<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.cute_fmt(f)
            }
        }

        #[doc = concat!("`", stringify!($make), "(ptr)`: tags a raw pointer (C++'s `", stringify!($make), "`).")]
        #[inline(always)]
        pub const fn $make<T>(ptr: *mut T) -> $Name<T> {
            $Name(ptr)
        }
    };
}

tagged_pointer!(
    /// A pointer into global memory, printed `gmem_ptr[32b](0x...)`.
    GmemPtr, make_gmem_ptr, "gmem_"
);
tagged_pointer!(
    /// A pointer into global memory that is only read while a kernel runs (a GEMM's A and B),
    /// printed `gmem_ptr[32b](0x...)` like [`GmemPtr`]; reads through it are `ld.global.nc`
    /// on the device (CUDA's `__ldg`, [`crate::arch::global`]).
    GmemReadOnlyPtr, make_gmem_ptr_readonly, "gmem_",
    crate::arch::global::load_global_nc, crate::arch::global::store_global
);
tagged_pointer!(
    /// A pointer into shared memory, printed `smem_ptr[32b](0x...)`. Reads and writes through
    /// it are `ld.shared`/`st.shared` on the device ([`crate::arch::smem`]).
    SmemPtr, make_smem_ptr, "smem_",
    crate::arch::smem::load_shared, crate::arch::smem::store_shared
);
tagged_pointer!(
    /// A pointer into registers (a thread's local array), printed `rmem_ptr[32b](0x...)`.
    RmemPtr, make_rmem_ptr, "rmem_"
);

/// Prints `ptr[<bits>b](0x<address>)` as C++ CuTe prints a raw pointer.
fn fmt_ptr<T>(p: *const T, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "ptr[{}b]({:p})", core::mem::size_of::<T>() * 8, p)
}

impl<T, O: Integral> IterAdd<O> for *mut T {
    type Output = Self;
    #[inline(always)]
    fn iter_add(self, offset: O) -> Self {
        self.wrapping_offset(offset.value() as isize)
    }
}
impl<T, O: Integral> IterAdd<O> for *const T {
    type Output = Self;
    #[inline(always)]
    fn iter_add(self, offset: O) -> Self {
        self.wrapping_offset(offset.value() as isize)
    }
}
impl<T: Copy> MemIter for *mut T {
    type Value = T;
    #[inline(always)]
    fn as_ptr(self) -> *mut T {
        self
    }
}
// Read-only memory: tensors over `*const T` come from shared borrows (`RefEngine`), which
// never write.
impl<T: Copy> MemIter for *const T {
    type Value = T;
    #[inline(always)]
    fn as_ptr(self) -> *mut T {
        self as *mut T
    }
}
// Every memory iterator reads the element at its address plus the offset.
impl<I: MemIter, O: Integral> IterRead<O> for I {
    type Value = I::Value;
    #[inline(always)]
    unsafe fn read_at(self, offset: O) -> I::Value {
        // SAFETY: the caller's contract.
        unsafe { I::load(self.ptr_at(offset.value() as isize)) }
    }
}

// The counting iterator of coordinate tensors: `iter + c` is the iterator at `*iter + c`, and
// reading gives the coordinate (C++'s `ArithmeticTupleIterator`).
impl<T: Copy + ArithAdd<O>, O> IterAdd<O> for ArithmeticTupleIterator<T> {
    type Output = ArithmeticTupleIterator<ArithSum<T, O>>;
    #[inline(always)]
    fn iter_add(self, offset: O) -> Self::Output {
        self.offset(offset)
    }
}
impl<T: Copy + ArithAdd<O>, O> IterRead<O> for ArithmeticTupleIterator<T> {
    type Value = ArithSum<T, O>;
    #[inline(always)]
    unsafe fn read_at(self, offset: O) -> Self::Value {
        self.get().arith_add(offset)
    }
}
impl<T: CutePrint> CutePrint for ArithmeticTupleIterator<T> {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<T> CutePrint for *mut T {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_ptr::<T>(*self as *const T, f)
    }
}
impl<T> CutePrint for *const T {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_ptr::<T>(*self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::print::display;
    use std::format;
    use std::string::ToString;

    #[test]
    fn prints_as_cute() {
        let mut x = [0f32; 4];
        let p = x.as_mut_ptr();
        assert_eq!(display(&p).to_string(), format!("ptr[32b]({p:p})"));
        assert_eq!(
            make_gmem_ptr(p).to_string(),
            format!("gmem_ptr[32b]({p:p})")
        );
        let h = [0u16; 2];
        assert_eq!(
            make_smem_ptr(h.as_ptr() as *mut u16).to_string(),
            format!("smem_ptr[16b]({:p})", h.as_ptr())
        );
    }

    #[test]
    fn advancing_moves_by_elements() {
        let mut x = [0f32; 8];
        let p = make_gmem_ptr(x.as_mut_ptr());
        assert_eq!(p.iter_add(3).get() as usize - p.get() as usize, 12);
        assert_eq!(p.iter_add(3i64).get(), p.get().wrapping_add(3));
    }
}
