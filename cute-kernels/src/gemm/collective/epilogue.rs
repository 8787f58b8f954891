//! Collective epilogues: `D = alpha * acc + beta * D` from a consumer warpgroup's accumulators
//! (CUTLASS's `CollectiveEpilogue`), and what a [`fusion`](super::fusion) op adds to it (bias,
//! activation, aux output, scale). [`EpilogueSm90TmaWarpSpecialized`] does it two ways:
//! `store_tma` (CUTLASS's TMA warp-specialized epilogue, `beta == 0`): through swizzled shared
//! memory and TMA stores that overlap the next tile; `store` (CUTLASS's `DefaultEpilogue`, any
//! beta): registers straight to global memory, predicated at the edges.
//!
//! Which output element each accumulator holds is the MMA's accumulator layout
//! ([`GemmConfig::CLayout`], `GMMA::CLayout_64xN`: `(thread, value) -> m + 64 n` of the
//! warpgroup's `64 x BLK_N` slab), evaluated at the thread and at each value index (a constant
//! once the loops unroll). A value pair `(2p, 2p + 1)` is two adjacent columns of one row: one
//! paired store. The staging buffer is `tile_to_shape(GMMA::Layout_K_SW128_Atom<TD>, (_64,
//! 128 bytes, _2))` (two TMA-store boxes of 64 rows by 128 bytes), each element at the atom's
//! swizzle of its byte offset.

use core::marker::PhantomData;

use cute_core::atom::mma_traits_sm90_gmma::Layout_K_SW128_Atom;
use cute_core::layout::product::TileToShapeOf;
use cute_core::layout::LayoutLeft;
use cute_core::numeric::aliases::{_2, _32, _64};
use cute_core::numeric::convert::NumericConverter;
use cute_core::numeric::integral_constant::Integral;
use cute_core::numeric::numeric_types::{BFloat16, Half};
use cute_core::swizzle::SwizzleApply;
use cute_core::tensor::LayoutEval;

use super::super::config::GemmConfig;
use super::fusion::{FusionArgs, FusionOp, LinearCombination};
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
use super::mainloop::Accumulators;

/// Which of a thread's values of one accumulator pair lie inside the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predicate {
    /// Both columns: one paired store.
    Pair,
    /// Only the first column (the pair straddles the last column, or `ldd` is odd so the
    /// pair is not aligned): scalar stores.
    Scalar,
    /// Neither (row or column outside).
    None,
}

/// The predicate of the pair at row `r`, columns `c, c + 1` of an `m x n` output whose rows
/// are `ldd` elements apart.
#[inline(always)]
pub fn predicate(r: u32, c: u32, m: u32, n: u32, ldd: u32) -> Predicate {
    if r >= m || c >= n {
        Predicate::None
    } else if c + 1 < n && ldd % 2 == 0 {
        Predicate::Pair
    } else {
        Predicate::Scalar
    }
}

