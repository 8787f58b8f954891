//! The raw copy operation interface and the universal copy: port of `cute/arch/copy.hpp`.
//!
//! A raw copy operation is a zero-sized type naming one way to move data. [`CopyOperation`]
//! carries C++'s `SRegisters`/`DRegisters` (here single element types: every copy op of this
//! crate moves one register-sized element) and a `copy` between references to them.

use core::marker::PhantomData;

use crate::numeric::numeric_types::SizeofBits;

/// A raw copy instruction moving one `SRegisters` element to one `DRegisters` element.
pub trait CopyOperation: Copy + Default + 'static {
    /// The element read (e.g. `f32`, or `Uint128` for a 128-bit vector copy).
    type SRegisters: SizeofBits;
    /// The element written.
    type DRegisters: SizeofBits + Default;
    /// Performs the copy.
    fn copy(src: &Self::SRegisters, dst: &mut Self::DRegisters);
    /// `true` when the instruction takes the address of its source (`ldmatrix` reads a row of
    /// shared memory, `cp.async` a chunk of global memory): the atom then passes `copy` a
    /// reference to the source values where they are, not to a register copy of them (C++'s
    /// `copy_unpack` passes `recast<SRegisters>(src)`, a reference into the tensor).
    const SRC_IN_MEMORY: bool = false;
    /// As [`CopyOperation::SRC_IN_MEMORY`] for the destination (`cp.async` writes shared
    /// memory).
    const DST_IN_MEMORY: bool = false;
    /// `true` for the zero-fill forms (`SM80_CP_ASYNC_*_ZFILL`), whose predicated copy
    /// writes zeros where the predicate is false (C++'s `Copy_Atom::with(pred)`);
    /// [`CopyOperation::copy_pred`] is then issued for every value group of a `copy_if`.
    const PRED_ZFILL: bool = false;
    /// The predicated copy: `copy` if `pred`; the zero-fill forms write zeros to `dst` (and
    /// read nothing) otherwise.
    #[inline(always)]
    fn copy_pred(src: &Self::SRegisters, dst: &mut Self::DRegisters, pred: bool) {
        if pred {
            Self::copy(src, dst)
        }
    }
}

/// `UniversalCopy<S, D>`: `dst = src` for one element, the instruction chosen by the element
/// width. `UniversalCopy<Uint128>` moves 128 bits at once (`ld.v4.u32` / `st.v4.u32` on the
/// device, as nvcc emits for C++'s `uint128_t`), which is how a thread copies four
/// contiguous, 16-byte-aligned `f32` values with one instruction.
///
/// # Example
/// ```
/// use cute_core::arch::copy::{CopyOperation, UniversalCopy};
/// use cute_core::numeric::numeric_types::Uint128;
/// let src = Uint128([1, 2, 3, 4]);
/// let mut dst = Uint128::default();
/// UniversalCopy::<Uint128>::copy(&src, &mut dst);
/// assert_eq!(dst, src);
/// ```
pub struct UniversalCopy<S, D = S>(PhantomData<(S, D)>);

impl<S, D> Clone for UniversalCopy<S, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S, D> Copy for UniversalCopy<S, D> {}
impl<S, D> Default for UniversalCopy<S, D> {
    fn default() -> Self {
        UniversalCopy(PhantomData)
    }
}
impl<S, D> core::fmt::Debug for UniversalCopy<S, D> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("UniversalCopy")
    }
}

impl<S, D> CopyOperation for UniversalCopy<S, D>
where
    S: SizeofBits,
    D: SizeofBits + Default + From<S>,
{
    type SRegisters = S;
    type DRegisters = D;
    #[inline(always)]
    fn copy(src: &S, dst: &mut D) {
        *dst = D::from(*src);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::numeric_types::Uint128;

    #[test]
    fn universal_copy_moves_one_element() {
        let mut d = 0.0f32;
        UniversalCopy::<f32>::copy(&2.5, &mut d);
        assert_eq!(d, 2.5);
        let mut d = 0.0f64;
        UniversalCopy::<f32, f64>::copy(&2.5, &mut d);
        assert_eq!(d, 2.5);
        let mut v = Uint128::default();
        UniversalCopy::<Uint128>::copy(&Uint128([9, 8, 7, 6]), &mut v);
        assert_eq!(v, Uint128([9, 8, 7, 6]));
    }
}
