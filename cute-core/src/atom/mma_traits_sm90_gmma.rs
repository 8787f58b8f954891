//! The SM90 GMMA atoms as layouts: port of `cute/atom/mma_traits_sm90_gmma.hpp` (the dense
//! `f16`/`bf16` and 8-bit float ops of [`crate::arch::mma_sm90_gmma`], with the traits of the
//! 8-bit ops' other N from `mma_traits_sm90_gmma_ext.hpp` under feature
//! `sm90-extended-mma-shapes`, C++'s `CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED`).
//!
//! - The shared-memory layout atoms of C++'s `GMMA::` namespace, as type aliases
//!   (`Layout_K_SW128_Atom<T>` etc.): `Sw<B,4,3> o smem_ptr[b](unset) o L`, where `L` is 8 rows of
//!   `W` bits (128 for `INTER`, 256/512/1024 for `SW32`/`SW64`/`SW128`) in units of `T`,
//!   rows K-contiguous (`K`) or columns MN-contiguous (`MN`). The swizzle acts on byte
//!   addresses; a stage is `tile_to_shape` of an atom (e.g. over `(_128, _64, _3)`).
//! - [`make_gmma_desc`]: the [`GmmaDescriptor`] of a rank-2 shared-memory block of such a layout,
//!   derived from the layout as C++ does (recast to 128-bit units, divide by the canonical
//!   core matrix, read the strides).
//! - `MMA_Traits` ([`MmaTraits`]) of the ops: 128 threads; A and B as whole-tile
//!   `(_128, (M|N, K)):(_0, (_1, M|N))` layouts for shared-memory operands (K = 16 for 16-bit
//!   types, 32 for 8-bit ones), the `ALayout_64x16` (`ALayout_64x32` for 8-bit types) register
//!   layout for `_RS`, the `CLayout_64xN` accumulator layout.
#![allow(non_camel_case_types)]

use crate::arch::mma_sm90_desc::{GmmaDescriptor, LayoutType};
use crate::arch::mma_sm90_gmma::FenceOperand;
use crate::arch::mma_sm90_gmma::GMMA::{IsMajor, IsScaleIn, Major};
use crate::arch::mma_sm90_gmma::*;
use crate::atom::mma_traits::MmaTraits;
use crate::int_tuple::IntTuple;
use crate::layout::divide::{ByTiler, DivideOp, LogicalDivideOf};
use crate::layout::recast::{Upcast, UpcastOf};
use crate::layout::Layout;
use crate::layout_composed::ComposedLayout;
use crate::numeric::aliases::*;
use crate::numeric::arithmetic::{IntDiv, Quot};
use crate::numeric::integral_constant::Integral;
use crate::numeric::numeric_types::{BFloat16, FloatE4M3, FloatE5M2, Half, SizeofBits};
use crate::pointer_flagged::SmemPtrFlagBits;
use crate::pointer_swizzle::ByteSwizzleOf;
use crate::swizzle::Swizzle;

// ---------------------------------------------------------------------------------------------
// Shared-memory layout atoms
// ---------------------------------------------------------------------------------------------

/// `sizeof_bits<T>`.
type Bits<T> = <T as SizeofBits>::Bits;
/// `W / sizeof_bits<T>`: a row of `W` bits in elements of `T`.
type Per<W, T> = Quot<W, Bits<T>>;
/// A K-major atom: 8 rows of `W` bits, each row contiguous.
type KAtom<Sw, W, T> =
    ComposedLayout<Sw, SmemPtrFlagBits<Bits<T>>, Layout<(_8, Per<W, T>), (Per<W, T>, _1)>>;
/// An MN-major atom: 8 columns of `W` bits, each column contiguous.
type MnAtom<Sw, W, T> =
    ComposedLayout<Sw, SmemPtrFlagBits<Bits<T>>, Layout<(Per<W, T>, _8), (_1, Per<W, T>)>>;

/// `GMMA::Layout_MN_INTER_Atom<T>`: `Sw<0,4,3> o smem_ptr o (128b/T, 8):(1, 128b/T)`.
///
/// # Example
/// ```
/// use cute_core::atom::mma_traits_sm90_gmma::Layout_MN_INTER_Atom;
/// use cute_core::numeric::numeric_types::Half;
/// assert_eq!(Layout_MN_INTER_Atom::<Half>::default().to_string(),
///            "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_1,_8)");
/// ```
pub type Layout_MN_INTER_Atom<T> = MnAtom<Swizzle<_0, _4, _3>, _128, T>;
/// `GMMA::Layout_MN_SW32_Atom<T>`: `Sw<1,4,3> o smem_ptr o (256b/T, 8):(1, 256b/T)`.
pub type Layout_MN_SW32_Atom<T> = MnAtom<Swizzle<_1, _4, _3>, _256, T>;
/// `GMMA::Layout_MN_SW64_Atom<T>`: `Sw<2,4,3> o smem_ptr o (512b/T, 8):(1, 512b/T)`.
pub type Layout_MN_SW64_Atom<T> = MnAtom<Swizzle<_2, _4, _3>, _512, T>;
/// `GMMA::Layout_MN_SW128_Atom<T>`: `Sw<3,4,3> o smem_ptr o (1024b/T, 8):(1, 1024b/T)`.
///
/// # Example
/// The `wgmma_sm90` tutorial's NT stages:
/// ```
/// use cute_core::atom::mma_traits_sm90_gmma::Layout_MN_SW128_Atom;
/// use cute_core::numeric::numeric_types::Half;
/// use cute_core::prelude::*;
/// let s = tile_to_shape(Layout_MN_SW128_Atom::<Half>::default(), (_128, _64, _3));
/// assert_eq!(s.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o \
///     ((_64,_2),(_8,_8),(_1,_3)):((_1,_512),(_64,_1024),(_0,_8192))");
/// ```
pub type Layout_MN_SW128_Atom<T> = MnAtom<Swizzle<_3, _4, _3>, _1024, T>;
/// `GMMA::Layout_K_INTER_Atom<T>`: `Sw<0,4,3> o smem_ptr o (8, 128b/T):(128b/T, 1)`.
pub type Layout_K_INTER_Atom<T> = KAtom<Swizzle<_0, _4, _3>, _128, T>;
/// `GMMA::Layout_K_SW32_Atom<T>`: `Sw<1,4,3> o smem_ptr o (8, 256b/T):(256b/T, 1)`.
pub type Layout_K_SW32_Atom<T> = KAtom<Swizzle<_1, _4, _3>, _256, T>;
/// `GMMA::Layout_K_SW64_Atom<T>`: `Sw<2,4,3> o smem_ptr o (8, 512b/T):(512b/T, 1)`.
pub type Layout_K_SW64_Atom<T> = KAtom<Swizzle<_2, _4, _3>, _512, T>;
/// `GMMA::Layout_K_SW128_Atom<T>`: `Sw<3,4,3> o smem_ptr o (8, 1024b/T):(1024b/T, 1)`.
///
/// # Example
/// ```
/// use cute_core::atom::mma_traits_sm90_gmma::Layout_K_SW128_Atom;
/// use cute_core::numeric::numeric_types::Half;
/// use cute_core::prelude::*;
/// let a = Layout_K_SW128_Atom::<Half>::default();
/// assert_eq!(a.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
/// let s = tile_to_shape(a, (_128, _64, _3));
/// assert_eq!(s.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o \
///     ((_8,_16),(_64,_1),(_1,_3)):((_64,_512),(_1,_0),(_0,_8192))");
/// assert_eq!(s.call((5i32, 9i32, 1i32)), 8553);
/// // 8-bit elements: 128 of them per 1024-bit row
/// use cute_core::numeric::numeric_types::FloatE4M3;
/// assert_eq!(Layout_K_SW128_Atom::<FloatE4M3>::default().to_string(),
///            "Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)");
/// ```
pub type Layout_K_SW128_Atom<T> = KAtom<Swizzle<_3, _4, _3>, _1024, T>;

// ---------------------------------------------------------------------------------------------
// make_gmma_desc
// ---------------------------------------------------------------------------------------------

