//! `swizzle_ptr<SwizzleFn, Iterator>`: an iterator whose elements are reached through a swizzle:
//! port of `cute/pointer_swizzle.hpp`, with the parts of `cute/pointer_flagged.hpp` and
//! `cute/swizzle_layout.hpp` (`as_position_independent_swizzle_tensor`) that build its tensors.
//!
//! C++ keeps a swizzled shared-memory tile as a tensor whose layout is a `ComposedLayout`, and
//! moves the swizzle onto the pointer so that slicing, partitioning and retiling act on the
//! plain layout `L` while every access applies the swizzle. It does so in two forms:
//! `make_tensor(smem_ptr, Sw o smem_ptr[b](unset) o L)` (a GMMA layout atom's tiling; the
//! swizzle acts on the byte address) and `as_position_independent_swizzle_tensor` of
//! `Sw o _0 o L` (the swizzle, recast to elements, acts on the offset from the tile's base).
//! Both are one type here, [`SwizzlePtr`], in the second form: it holds the base iterator, an
//! element offset from it and the swizzle in element units, and the element at offset `o` is at
//! `base + Sw(offset + o)`. That is C++'s `Sw o offset o L` evaluated at the element: for a tile
//! at offset 0, `(Sw o _0 o L)(c) = Sw(L(c))`, and a slice of it, whose layout `L'` has moved
//! `L`'s offset `d` into the iterator, gives `Sw(d + L'(c))`. With the static layouts of a
//! kernel the offset from the thread index is the only run-time term; the swizzle is one and,
//! one shift and one xor on it.
//!
//! Where the base is aligned to the swizzle's period (`2^(B+M+|S|)` elements, 1024 bytes for a
//! GMMA `Sw<3,4,3>` atom) the element swizzle places every element where C++'s byte-address
//! swizzle does: the byte swizzle is the element swizzle with `M` raised by
//! `log2(sizeof(T))` ([`ByteSwizzleOf`]), and neither touches the address bits above the
//! period. [`make_tensor_swizzled`] builds the GMMA stages' tensors (recasting the atom's byte
//! swizzle to elements), [`make_swizzle_tensor`] the position-independent ones; the GMMA
//! descriptors read the byte swizzle and the unswizzled start address back
//! ([`SwizzlePtr::get`]), and printing shows the byte swizzle, as C++ prints.

use core::fmt;

use crate::layout::recast::{Downcast, DowncastOf, Upcast, UpcastOf};
use crate::layout::Layout;
use crate::layout_composed::ComposedLayout;
use crate::numeric::aliases::{_0, _8};
use crate::numeric::arithmetic::{IntDiv, Quot};
use crate::numeric::integral_constant::Integral;
use crate::numeric::numeric_types::SizeofBits;
use crate::pointer::{IterAdd, IterAddOf, MemIter, SmemPtr};
use crate::pointer_flagged::SmemPtrFlagBits;
use crate::swizzle::{Swizzle, SwizzleApply};
use crate::tensor::{make_tensor, Tensor, ViewEngine};
use crate::util::print::CutePrint;

