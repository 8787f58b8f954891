//! A pointer that swizzles the *element offsets* it reaches: the form of C++'s
//! `as_position_independent_swizzle_tensor` that the SM80 tutorial's swizzled stages use.
//!
//! C++ keeps a swizzled shared-memory tile as a tensor whose layout is the `ComposedLayout`
//! `Sw<B,M,S> o _0 o L`, and `as_position_independent_swizzle_tensor` turns it into a tensor
//! of layout `L` over a swizzled iterator, so that slicing, partitioning and retiling act on the
//! plain layout `L` while every dereference applies the swizzle. [`make_swizzle_tensor`] builds
//! that tensor; the tiled copies and MMAs then partition the swizzled tile exactly as they
//! partition an unswizzled one.
//!
//! [`SwizzleOffsetPtr`] holds the base iterator and an element offset from it; advancing adds
//! to the offset, and the element at offset `o` is at `base + Sw(offset + o)`. That is C++'s
//! `Sw o offset o L` evaluated at the element: for a tile at offset 0, `(Sw o _0 o L)(c) =
//! Sw(L(c))`, and a slice of it, whose layout `L'` has moved `L`'s offset `d` into the
//! iterator, gives `Sw(d + L'(c))`. With the static layouts of a kernel the offset from the
//! thread index is the only run-time term; the swizzle is one and, one shift and one xor on it.
//!
//! It differs from [`SwizzlePtr`](crate::pointer_swizzle::SwizzlePtr) (C++'s `swizzle_ptr`),
//! which swizzles the *byte address* and is what the GMMA descriptor partitions read. The two
//! agree where the base is aligned to the swizzle's span and the swizzle is given in the unit
//! each one offsets by (elements here, bytes there); they are still two types, one for each
//! use, where C++ has one `swizzle_ptr`.

use core::fmt;

use crate::layout::Layout;
use crate::layout_composed::ComposedLayout;
use crate::numeric::aliases::_0;
use crate::numeric::integral_constant::Integral;
use crate::pointer::{IterAdd, MemIter};
use crate::swizzle::{Swizzle, SwizzleApply};
use crate::tensor::{make_tensor, Tensor, ViewEngine};
use crate::util::print::CutePrint;

/// C++'s `swizzle_ptr<Sw, Iter>`: the iterator `base` whose elements are reached through the
/// swizzle `Sw` of their offset from `base`.
///
/// # Example
/// ```
/// use cute_core::pointer::{IterAdd, MemIter};
/// use cute_core::pointer_swizzle_offset::SwizzleOffsetPtr;
/// use cute_core::prelude::*;
/// let mut x = [0u16; 128];
/// let p = SwizzleOffsetPtr::new(x.as_mut_ptr(), Swizzle::<_3, _3, _3>::new());
/// // Sw<3,3,3>(o) = o ^ ((o & 0x1c0) >> 3): offset 64 (row 1 of a 64-element k-major row
/// // block) moves to chunk 1 of that row, offset 72
/// assert_eq!(p.iter_add(64i32).as_ptr() as usize - x.as_ptr() as usize, 2 * 72);
/// assert_eq!(p.iter_add(64i32).ptr_at(3) as usize - x.as_ptr() as usize, 2 * 75);
/// assert_eq!(p.ptr_at(3) as usize - x.as_ptr() as usize, 2 * 3);
/// ```
pub struct SwizzleOffsetPtr<I, Sw> {
    base: I,
    offset: i32,
    swizzle: Sw,
}

impl<I: Copy, Sw: Copy> SwizzleOffsetPtr<I, Sw> {
    /// `make_swizzle_ptr(base, swizzle)`: offset 0 from `base`.
    #[inline(always)]
    pub fn new(base: I, swizzle: Sw) -> Self {
        SwizzleOffsetPtr {
            base,
            offset: 0,
            swizzle,
        }
    }
    /// The unswizzled base iterator.
    #[inline(always)]
    pub fn base(self) -> I {
        self.base
    }
    /// The (unswizzled) element offset from the base.
    #[inline(always)]
    pub fn offset(self) -> i32 {
        self.offset
    }
}