/// A swizzle that a GMMA descriptor can describe: `Sw<B,4,3>` for `B` in 0..=3, with its
/// [`LayoutType`] and `W`, the width of a swizzled row in 16-byte units (1, 2, 4, 8).
#[diagnostic::on_unimplemented(
    message = "make_gmma_desc: the swizzle is not one a GMMA descriptor describes (Sw<0..=3,4,3>)"
)]
pub trait GmmaSwizzle {
    /// The descriptor's layout type.
    const LAYOUT_TYPE: LayoutType;
    /// `W`: 16-byte units per swizzled row (C++'s `W`), as a static integer.
    type W: Integral;
}
impl GmmaSwizzle for Swizzle<_0, _4, _3> {
    const LAYOUT_TYPE: LayoutType = LayoutType::Interleave;
    type W = _1;
}
impl GmmaSwizzle for Swizzle<_1, _4, _3> {
    const LAYOUT_TYPE: LayoutType = LayoutType::B32;
    type W = _2;
}
impl GmmaSwizzle for Swizzle<_2, _4, _3> {
    const LAYOUT_TYPE: LayoutType = LayoutType::B64;
    type W = _4;
}
impl GmmaSwizzle for Swizzle<_3, _4, _3> {
    const LAYOUT_TYPE: LayoutType = LayoutType::B128;
    type W = _8;
}

/// A static layout of profile `((_,_),(_,_))`: what dividing a canonical GMMA block by its
/// core matrix gives. Its shapes and strides as numbers.
#[diagnostic::on_unimplemented(
    message = "make_gmma_desc: not a canonical GMMA layout (expected profile ((_,_),(_,_)) after dividing by the core matrix)"
)]
pub trait GmmaCanonical {
    /// `[s00, s01, s10, s11]`: the shapes (`None` where dynamic).
    const SHAPE: [Option<i64>; 4];
    /// `[d00, d01, d10, d11]`: the strides (`None` where dynamic).
    const STRIDE: [Option<i64>; 4];
}
impl<S00, S01, S10, S11, D00, D01, D10, D11> GmmaCanonical
    for Layout<((S00, S01), (S10, S11)), ((D00, D01), (D10, D11))>
where
    S00: Integral,
    S01: Integral,
    S10: Integral,
    S11: Integral,
    D00: Integral,
    D01: Integral,
    D10: Integral,
    D11: Integral,
{
    const SHAPE: [Option<i64>; 4] = [S00::STATIC, S01::STATIC, S10::STATIC, S11::STATIC];
    const STRIDE: [Option<i64>; 4] = [D00::STATIC, D01::STATIC, D10::STATIC, D11::STATIC];
}

/// A static value, or -1 (which fails every check below) for a dynamic one.
const fn st(v: Option<i64>) -> i64 {
    match v {
        Some(v) => v,
        None => -1,
    }
}

/// `make_gmma_desc<Major>` for one major: swizzled, flagged, static rank-2 layouts implement
/// it for [`GMMA::Major::K`](Major::K) and [`GMMA::Major::MN`](Major::MN).
///
/// The layout is the trait's `Self` (not its parameter) so that at a call site rustc leaves the
/// bound alone until the argument has fixed the layout's type: bounded the other way
/// (`Major::K: MakeGmmaDesc<L>`), rustc explored the impl's where-clauses with the layout still
/// unknown and took ~12 s per call site (measured, rustc 1.95; under 1 s this way).
pub trait MakeGmmaDesc<M> {
    /// The descriptor of this block whose first element is at shared-memory byte address
    /// `start_address`.
    fn make_gmma_desc(self, start_address: u32) -> GmmaDescriptor;
}

// The type-level work of `make_gmma_desc` (upcast to 128-bit units, then divide by the core
// matrix) is done by step traits, each impl bounding only its own `Self` and handing its result
// to the next step as an associated type, rather than by where-clauses on the `MakeGmmaDesc`
// impls naming the projections
// (`LogicalDivideOf<UpcastOf<Layout<S, D>, ..>, ..>: GmmaCanonical`): measured at the call site
// of a function bounded by the chain (a tutorial stage's block, rustc 1.95), 13.1 s with those
// projections in one where-clause, 1.6 s through these steps. See docs/ARCHITECTURE.md,
// "Build time".

/// Step 1 for K-major blocks: a `b`-bit layout recast to 128-bit units (`upcast<128 / b>`),
/// then divided by the core matrix `(8:1, 2:1)`.
pub trait GmmaKCanonical<B> {
    /// The divided layout, of profile `((_,_),(_,_))`.
    type Canon: GmmaCanonical;
}
impl<L, B> GmmaKCanonical<B> for L
where
    B: Integral,
    _128: IntDiv<B>,
    L: Upcast<Quot<_128, B>>,
    UpcastOf<L, Quot<_128, B>>: GmmaDivideK,
{
    type Canon = <UpcastOf<L, Quot<_128, B>> as GmmaDivideK>::Canon;
}

/// Step 1 for MN-major blocks: recast to 128-bit units, then divided by the core matrix
/// `(W:1, 8:1)`, `W` the swizzle's row width in 16-byte units.
pub trait GmmaMnCanonical<B, W> {
    /// The divided layout, of profile `((_,_),(_,_))`.
    type Canon: GmmaCanonical;
}
impl<L, B, W> GmmaMnCanonical<B, W> for L
where
    B: Integral,
    _128: IntDiv<B>,
    L: Upcast<Quot<_128, B>>,
    UpcastOf<L, Quot<_128, B>>: GmmaDivideMn<W>,
{
    type Canon = <UpcastOf<L, Quot<_128, B>> as GmmaDivideMn<W>>::Canon;
}

/// Step 2, K-major: `logical_divide(self, (8:1, 2:1))` of a layout in 128-bit units.
#[diagnostic::on_unimplemented(
    message = "make_gmma_desc: not a canonical GMMA_K layout (expected profile ((_,_),(_,_)) after dividing by the core matrix (8:1,2:1))"
)]
pub trait GmmaDivideK {
    /// The divided layout.
    type Canon: GmmaCanonical;
}
impl<U> GmmaDivideK for U
where
    U: ByTiler<DivideOp, (Layout<_8, _1>, Layout<_2, _1>)>,
    LogicalDivideOf<U, (Layout<_8, _1>, Layout<_2, _1>)>: GmmaCanonical,
{
    type Canon = LogicalDivideOf<U, (Layout<_8, _1>, Layout<_2, _1>)>;
}

/// Step 2, MN-major: `logical_divide(self, (W:1, 8:1))` of a layout in 128-bit units.
#[diagnostic::on_unimplemented(
    message = "make_gmma_desc: not a canonical GMMA_MN layout (expected profile ((_,_),(_,_)) after dividing by the core matrix (W:1,8:1))"
)]
pub trait GmmaDivideMn<W> {
    /// The divided layout.
    type Canon: GmmaCanonical;
}
impl<U, W> GmmaDivideMn<W> for U
where
    U: ByTiler<DivideOp, (Layout<W, _1>, Layout<_8, _1>)>,
    LogicalDivideOf<U, (Layout<W, _1>, Layout<_8, _1>)>: GmmaCanonical,
{
    type Canon = LogicalDivideOf<U, (Layout<W, _1>, Layout<_8, _1>)>;
}

/// K-major: the block divided by `(8:1, 2:1)` in 128-bit units.
type KCanonical<S, D, B> = <Layout<S, D> as GmmaKCanonical<B>>::Canon;
/// MN-major: the block divided by `(W:1, 8:1)` in 128-bit units.
type MnCanonical<S, D, B, W> = <Layout<S, D> as GmmaMnCanonical<B, W>>::Canon;