/// An output element type: its conversion from the `f32` accumulators and its staging layout
/// (two TMA-store boxes of 64 rows by 128 bytes).
pub trait EpilogueElement: NumericConverter {
    /// `tile_to_shape(GMMA::Layout_K_SW128_Atom<Self>, (_64, 1024b/sizeof_bits<Self>, _2))`.
    type StagingLayout: Copy + Default + LayoutEval<(i32, i32, i32), Output: Integral>;
    /// The staging layout's swizzle, on byte offsets.
    type Swizzle: Copy + Default + cute_core::swizzle::SwizzleApply<i32, Output = i32>;
    /// Bytes of one element.
    const BYTES: u32;
    /// Columns of one box row (128 bytes): the staging layout's extent of mode 1.
    const BOX_COLS: u32;
    /// Elements of the staging buffer: the staging layout's cosize.
    fn staging_elems() -> u32;
}
/// The staging layout of the 128-byte-swizzle K atom of `T` over two boxes of 64 rows.
type Staging<T, Cols> = TileToShapeOf<Layout_K_SW128_Atom<T>, (_64, Cols, _2), LayoutLeft>;
macro_rules! epilogue_element {
    ($($T:ty, $cols:ty, $bytes:literal;)*) => {$(
        impl EpilogueElement for $T {
            type StagingLayout = <Staging<$T, $cols> as ComposedParts>::Layout;
            type Swizzle = <Staging<$T, $cols> as ComposedParts>::Swizzle;
            const BYTES: u32 = $bytes;
            const BOX_COLS: u32 = super::super::config::static_u32(<$cols as Integral>::STATIC);
            #[inline(always)]
            fn staging_elems() -> u32 {
                <Staging<$T, $cols> as ComposedParts>::Layout::default()
                    .cosize()
                    .value() as u32
            }
        }
    )*};
}
/// The parts of a composed layout `Sw o smem_ptr[b] o L` as types.
pub trait ComposedParts {
    /// `Sw`.
    type Swizzle;
    /// `L`.
    type Layout;
}
impl<Sw, O, L> ComposedParts for cute_core::layout_composed::ComposedLayout<Sw, O, L> {
    type Swizzle = Sw;
    type Layout = L;
}
epilogue_element! {
    BFloat16, _64, 2;
    Half, _64, 2;
    f32, _32, 4;
}

/// Whether a tile `blk_n` columns wide of output type `TD` is a whole number of TMA-store boxes
/// (`BOX_COLS` wide): the TMA-store epilogue's condition.
pub const fn tma_store<TD: EpilogueElement>(blk_n: u32) -> bool {
    blk_n % TD::BOX_COLS == 0
}

/// Bytes of one consumer warpgroup's staging buffer (the cosize of the staging layout).
pub fn staging_bytes<TD: EpilogueElement>() -> u32 {
    TD::staging_elems() * TD::BYTES
}

/// What a launch tells the epilogue (CUTLASS's `CollectiveEpilogue::Arguments`): D, its
/// scales, the fusion op and its arguments.
#[derive(Debug)]
pub struct EpilogueArguments<TD, F> {
    /// D, addressed `d[r * ldd + c]`.
    pub d: *mut TD,
    /// Elements between rows of D.
    pub ldd: u32,
    /// The product's scale.
    pub alpha: f32,
    /// D's scale; 0 reads no D.
    pub beta: f32,
    /// The fusion op.
    pub fusion: F,
    /// Its bias, aux output and scale (ignored by [`LinearCombination`]).
    pub fusion_args: FusionArgs<TD>,
}
impl<TD, F: Copy> Clone for EpilogueArguments<TD, F> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<TD, F: Copy> Copy for EpilogueArguments<TD, F> {}

impl<TD> EpilogueArguments<TD, LinearCombination> {
    /// `D = alpha acc + beta D`, nothing fused.
    #[inline(always)]
    pub fn linear_combination(d: *mut TD, ldd: u32, alpha: f32, beta: f32) -> Self {
        EpilogueArguments {
            d,
            ldd,
            alpha,
            beta,
            fusion: LinearCombination,
            fusion_args: FusionArgs::NONE,
        }
    }
}

/// The epilogue of configuration `C` writing D of element type `TD` with fusion op `F`
/// (CUTLASS's `CollectiveEpilogue` has its own `ElementD`: one mainloop configuration serves
/// every output type): the output as it sees it.
#[derive(Debug)]
pub struct EpilogueSm90TmaWarpSpecialized<C: GemmConfig, TD, F = LinearCombination> {
    /// The launch's arguments.
    pub args: EpilogueArguments<TD, F>,
    /// Rows of D.
    pub m: u32,
    /// Columns of D.
    pub n: u32,
    config: PhantomData<C>,
}
impl<C: GemmConfig, TD, F: Copy> Clone for EpilogueSm90TmaWarpSpecialized<C, TD, F> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: GemmConfig, TD, F: Copy> Copy for EpilogueSm90TmaWarpSpecialized<C, TD, F> {}

