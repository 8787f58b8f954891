//! Shared-memory bank conflicts of one warp-wide access, from addresses alone (no C++ CuTe
//! counterpart: what Nsight Compute reports as shared-memory wavefronts, computed on the host
//! from a shared-memory layout and a copy's or MMA's thread-value layout).
//!
//! # The model
//! Shared memory has 32 banks of 4 bytes; the 4-byte word at byte address `a` is in bank
//! `(a / 4) % 32`. A warp-wide access in which each lane moves `access_bytes` contiguous bytes
//! is served in phases of at most 128 bytes: all 32 lanes at once for accesses of up to 4
//! bytes, lanes `0-15` and `16-31` for 8 bytes, four groups of 8 lanes for 16 bytes (an
//! `ldmatrix` is the 16-byte case: each group of 8 lanes gives the rows of one 8x8 matrix). In
//! a phase, lanes that touch the same word share it (broadcast); distinct words in the same
//! bank are served one per wavefront. So a phase takes as many wavefronts as the largest
//! number of distinct words any bank holds, and the access is conflict-free when every phase
//! with an active lane takes one wavefront.

/// The wavefronts one warp-wide shared-memory access takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wavefronts {
    /// Wavefronts the access takes (the sum over its phases).
    pub wavefronts: u32,
    /// Wavefronts a conflict-free access of the same width and lanes takes (one per phase
    /// with an active lane).
    pub ideal: u32,
}

impl Wavefronts {
    /// The extra wavefronts caused by bank conflicts (`wavefronts - ideal`).
    #[inline]
    pub fn conflicts(&self) -> u32 {
        self.wavefronts - self.ideal
    }
}

/// `smem_wavefronts(elem_bytes, access_elems, lane_offset)`: the wavefronts of one warp-wide
/// shared-memory access in which lane `l` (`0..32`) reads or writes the `access_elems`
/// consecutive elements of `elem_bytes` bytes each starting at element offset
/// `lane_offset(l)` (`None`: the lane takes no part, as lanes 8-31 of a one-matrix
/// `ldmatrix`). Offsets are in elements of the shared-memory layout (what a smem layout
/// returns), relative to a 128-byte-aligned base.
///
/// # Preconditions
/// `elem_bytes * access_elems` is 1, 2, 4, 8 or 16 (one vector access per lane); panics
/// otherwise.
///
/// # Postconditions
/// 1. `ideal` is the number of phases (see the module docs) with an active lane.
/// 2. `wavefronts >= ideal`, with equality iff no bank holds two distinct words in a phase.
///
/// # Example
/// ```
/// use cute_core::util::bank_conflicts::smem_wavefronts;
/// // 32 lanes reading consecutive floats: one wavefront, no conflict
/// let w = smem_wavefronts(4, 1, |l| Some(l as i64));
/// assert_eq!((w.wavefronts, w.conflicts()), (1, 0));
/// // a column of a 32x32 row-major float tile: every lane in bank 0, a 32-way conflict
/// let w = smem_wavefronts(4, 1, |l| Some(32 * l as i64));
/// assert_eq!((w.wavefronts, w.conflicts()), (32, 31));
/// ```
pub fn smem_wavefronts(
    elem_bytes: usize,
    access_elems: usize,
    lane_offset: impl Fn(usize) -> Option<i64>,
) -> Wavefronts {
    let access = elem_bytes * access_elems;
    assert!(
        matches!(access, 1 | 2 | 4 | 8 | 16),
        "smem_wavefronts: a lane's access is not 1, 2, 4, 8 or 16 bytes"
    );
    let lanes_per_phase = 128 / access.max(4);
    let mut addr = [None::<i64>; 32];
    for (l, a) in addr.iter_mut().enumerate() {
        *a = lane_offset(l).map(|o| o * elem_bytes as i64);
    }
    let (mut wavefronts, mut ideal) = (0u32, 0u32);
    for phase in addr.chunks(lanes_per_phase) {
        // the distinct words of the phase (at most 32 lanes x 4 words)
        let mut words = [0i64; 128];
        let mut n = 0;
        for a in phase.iter().flatten() {
            for w in (a.div_euclid(4))..=((a + access as i64 - 1).div_euclid(4)) {
                if !words[..n].contains(&w) {
                    words[n] = w;
                    n += 1;
                }
            }
        }
        if n == 0 {
            continue;
        }
        ideal += 1;
        let mut per_bank = [0u32; 32];
        for w in &words[..n] {
            per_bank[w.rem_euclid(32) as usize] += 1;
        }
        wavefronts += per_bank.iter().copied().max().unwrap_or(1);
    }
    Wavefronts { wavefronts, ideal }
}
