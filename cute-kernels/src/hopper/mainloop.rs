//! The collective mainloop of the warp-specialized GEMM: port of the role of CUTLASS's
//! `CollectiveMma<MainloopSm90TmaGmmaWarpSpecialized, ...>`, for 16-bit A and B of either
//! major ([`OperandMajor`]).
//!
//! One CTA computes a `128 x 256` output tile in k-tiles of 64. Per pipeline stage shared
//! memory holds A's `128 x 64` tile (16 KiB) and B's `256 x 64` tile (32 KiB) with the 128-byte
//! swizzle. K-major: rows of 64 elements (128 bytes), 8-row atoms of 1 KiB, exactly the layout
//! `Layout_K_SW128_Atom<T>` tiled down the rows, which the TMA writes when its tensor map says
//! `CU_TENSOR_MAP_SWIZZLE_128B` with a `64 x rows` box; MN-major: `64 x 64` boxes of
//! `Layout_MN_SW128_Atom<T>` (see [`OperandMajor`]).
//!
//! - The producer (one thread) walks the same tiles as the consumers and, per k-tile, waits
//!   for an empty stage, announces its bytes on the stage's `full` barrier and issues the TMA
//!   loads completing on it. Out-of-bounds parts of a box (ragged M, N, K) are zero-filled and
//!   still counted, so the byte count is a constant.
//! - Each consumer warpgroup owns 64 rows of the tile: per k-tile it waits on `full`, issues
//!   four `wgmma.m64n256k16` (the descriptors step one k-block of 16 at a time),
//!   commits them, and waits for the previous k-tile's batch (one batch stays in flight),
//!   whose stage it then releases.

use super::pipeline::PipelineTmaAsync;

/// Tile sizes of this mainloop: `(BLK_M, BLK_N, BLK_K)`.
pub const BLK_M: u32 = 128;
/// See [`BLK_M`].
pub const BLK_N: u32 = 256;
/// See [`BLK_M`].
pub const BLK_K: u32 = 64;
/// Bytes of one A tile in shared memory (16-bit elements).
pub const A_BYTES: u32 = BLK_M * BLK_K * 2;
/// Bytes of one B tile.
pub const B_BYTES: u32 = BLK_N * BLK_K * 2;
/// Bytes of one pipeline stage, which the TMA loads complete on the `full` barrier.
pub const STAGE_BYTES: u32 = A_BYTES + B_BYTES;
/// Rows of A per consumer warpgroup (the GMMA's M).
pub const WG_M: u32 = 64;

/// The epilogue's staging buffer per consumer warpgroup: two `64 x 64` 16-bit boxes.
pub const EPI_BYTES_PER_WG: u32 = 2 * 64 * 64 * 2;

/// Where the epilogue's staging buffers start, from the 1 KiB-aligned base: after the stages
/// and the barriers (two per stage), rounded up to 1 KiB (the swizzle atom).
pub const fn epilogue_smem_offset(stages: u32) -> u32 {
    (stages * STAGE_BYTES + stages * 16).div_ceil(1024) * 1024
}

/// The dynamic shared memory the kernel needs for `stages` stages: the buffers, two barriers
/// per stage, the epilogue's staging for two warpgroups, and 1 KiB of slack to align the
/// buffers to the swizzle atom (the dynamic window is only 128-byte aligned).
pub const fn smem_bytes(stages: u32) -> u32 {
    epilogue_smem_offset(stages) + 2 * EPI_BYTES_PER_WG + 1024
}