impl<Sw, B, S, D> MakeGmmaDesc<Major::K> for ComposedLayout<Sw, SmemPtrFlagBits<B>, Layout<S, D>>
where
    Sw: GmmaSwizzle,
    B: Integral,
    Layout<S, D>: GmmaKCanonical<B>,
{
    #[inline(always)]
    fn make_gmma_desc(self, start_address: u32) -> GmmaDescriptor {
        // The layout is static: its type carries everything (the division is done on types).
        let _ = self;
        let [d00, d01, d10, _d11] = <KCanonical<S, D, B> as GmmaCanonical>::STRIDE;
        let w = st(<Sw::W as Integral>::STATIC);
        let interleave = matches!(Sw::LAYOUT_TYPE, LayoutType::Interleave);
        const {
            assert!(
                st(<KCanonical<S, D, B> as GmmaCanonical>::SHAPE[0]) == 8
                    && st(<KCanonical<S, D, B> as GmmaCanonical>::SHAPE[2]) == 2
                    && st(<KCanonical<S, D, B> as GmmaCanonical>::SHAPE[3]) == 1,
                "make_gmma_desc: not a canonical GMMA_K layout (expected MN-size a multiple of 8 and K-size 2 in 128-bit units)"
            )
        };
        const {
            assert!(
                st(<KCanonical<S, D, B> as GmmaCanonical>::STRIDE[0])
                    == st(<Sw::W as Integral>::STATIC)
                    && (matches!(Sw::LAYOUT_TYPE, LayoutType::Interleave)
                        || st(<KCanonical<S, D, B> as GmmaCanonical>::STRIDE[2]) == 1),
                "make_gmma_desc: not a canonical GMMA_K layout (C++: expected stride failure): a core matrix's 8 rows must be one swizzle row (W x 16 bytes) apart and its two 16-byte K chunks adjacent"
            )
        };
        debug_assert!(st(d00) == w && (interleave || st(d10) == 1));
        let mut desc = GmmaDescriptor::new(0);
        desc.set_layout_type(Sw::LAYOUT_TYPE);
        desc.set_start_address((start_address >> 4) as u16);
        desc.set_base_offset(0);
        desc.set_stride_byte_offset(st(d01) as u16);
        desc.set_leading_byte_offset(st(d10) as u16);
        desc
    }
}

impl<Sw, B, S, D> MakeGmmaDesc<Major::MN> for ComposedLayout<Sw, SmemPtrFlagBits<B>, Layout<S, D>>
where
    Sw: GmmaSwizzle,
    B: Integral,
    Layout<S, D>: GmmaMnCanonical<B, Sw::W>,
{
    #[inline(always)]
    fn make_gmma_desc(self, start_address: u32) -> GmmaDescriptor {
        type Canon<S, D, B, Sw> = MnCanonical<S, D, B, <Sw as GmmaSwizzle>::W>;
        let _ = self;
        let [_d00, d01, _d10, d11] = <Canon<S, D, B, Sw> as GmmaCanonical>::STRIDE;
        let interleave = matches!(Sw::LAYOUT_TYPE, LayoutType::Interleave);
        const {
            assert!(
                // K-size 256/sizeof_bits<T> (dense A and B); C++ also admits the sparse 128 and 512
                st(<Canon<S, D, B, Sw> as GmmaCanonical>::SHAPE[2])
                    * st(<Canon<S, D, B, Sw> as GmmaCanonical>::SHAPE[3])
                    * st(<B as Integral>::STATIC)
                    == 256
                    || st(<Canon<S, D, B, Sw> as GmmaCanonical>::SHAPE[2])
                        * st(<Canon<S, D, B, Sw> as GmmaCanonical>::SHAPE[3])
                        * st(<B as Integral>::STATIC)
                        == 128
                    || st(<Canon<S, D, B, Sw> as GmmaCanonical>::SHAPE[2])
                        * st(<Canon<S, D, B, Sw> as GmmaCanonical>::SHAPE[3])
                        * st(<B as Integral>::STATIC)
                        == 512,
                "make_gmma_desc: not a canonical GMMA_MN layout (expected K-size 256/sizeof_bits<T>, or 128 or 512 for sparse)"
            )
        };
        const {
            assert!(
                (matches!(Sw::LAYOUT_TYPE, LayoutType::Interleave)
                    || st(<Canon<S, D, B, Sw> as GmmaCanonical>::STRIDE[0]) == 1)
                    && st(<Canon<S, D, B, Sw> as GmmaCanonical>::STRIDE[2])
                        == st(<Sw::W as Integral>::STATIC),
                "make_gmma_desc: not a canonical GMMA_MN layout (C++: expected stride failure): a core matrix's W 16-byte MN chunks must be adjacent and its 8 K rows one swizzle row (W x 16 bytes) apart"
            )
        };
        let (sbo, lbo) = if interleave { (d01, d11) } else { (d11, d01) };
        let mut desc = GmmaDescriptor::new(0);
        desc.set_layout_type(Sw::LAYOUT_TYPE);
        desc.set_start_address((start_address >> 4) as u16);
        desc.set_base_offset(0);
        desc.set_stride_byte_offset(st(sbo) as u16);
        desc.set_leading_byte_offset(st(lbo) as u16);
        desc
    }
}

/// `GMMA::make_gmma_desc<Major>(tensor)`: the shared-memory matrix descriptor of a rank-2
/// block (`(M|N, K)` in elements) of a GMMA layout atom's tiling, whose first element is at
/// shared-memory byte address `start_address` (C++ reads it from the tensor's pointer, before
/// the swizzle: the hardware applies the swizzle).
///
/// # Math
/// In 128-bit units (`upcast<128/b>` of the block), divided by the core matrix
/// (`logical_divide` by `(8:1, 2:1)` for K-major, `(W:1, 8:1)` for MN-major, `W` the swizzle's
/// row width in 16-byte units), the block is `((8,m),(2,1)):((W,SBO),(LBO,_))` (K) or
/// `((W,m),(8,k)):((1,d01),(W,d11))` (MN, where LBO/SBO are `d01`/`d11`, swapped for
/// `INTERLEAVE`). The descriptor holds `start_address >> 4`, LBO, SBO, base offset 0 and the
/// swizzle's layout type.
///
/// # Preconditions
/// The layout is static, its swizzle one of `Sw<0..=3,4,3>`, its profile after the division
/// `((_,_),(_,_))`, and its strides canonical; otherwise the build fails with a sentence
/// starting `make_gmma_desc: `.
///
/// # Example
/// The `(64,16)` block at `(m,k) = (1,3)` of stage 2 of the tutorial's TN `sA`:
/// ```
/// use cute_core::arch::mma_sm90_gmma::GMMA;
/// use cute_core::atom::mma_traits_sm90_gmma::make_gmma_desc;
/// use cute_core::pointer_flagged::SmemPtrFlagBits;
/// use cute_core::prelude::*;
/// // Name every type: a `Default::default()` left for inference to solve through
/// // `make_gmma_desc`'s bound makes rustc search for many minutes.
/// let block = make_composed_layout(
///     Swizzle::<_3, _4, _3>::new(),
///     SmemPtrFlagBits::<_16>::default(),
///     make_layout((_64, _16), (_64, _1)),
/// );
/// let d = make_gmma_desc::<GMMA::Major::K, _>(0x400 + 2 * 20528, block);
/// assert_eq!(d.desc, 0x4000004000010000 | ((0x400 + 2 * 20528) >> 4));
/// ```
#[inline(always)]
pub fn make_gmma_desc<M, L: MakeGmmaDesc<M>>(start_address: u32, layout: L) -> GmmaDescriptor {
    layout.make_gmma_desc(start_address)
}

// ---------------------------------------------------------------------------------------------
// Descriptor tensors: GMMA::DescriptorIterator and make_fragment_A/B of shared memory
// ---------------------------------------------------------------------------------------------

/// `GMMA::DescriptorIterator`: an iterator over shared-memory descriptors. `*it` is the
/// descriptor; `it + i` adds `i` (16-byte units, wrapping in 32 bits) to the descriptor's low
/// word, i.e. to its start-address field, as C++ does. A descriptor tensor
/// (`make_fragment_A/B` of a GMMA op) is this iterator composed with the partition's layout in
/// 128-bit units, so `tCrA(_, m, k, pipe)` is the descriptor of block `(m, k)` of stage `pipe`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct GmmaDescriptorIterator {
    /// The descriptor at offset 0.
    pub desc: GmmaDescriptor,
}

impl<O: Integral> crate::pointer::IterAdd<O> for GmmaDescriptorIterator {
    type Output = Self;
    #[inline(always)]
    fn iter_add(self, offset: O) -> Self {
        let lo = (self.desc.desc as u32).wrapping_add(offset.value() as u32);
        GmmaDescriptorIterator {
            desc: GmmaDescriptor::new((self.desc.desc & !0xffff_ffff) | lo as u64),
        }
    }
}
impl<O: Integral> crate::pointer::IterRead<O> for GmmaDescriptorIterator {
    type Value = GmmaDescriptor;
    #[inline(always)]
    unsafe fn read_at(self, offset: O) -> GmmaDescriptor {
        crate::pointer::IterAdd::iter_add(self, offset).desc
    }
}
/// A descriptor tensor read at a coordinate (what `gemm` reads an MMA's A and B with): the
/// descriptor at that coordinate's offset.
impl<L, Crd> crate::tensor::ReadAt<Crd>
    for crate::tensor::Tensor<crate::tensor::ViewEngine<GmmaDescriptorIterator>, L>
