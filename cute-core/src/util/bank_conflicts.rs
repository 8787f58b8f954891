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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_by_access_width() {
        // 16-byte accesses of consecutive rows: 4 phases of 8 lanes, each one 128-byte line
        let w = smem_wavefronts(2, 8, |l| Some(8 * l as i64));
        assert_eq!(
            w,
            Wavefronts {
                wavefronts: 4,
                ideal: 4
            }
        );
        // 8-byte accesses: 2 phases
        let w = smem_wavefronts(4, 2, |l| Some(2 * l as i64));
        assert_eq!(
            w,
            Wavefronts {
                wavefronts: 2,
                ideal: 2
            }
        );
        // only lanes 0-7 active (ldmatrix .x1): one phase
        let w = smem_wavefronts(2, 8, |l| (l < 8).then_some(8 * l as i64));
        assert_eq!(
            w,
            Wavefronts {
                wavefronts: 1,
                ideal: 1
            }
        );
        // broadcast: every lane reads the same word
        let w = smem_wavefronts(4, 1, |_| Some(7));
        assert_eq!(
            w,
            Wavefronts {
                wavefronts: 1,
                ideal: 1
            }
        );
        // 16-byte rows 256 bytes apart: lanes 0-7 of a phase hit banks 0-3 eight times
        let w = smem_wavefronts(2, 8, |l| Some(128 * l as i64));
        assert_eq!(
            w,
            Wavefronts {
                wavefronts: 32,
                ideal: 4
            }
        );
        assert_eq!(w.conflicts(), 28);
        // 2-byte accesses: two lanes per word, 64 bytes, one wavefront
        let w = smem_wavefronts(2, 1, |l| Some(l as i64));
        assert_eq!(
            w,
            Wavefronts {
                wavefronts: 1,
                ideal: 1
            }
        );
    }

    /// The tutorial sgemm_sm80.cu's A tile in shared memory: `Sw<3,3,3>` over an 8x64
    /// k-major atom, tiled to (128,64,3).
    fn tutorial_smem() -> impl Fn(i32, i32, i32) -> i64 + Copy {
        use crate::layout::make_layout;
        use crate::layout::product::tile_to_shape;
        use crate::numeric::aliases::{_1, _128, _3, _64, _8};
        use crate::swizzle::Swizzle;
        use crate::swizzle_layout::composition_swizzle;
        let atom = composition_swizzle(
            Swizzle::<_3, _3, _3>::new(),
            make_layout((_8, (_8, _8)), (_8, (_1, _64))),
        );
        let s = tile_to_shape(atom, (_128, _64, _3));
        move |m, k, p| s.call((m, k, p)) as i64
    }

    // Expected strings and offsets: tests/cpp/atoms.cpp, case "tutorial_smem".
    #[test]
    fn tutorial_swizzled_smem_matches_cute_at_every_index() {
        use crate::atom::cpp_expected::cpp_case;
        use crate::layout::make_layout;
        use crate::layout::product::tile_to_shape;
        use crate::numeric::aliases::{_1, _128, _3, _64, _8};
        use crate::swizzle::Swizzle;
        use crate::swizzle_layout::composition_swizzle;
        use std::string::ToString;
        let atom = composition_swizzle(
            Swizzle::<_3, _3, _3>::new(),
            make_layout((_8, (_8, _8)), (_8, (_1, _64))),
        );
        let s = tile_to_shape(atom, (_128, _64, _3));
        let mut lines = cpp_case("tutorial_smem").lines();
        assert_eq!(atom.to_string(), lines.next().unwrap());
        assert_eq!(s.to_string(), lines.next().unwrap());
        let mut h = 0u64;
        for i in 0..24576i32 {
            h = h.wrapping_mul(1000003).wrapping_add(s.call(i) as u64);
        }
        assert_eq!(
            std::format!("size {} cosize {} hash {h}", s.size(), s.cosize()).replace('_', ""),
            lines.next().unwrap()
        );
        for line in lines.by_ref().take(16) {
            let (i, off) = line.split_once(" -> ").unwrap();
            assert_eq!(s.call(i.parse::<i32>().unwrap()).to_string(), off, "{line}");
        }
        for line in lines.by_ref().take(16) {
            let (c, off) = line.split_once(" -> ").unwrap();
            let c: std::vec::Vec<i32> = c
                .trim_matches(|x| x == '(' || x == ')')
                .split(',')
                .map(|x| x.parse().unwrap())
                .collect();
            assert_eq!(s.call((c[0], c[1], c[2])).to_string(), off, "{line}");
        }
        // the same function, through the hierarchical coordinate of every index
        let f = tutorial_smem();
        for i in 0..24576i32 {
            let (m, k, p) = (i % 128, i / 128 % 64, i / 8192);
            assert_eq!(f(m, k, p), s.call(i) as i64);
        }
    }

    /// Zero bank conflicts for the tutorial's shared-memory accesses: the `cp.async` 128-bit
    /// writes of `copyA` and the `ldmatrix.x4` reads of `make_tiled_copy_A/B` into the
    /// swizzled tile; and the control: the same `ldmatrix` reads of an unswizzled k-major tile
    /// conflict 8-way.
    #[test]
    fn tutorial_smem_accesses_are_conflict_free() {
        use crate::arch::copy_sm75::SM75_U32x4_LDSM_N;
        use crate::arch::copy_sm80::SM80_CP_ASYNC_CACHEALWAYS;
        use crate::arch::mma_sm80::SM80_16x8x16_F16F16F16F16_TN;
        use crate::atom::copy_atom::{make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b};
        use crate::atom::copy_atom::{CopyAtom, TiledCopyTv};
        use crate::atom::mma_atom::make_tiled_mma;
        use crate::layout::{make_layout, LayoutLeft};
        use crate::numeric::aliases::{_1, _16, _2, _32, _8};
        use crate::numeric::numeric_types::{Half, Uint128};
        let sa = tutorial_smem();
        let plain = |m: i32, k: i32, p: i32| (m * 64 + k + p * 8192) as i64;

        // cp.async: thread t writes 8 halves at (m, k) = tile coordinate of (t, 0), the tile
        // (16,64) repeated 8 times down M; each warp is one instruction.
        let copy_a = make_tiled_copy(
            CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, Half>::new(),
            make_layout((_16, _8), (_8, _1)),
            make_layout((_1, _8), LayoutLeft),
        );
        let tv = copy_a.get_layout_d_tv();
        for warp in 0..4 {
            for rep in 0..8 {
                for p in 0..3 {
                    let lane = |l: usize| {
                        let idx = tv.call((32 * warp + l as i32, 0i32));
                        Some(sa(idx % 16 + 16 * rep, idx / 16, p))
                    };
                    let w = smem_wavefronts(2, 8, lane);
                    assert_eq!(
                        w,
                        Wavefronts {
                            wavefronts: 4,
                            ideal: 4
                        },
                        "warp {warp} rep {rep}"
                    );
                }
            }
        }

        // ldmatrix.x4 of A and B: thread t reads the 8-half row at the tile coordinate of
        // (t, 0) of get_layoutS_TV (tile (32,16)), tiles repeated 4x4 over (128,64).
        let mma = make_tiled_mma(
            SM80_16x8x16_F16F16F16F16_TN,
            make_layout((_2, _2, _1), LayoutLeft),
            (_32, _32, _16),
        );
        let s2r_a = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, Half>::new(), &mma);
        let s2r_b = make_tiled_copy_b(CopyAtom::<SM75_U32x4_LDSM_N, Half>::new(), &mma);
        let (ta, tb) = (s2r_a.get_layout_s_tv(), s2r_b.get_layout_s_tv());
        let mut control = 0;
        for warp in 0..4 {
            for (mi, ki) in (0..4).flat_map(|m| (0..4).map(move |k| (m, k))) {
                let lane_a = |l: usize| {
                    let idx = ta.call((32 * warp + l as i32, 0i32));
                    Some(sa(idx % 32 + 32 * mi, idx / 32 + 16 * ki, 0))
                };
                let lane_ctl = |l: usize| {
                    let idx = ta.call((32 * warp + l as i32, 0i32));
                    Some(plain(idx % 32 + 32 * mi, idx / 32 + 16 * ki, 0))
                };
                let lane_b = |l: usize| {
                    let idx = tb.call((32 * warp + l as i32, 0i32));
                    Some(sa(idx % 32 + 32 * mi, idx / 32 + 16 * ki, 1))
                };
                let free = Wavefronts {
                    wavefronts: 4,
                    ideal: 4,
                };
                assert_eq!(
                    smem_wavefronts(2, 8, lane_a),
                    free,
                    "A warp {warp} ({mi},{ki})"
                );
                assert_eq!(
                    smem_wavefronts(2, 8, lane_b),
                    free,
                    "B warp {warp} ({mi},{ki})"
                );
                let w = smem_wavefronts(2, 8, lane_ctl);
                assert_eq!(
                    w,
                    Wavefronts {
                        wavefronts: 32,
                        ideal: 4
                    },
                    "control ({mi},{ki})"
                );
                control += w.conflicts();
            }
        }
        assert_eq!(control, 4 * 16 * 28);
    }

    #[test]
    #[should_panic(expected = "smem_wavefronts: a lane's access is not 1, 2, 4, 8 or 16 bytes")]
    fn wide_access_is_rejected() {
        smem_wavefronts(4, 8, |l| Some(l as i64));
    }
}
