//! The tests of `cute_core::util::bank_conflicts`: their own binary, not cute-core unit tests, so that they
//! compile in parallel with the rest (docs/ARCHITECTURE.md, "Build time").

// Spelled-out static layout types are what these tests check, as in cute-core itself.
#![allow(clippy::type_complexity)]

use cute_core::util::bank_conflicts::*;

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
    use cute_core::layout::make_layout;
    use cute_core::layout::product::tile_to_shape;
    use cute_core::numeric::aliases::{_1, _128, _3, _64, _8};
    use cute_core::swizzle::Swizzle;
    use cute_core::swizzle_layout::composition_swizzle;
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
    use cute_core::layout::make_layout;
    use cute_core::layout::product::tile_to_shape;
    use cute_core::numeric::aliases::{_1, _128, _3, _64, _8};
    use cute_core::swizzle::Swizzle;
    use cute_core::swizzle_layout::composition_swizzle;
    use cute_tests::cpp_expected::cpp_case;
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
    use cute_core::arch::copy_sm75::SM75_U32x4_LDSM_N;
    use cute_core::arch::copy_sm80::SM80_CP_ASYNC_CACHEALWAYS;
    use cute_core::arch::mma_sm80::SM80_16x8x16_F16F16F16F16_TN;
    use cute_core::atom::copy_atom::{make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b};
    use cute_core::atom::copy_atom::{CopyAtom, TiledCopyTv};
    use cute_core::atom::mma_atom::make_tiled_mma;
    use cute_core::layout::{make_layout, LayoutLeft};
    use cute_core::numeric::aliases::{_1, _16, _2, _32, _8};
    use cute_core::numeric::numeric_types::{Half, Uint128};
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