where
    L: crate::tensor::LayoutEval<Crd, Output: Integral>,
{
    type Value = GmmaDescriptor;
    #[inline(always)]
    fn read_at(&self, c: Crd) -> GmmaDescriptor {
        self.get(c)
    }
}
impl crate::util::print::CutePrint for GmmaDescriptorIterator {
    fn cute_fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("GMMA::DescriptorIterator")
    }
}

/// `GMMA::smem_desc<Major>`: the `FrgTypeA/B` of the GMMA ops' shared-memory operands. Their
/// `make_fragment_A/B` of a partitioned shared-memory tensor is a tensor of descriptors
/// (C++'s `MakeTensor<GMMA::smem_desc<Major>>`).
#[derive(Clone, Copy, Default, Debug)]
pub struct smem_desc<M>(core::marker::PhantomData<M>);

/// The 32-bit shared-window address of a shared-memory pointer. On the host, where there is no
/// shared memory, the pointer's value stands for it (so that descriptor tensors can be computed
/// and compared with C++ in host tests).
#[inline(always)]
fn smem_address<T>(p: *mut T) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        crate::arch::smem::cast_smem_ptr_to_uint(p as *const T)
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        p as usize as u32
    }
}

/// `replace<0>(layout, Layout<_1,_0>{})` of a partition's layout whose rest modes were
/// recast to 128-bit units: `(R1,R2,..):(d1,d2,..)` becomes `(_1,R1,R2,..):(_0,d1,d2,..)`.
pub trait PrependUnitMode {
    /// The layout with the unit mode in front.
    type Output: Copy;
    /// `(_1, self...):(_0, self...)`.
    fn prepend_unit_mode(self) -> Self::Output;
}
impl<S1, S2, D1, D2> PrependUnitMode for Layout<(S1, S2), (D1, D2)>
where
    (S1, S2): IntTuple,
    (D1, D2): IntTuple,
    (_1, S1, S2): IntTuple,
    (_0, D1, D2): IntTuple,
{
    type Output = Layout<(_1, S1, S2), (_0, D1, D2)>;
    #[inline(always)]
    fn prepend_unit_mode(self) -> Self::Output {
        let ((s1, s2), (d1, d2)) = (self.shape(), self.stride());
        Layout::new((_1, s1, s2), (_0, d1, d2))
    }
}
impl<S1, S2, S3, D1, D2, D3> PrependUnitMode for Layout<(S1, S2, S3), (D1, D2, D3)>
where
    (S1, S2, S3): IntTuple,
    (D1, D2, D3): IntTuple,
    (_1, S1, S2, S3): IntTuple,
    (_0, D1, D2, D3): IntTuple,
{
    type Output = Layout<(_1, S1, S2, S3), (_0, D1, D2, D3)>;
    #[inline(always)]
    fn prepend_unit_mode(self) -> Self::Output {
        let ((s1, s2, s3), (d1, d2, d3)) = (self.shape(), self.stride());
        Layout::new((_1, s1, s2, s3), (_0, d1, d2, d3))
    }
}

/// The descriptor tensor's layout: the rest modes of a partition of `b`-bit elements, recast
/// to 128-bit units, behind a `_1:_0` mode.
type DescLayoutOf<R, B> = <UpcastOf<R, Quot<_128, B>> as PrependUnitMode>::Output;
/// The type of a descriptor tensor (`make_fragment_A/B` of a GMMA op).
pub type GmmaDescTensor<L> =
    crate::tensor::Tensor<crate::tensor::ViewEngine<GmmaDescriptorIterator>, L>;

macro_rules! smem_desc_fragment {
    ($(($S:ident, $D:ident)),*) => {
        impl<M, V, Sw, T, S0, D0, $($S, $D),*>
            crate::atom::mma_traits::MakeFragment<smem_desc<M>, V>
            for crate::tensor::Tensor<
                crate::tensor::ViewEngine<
                    crate::pointer_swizzle::SwizzlePtr<Sw, crate::pointer::SmemPtr<T>>,
                >,
                Layout<(S0, $($S),*), (D0, $($D),*)>,
            >
        where
            T: crate::numeric::numeric_types::SizeofBits,
            Sw: Copy + crate::pointer_swizzle::ByteSwizzle<T>,
            S0: Copy + Default,
            D0: Copy + Default,
            ($($S),*): IntTuple,
            ($($D),*): IntTuple,
            (S0, $($S),*): IntTuple,
            (D0, $($D),*): Copy,
            ComposedLayout<ByteSwizzleOf<Sw, T>, SmemPtrFlagBits<Bits<T>>, Layout<S0, D0>>:
                MakeGmmaDesc<M>,
            _128: IntDiv<Bits<T>>,
            Layout<($($S),*), ($($D),*)>: Upcast<Quot<_128, Bits<T>>>,
            UpcastOf<Layout<($($S),*), ($($D),*)>, Quot<_128, Bits<T>>>: PrependUnitMode,
        {
            type Output = GmmaDescTensor<DescLayoutOf<Layout<($($S),*), ($($D),*)>, Bits<T>>>;
            #[inline(always)]
            fn make_fragment(&self) -> Self::Output {
                let t = self;
                // tensor<0>(t): the block one MMA reads (the whole (M|N, K) tile of the atom),
                // under the byte swizzle (the pointer's is in elements).
                let block: ComposedLayout<
                    ByteSwizzleOf<Sw, T>,
                    SmemPtrFlagBits<Bits<T>>,
                    Layout<S0, D0>,
                > = ComposedLayout::default();
                let addr = smem_address(t.data().get().get());
                let desc = block.make_gmma_desc(addr);
                // recast<uint128_t>, then mode 0 replaced by _1:_0 (only the rest modes are
                // recast: mode 0 becomes _1:_0 whatever its recast).
                let l = t.layout();
                #[allow(non_snake_case)]
                let ((_, $($S),*), (_, $($D),*)) = (l.shape(), l.stride());
                let rest = Layout::new(($($S),*), ($($D),*));
                let layout: DescLayoutOf<Layout<($($S),*), ($($D),*)>, Bits<T>> =
                    Upcast::<Quot<_128, Bits<T>>>::upcast(rest).prepend_unit_mode();
                // SAFETY: a descriptor iterator reads no memory.
                unsafe { crate::tensor::make_tensor(GmmaDescriptorIterator { desc }, layout) }
            }
        }
    };
}
smem_desc_fragment!((S1, D1), (S2, D2));
smem_desc_fragment!((S1, D1), (S2, D2), (S3, D3));