/// How an operand sits in shared memory and how the TMA fills it: its major (`GMMA::Major::K`
/// or `GMMA::Major::MN`), its descriptor and the descriptor's step per k-block of 16.
///
/// - K-major: rows of 64 K-elements (128 bytes), one TMA box of `64 x rows`, 8-row atoms of
///   1 KiB; the k-block step is 32 bytes inside the swizzle atom.
/// - MN-major: boxes of 64 MN-elements (128 bytes) by 64 K, 8 KiB each, one per 64 rows of the
///   tile; inside a box, K-row `kk` is at `128 kk` bytes, 8 K-rows make a 1 KiB atom. The
///   canonical GMMA layout `Sw<3,4,3> o ((T,8,m),(8,k)):((1,T,LBO),(8T,SBO))` (T = 8 elements)
///   then has LBO = 8 KiB (the next 64 MN-elements) and SBO = 1 KiB (the next 8 K); a k-block
///   of 16 is two atoms, 2 KiB.
pub trait OperandMajor {
    /// `imm-trans`: false for K-major.
    const MN: bool;
    /// The descriptor of a tile at shared address `addr` (1 KiB aligned).
    fn desc(addr: u32) -> u64;
    /// The descriptor's step from one k-block of 16 to the next (in its 16-byte units).
    const K_STEP: u64;
    /// Byte offset of row `r` (a multiple of 64) of the tile.
    fn row_offset(r: u32) -> u32;
}
impl OperandMajor for cute_core::arch::mma_sm90_gmma::GMMA::Major::K {
    const MN: bool = false;
    #[inline(always)]
    fn desc(addr: u32) -> u64 {
        sw128_kmajor_desc(addr)
    }
    const K_STEP: u64 = 2;
    #[inline(always)]
    fn row_offset(r: u32) -> u32 {
        r * BLK_K * 2
    }
}
impl OperandMajor for cute_core::arch::mma_sm90_gmma::GMMA::Major::MN {
    const MN: bool = true;
    #[inline(always)]
    fn desc(addr: u32) -> u64 {
        sw128_mnmajor_desc(addr)
    }
    const K_STEP: u64 = 128;
    #[inline(always)]
    fn row_offset(r: u32) -> u32 {
        (r / 64) * MN_BOX_BYTES
    }
}

/// Bytes of one MN-major TMA box, 64 MN-elements by 64 K.
pub const MN_BOX_BYTES: u32 = 64 * BLK_K * 2;

/// The GMMA descriptor of an MN-major, 128-byte-swizzled operand tile at `addr` (1 KiB
/// aligned): LBO 8 KiB `>> 4` = 512, SBO 1 KiB `>> 4` = 64, layout type B128.
#[inline(always)]
pub const fn sw128_mnmajor_desc(addr: u32) -> u64 {
    (((addr >> 4) & 0x3fff) as u64) | (512u64 << 16) | (64u64 << 32) | (1u64 << 62)
}

/// The GMMA descriptor of a K-major, 128-byte-swizzled operand tile at shared address `addr`
/// (1 KiB aligned): start address `addr >> 4`, leading byte offset 1 (unused for swizzled
/// K-major), stride byte offset 1024 bytes (one 8-row atom) `>> 4` = 64, layout type B128.
/// `make_gmma_desc::<K>` gives the same for `Layout_K_SW128_Atom` tiled down the rows (test
/// in `cute-tests`).
#[inline(always)]
pub const fn sw128_kmajor_desc(addr: u32) -> u64 {
    (((addr >> 4) & 0x3fff) as u64) | (1u64 << 16) | (64u64 << 32) | (1u64 << 62)
}

/// The mainloop of one CTA: its shared-memory buffers, the pipeline and the problem's k-tiles.
#[derive(Clone, Copy, Debug)]
pub struct CollectiveMainloop<const STAGES: u32> {
    /// Shared address of stage 0's A tile (1 KiB aligned); stage `s` is `STAGE_BYTES * s`
    /// further, B follows A.
    pub smem: u32,
    /// The full/empty barriers.
    pub pipe: PipelineTmaAsync<STAGES>,
    /// k-tiles per output tile, `ceil(K / 64)`.
    pub k_tiles: u32,
}