/// A collective epilogue.
pub trait CollectiveEpilogue: Copy {
    /// The configuration it reads.
    type Config: GemmConfig;
    /// D's element type.
    type ElementD: Copy + 'static;
    /// Whether `store_tma` can write a tile (its width a whole number of TMA-store boxes); if
    /// not, the kernel stores every tile with `store`.
    const TMA_STORE: bool;
    /// What a launch passes (`d`, its scales, the fusion's arguments).
    type Arguments: Copy;
    /// Shared memory for the staging buffers of both consumer warpgroups (none without
    /// `TMA_STORE`).
    fn smem_bytes() -> u32;
    /// The epilogue of an `m x n` D with the launch's arguments.
    fn new(args: Self::Arguments, m: u32, n: u32) -> Self;
    /// Whether it reads D (`beta != 0`): then it stores with `store`, not `store_tma`.
    fn reads_c(&self) -> bool;
    /// Writes a consumer warpgroup's `64 x BLK_N` slab at `(row0, col0)` through shared
    /// memory at `smem` and TMA stores of the map `tma_d` (`beta == 0`); `barrier` is the
    /// warpgroup's named barrier, `t` the thread's index in it.
    ///
    /// # Safety
    /// `tma_d` maps D with the configuration's box; `smem` is this warpgroup's staging buffer.
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    #[allow(clippy::too_many_arguments)]
    unsafe fn store_tma(
        &self,
        acc: &Accumulators<Self::Config>,
        tma_d: *const cute_core::arch::copy_sm90_tma::TmaDescriptor,
        smem: u32,
        row0: u32,
        col0: u32,
        t: u32,
        barrier: u32,
    );
    /// Writes the slab at `(row0, col0)` from registers (any beta), predicated at D's edges.
    ///
    /// # Safety
    /// `d` covers `m x n` with row stride `ldd`.
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    unsafe fn store(&self, acc: &Accumulators<Self::Config>, row0: u32, col0: u32, t: u32);
    /// Applies the fusion op to the slab at `(row0, col0)` before `store_tma` or `store` writes
    /// it (nothing for `LinearCombination`): once, whichever of the two stores it.
    ///
    /// # Safety
    /// As `store`, and the fusion's arguments as the kernel's contract says.
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    unsafe fn fuse(&self, acc: &mut Accumulators<Self::Config>, row0: u32, col0: u32, t: u32);
}

/// `(row, column)` in the `wg_m x N` slab of accumulator `v` of thread `t` of a warpgroup: the
/// accumulator layout `L` (`GMMA::CLayout_64xN`) at `(t, v)`, `m + wg_m n`. Generic over the
/// layout alone, so that every configuration with the same `N` shares one instance.
#[inline(always)]
pub fn acc_coord<L: Default + LayoutEval<(i32, i32), Output: Integral>>(
    t: u32,
    v: u32,
    wg_m: u32,
) -> (u32, u32) {
    let i = L::default().eval((t as i32, v as i32)).value() as u32;
    (i % wg_m, i / wg_m)
}

/// The byte offset in a staging buffer of output type `TD` of row `r`, column `c` of box `b`:
/// the staging layout's offset, swizzled.
#[inline(always)]
pub fn staging_offset<TD: EpilogueElement>(r: u32, c: u32, b: u32) -> u32 {
    let off = TD::StagingLayout::default()
        .eval((r as i32, c as i32, b as i32))
        .value() as u32;
    TD::Swizzle::default().apply((off * TD::BYTES) as i32) as u32
}

/// Boxes of `BOX_COLS` columns of output type `TD` in `BLK_N`.
#[inline(always)]
pub fn boxes<C: GemmConfig, TD: EpilogueElement>() -> u32 {
    C::BLK_N / TD::BOX_COLS
}