/// `warpgroup_fence_operand(tensor)` of a register fragment (C++'s overload for register
/// tensors, which fences the fragment as 32-bit words: `recast<float>`): every 32-bit word of
/// the fragment's storage is pinned (see
/// [`warpgroup_fence_operand`](crate::arch::mma_sm90_gmma::warpgroup_fence_operand)).
///
/// # Preconditions
/// The storage is a whole number of 32-bit words (a build error
/// `warpgroup_fence_operand: the fragment is not a whole number of 32-bit words` otherwise).
impl<T, N, L> FenceOperand for crate::tensor::Tensor<crate::tensor::ArrayEngine<T, N>, L>
where
    T: Copy,
    N: generic_array::ArrayLength,
    L: Copy,
{
    #[inline(always)]
    fn fence(&mut self) {
        let bytes = core::mem::size_of::<T>() * N::USIZE;
        const {
            assert!(
                (core::mem::size_of::<T>() * N::USIZE) % 4 == 0,
                "warpgroup_fence_operand: the fragment is not a whole number of 32-bit words"
            )
        };
        let p = self.view_mut().data() as *mut u32;
        for i in 0..bytes / 4 {
            // SAFETY: `i` words lie inside the fragment's array (checked above); unaligned
            // accesses because the array is aligned for `T` only.
            unsafe {
                let mut w = p.add(i).read_unaligned();
                w.fence();
                p.add(i).write_unaligned(w);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// MMA_Traits
// ---------------------------------------------------------------------------------------------

/// `GMMA::CLayout_64xN`: `(T128, V(N/2)) -> (M64, N)`, `N8` = `N/8`.
pub type CLayout_64xN<N8> =
    Layout<((_4, _8, _4), (_2, _2, N8)), ((_128, _1, _16), (_64, _8, _512))>;
/// `GMMA::ALayout_64x16`: the register A operand of an `_RS` op, `(T128, V8) -> (M64, K16)`.
pub type ALayout_64x16 = Layout<((_4, _8, _4), (_2, _2, _2)), ((_128, _1, _16), (_64, _8, _512))>;
/// `GMMA::ALayout_64x32`: the register A operand of an 8-bit `_RS` op, `(T128, V16) -> (M64, K32)`
/// (a thread's four registers hold four consecutive K values each).
pub type ALayout_64x32 = Layout<((_4, _8, _4), (_4, _2, _2)), ((_256, _1, _16), (_64, _8, _1024))>;
/// `GMMA::ABLayout<M, K>`: a shared-memory operand, the whole `(M, K)` tile for every thread.
pub type ABLayout<M, K> = Layout<(_128, (M, K)), (_0, (_1, M))>;

macro_rules! gmma_traits {
    ($($Name:ident $kind:ident $D:ty, $A:ty, $B:ty, $N:ty, $N8:ty;)*) => {$(
        gmma_traits!(@$kind $Name, $D, $A, $B, $N, $N8);
    )*};
    (@ss $Name:ident, $D:ty, $A:ty, $B:ty, $N:ty, $N8:ty) => {
        #[doc = concat!("`MMA_Traits<", stringify!($Name), ">`: 64x", stringify!($N),
                        "x16 over 128 threads, A and B in shared memory.")]
        impl<A: IsMajor, B: IsMajor, SA: IsScaleIn, SB: IsScaleIn> MmaTraits
            for $Name<A, B, SA, SB>
        {
            type ValTypeD = $D;
            type ValTypeA = $A;
            type ValTypeB = $B;
            type ValTypeC = $D;
            type ShapeMnk = (_64, $N, _16);
            type ThrId = Layout<_128, _1>;
            type ALayout = ABLayout<_64, _16>;
            type BLayout = ABLayout<$N, _16>;
            type CLayout = CLayout_64xN<$N8>;
            type FrgTypeA = smem_desc<A>;
            type FrgTypeB = smem_desc<B>;
        }
    };
    (@rs $Name:ident, $D:ty, $A:ty, $B:ty, $N:ty, $N8:ty) => {
        #[doc = concat!("`MMA_Traits<", stringify!($Name), ">`: 64x", stringify!($N),
                        "x16 over 128 threads, A in registers, B in shared memory.")]
        impl<B: IsMajor, SA: IsScaleIn, SB: IsScaleIn> MmaTraits
            for $Name<Major::K, B, SA, SB>
        {
            type ValTypeD = $D;
            type ValTypeA = $A;
            type ValTypeB = $B;
            type ValTypeC = $D;
            type ShapeMnk = (_64, $N, _16);
            type ThrId = Layout<_128, _1>;
            type ALayout = ALayout_64x16;
            type BLayout = ABLayout<$N, _16>;
            type CLayout = CLayout_64xN<$N8>;
            type FrgTypeA = crate::atom::mma_traits::ValueFrg;
            type FrgTypeB = smem_desc<B>;
        }
    };
}
gmma_traits! {
    SM90_64x8x16_F16F16F16_SS ss Half, Half, Half, _8, _1;
    SM90_64x16x16_F16F16F16_SS ss Half, Half, Half, _16, _2;
    SM90_64x32x16_F16F16F16_SS ss Half, Half, Half, _32, _4;
    SM90_64x64x16_F16F16F16_SS ss Half, Half, Half, _64, _8;
    SM90_64x96x16_F16F16F16_SS ss Half, Half, Half, _96, _12;
    SM90_64x128x16_F16F16F16_SS ss Half, Half, Half, _128, _16;
    SM90_64x192x16_F16F16F16_SS ss Half, Half, Half, _192, _24;
    SM90_64x256x16_F16F16F16_SS ss Half, Half, Half, _256, _32;
    SM90_64x8x16_F32F16F16_SS ss f32, Half, Half, _8, _1;
    SM90_64x16x16_F32F16F16_SS ss f32, Half, Half, _16, _2;
    SM90_64x32x16_F32F16F16_SS ss f32, Half, Half, _32, _4;
    SM90_64x64x16_F32F16F16_SS ss f32, Half, Half, _64, _8;
    SM90_64x96x16_F32F16F16_SS ss f32, Half, Half, _96, _12;
    SM90_64x128x16_F32F16F16_SS ss f32, Half, Half, _128, _16;
    SM90_64x192x16_F32F16F16_SS ss f32, Half, Half, _192, _24;
    SM90_64x256x16_F32F16F16_SS ss f32, Half, Half, _256, _32;
    SM90_64x8x16_F32F16F16_RS rs f32, Half, Half, _8, _1;
    SM90_64x16x16_F32F16F16_RS rs f32, Half, Half, _16, _2;
    SM90_64x32x16_F32F16F16_RS rs f32, Half, Half, _32, _4;
    SM90_64x64x16_F32F16F16_RS rs f32, Half, Half, _64, _8;
    SM90_64x96x16_F32F16F16_RS rs f32, Half, Half, _96, _12;
    SM90_64x128x16_F32F16F16_RS rs f32, Half, Half, _128, _16;
    SM90_64x192x16_F32F16F16_RS rs f32, Half, Half, _192, _24;
    SM90_64x256x16_F32F16F16_RS rs f32, Half, Half, _256, _32;
    SM90_64x8x16_F32BF16BF16_SS ss f32, BFloat16, BFloat16, _8, _1;
    SM90_64x16x16_F32BF16BF16_SS ss f32, BFloat16, BFloat16, _16, _2;
    SM90_64x32x16_F32BF16BF16_SS ss f32, BFloat16, BFloat16, _32, _4;
    SM90_64x64x16_F32BF16BF16_SS ss f32, BFloat16, BFloat16, _64, _8;
    SM90_64x96x16_F32BF16BF16_SS ss f32, BFloat16, BFloat16, _96, _12;
    SM90_64x128x16_F32BF16BF16_SS ss f32, BFloat16, BFloat16, _128, _16;
    SM90_64x192x16_F32BF16BF16_SS ss f32, BFloat16, BFloat16, _192, _24;
    SM90_64x256x16_F32BF16BF16_SS ss f32, BFloat16, BFloat16, _256, _32;
    SM90_64x8x16_F32BF16BF16_RS rs f32, BFloat16, BFloat16, _8, _1;
    SM90_64x16x16_F32BF16BF16_RS rs f32, BFloat16, BFloat16, _16, _2;
    SM90_64x32x16_F32BF16BF16_RS rs f32, BFloat16, BFloat16, _32, _4;
    SM90_64x64x16_F32BF16BF16_RS rs f32, BFloat16, BFloat16, _64, _8;
    SM90_64x96x16_F32BF16BF16_RS rs f32, BFloat16, BFloat16, _96, _12;
    SM90_64x128x16_F32BF16BF16_RS rs f32, BFloat16, BFloat16, _128, _16;
    SM90_64x192x16_F32BF16BF16_RS rs f32, BFloat16, BFloat16, _192, _24;
    SM90_64x256x16_F32BF16BF16_RS rs f32, BFloat16, BFloat16, _256, _32;
}