/// C++'s `swizzle_ptr<Sw, Iter>`: the iterator `base` whose element at offset `o` from this
/// pointer is the element `Sw(offset + o)` of `base`, `offset` the pointer's own (unswizzled)
/// element offset from `base` and `Sw` a swizzle of element offsets. Adding to the pointer adds
/// to `offset`.
///
/// # Math
/// 1. `p.ptr_at(o) = base + Sw(offset + o)` (elements).
/// 2. `p.get() = base + offset`, the unswizzled pointer.
/// 3. When `base` is aligned to the swizzle's period `2^(B+M+|S|)` elements,
///    `p.ptr_at(o)` is C++'s `swizzle_ptr` address: the byte swizzle
///    [`ByteSwizzleOf<Sw, T>`](ByteSwizzleOf) applied to the byte address of `base + offset + o`.
///
/// Prints as C++ prints its `swizzle_ptr`: the byte swizzle, `_`, the unswizzled pointer
/// (`Sw<3,4,3>_smem_ptr[16b](0x400)` for `Sw<3,3,3>` over halves).
///
/// # Example
/// ```
/// use cute_core::pointer::{IterAdd, MemIter};
/// use cute_core::pointer_swizzle::SwizzlePtr;
/// use cute_core::prelude::*;
/// let mut x = [0u16; 128];
/// let p = SwizzlePtr::new(x.as_mut_ptr(), Swizzle::<_3, _3, _3>::new());
/// // Sw<3,3,3>(o) = o ^ ((o & 0x1c0) >> 3): offset 64 (row 1 of a 64-element k-major row
/// // block) moves to chunk 1 of that row, offset 72
/// assert_eq!(p.iter_add(64i32).as_ptr() as usize - x.as_ptr() as usize, 2 * 72);
/// assert_eq!(p.iter_add(64i32).ptr_at(3) as usize - x.as_ptr() as usize, 2 * 75);
/// assert_eq!(p.ptr_at(3) as usize - x.as_ptr() as usize, 2 * 3);
/// // the unswizzled pointer
/// assert_eq!(p.iter_add(64i32).get() as usize - x.as_ptr() as usize, 2 * 64);
/// ```
pub struct SwizzlePtr<Sw, I> {
    base: I,
    offset: i32,
    swizzle: Sw,
}

impl<Sw: Copy, I: Copy> SwizzlePtr<Sw, I> {
    /// `make_swizzle_ptr(base, swizzle)`: offset 0 from `base`, `swizzle` in element units.
    #[inline(always)]
    pub fn new(base: I, swizzle: Sw) -> Self {
        SwizzlePtr {
            base,
            offset: 0,
            swizzle,
        }
    }
    /// The base iterator the swizzle is relative to.
    #[inline(always)]
    pub fn base(self) -> I {
        self.base
    }
    /// The (unswizzled) element offset from the base.
    #[inline(always)]
    pub fn offset(self) -> i32 {
        self.offset
    }
    /// The swizzle of element offsets.
    #[inline(always)]
    pub fn swizzle(self) -> Sw {
        self.swizzle
    }
    /// The unswizzled pointer `base + offset` (C++'s `ptr.get()` before the swizzle is
    /// applied; a GMMA descriptor's start address).
    #[inline(always)]
    pub fn get(self) -> IterAddOf<I, i32>
    where
        I: IterAdd<i32>,
    {
        self.base.iter_add(self.offset)
    }
}

impl<Sw: OffsetSwizzle, I: MemIter> SwizzlePtr<Sw, I> {
    /// The swizzled pointer (C++'s `swizzle_ptr::get()` after the swizzle): the address of the
    /// element this pointer stands for, `base + Sw(offset)`.
    #[inline(always)]
    pub fn swizzled(self) -> *mut I::Value {
        self.as_ptr()
    }
}

impl<Sw: Copy, I: Copy> Clone for SwizzlePtr<Sw, I> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Sw: Copy, I: Copy> Copy for SwizzlePtr<Sw, I> {}

impl<Sw: Copy, I: Copy, O: Integral> IterAdd<O> for SwizzlePtr<Sw, I> {
    type Output = Self;
    #[inline(always)]
    fn iter_add(self, offset: O) -> Self {
        SwizzlePtr {
            base: self.base,
            offset: self.offset + offset.value() as i32,
            swizzle: self.swizzle,
        }
    }
}

/// The swizzles a [`SwizzlePtr`] takes: `Sw(offset)` on `i32` element offsets and the span of
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