impl<I: Copy, Sw: Copy> Clone for SwizzleOffsetPtr<I, Sw> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<I: Copy, Sw: Copy> Copy for SwizzleOffsetPtr<I, Sw> {}

impl<I: Copy, Sw: Copy, O: Integral> IterAdd<O> for SwizzleOffsetPtr<I, Sw> {
    type Output = Self;
    #[inline(always)]
    fn iter_add(self, offset: O) -> Self {
        SwizzleOffsetPtr {
            base: self.base,
            offset: self.offset + offset.value() as i32,
            swizzle: self.swizzle,
        }
    }
}

/// The swizzles a [`SwizzleOffsetPtr`] takes: `Sw(offset)` on `i32` offsets and the span of
/// elements it keeps together (`2^M`).
pub trait OffsetSwizzle: Copy + 'static {
    /// `2^M`: aligned runs of this many elements stay consecutive.
    const SPAN: usize;
    /// `2^(B+M+|S|)`: the swizzle reads and writes only the bits below this, so
    /// `Sw(o + k * PERIOD) = Sw(o) + k * PERIOD` for every offset `o` and integer `k`.
    const PERIOD: i32;
    /// `Sw(offset)`.
    fn swizzle_offset(self, offset: i32) -> i32;
}
impl<B, M, S> OffsetSwizzle for Swizzle<B, M, S>
where
    Swizzle<B, M, S>: SwizzleApply<i32, Output = i32>,
    B: Integral + 'static,
    M: Integral + 'static,
    S: Integral + 'static,
{
    const SPAN: usize = match M::STATIC {
        Some(m) => 1usize << m,
        None => 1,
    };
    const PERIOD: i32 = match (B::STATIC, M::STATIC, S::STATIC) {
        (Some(b), Some(m), Some(s)) => 1i32 << (b + m + s.abs()),
        // Not reached: `SwizzleApply` needs static parameters (a smaller period would make
        // `ptr_at` wrong, so there is no fallback value).
        _ => panic!("OffsetSwizzle: the swizzle's B, M and S must be static"),
    };
    #[inline(always)]
    fn swizzle_offset(self, offset: i32) -> i32 {
        self.apply(offset)
    }
}

impl<I: MemIter, Sw: OffsetSwizzle> MemIter for SwizzleOffsetPtr<I, Sw> {
    type Value = I::Value;
    #[inline(always)]
    fn as_ptr(self) -> *mut I::Value {
        self.ptr_at(0)
    }
    #[inline(always)]
    fn ptr_at(self, offset: isize) -> *mut I::Value {
        // `Sw(d + c)` as `Sw(d + c mod P) + (c - c mod P)` (`P = Sw::PERIOD`, see there): equal
        // for every `d` and `c`. When `c` is a static layout's offset and `d` the run-time
        // offset (thread and pipeline stage), the swizzle is computed once per distinct
        // `c mod P` and the rest stays a constant that folds into the instruction's address
        // immediate, as nvcc compiles C++'s swizzled tensors. The `sgemm_sm80` port's main
        // loop went from 374 to 269 SASS instructions per k-tile and warp (C++: 241).
        let c = offset as i32;
        let low = c & (Sw::PERIOD - 1);
        let o = self
            .swizzle
            .swizzle_offset(self.offset.wrapping_add(low))
            .wrapping_add(c - low);
        self.base.ptr_at(o as isize)
    }
    const CONTIGUOUS_SPAN: usize = Sw::SPAN;
    #[inline(always)]
    unsafe fn load(p: *const I::Value) -> I::Value {
        // SAFETY: the caller's contract.
        unsafe { I::load(p) }
    }
    #[inline(always)]
    unsafe fn store(p: *mut I::Value, v: I::Value) {
        // SAFETY: the caller's contract.
        unsafe { I::store(p, v) }
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

/// C++'s `print(swizzle_ptr)`: the swizzle, `_`, the base pointer at the current offset.
impl<I: CutePrint + IterAdd<i32>, Sw: CutePrint> CutePrint for SwizzleOffsetPtr<I, Sw>
where
    I::Output: CutePrint,
{
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.swizzle.cute_fmt(f)?;
        f.write_str("_")?;
        self.base.iter_add(self.offset).cute_fmt(f)
    }
}
impl<I: CutePrint + IterAdd<i32>, Sw: CutePrint> fmt::Display for SwizzleOffsetPtr<I, Sw>
where
    I::Output: CutePrint,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}