impl<const STAGES: u32> CollectiveMainloop<STAGES> {
    /// Shared address of stage `s`'s A tile.
    #[inline(always)]
    pub fn smem_a(&self, s: u32) -> u32 {
        self.smem + s * STAGE_BYTES
    }
    /// Shared address of stage `s`'s B tile.
    #[inline(always)]
    pub fn smem_b(&self, s: u32) -> u32 {
        self.smem + s * STAGE_BYTES + A_BYTES
    }
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
mod device {
    use super::super::pipeline::PipelineState;
    use super::*;
    use cute_core::arch::copy_sm90_tma::{CacheHintSm90, TmaDescriptor, SM90_TMA_LOAD_2D};
    use cute_core::arch::mma_sm90_gmma::GMMA::{IsMajor, ScaleOut};
    use cute_core::arch::mma_sm90_gmma::{
        warpgroup_arrive, warpgroup_commit_batch, warpgroup_fence_operand, warpgroup_wait,
        SM90_64x256x16_F32BF16BF16_SS, SM90_64x256x16_F32F16F16_SS,
    };
    use cute_core::numeric::numeric_types::{BFloat16, Half};

    /// The L2 policy of the loads, C++'s default.
    const EVICT_NORMAL: u64 = CacheHintSm90::EVICT_NORMAL;

    /// An input type of the mainloop: which `wgmma` it issues (`f32` accumulators).
    pub trait MmaInput {
        /// One `m64n256k16` on shared-memory operands of majors `A` and `B`.
        fn wgmma_64x256<A: IsMajor, B: IsMajor>(desc_a: u64, desc_b: u64, acc: &mut [f32; 128]);
    }
    impl MmaInput for BFloat16 {
        #[inline(always)]
        fn wgmma_64x256<A: IsMajor, B: IsMajor>(desc_a: u64, desc_b: u64, acc: &mut [f32; 128]) {
            SM90_64x256x16_F32BF16BF16_SS::<A, B>::wgmma(desc_a, desc_b, acc, ScaleOut::One)
        }
    }
    impl MmaInput for Half {
        #[inline(always)]
        fn wgmma_64x256<A: IsMajor, B: IsMajor>(desc_a: u64, desc_b: u64, acc: &mut [f32; 128]) {
            SM90_64x256x16_F32F16F16_SS::<A, B>::wgmma(desc_a, desc_b, acc, ScaleOut::One)
        }
    }

    /// Loads one operand tile of `rows` rows starting at row `r0`, k-tile at `k0`.
    #[inline(always)]
    unsafe fn load_tile<M: OperandMajor>(
        tma: *const TmaDescriptor,
        bar: u32,
        smem: u32,
        r0: i32,
        k0: i32,
        rows: u32,
    ) {
        // SAFETY: the caller's map and stage.
        unsafe {
            if M::MN {
                // the map is (rows innermost) x K, box 64 x 64: one box per 64 rows
                for i in 0..rows / 64 {
                    SM90_TMA_LOAD_2D::copy(
                        tma,
                        bar,
                        EVICT_NORMAL,
                        smem + i * MN_BOX_BYTES,
                        r0 + 64 * i as i32,
                        k0,
                    );
                }
            } else {
                SM90_TMA_LOAD_2D::copy(tma, bar, EVICT_NORMAL, smem, k0, r0);
            }
        }
    }