impl<Sw: OffsetSwizzle, I: MemIter> MemIter for SwizzlePtr<Sw, I> {
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

/// `sizeof(T)` in bytes, as a static integer: `sizeof_bits<T> / 8`.
type BytesOf<T> = Quot<<T as SizeofBits>::Bits, _8>;

/// The byte-address swizzle of the element swizzle `Self` over elements of type `T`
/// (`recast_layout<T, uint8_t>` of the swizzle): `Sw<B, M + log2(sizeof(T)), S>`.
///
/// # Preconditions
/// `T` is a whole number of bytes, a power of two (a build error `upcast/downcast of a swizzle:
/// N is not a power of two` otherwise).
///
/// # Example
/// ```
/// use cute_core::numeric::numeric_types::Half;
/// use cute_core::pointer_swizzle::ByteSwizzleOf;
/// use cute_core::prelude::*;
/// assert_eq!(ByteSwizzleOf::<Swizzle<_3, _3, _3>, Half>::default().to_string(), "Sw<3,4,3>");
/// assert_eq!(ByteSwizzleOf::<Swizzle<_3, _2, _3>, f32>::default().to_string(), "Sw<3,4,3>");
/// ```
pub trait ByteSwizzle<T> {
    /// The byte swizzle.
    type Output: Copy + Default;
}
impl<Sw, T> ByteSwizzle<T> for Sw
where
    T: SizeofBits,
    T::Bits: IntDiv<_8>,
    Sw: Downcast<BytesOf<T>>,
    DowncastOf<Sw, BytesOf<T>>: Default,
{
    type Output = DowncastOf<Sw, BytesOf<T>>;
}
/// The type of the byte swizzle of `Sw` over `T`; see [`ByteSwizzle`].
pub type ByteSwizzleOf<Sw, T> = <Sw as ByteSwizzle<T>>::Output;

/// The element swizzle of the byte-address swizzle `Self` over elements of type `T`
/// (`recast_layout<uint8_t, T>` of the swizzle, as `as_position_independent_swizzle_tensor`
/// computes it): `Sw<B, M - log2(sizeof(T)), S>`.
///
/// # Preconditions
/// As [`ByteSwizzle`]. [`make_tensor_swizzled`] also needs `M >= log2(sizeof(T))`, where
/// [`ByteSwizzle`] is the inverse.
///
/// # Example
/// ```
/// use cute_core::numeric::numeric_types::Half;
/// use cute_core::pointer_swizzle::ElementSwizzleOf;
/// use cute_core::prelude::*;
/// assert_eq!(ElementSwizzleOf::<Swizzle<_3, _4, _3>, Half>::default().to_string(), "Sw<3,3,3>");
/// ```
pub trait ElementSwizzle<T> {
    /// The element swizzle.
    type Output: Copy + Default;
}
impl<Sw, T> ElementSwizzle<T> for Sw
where
    T: SizeofBits,
    T::Bits: IntDiv<_8>,
    Sw: Upcast<BytesOf<T>>,
    UpcastOf<Sw, BytesOf<T>>: Default,
{
    type Output = UpcastOf<Sw, BytesOf<T>>;
}
/// The type of the element swizzle of `Sw` over `T`; see [`ElementSwizzle`].
pub type ElementSwizzleOf<Sw, T> = <Sw as ElementSwizzle<T>>::Output;

/// C++'s `print(swizzle_ptr)`: the byte swizzle, `_`, the unswizzled pointer.
impl<Sw, I> CutePrint for SwizzlePtr<Sw, I>
where
    Sw: Copy + ByteSwizzle<I::Value>,
    ByteSwizzleOf<Sw, I::Value>: CutePrint,
    I: MemIter + IterAdd<i32>,
    IterAddOf<I, i32>: CutePrint,
{
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        ByteSwizzleOf::<Sw, I::Value>::default().cute_fmt(f)?;
        f.write_str("_")?;
        self.get().cute_fmt(f)
    }
}
impl<Sw, I> fmt::Display for SwizzlePtr<Sw, I>
where
    Sw: Copy + ByteSwizzle<I::Value>,
    ByteSwizzleOf<Sw, I::Value>: CutePrint,
    I: MemIter + IterAdd<i32>,
    IterAddOf<I, i32>: CutePrint,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}

