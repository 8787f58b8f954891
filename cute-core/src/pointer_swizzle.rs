//! `swizzle_ptr<SwizzleFn, Iterator>`: a pointer that carries a swizzle of its addresses, as a
//! GMMA shared-memory stage's tensor does: port of the parts of `cute/pointer_swizzle.hpp` and
//! `cute/pointer_flagged.hpp` that the Hopper tutorials use.
//!
//! C++'s `make_tensor(smem_ptr, Sw o smem_ptr[b](unset) o L)` moves the swizzle of a GMMA layout
//! atom's tiling onto the pointer and keeps the plain layout `L`: partitioning then works on
//! `L` alone (offsets are added to the unswizzled address) and the swizzle is applied to the
//! byte address at each access. That is what [`make_tensor_swizzled`] builds, and what
//! `make_fragment_A/B` of a GMMA op reads its descriptors' swizzle mode and start address from.

use core::fmt;
use core::marker::PhantomData;

use crate::layout_composed::ComposedLayout;
use crate::numeric::integral_constant::Integral;
use crate::numeric::numeric_types::SizeofBits;
use crate::pointer::{IterAdd, SmemPtr};
use crate::pointer_flagged::SmemPtrFlagBits;
use crate::tensor::{make_tensor, Tensor, ViewEngine};
use crate::util::print::CutePrint;

/// C++'s `swizzle_ptr<Sw, P>`: the pointer `P` whose byte addresses are swizzled by `Sw` when
/// accessed. Adding an offset advances the unswizzled pointer. Prints as C++,
/// `Sw<3,4,3>_smem_ptr[16b](0x...)`.
pub struct SwizzlePtr<Sw, P> {
    ptr: P,
    sw: PhantomData<Sw>,
}

impl<Sw, P: Copy> SwizzlePtr<Sw, P> {
    /// `make_swizzle_ptr(ptr, Sw{})`.
    #[inline(always)]
    pub const fn new(ptr: P) -> Self {
        SwizzlePtr {
            ptr,
            sw: PhantomData,
        }
    }
    /// The unswizzled pointer (C++'s `ptr.get()` before the swizzle).
    #[inline(always)]
    pub fn get(self) -> P {
        self.ptr
    }
}
impl<Sw, P: Copy> Clone for SwizzlePtr<Sw, P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Sw, P: Copy> Copy for SwizzlePtr<Sw, P> {}

impl<Sw, P, O> IterAdd<O> for SwizzlePtr<Sw, P>
where
    P: IterAdd<O, Output = P>,
    O: Integral,
{
    type Output = Self;
    #[inline(always)]
    fn iter_add(self, offset: O) -> Self {
        SwizzlePtr::new(self.ptr.iter_add(offset))
    }
}

impl<Sw: CutePrint + Default, P: CutePrint> CutePrint for SwizzlePtr<Sw, P> {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Sw::default().cute_fmt(f)?;
        f.write_str("_")?;
        self.ptr.cute_fmt(f)
    }
}
impl<Sw: CutePrint + Default, P: CutePrint> fmt::Display for SwizzlePtr<Sw, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}

/// C++'s `make_tensor(smem_ptr, ComposedLayout<Sw, smem_ptr_flag_bits<B>, L>)`: the tensor of a
/// swizzled shared-memory layout (a GMMA atom's tiling) over `ptr`, with the swizzle moved onto
/// the pointer and the plain layout `L` kept.
///
/// # Preconditions
/// `B` is `sizeof_bits<T>` (a build error `make_tensor_swizzled: the layout's smem_ptr flag is
/// not sizeof_bits of the pointer's type` otherwise).
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
/// ```
#[inline(always)]
pub unsafe fn make_tensor_swizzled<T, Sw, B, L>(
    ptr: SmemPtr<T>,
    layout: ComposedLayout<Sw, SmemPtrFlagBits<B>, L>,
) -> Tensor<ViewEngine<SwizzlePtr<Sw, SmemPtr<T>>>, L>
where
    T: SizeofBits,
    B: Integral,
    L: Copy,
    Sw: Copy,
{
    const {
        assert!(
            same_static(<B as Integral>::STATIC, <<T as SizeofBits>::Bits as Integral>::STATIC),
            "make_tensor_swizzled: the layout's smem_ptr flag is not sizeof_bits of the pointer's type"
        )
    };
    // SAFETY: the caller's contract.
    unsafe { make_tensor(SwizzlePtr::new(ptr), layout.layout_b()) }
}

/// Whether two static values are equal (false if either is dynamic).
const fn same_static(a: Option<i64>, b: Option<i64>) -> bool {
    matches!((a, b), (Some(x), Some(y)) if x == y)
}

impl<Sw, T> SwizzlePtr<Sw, SmemPtr<T>>
where
    Sw: crate::swizzle::SwizzleApply<i64, Output = i64> + Default,
{
    /// The swizzled pointer (C++'s `swizzle_ptr::get()`): the swizzle applied to the byte
    /// address, which is where the element is (the swizzle acts on the bits of the address
    /// within its repeat, so the tensor's base must be aligned to it).
    #[inline(always)]
    pub fn swizzled(self) -> *mut T {
        Sw::default().apply(self.ptr.get() as usize as i64) as usize as *mut T
    }
}