/// The traits of the 8-bit (`_TN`) ops: K = 32, A and B K-major.
macro_rules! gmma_traits_tn {
    ($($Name:ident $kind:ident $D:ty, $A:ty, $B:ty, $N:ty, $N8:ty;)*) => {$(
        gmma_traits_tn!(@$kind $Name, $D, $A, $B, $N, $N8);
    )*};
    (@ss $Name:ident, $D:ty, $A:ty, $B:ty, $N:ty, $N8:ty) => {
        #[doc = concat!("`MMA_Traits<", stringify!($Name), ">`: 64x", stringify!($N),
                        "x32 over 128 threads, A and B K-major in shared memory.")]
        impl<SA: IsScaleIn, SB: IsScaleIn> MmaTraits for $Name<SA, SB> {
            type ValTypeD = $D;
            type ValTypeA = $A;
            type ValTypeB = $B;
            type ValTypeC = $D;
            type ShapeMnk = (_64, $N, _32);
            type ThrId = Layout<_128, _1>;
            type ALayout = ABLayout<_64, _32>;
            type BLayout = ABLayout<$N, _32>;
            type CLayout = CLayout_64xN<$N8>;
            type FrgTypeA = smem_desc<Major::K>;
            type FrgTypeB = smem_desc<Major::K>;
        }
    };
    (@rs $Name:ident, $D:ty, $A:ty, $B:ty, $N:ty, $N8:ty) => {
        #[doc = concat!("`MMA_Traits<", stringify!($Name), ">`: 64x", stringify!($N),
                        "x32 over 128 threads, A in registers, B K-major in shared memory.")]
        impl<SA: IsScaleIn, SB: IsScaleIn> MmaTraits for $Name<SA, SB> {
            type ValTypeD = $D;
            type ValTypeA = $A;
            type ValTypeB = $B;
            type ValTypeC = $D;
            type ShapeMnk = (_64, $N, _32);
            type ThrId = Layout<_128, _1>;
            type ALayout = ALayout_64x32;
            type BLayout = ABLayout<$N, _32>;
            type CLayout = CLayout_64xN<$N8>;
            type FrgTypeA = crate::atom::mma_traits::ValueFrg;
            type FrgTypeB = smem_desc<Major::K>;
        }
    };
}
gmma_traits_tn! {
    SM90_64x8x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _8, _1;
    SM90_64x8x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _8, _1;
    SM90_64x8x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _8, _1;
    SM90_64x8x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _8, _1;
    SM90_64x8x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _8, _1;
    SM90_64x8x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _8, _1;
    SM90_64x8x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _8, _1;
    SM90_64x8x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _8, _1;
    SM90_64x8x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _8, _1;
    SM90_64x8x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _8, _1;
    SM90_64x8x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _8, _1;
    SM90_64x8x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _8, _1;
    SM90_64x8x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _8, _1;
    SM90_64x8x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _8, _1;
    SM90_64x8x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _8, _1;
    SM90_64x8x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _8, _1;
    SM90_64x16x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _16, _2;
    SM90_64x16x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _16, _2;
    SM90_64x16x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _16, _2;
    SM90_64x16x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _16, _2;
    SM90_64x16x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _16, _2;
    SM90_64x16x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _16, _2;
    SM90_64x16x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _16, _2;
    SM90_64x16x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _16, _2;
    SM90_64x16x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _16, _2;
    SM90_64x16x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _16, _2;
    SM90_64x16x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _16, _2;
    SM90_64x16x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _16, _2;
    SM90_64x16x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _16, _2;
    SM90_64x16x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _16, _2;
    SM90_64x16x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _16, _2;
    SM90_64x16x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _16, _2;
    SM90_64x32x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _32, _4;
    SM90_64x32x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _32, _4;
    SM90_64x32x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _32, _4;
    SM90_64x32x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _32, _4;
    SM90_64x32x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _32, _4;
    SM90_64x32x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _32, _4;
    SM90_64x32x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _32, _4;
    SM90_64x32x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _32, _4;
    SM90_64x32x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _32, _4;
    SM90_64x32x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _32, _4;
    SM90_64x32x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _32, _4;
    SM90_64x32x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _32, _4;
    SM90_64x32x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _32, _4;
    SM90_64x32x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _32, _4;
    SM90_64x32x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _32, _4;
    SM90_64x32x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _32, _4;
    SM90_64x64x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _64, _8;
    SM90_64x64x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _64, _8;
    SM90_64x64x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _64, _8;
    SM90_64x64x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _64, _8;
    SM90_64x64x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _64, _8;
    SM90_64x64x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _64, _8;
    SM90_64x64x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _64, _8;
    SM90_64x64x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _64, _8;
    SM90_64x64x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _64, _8;
    SM90_64x64x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _64, _8;
    SM90_64x64x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _64, _8;
    SM90_64x64x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _64, _8;
    SM90_64x64x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _64, _8;
    SM90_64x64x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _64, _8;
    SM90_64x64x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _64, _8;
    SM90_64x64x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _64, _8;
    SM90_64x96x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _96, _12;
    SM90_64x96x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _96, _12;
    SM90_64x96x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _96, _12;
    SM90_64x96x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _96, _12;
    SM90_64x96x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _96, _12;
    SM90_64x96x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _96, _12;
    SM90_64x96x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _96, _12;
    SM90_64x96x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _96, _12;
    SM90_64x96x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _96, _12;
    SM90_64x96x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _96, _12;
    SM90_64x96x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _96, _12;
    SM90_64x96x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _96, _12;
    SM90_64x96x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _96, _12;
    SM90_64x96x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _96, _12;
    SM90_64x96x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _96, _12;
    SM90_64x96x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _96, _12;
    SM90_64x128x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _128, _16;
    SM90_64x128x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _128, _16;
    SM90_64x128x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _128, _16;
    SM90_64x128x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _128, _16;
    SM90_64x128x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _128, _16;
    SM90_64x128x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _128, _16;
    SM90_64x128x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _128, _16;
    SM90_64x128x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _128, _16;
    SM90_64x128x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _128, _16;
    SM90_64x128x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _128, _16;
    SM90_64x128x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _128, _16;
    SM90_64x128x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _128, _16;
    SM90_64x128x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _128, _16;
    SM90_64x128x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _128, _16;
    SM90_64x128x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _128, _16;
    SM90_64x128x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _128, _16;
    SM90_64x192x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _192, _24;
    SM90_64x192x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _192, _24;
    SM90_64x192x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _192, _24;
    SM90_64x192x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _192, _24;
    SM90_64x192x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _192, _24;
    SM90_64x192x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _192, _24;
    SM90_64x192x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _192, _24;
    SM90_64x192x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _192, _24;
    SM90_64x192x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _192, _24;
    SM90_64x192x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _192, _24;
    SM90_64x192x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _192, _24;
    SM90_64x192x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _192, _24;
    SM90_64x192x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _192, _24;
    SM90_64x192x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _192, _24;
    SM90_64x192x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _192, _24;
    SM90_64x192x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _192, _24;
    SM90_64x256x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _256, _32;
    SM90_64x256x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _256, _32;
    SM90_64x256x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _256, _32;
    SM90_64x256x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _256, _32;
    SM90_64x256x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _256, _32;
    SM90_64x256x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _256, _32;
    SM90_64x256x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _256, _32;
    SM90_64x256x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _256, _32;
    SM90_64x256x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _256, _32;
    SM90_64x256x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _256, _32;
    SM90_64x256x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _256, _32;
    SM90_64x256x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _256, _32;
    SM90_64x256x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _256, _32;
    SM90_64x256x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _256, _32;
    SM90_64x256x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _256, _32;
    SM90_64x256x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _256, _32;
}