/// C++'s `make_tensor(smem_ptr, ComposedLayout<Sw, smem_ptr_flag_bits<B>, L>)`: the tensor of a
/// swizzled shared-memory layout (a GMMA atom's tiling) over `ptr`, with the swizzle moved onto
/// the pointer and the plain layout `L` kept. The pointer holds the byte swizzle `Sw` recast to
/// elements ([`ElementSwizzleOf<Sw, T>`](ElementSwizzleOf)); with `ptr` aligned to the
/// swizzle's period it places every element where C++'s byte-address swizzle does.
///
/// # Preconditions
/// `B` is `sizeof_bits<T>` (a build error `make_tensor_swizzled: the layout's smem_ptr flag is
/// not sizeof_bits of the pointer's type` otherwise); the swizzle keeps each element whole,
/// `2^M >= sizeof(T)` (a build error `make_tensor_swizzled: the swizzle splits an element`).
///
/// # Safety
/// As [`make_tensor`]: every offset of `L` from `ptr` is shared memory valid while the tensor is
/// used; `ptr` aligned to the swizzle's repeat (1024 bytes for `Sw<3,4,3>`).
///
/// # Example
/// ```
/// use cute_core::atom::mma_traits_sm90_gmma::Layout_K_SW128_Atom;
/// use cute_core::numeric::numeric_types::Half;
/// use cute_core::pointer_swizzle::make_tensor_swizzled;
/// use cute_core::prelude::*;
/// let stages = tile_to_shape(Layout_K_SW128_Atom::<Half>::default(), (_128, _64, _3));
/// let s = unsafe { make_tensor_swizzled(make_smem_ptr(0x400 as *mut Half), stages) };
/// assert_eq!(s.to_string(), "Sw<3,4,3>_smem_ptr[16b](0x400) o \
///     ((_8,_16),(_64,_1),(_1,_3)):((_64,_512),(_1,_0),(_0,_8192))");
/// assert_eq!(s.data().swizzle().to_string(), "Sw<3,3,3>");
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub unsafe fn make_tensor_swizzled<T, SB, SM, SS, B, L>(
    ptr: SmemPtr<T>,
    layout: ComposedLayout<Swizzle<SB, SM, SS>, SmemPtrFlagBits<B>, L>,
) -> Tensor<ViewEngine<SwizzlePtr<ElementSwizzleOf<Swizzle<SB, SM, SS>, T>, SmemPtr<T>>>, L>
where
    T: SizeofBits,
    B: Integral,
    SM: Integral,
    L: Copy,
    Swizzle<SB, SM, SS>: ElementSwizzle<T>,
{
    const {
        assert!(
            same_static(<B as Integral>::STATIC, <<T as SizeofBits>::Bits as Integral>::STATIC),
            "make_tensor_swizzled: the layout's smem_ptr flag is not sizeof_bits of the pointer's type"
        )
    };
    const {
        assert!(
            keeps_elements_whole(
                <SM as Integral>::STATIC,
                <<T as SizeofBits>::Bits as Integral>::STATIC
            ),
            "make_tensor_swizzled: the swizzle splits an element"
        )
    };
    let sw = ElementSwizzleOf::<Swizzle<SB, SM, SS>, T>::default();
    // SAFETY: the caller's contract.
    unsafe { make_tensor(SwizzlePtr::new(ptr, sw), layout.layout_b()) }
}

/// Whether two static values are equal (false if either is dynamic).
const fn same_static(a: Option<i64>, b: Option<i64>) -> bool {
    matches!((a, b), (Some(x), Some(y)) if x == y)
}

/// Whether a byte swizzle of base `m` moves whole elements of `bits` bits: `2^m * 8 >= bits`.
const fn keeps_elements_whole(m: Option<i64>, bits: Option<i64>) -> bool {
    matches!((m, bits), (Some(m), Some(b)) if m >= 0 && m < 32 && (8i64 << m) >= b)
}