    impl<const STAGES: u32> CollectiveMainloop<STAGES> {
        /// The producer's part for one output tile `(tile_m, tile_n)`: all its k-tiles.
        ///
        /// # Safety
        /// One thread; `tma_a`/`tma_b` are tensor maps of A (`K x M`, box `64 x 128`) and B
        /// (`K x N`, box `64 x 256`) with the 128-byte swizzle.
        #[inline(always)]
        pub unsafe fn load<MA: OperandMajor, MB: OperandMajor>(
            &self,
            tma_a: *const TmaDescriptor,
            tma_b: *const TmaDescriptor,
            st: &mut PipelineState<STAGES>,
            tile_m: u32,
            tile_n: u32,
        ) {
            let m0 = (tile_m * BLK_M) as i32;
            let n0 = (tile_n * BLK_N) as i32;
            for k in 0..self.k_tiles {
                self.pipe.producer_acquire(*st, STAGE_BYTES);
                let bar = self.pipe.producer_barrier(*st);
                let k0 = (k * BLK_K) as i32;
                // SAFETY: the caller's maps; the stage is empty (acquired above).
                unsafe {
                    load_tile::<MA>(tma_a, bar, self.smem_a(st.index), m0, k0, BLK_M);
                    load_tile::<MB>(tma_b, bar, self.smem_b(st.index), n0, k0, BLK_N);
                }
                st.advance();
            }
        }

        /// A consumer warpgroup's part for one output tile: accumulates its 64 rows (`wg` is
        /// 0 or 1) over all k-tiles into `acc` (`D = A*B + acc`), releasing each stage once its
        /// GMMAs are done. All 128 threads of the warpgroup call it.
        #[inline(always)]
        pub fn mma<In: MmaInput, MA: OperandMajor + IsMajor, MB: OperandMajor + IsMajor>(
            &self,
            st: &mut PipelineState<STAGES>,
            wg: u32,
            acc: &mut [f32; 128],
            lane0: bool,
        ) {
            let mut release = *st;
            warpgroup_fence_operand(acc);
            for k in 0..self.k_tiles {
                self.pipe.consumer_wait(*st);
                let da = MA::desc(self.smem_a(st.index) + MA::row_offset(wg * WG_M));
                let db = MB::desc(self.smem_b(st.index));
                let (sa, sb) = (MA::K_STEP, MB::K_STEP);
                warpgroup_arrive();
                // four k-blocks of 16
                In::wgmma_64x256::<MA, MB>(da, db, acc);
                In::wgmma_64x256::<MA, MB>(da + sa, db + sb, acc);
                In::wgmma_64x256::<MA, MB>(da + 2 * sa, db + 2 * sb, acc);
                In::wgmma_64x256::<MA, MB>(da + 3 * sa, db + 3 * sb, acc);
                warpgroup_commit_batch();
                // the previous k-tile's batch is done: its stage may be refilled
                warpgroup_wait::<1>();
                if k > 0 {
                    if lane0 {
                        self.pipe.consumer_release(release);
                    }
                    release.advance();
                }
                st.advance();
            }
            warpgroup_wait::<0>();
            if lane0 {
                self.pipe.consumer_release(release);
            }
            warpgroup_fence_operand(acc);
        }
    }
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub use device::MmaInput;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mn_major_descriptor_fields() {
        use cute_core::arch::mma_sm90_desc::{GmmaDescriptor, LayoutType};
        let d = GmmaDescriptor::new(sw128_mnmajor_desc(0x2000));
        assert_eq!(d.start_address(), 0x200);
        assert_eq!(d.leading_byte_offset(), 512);
        assert_eq!(d.stride_byte_offset(), 64);
        assert_eq!(d.layout_type(), LayoutType::B128);
    }

    #[test]
    fn descriptor_fields() {
        use cute_core::arch::mma_sm90_desc::{GmmaDescriptor, LayoutType};
        let d = GmmaDescriptor::new(sw128_kmajor_desc(0x1_0400));
        assert_eq!(d.start_address(), 0x1040);
        assert_eq!(d.leading_byte_offset(), 1);
        assert_eq!(d.stride_byte_offset(), 64);
        assert_eq!(d.base_offset(), 0);
        assert_eq!(d.layout_type(), LayoutType::B128);
        // four stages and the epilogue's staging fit in the H100's 227 KiB per block
        assert_eq!(smem_bytes(4), 4 * 49152 + 1024 + 32768 + 1024);
        assert!(smem_bytes(4) <= 232_448);
        assert!(smem_bytes(5) > 232_448);
    }
}