/// The accumulator pairs (values `2p`, `2p + 1`) of each thread that fall in box `h` of
/// [`boxes`] when a box is `box_cols` wide: `GMMA::CLayout_64xN`
/// orders a thread's values by column block (`V = (_2,_2,N/8):(_64,_8,_512)`: a pair is two
/// adjacent columns, then 8 rows down, then the next 8 columns), so each box holds the same
/// number of consecutive pairs, the same for every thread. `box_pairs_follow_the_accumulator_layout`
/// checks it against the layout for every width and output type.
#[inline(always)]
pub fn box_pairs(h: u32, box_cols: u32) -> core::ops::Range<u32> {
    // a thread holds N / 2 values of a 64 x N slab: N / 4 pairs over N / box_cols boxes
    let per_box = box_cols / 4;
    h * per_box..(h + 1) * per_box
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
mod device {
    use super::*;
    use core::arch::asm;
    use cute_core::arch::cluster_sm90::fence_view_async_shared;
    use cute_core::arch::copy_sm90_tma::TmaDescriptor;
    use cute_core::arch::copy_sm90_tma_store::{
        tma_store_arrive, tma_store_wait, SM90_TMA_STORE_2D,
    };
    use cute_core::arch::reg_reconfig_sm90::named_barrier_sync;
    use cute_core::tensor_ssa::TensorSsa;

    use super::super::fusion::{activate, predicated};

    /// `x`, which the compiler cannot see through (a register move in PTX).
    #[inline(always)]
    fn opaque(x: u32) -> u32 {
        let y: u32;
        // SAFETY: a register move.
        unsafe {
            asm!("mov.b32 {y}, {x};", y = out(reg32) y, x = in(reg32) x, options(pure, nomem, nostack))
        };
        y
    }

    /// Stores `(a, b)` converted to `T`, at shared address `addr` (aligned to the pair).
    #[inline(always)]
    unsafe fn st_shared2<T: EpilogueElement>(addr: u32, a: f32, b: f32) {
        let v = T::from_f32x2(a, b);
        // the pair is one 32-bit register (16-bit elements) or two `f32`s
        // SAFETY: the caller's shared address; each arm stores exactly the pair's bytes.
        unsafe {
            match core::mem::size_of::<T::Array2>() {
                4 => {
                    let v: u32 = core::mem::transmute_copy(&v);
                    asm!("st.shared.b32 [{a}], {v};", a = in(reg32) addr, v = in(reg32) v, options(nostack));
                }
                8 => {
                    let [a, b]: [f32; 2] = core::mem::transmute_copy(&v);
                    asm!("st.shared.v2.f32 [{p}], {{{a}, {b}}};", p = in(reg32) addr, a = in(reg32) a, b = in(reg32) b, options(nostack));
                }
                _ => unreachable!(),
            }
        }
    }

    impl<C: GemmConfig, TD: EpilogueElement, F: FusionOp> EpilogueSm90TmaWarpSpecialized<C, TD, F> {
        /// Replaces a warpgroup's slab at `(row0, col0)` by its fused values (with a fusion
        /// op that fuses): `alpha acc + beta C + bias` (C read inside D where `beta` is not 0),
        /// stored to the aux output, then the activation and the scale
        /// ([`fusion`](super::super::fusion)); `D = acc` is what remains to store.
        ///
        /// # Safety
        /// The launch's fusion arguments; `d` covers `m x n` with row stride `ldd`.
        #[inline(always)]
        pub unsafe fn fuse_slab(&self, acc: &mut Accumulators<C>, row0: u32, col0: u32, t: u32) {
            if !F::FUSED {
                return;
            }
            let v = acc.as_mut();
            let (alpha, beta, ldd) = (self.args.alpha, self.args.beta, self.args.ldd);
            let fa = &self.args.fusion_args;
            let (m, n) = (self.m, self.n);
            // the thread's index through an opaque move: the coordinates below are then not
            // the same expressions as the store's after this pass, which the compiler would
            // otherwise compute once and keep live across the activation (128 registers of a
            // 256-wide tile's coordinates: spills)
            let t = opaque(t);
            // the element at `(r, c)` of pair `p`'s first value
            let at = |p: u32| {
                let (r, c) = acc_coord::<C::CLayout>(t, 2 * p, C::WG_M);
                (row0 + r, col0 + c)
            };
            // one pass over the pairs, without branches (every load and store predicated:
            // a branch per pair breaks the unrolled fragment into blocks, and a second pass
            // would keep every pair's coordinates live from the first: registers spill)
            let reads_c = beta != 0.0;
            for p in 0..v.len() as u32 / 2 {
                let (i, (r, c)) = (2 * p as usize, at(p));
                let at = r as usize * ldd as usize + c as usize;
                let row = reads_c & (r < m);
                // SAFETY: only elements inside D are read, with beta != 0; the caller's bias
                // and aux output.
                unsafe {
                    let c0 = predicated::load(self.args.d, at, row & (c < n));
                    let c1 = predicated::load(self.args.d, at + 1, row & (c + 1 < n));
                    let x = TensorSsa::new(
                        _2,
                        [alpha * v[i] + beta * c0, alpha * v[i + 1] + beta * c1],
                    );
                    let x = x + fa.bias_at(r, c, m, n);
                    fa.store_aux(x, r, c, m, n);
                    let x = x.as_slice();
                    (v[i], v[i + 1]) = (x[0], x[1]);
                }
            }
            activate(&self.args.fusion, v, fa.scale);
        }

        /// Writes a warpgroup's `64 x BLK_N` slab at `(row0, col0)` through shared memory and
        /// TMA stores (`beta == 0`), one box of 64 rows by 128 bytes at a time, alternating
        /// between the two boxes of `smem` (1 KiB aligned, [`staging_bytes`]): each value pair
        /// at the staging layout's offset of its (row, column, box), swizzled (the 8 rows a warp
        /// writes at once hit 8 different 16-byte chunks: no bank conflicts), then stored by one
        /// thread. A box is written while the store of the one before still reads the other
        /// box: only the store two boxes back must have finished reading. The last stores run
        /// on while the warpgroup starts its next tile. `barrier` is this warpgroup's named
        /// barrier.
        ///
        /// # Safety
        /// `tma_d` maps the output (`n` innermost, box `BOX_COLS x 64`, 128-byte swizzle).
        #[inline(always)]
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn store_tma_slab(
            &self,
            acc: &Accumulators<C>,
            tma_d: *const TmaDescriptor,
            smem: u32,
            row0: u32,
            col0: u32,
            t: u32,
            barrier: u32,
        ) {
            // fused values are stored as they are
            let alpha = if F::FUSED { 1.0 } else { self.args.alpha };
            // SAFETY: the caller's contract.
            unsafe { self.store_tma_values(acc, alpha, tma_d, smem, row0, col0, t, barrier) }
        }

        /// [`store_tma_slab`](Self::store_tma_slab) of `alpha * acc`.
        #[inline(always)]
        #[allow(clippy::too_many_arguments)]
        unsafe fn store_tma_values(
            &self,
            acc: &Accumulators<C>,
            alpha: f32,
            tma_d: *const TmaDescriptor,
            smem: u32,
            row0: u32,
            col0: u32,
            t: u32,
            barrier: u32,
        ) {
            let acc = acc.as_ref();
            let box_cols = TD::BOX_COLS;
            for h in 0..boxes::<C, TD>() {
                let buffer = h % 2;
                if t == 0 {
                    if h == 0 {
                        // the previous tile's stores, whichever boxes they used
                        tma_store_wait::<0>();
                    } else {
                        // the store two boxes back, which read this buffer
                        tma_store_wait::<1>();
                    }
                }
                named_barrier_sync(barrier, 128);
                for p in box_pairs(h, box_cols) {
                    let (r, c) = acc_coord::<C::CLayout>(t, 2 * p, C::WG_M);
                    let addr = smem + staging_offset::<TD>(r, c - box_cols * h, buffer);
                    let v = 2 * p as usize;
                    // SAFETY: inside this warpgroup's staging buffer.
                    unsafe { st_shared2::<TD>(addr, alpha * acc[v], alpha * acc[v + 1]) };
                }
                fence_view_async_shared();
                named_barrier_sync(barrier, 128);
                if t == 0 {
                    let first = smem + staging_offset::<TD>(0, 0, buffer);
                    // SAFETY: the caller's map; the box was written and fenced above.
                    unsafe {
                        SM90_TMA_STORE_2D::copy(
                            tma_d,
                            first,
                            (col0 + box_cols * h) as i32,
                            row0 as i32,
                        )
                    };
                    tma_store_arrive();
                }
            }
        }

        /// Writes a warpgroup's `64 x BLK_N` slab whose first element is `(row0, col0)`; `t`
        /// is the thread's index in the warpgroup.
        ///
        /// # Safety
        /// `d` covers `m x n` with row stride `ldd`.
        #[inline(always)]
        pub unsafe fn store_slab(&self, acc: &Accumulators<C>, row0: u32, col0: u32, t: u32) {
            // fused values are stored as they are (C was read by `fuse_slab`)
            let scales = if F::FUSED {
                (1.0, 0.0)
            } else {
                (self.args.alpha, self.args.beta)
            };
            // SAFETY: the caller's contract.
            unsafe { self.store_values(acc, scales, row0, col0, t) }
        }

        /// [`store_slab`](Self::store_slab) of `alpha * acc + beta * D`.
        #[inline(always)]
        unsafe fn store_values(
            &self,
            acc: &Accumulators<C>,
            (alpha, beta): (f32, f32),
            row0: u32,
            col0: u32,
            t: u32,
        ) {
            let acc = acc.as_ref();
            let ldd = self.args.ldd;
            let interior = row0 + C::WG_M <= self.m && col0 + C::BLK_N <= self.n && ldd % 2 == 0;
            let base = self.args.d;
            let ldd = ldd as usize;
            // every index below is a constant after unrolling: the accumulators stay in registers
            for p in 0..acc.len() as u32 / 2 {
                let v = 2 * p as usize;
                let (r, c) = acc_coord::<C::CLayout>(t, 2 * p, C::WG_M);
                let (r, c) = (row0 + r, col0 + c);
                let (mut a, mut b) = (alpha * acc[v], alpha * acc[v + 1]);
                // SAFETY: the predicate keeps every access inside the caller's `m x n`.
                unsafe {
                    let q = base.add(r as usize * ldd + c as usize);
                    let pred = if interior {
                        Predicate::Pair
                    } else {
                        predicate(r, c, self.m, self.n, self.args.ldd)
                    };
                    match pred {
                        Predicate::Pair => {
                            // one access of the pair: `q` is aligned to it
                            let q2 = q as *mut <TD as NumericConverter>::Array2;
                            if beta != 0.0 {
                                let (x, y) = TD::to_f32x2(*q2);
                                a += beta * x;
                                b += beta * y;
                            }
                            *q2 = TD::from_f32x2(a, b);
                        }
                        Predicate::Scalar => {
                            if beta != 0.0 {
                                a += beta * (*q).to_f32();
                                if c + 1 < self.n {
                                    b += beta * (*q.add(1)).to_f32();
                                }
                            }
                            *q = TD::from_f32(a);
                            if c + 1 < self.n {
                                *q.add(1) = TD::from_f32(b);
                            }
                        }
                        Predicate::None => {}
                    }
                }
            }
        }
    }
}

impl<C: GemmConfig, TD: EpilogueElement + Copy + 'static, F: FusionOp> CollectiveEpilogue
    for EpilogueSm90TmaWarpSpecialized<C, TD, F>
{
    type Config = C;
    type ElementD = TD;
    type Arguments = EpilogueArguments<TD, F>;
    const TMA_STORE: bool = tma_store::<TD>(C::BLK_N);
    fn smem_bytes() -> u32 {
        if Self::TMA_STORE {
            2 * staging_bytes::<TD>()
        } else {
            0
        }
    }
    #[inline(always)]
    fn new(args: EpilogueArguments<TD, F>, m: u32, n: u32) -> Self {
        EpilogueSm90TmaWarpSpecialized {
            args,
            m,
            n,
            config: PhantomData,
        }
    }
    #[inline(always)]
    fn reads_c(&self) -> bool {
        self.args.beta != 0.0
    }
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    #[inline(always)]
    unsafe fn store_tma(
        &self,
        acc: &Accumulators<C>,
        tma_d: *const cute_core::arch::copy_sm90_tma::TmaDescriptor,
        smem: u32,
        row0: u32,
        col0: u32,
        t: u32,
        barrier: u32,
    ) {
        // SAFETY: the caller's contract.
        unsafe { self.store_tma_slab(acc, tma_d, smem, row0, col0, t, barrier) }
    }
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    #[inline(always)]
    unsafe fn store(&self, acc: &Accumulators<C>, row0: u32, col0: u32, t: u32) {
        // SAFETY: the caller's contract.
        unsafe { self.store_slab(acc, row0, col0, t) }
    }
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    #[inline(always)]
    unsafe fn fuse(&self, acc: &mut Accumulators<C>, row0: u32, col0: u32, t: u32) {
        // SAFETY: the caller's contract.
        unsafe { self.fuse_slab(acc, row0, col0, t) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every thread's pairs of box `h` are `box_pairs(h, ..)` and nothing else, for each
    /// accumulator width of the members and each output type's box.
    #[test]
    fn box_pairs_follow_the_accumulator_layout() {
        use cute_core::atom::mma_traits_sm90_gmma::CLayout_64xN;
        use cute_core::numeric::aliases::{_16, _8};
        fn check<L: Default + LayoutEval<(i32, i32), Output: Integral>, TD: EpilogueElement>(
            n: u32,
        ) {
            let box_cols = TD::BOX_COLS;
            let mut seen = 0;
            for h in 0..n / box_cols {
                for p in box_pairs(h, box_cols) {
                    for t in 0..128 {
                        let (r, c) = acc_coord::<L>(t, 2 * p, 64);
                        let (r1, c1) = acc_coord::<L>(t, 2 * p + 1, 64);
                        assert!(
                            r < 64 && (r1, c1) == (r, c + 1),
                            "n {n}: pair {p} of thread {t}"
                        );
                        assert_eq!(c / box_cols, h, "n {n}, box {box_cols}: pair {p} of {t}");
                    }
                    seen += 1;
                }
            }
            // every pair of a thread is in exactly one box
            assert_eq!(seen, n / 4, "n {n}, box {box_cols}");
        }
        check::<CLayout_64xN<_8>, BFloat16>(64);
        check::<CLayout_64xN<_8>, f32>(64);
        check::<CLayout_64xN<_16>, Half>(128);
        check::<CLayout_64xN<_16>, f32>(128);
        check::<CLayout_64xN<_32>, BFloat16>(256);
        check::<CLayout_64xN<_32>, f32>(256);
    }

    #[test]
    fn predicates_at_the_edges() {
        assert_eq!(predicate(0, 0, 10, 10, 10), Predicate::Pair);
        assert_eq!(predicate(9, 8, 10, 10, 10), Predicate::Pair);
        assert_eq!(predicate(10, 0, 10, 10, 10), Predicate::None);
        assert_eq!(predicate(0, 10, 10, 10, 10), Predicate::None);
        // the pair straddles the last column of an odd width
        assert_eq!(predicate(3, 8, 10, 9, 9), Predicate::Scalar);
        // odd row stride: pairs are not 4-byte aligned
        assert_eq!(predicate(3, 2, 10, 9, 9), Predicate::Scalar);
    }
}