/// `make_tensor(iter, composition(Swizzle, _0, layout))` seen through
/// `as_position_independent_swizzle_tensor`: the tensor of layout `layout` over
/// `swizzle_ptr(iter, Swizzle)`, so that `t(c)` is the element at `iter + Sw(layout(c))`. The
/// swizzle is in element units and `iter` needs no alignment.
///
/// # Safety
/// As [`make_tensor`]: `iter` valid for every offset `Sw(layout(c))`.
///
/// # Example
/// ```
/// use cute_core::pointer_swizzle::make_swizzle_tensor;
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
) -> Tensor<ViewEngine<SwizzlePtr<Sw, I>>, Layout<S, D>> {
    // SAFETY: the caller's contract.
    unsafe { make_tensor(SwizzlePtr::new(iter, layout.layout_a()), layout.layout_b()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom::mma_traits_sm90_gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
    use crate::layout::make_layout;
    use crate::layout::product::tile_to_shape;
    use crate::layout_composed::make_composed_layout;
    use crate::numeric::aliases::*;
    use crate::numeric::numeric_types::{Half, TFloat32};
    use crate::pointer::make_smem_ptr;
    use crate::underscore::X;
    use std::string::ToString;

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
                let p = SwizzlePtr::new(base, sw).iter_add(d);
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

    /// Math 3: on a base aligned to the period, the element swizzle of a GMMA stage places
    /// every element at C++'s address, the byte swizzle of the byte address; `get` is the
    /// unswizzled pointer (Math 2).
    #[test]
    fn gmma_stages_reach_the_byte_swizzled_addresses() {
        const BASE: usize = 0x1_0400;
        let byte_sw = Swizzle::<_3, _4, _3>::new();
        let stages = tile_to_shape(Layout_K_SW128_Atom::<Half>::default(), (_128, _64, _3));
        let s = unsafe { make_tensor_swizzled(make_smem_ptr(BASE as *mut Half), stages) };
        for p in 0..3i32 {
            for m in 0..128i32 {
                for k in 0..64i32 {
                    let it = s.iter_at((m, k, p));
                    let plain = BASE + 2 * stages.layout_b().call((m, k, p)) as usize;
                    assert_eq!(it.get().get() as usize, plain);
                    let want = byte_sw.apply(plain as i64) as usize;
                    assert_eq!(it.swizzled() as usize, want, "m {m} k {k} p {p}");
                }
            }
        }
        // tf32: Sw<3,4,3> in bytes is Sw<3,2,3> in 32-bit elements
        let stages = tile_to_shape(Layout_MN_SW128_Atom::<TFloat32>::default(), (_64, _32, _2));
        let s = unsafe { make_tensor_swizzled(make_smem_ptr(BASE as *mut TFloat32), stages) };
        assert_eq!(s.data().swizzle().to_string(), "Sw<3,2,3>");
        assert!(s
            .to_string()
            .starts_with("Sw<3,4,3>_smem_ptr[32b](0x10400) o "));
        for p in 0..2i32 {
            for m in 0..64i32 {
                for k in 0..32i32 {
                    let plain = BASE + 4 * stages.layout_b().call((m, k, p)) as usize;
                    let want = byte_sw.apply(plain as i64) as usize;
                    assert_eq!(s.iter_at((m, k, p)).swizzled() as usize, want);
                }
            }
        }
    }

    /// Printing shows the byte swizzle and the unswizzled pointer at the current offset.
    #[test]
    fn prints_the_byte_swizzle_and_the_unswizzled_pointer() {
        let p = SwizzlePtr::new(
            make_smem_ptr(0x400 as *mut Half),
            Swizzle::<_3, _3, _3>::new(),
        );
        assert_eq!(p.to_string(), "Sw<3,4,3>_smem_ptr[16b](0x400)");
        assert_eq!(
            p.iter_add(72i32).to_string(),
            "Sw<3,4,3>_smem_ptr[16b](0x490)"
        );
        let p = SwizzlePtr::new(
            make_smem_ptr(0x400 as *mut u8),
            Swizzle::<_2, _4, _3>::new(),
        );
        assert_eq!(p.to_string(), "Sw<2,4,3>_smem_ptr[8b](0x400)");
    }
}