// The other N (`mma_traits_sm90_gmma_ext.hpp`).
#[cfg(feature = "sm90-extended-mma-shapes")]
gmma_traits_tn! {
    SM90_64x24x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _24, _3;
    SM90_64x24x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _24, _3;
    SM90_64x24x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _24, _3;
    SM90_64x24x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _24, _3;
    SM90_64x24x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _24, _3;
    SM90_64x24x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _24, _3;
    SM90_64x24x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _24, _3;
    SM90_64x24x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _24, _3;
    SM90_64x24x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _24, _3;
    SM90_64x24x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _24, _3;
    SM90_64x24x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _24, _3;
    SM90_64x24x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _24, _3;
    SM90_64x24x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _24, _3;
    SM90_64x24x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _24, _3;
    SM90_64x24x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _24, _3;
    SM90_64x24x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _24, _3;
    SM90_64x40x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _40, _5;
    SM90_64x40x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _40, _5;
    SM90_64x40x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _40, _5;
    SM90_64x40x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _40, _5;
    SM90_64x40x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _40, _5;
    SM90_64x40x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _40, _5;
    SM90_64x40x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _40, _5;
    SM90_64x40x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _40, _5;
    SM90_64x40x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _40, _5;
    SM90_64x40x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _40, _5;
    SM90_64x40x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _40, _5;
    SM90_64x40x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _40, _5;
    SM90_64x40x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _40, _5;
    SM90_64x40x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _40, _5;
    SM90_64x40x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _40, _5;
    SM90_64x40x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _40, _5;
    SM90_64x48x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _48, _6;
    SM90_64x48x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _48, _6;
    SM90_64x48x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _48, _6;
    SM90_64x48x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _48, _6;
    SM90_64x48x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _48, _6;
    SM90_64x48x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _48, _6;
    SM90_64x48x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _48, _6;
    SM90_64x48x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _48, _6;
    SM90_64x48x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _48, _6;
    SM90_64x48x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _48, _6;
    SM90_64x48x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _48, _6;
    SM90_64x48x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _48, _6;
    SM90_64x48x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _48, _6;
    SM90_64x48x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _48, _6;
    SM90_64x48x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _48, _6;
    SM90_64x48x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _48, _6;
    SM90_64x56x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _56, _7;
    SM90_64x56x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _56, _7;
    SM90_64x56x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _56, _7;
    SM90_64x56x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _56, _7;
    SM90_64x56x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _56, _7;
    SM90_64x56x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _56, _7;
    SM90_64x56x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _56, _7;
    SM90_64x56x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _56, _7;
    SM90_64x56x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _56, _7;
    SM90_64x56x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _56, _7;
    SM90_64x56x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _56, _7;
    SM90_64x56x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _56, _7;
    SM90_64x56x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _56, _7;
    SM90_64x56x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _56, _7;
    SM90_64x56x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _56, _7;
    SM90_64x56x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _56, _7;
    SM90_64x72x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _72, _9;
    SM90_64x72x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _72, _9;
    SM90_64x72x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _72, _9;
    SM90_64x72x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _72, _9;
    SM90_64x72x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _72, _9;
    SM90_64x72x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _72, _9;
    SM90_64x72x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _72, _9;
    SM90_64x72x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _72, _9;
    SM90_64x72x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _72, _9;
    SM90_64x72x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _72, _9;
    SM90_64x72x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _72, _9;
    SM90_64x72x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _72, _9;
    SM90_64x72x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _72, _9;
    SM90_64x72x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _72, _9;
    SM90_64x72x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _72, _9;
    SM90_64x72x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _72, _9;
    SM90_64x80x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _80, _10;
    SM90_64x80x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _80, _10;
    SM90_64x80x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _80, _10;
    SM90_64x80x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _80, _10;
    SM90_64x80x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _80, _10;
    SM90_64x80x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _80, _10;
    SM90_64x80x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _80, _10;
    SM90_64x80x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _80, _10;
    SM90_64x80x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _80, _10;
    SM90_64x80x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _80, _10;
    SM90_64x80x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _80, _10;
    SM90_64x80x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _80, _10;
    SM90_64x80x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _80, _10;
    SM90_64x80x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _80, _10;
    SM90_64x80x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _80, _10;
    SM90_64x80x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _80, _10;
    SM90_64x88x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _88, _11;
    SM90_64x88x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _88, _11;
    SM90_64x88x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _88, _11;
    SM90_64x88x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _88, _11;
    SM90_64x88x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _88, _11;
    SM90_64x88x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _88, _11;
    SM90_64x88x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _88, _11;
    SM90_64x88x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _88, _11;
    SM90_64x88x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _88, _11;
    SM90_64x88x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _88, _11;
    SM90_64x88x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _88, _11;
    SM90_64x88x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _88, _11;
    SM90_64x88x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _88, _11;
    SM90_64x88x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _88, _11;
    SM90_64x88x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _88, _11;
    SM90_64x88x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _88, _11;
    SM90_64x104x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _104, _13;
    SM90_64x104x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _104, _13;
    SM90_64x104x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _104, _13;
    SM90_64x104x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _104, _13;
    SM90_64x104x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _104, _13;
    SM90_64x104x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _104, _13;
    SM90_64x104x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _104, _13;
    SM90_64x104x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _104, _13;
    SM90_64x104x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _104, _13;
    SM90_64x104x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _104, _13;
    SM90_64x104x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _104, _13;
    SM90_64x104x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _104, _13;
    SM90_64x104x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _104, _13;
    SM90_64x104x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _104, _13;
    SM90_64x104x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _104, _13;
    SM90_64x104x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _104, _13;
    SM90_64x112x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _112, _14;
    SM90_64x112x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _112, _14;
    SM90_64x112x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _112, _14;
    SM90_64x112x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _112, _14;
    SM90_64x112x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _112, _14;
    SM90_64x112x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _112, _14;
    SM90_64x112x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _112, _14;
    SM90_64x112x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _112, _14;
    SM90_64x112x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _112, _14;
    SM90_64x112x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _112, _14;
    SM90_64x112x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _112, _14;
    SM90_64x112x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _112, _14;
    SM90_64x112x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _112, _14;
    SM90_64x112x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _112, _14;
    SM90_64x112x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _112, _14;
    SM90_64x112x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _112, _14;
    SM90_64x120x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _120, _15;
    SM90_64x120x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _120, _15;
    SM90_64x120x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _120, _15;
    SM90_64x120x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _120, _15;
    SM90_64x120x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _120, _15;
    SM90_64x120x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _120, _15;
    SM90_64x120x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _120, _15;
    SM90_64x120x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _120, _15;
    SM90_64x120x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _120, _15;
    SM90_64x120x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _120, _15;
    SM90_64x120x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _120, _15;
    SM90_64x120x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _120, _15;
    SM90_64x120x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _120, _15;
    SM90_64x120x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _120, _15;
    SM90_64x120x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _120, _15;
    SM90_64x120x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _120, _15;
    SM90_64x136x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _136, _17;
    SM90_64x136x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _136, _17;
    SM90_64x136x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _136, _17;
    SM90_64x136x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _136, _17;
    SM90_64x136x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _136, _17;
    SM90_64x136x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _136, _17;
    SM90_64x136x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _136, _17;
    SM90_64x136x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _136, _17;
    SM90_64x136x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _136, _17;
    SM90_64x136x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _136, _17;
    SM90_64x136x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _136, _17;
    SM90_64x136x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _136, _17;
    SM90_64x136x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _136, _17;
    SM90_64x136x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _136, _17;
    SM90_64x136x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _136, _17;
    SM90_64x136x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _136, _17;
    SM90_64x144x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _144, _18;
    SM90_64x144x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _144, _18;
    SM90_64x144x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _144, _18;
    SM90_64x144x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _144, _18;
    SM90_64x144x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _144, _18;
    SM90_64x144x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _144, _18;
    SM90_64x144x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _144, _18;
    SM90_64x144x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _144, _18;
    SM90_64x144x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _144, _18;
    SM90_64x144x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _144, _18;
    SM90_64x144x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _144, _18;
    SM90_64x144x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _144, _18;
    SM90_64x144x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _144, _18;
    SM90_64x144x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _144, _18;
    SM90_64x144x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _144, _18;
    SM90_64x144x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _144, _18;
    SM90_64x152x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _152, _19;
    SM90_64x152x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _152, _19;
    SM90_64x152x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _152, _19;
    SM90_64x152x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _152, _19;
    SM90_64x152x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _152, _19;
    SM90_64x152x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _152, _19;
    SM90_64x152x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _152, _19;
    SM90_64x152x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _152, _19;
    SM90_64x152x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _152, _19;
    SM90_64x152x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _152, _19;
    SM90_64x152x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _152, _19;
    SM90_64x152x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _152, _19;
    SM90_64x152x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _152, _19;
    SM90_64x152x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _152, _19;
    SM90_64x152x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _152, _19;
    SM90_64x152x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _152, _19;
    SM90_64x160x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _160, _20;
    SM90_64x160x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _160, _20;
    SM90_64x160x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _160, _20;
    SM90_64x160x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _160, _20;
    SM90_64x160x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _160, _20;
    SM90_64x160x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _160, _20;
    SM90_64x160x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _160, _20;
    SM90_64x160x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _160, _20;
    SM90_64x160x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _160, _20;
    SM90_64x160x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _160, _20;
    SM90_64x160x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _160, _20;
    SM90_64x160x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _160, _20;
    SM90_64x160x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _160, _20;
    SM90_64x160x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _160, _20;
    SM90_64x160x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _160, _20;
    SM90_64x160x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _160, _20;
    SM90_64x168x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _168, _21;
    SM90_64x168x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _168, _21;
    SM90_64x168x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _168, _21;
    SM90_64x168x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _168, _21;
    SM90_64x168x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _168, _21;
    SM90_64x168x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _168, _21;
    SM90_64x168x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _168, _21;
    SM90_64x168x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _168, _21;
    SM90_64x168x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _168, _21;
    SM90_64x168x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _168, _21;
    SM90_64x168x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _168, _21;
    SM90_64x168x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _168, _21;
    SM90_64x168x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _168, _21;
    SM90_64x168x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _168, _21;
    SM90_64x168x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _168, _21;
    SM90_64x168x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _168, _21;
    SM90_64x176x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _176, _22;
    SM90_64x176x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _176, _22;
    SM90_64x176x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _176, _22;
    SM90_64x176x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _176, _22;
    SM90_64x176x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _176, _22;
    SM90_64x176x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _176, _22;
    SM90_64x176x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _176, _22;
    SM90_64x176x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _176, _22;
    SM90_64x176x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _176, _22;
    SM90_64x176x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _176, _22;
    SM90_64x176x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _176, _22;
    SM90_64x176x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _176, _22;
    SM90_64x176x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _176, _22;
    SM90_64x176x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _176, _22;
    SM90_64x176x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _176, _22;
    SM90_64x176x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _176, _22;
    SM90_64x184x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _184, _23;
    SM90_64x184x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _184, _23;
    SM90_64x184x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _184, _23;
    SM90_64x184x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _184, _23;
    SM90_64x184x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _184, _23;
    SM90_64x184x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _184, _23;
    SM90_64x184x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _184, _23;
    SM90_64x184x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _184, _23;
    SM90_64x184x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _184, _23;
    SM90_64x184x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _184, _23;
    SM90_64x184x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _184, _23;
    SM90_64x184x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _184, _23;
    SM90_64x184x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _184, _23;
    SM90_64x184x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _184, _23;
    SM90_64x184x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _184, _23;
    SM90_64x184x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _184, _23;
    SM90_64x200x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _200, _25;
    SM90_64x200x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _200, _25;
    SM90_64x200x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _200, _25;
    SM90_64x200x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _200, _25;
    SM90_64x200x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _200, _25;
    SM90_64x200x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _200, _25;
    SM90_64x200x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _200, _25;
    SM90_64x200x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _200, _25;
    SM90_64x200x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _200, _25;
    SM90_64x200x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _200, _25;
    SM90_64x200x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _200, _25;
    SM90_64x200x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _200, _25;
    SM90_64x200x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _200, _25;
    SM90_64x200x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _200, _25;
    SM90_64x200x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _200, _25;
    SM90_64x200x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _200, _25;
    SM90_64x208x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _208, _26;
    SM90_64x208x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _208, _26;
    SM90_64x208x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _208, _26;
    SM90_64x208x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _208, _26;
    SM90_64x208x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _208, _26;
    SM90_64x208x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _208, _26;
    SM90_64x208x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _208, _26;
    SM90_64x208x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _208, _26;
    SM90_64x208x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _208, _26;
    SM90_64x208x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _208, _26;
    SM90_64x208x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _208, _26;
    SM90_64x208x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _208, _26;
    SM90_64x208x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _208, _26;
    SM90_64x208x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _208, _26;
    SM90_64x208x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _208, _26;
    SM90_64x208x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _208, _26;
    SM90_64x216x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _216, _27;
    SM90_64x216x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _216, _27;
    SM90_64x216x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _216, _27;
    SM90_64x216x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _216, _27;
    SM90_64x216x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _216, _27;
    SM90_64x216x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _216, _27;
    SM90_64x216x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _216, _27;
    SM90_64x216x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _216, _27;
    SM90_64x216x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _216, _27;
    SM90_64x216x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _216, _27;
    SM90_64x216x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _216, _27;
    SM90_64x216x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _216, _27;
    SM90_64x216x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _216, _27;
    SM90_64x216x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _216, _27;
    SM90_64x216x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _216, _27;
    SM90_64x216x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _216, _27;
    SM90_64x224x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _224, _28;
    SM90_64x224x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _224, _28;
    SM90_64x224x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _224, _28;
    SM90_64x224x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _224, _28;
    SM90_64x224x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _224, _28;
    SM90_64x224x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _224, _28;
    SM90_64x224x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _224, _28;
    SM90_64x224x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _224, _28;
    SM90_64x224x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _224, _28;
    SM90_64x224x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _224, _28;
    SM90_64x224x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _224, _28;
    SM90_64x224x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _224, _28;
    SM90_64x224x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _224, _28;
    SM90_64x224x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _224, _28;
    SM90_64x224x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _224, _28;
    SM90_64x224x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _224, _28;
    SM90_64x232x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _232, _29;
    SM90_64x232x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _232, _29;
    SM90_64x232x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _232, _29;
    SM90_64x232x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _232, _29;
    SM90_64x232x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _232, _29;
    SM90_64x232x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _232, _29;
    SM90_64x232x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _232, _29;
    SM90_64x232x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _232, _29;
    SM90_64x232x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _232, _29;
    SM90_64x232x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _232, _29;
    SM90_64x232x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _232, _29;
    SM90_64x232x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _232, _29;
    SM90_64x232x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _232, _29;
    SM90_64x232x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _232, _29;
    SM90_64x232x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _232, _29;
    SM90_64x232x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _232, _29;
    SM90_64x240x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _240, _30;
    SM90_64x240x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _240, _30;
    SM90_64x240x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _240, _30;
    SM90_64x240x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _240, _30;
    SM90_64x240x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _240, _30;
    SM90_64x240x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _240, _30;
    SM90_64x240x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _240, _30;
    SM90_64x240x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _240, _30;
    SM90_64x240x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _240, _30;
    SM90_64x240x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _240, _30;
    SM90_64x240x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _240, _30;
    SM90_64x240x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _240, _30;
    SM90_64x240x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _240, _30;
    SM90_64x240x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _240, _30;
    SM90_64x240x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _240, _30;
    SM90_64x240x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _240, _30;
    SM90_64x248x32_F16E4M3E4M3_SS_TN ss Half, FloatE4M3, FloatE4M3, _248, _31;
    SM90_64x248x32_F16E4M3E4M3_RS_TN rs Half, FloatE4M3, FloatE4M3, _248, _31;
    SM90_64x248x32_F32E4M3E4M3_SS_TN ss f32, FloatE4M3, FloatE4M3, _248, _31;
    SM90_64x248x32_F32E4M3E4M3_RS_TN rs f32, FloatE4M3, FloatE4M3, _248, _31;
    SM90_64x248x32_F16E4M3E5M2_SS_TN ss Half, FloatE4M3, FloatE5M2, _248, _31;
    SM90_64x248x32_F16E4M3E5M2_RS_TN rs Half, FloatE4M3, FloatE5M2, _248, _31;
    SM90_64x248x32_F32E4M3E5M2_SS_TN ss f32, FloatE4M3, FloatE5M2, _248, _31;
    SM90_64x248x32_F32E4M3E5M2_RS_TN rs f32, FloatE4M3, FloatE5M2, _248, _31;
    SM90_64x248x32_F16E5M2E4M3_SS_TN ss Half, FloatE5M2, FloatE4M3, _248, _31;
    SM90_64x248x32_F16E5M2E4M3_RS_TN rs Half, FloatE5M2, FloatE4M3, _248, _31;
    SM90_64x248x32_F32E5M2E4M3_SS_TN ss f32, FloatE5M2, FloatE4M3, _248, _31;
    SM90_64x248x32_F32E5M2E4M3_RS_TN rs f32, FloatE5M2, FloatE4M3, _248, _31;
    SM90_64x248x32_F16E5M2E5M2_SS_TN ss Half, FloatE5M2, FloatE5M2, _248, _31;
    SM90_64x248x32_F16E5M2E5M2_RS_TN rs Half, FloatE5M2, FloatE5M2, _248, _31;
    SM90_64x248x32_F32E5M2E5M2_SS_TN ss f32, FloatE5M2, FloatE5M2, _248, _31;
    SM90_64x248x32_F32E5M2E5M2_RS_TN rs f32, FloatE5M2, FloatE5M2, _248, _31;
}
