//! Split-K's reduction inside the GEMM kernel, in a fixed order: the form of CUTLASS's
//! stream-K "fixup" in which the last unit of a tile to finish adds up all of its partial
//! sums, so that the kernel writes the output itself and no second kernel runs.
//!
//! With `splits > 1` every unit (one split of an output tile's k-tiles) writes its
//! accumulators to its own slice of an `f32` workspace, then counts itself in the tile's
//! counter. The consumer warpgroup that counts last adds the slices in split order (so the sum
//! does not depend on which unit finished last: deterministic), resets the counter for the
//! next launch, and runs the epilogue on the sum (alpha, beta, conversion, the TMA store). No
//! unit waits for another, so no order of the units on the SMs can deadlock.
//!
//! The workspace, in 4-byte words: [`counter_words`] counters (`u32`, zero before the first
//! launch; each launch leaves them zero), then for each output tile, split (`stride` of them a
//! tile: the scheduler's most splits of any tile) and slot (a consumer warpgroup's rows:
//! [`SLOTS`] per tile) `64 * BLK_N` partial sums, accumulator `v` of the warpgroup's thread `t`
//! at `v * 128 + t` (a warp's stores and loads are coalesced).
//!
//! Stream-K's pieces of a tile meet here the same way: they are its splits, in k order.

/// Consumer warpgroups per output tile at most, each with its own slot of partial sums and its
/// own counter (cooperative: rows `64 w` of the tile; ping-pong: the whole tile in slot 0).
pub const SLOTS: u32 = 2;

/// The output tiles of an `m x n` output in `(blk_m, blk_n)` tiles and clusters of `cluster`
/// tile rows, as the kernel numbers them (row by row): `ceil(m / (blk_m cluster)) cluster`
/// rows (the last cluster's rows past the output included) of `ceil(n / blk_n)`.
pub const fn output_tiles(m: u32, n: u32, (blk_m, blk_n): (u32, u32), cluster: u32) -> u32 {
    m.div_ceil(blk_m * cluster) * cluster * n.div_ceil(blk_n)
}

/// Words of counters for `tiles` output tiles: one per slot, rounded up to 128 bytes.
pub const fn counter_words(tiles: u32) -> usize {
    (tiles as usize * SLOTS as usize).div_ceil(32) * 32
}

/// The workspace's size in 4-byte words for `tiles` output tiles `blk_n` columns wide, each
/// with `stride` slots of splits (`TileScheduler::stride`).
pub const fn workspace_words(tiles: u32, stride: u32, blk_n: u32) -> usize {
    counter_words(tiles) + tiles as usize * stride as usize * SLOTS as usize * 64 * blk_n as usize
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub use device::reduce;

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
mod device {
    use super::{counter_words, SLOTS};
    use cute_core::arch::generic_barrier::{
        atomic_add_global_u32, fence_acq_rel_gpu, named_barrier_or,
    };
    use cute_core::arch::reg_reconfig_sm90::named_barrier_sync;

    /// Hands a consumer warpgroup's partial sums of split `split` of output tile `tile` (of
    /// `tiles`) to the tile's other splits; returns whether this warpgroup counted last, `acc`
    /// then holding the sum over all `splits` splits, added in split order. `stride` is the
    /// workspace's slots of splits per tile, `slot` the warpgroup's slot, `t` the thread's index
    /// in it, `barrier` its named barrier.
    ///
    /// # Safety
    /// All 128 threads of the warpgroup call it together. `ws` is the workspace of the module
    /// docs for `tiles` tiles and `stride` splits of this configuration (`acc` holds
    /// `BLK_N / 2` accumulators), its counters zero at the launch or left by this kernel;
    /// `tile < tiles`, `split < splits <= stride`, `slot < SLOTS`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn reduce<A: AsRef<[f32]> + AsMut<[f32]>>(
        acc: &mut A,
        ws: *mut f32,
        tiles: u32,
        tile: u32,
        split: u32,
        splits: u32,
        stride: u32,
        slot: u32,
        t: u32,
        barrier: u32,
    ) -> bool {
        let len = acc.as_ref().len();
        // SAFETY: the caller's workspace: counters first, then the slots.
        let (counter, partials) = unsafe {
            (
                (ws as *mut u32).add((tile * SLOTS + slot) as usize),
                ws.add(counter_words(tiles)),
            )
        };
        // this thread's first partial sum in split s's slot
        let at = |s: u32| {
            let slot_index = (tile as usize * stride as usize + s as usize) * SLOTS as usize;
            // SAFETY: within the workspace (tile < tiles, s < splits, slot < SLOTS, t < 128).
            unsafe { partials.add((slot_index + slot as usize) * 128 * len + t as usize) }
        };
        let mine = at(split);
        for v in 0..len {
            // SAFETY: v * 128 + t < 128 * len, within this slot.
            unsafe { mine.add(v * 128).write(acc.as_ref()[v]) };
        }
        // the stores before the count, for every thread of the GPU (CUDA's threadfence
        // reduction): each thread fences its own, the barrier orders them before the atomic
        fence_acq_rel_gpu();
        named_barrier_sync(barrier, 128);
        // SAFETY: the tile's counter, in the workspace.
        let last = t == 0 && unsafe { atomic_add_global_u32(counter, 1) } == splits - 1;
        if !named_barrier_or(barrier, 128, last) {
            return false;
        }
        if t == 0 {
            // every split has counted: zero for the next launch
            // SAFETY: as the atomic.
            unsafe { counter.write_volatile(0) };
        }
        // the other splits' stores, seen after their count
        fence_acq_rel_gpu();
        let acc = acc.as_mut();
        for s in 0..splits {
            let p = at(s);
            for (v, a) in acc.iter_mut().enumerate() {
                // SAFETY: as the stores, in split s's slot; volatile: read from L2, not from a
                // line this SM may hold from before the other split wrote it.
                let x = unsafe { p.add(v * 128).read_volatile() };
                *a = if s == 0 { x } else { *a + x };
            }
        }
        true
    }
}