/// `make_tensor(iter, composition(Swizzle, _0, layout))` seen through
/// `as_position_independent_swizzle_tensor`: the tensor of layout `layout` over
/// `swizzle_ptr(iter, Swizzle)`, so that `t(c)` is the element at `iter + Sw(layout(c))`.
///
/// # Safety
/// As [`make_tensor`]: `iter` valid for every offset `Sw(layout(c))`.
///
/// # Example
/// ```
/// use cute_core::pointer_swizzle_offset::make_swizzle_tensor;
/// use cute_core::prelude::*;
/// let mut x: [u16; 64] = core::array::from_fn(|i| i as u16);
/// let sw = make_composed_layout(Swizzle::<_1, _2, _3>::new(), _0, make_layout((_8, _8), LayoutRight));
/// let t = unsafe { make_swizzle_tensor(x.as_mut_ptr(), sw) };
/// for r in 0..8i32 {
///     for c in 0..8i32 {
///         assert_eq!(t.get((r, c)) as i64, sw.call((r, c)) as i64);
///     }
/// }
/// ```
#[inline(always)]
pub unsafe fn make_swizzle_tensor<I: Copy, Sw: Copy, S: Copy, D: Copy>(
    iter: I,
    layout: ComposedLayout<Sw, _0, Layout<S, D>>,
) -> Tensor<ViewEngine<SwizzleOffsetPtr<I, Sw>>, Layout<S, D>> {
    // SAFETY: the caller's contract.
    unsafe {
        make_tensor(
            SwizzleOffsetPtr::new(iter, layout.layout_a()),
            layout.layout_b(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::layout::product::tile_to_shape;
    use crate::layout_composed::make_composed_layout;
    use crate::numeric::aliases::*;
    use crate::underscore::X;

    /// The tutorial's `Sw<3,3,3>` stages: every element of every slice of the swizzle tensor
    /// is where the composed layout puts it.
    #[test]
    fn slices_of_a_swizzle_tensor_follow_the_composed_layout() {
        let atom = make_composed_layout(
            Swizzle::<_3, _3, _3>::new(),
            _0,
            make_layout((_8, (_8, _8)), (_8, (_1, _64))),
        );
        let s = tile_to_shape(atom, (_32, _64, _2));
        let mut x: std::vec::Vec<u16> = (0..4096u16).collect();
        let t = unsafe { make_swizzle_tensor(x.as_mut_ptr(), s) };
        for p in 0..2i32 {
            let stage = t.slice((X, X, p));
            for m in 0..32i32 {
                let row = stage.slice((m, X));
                for k in 0..64i32 {
                    assert_eq!(row.get(k) as i64, s.call((m, k, p)) as i64);
                }
            }
        }
    }

    /// `ptr_at` splits the offset at the swizzle's period: it must agree with swizzling the
    /// whole offset, for run-time and static parts of either sign and of every size, and for
    /// swizzles with a negative shift.
    #[test]
    fn ptr_at_equals_the_swizzle_of_the_whole_offset() {
        fn check<Sw: OffsetSwizzle>(sw: Sw, period: i32) {
            assert_eq!(Sw::PERIOD, period);
            let x = [0u8; 1];
            let base = x.as_ptr() as *mut u8;
            for d in (-3000i32..3000).step_by(7) {
                let p = SwizzleOffsetPtr::new(base, sw).iter_add(d);
                for c in (-5000i32..5000).step_by(13) {
                    let want = sw.swizzle_offset(d + c) as isize;
                    assert_eq!(
                        p.ptr_at(c as isize),
                        base.wrapping_offset(want),
                        "d {d} c {c}"
                    );
                }
            }
        }
        check(Swizzle::<_3, _3, _3>::new(), 512);
        check(Swizzle::<_3, _4, _3>::new(), 1024);
        check(Swizzle::<_2, _0, _3>::new(), 32);
        check(Swizzle::<_2, _1, _m3>::new(), 64);
    }
}
