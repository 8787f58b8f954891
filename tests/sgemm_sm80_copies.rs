//! The copies of the `sgemm_sm80` port on the host, through the same `copy` calls the kernel
//! makes: the `cp.async` TiledCopy moves every element of a k-tile into the swizzled stage
//! (the host's `cp.async` is a synchronous copy: `cute_core::arch::copy_sm80`), the zero-fill
//! atom zeroes the columns whose predicate is false, and the `ldmatrix` chain (`partition_S`
//! of the swizzled stage by `make_tiled_copy_A/B`, one `ldmatrix.x4` per atom column, into
//! `retile_D` of the MMA fragment) fills each thread's fragment with the values `partition_A/B`
//! of the MMA assigns it. `ldmatrix` is a warp-wide instruction with no host form, so the test
//! gathers the 32 lanes' source addresses from the partitions (what the kernel passes to the
//! instruction) and applies the PTX ISA's definition of `ldmatrix.x4` to them.

// Spelled-out static layout types are what these tests check, as in cute-core itself.
#![allow(clippy::type_complexity)]

use cute_core::arch::copy_sm75::SM75_U32x4_LDSM_N;
use cute_core::arch::copy_sm80::{SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEALWAYS_ZFILL};
use cute_core::arch::mma_sm80::SM80_16x8x16_F16F16F16F16_TN;
use cute_core::atom::copy_atom::{make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, CopyAtom};
use cute_core::atom::mma_atom::make_tiled_mma;
use cute_core::atom::ColumnPtr;
use cute_core::layout::product::tile_to_shape;
use cute_core::numeric::numeric_types::{Half, Uint128};
use cute_core::pointer_swizzle::make_swizzle_tensor;
use cute_core::prelude::*;
use cute_core::swizzle_layout::composition_swizzle;

/// The stages' cosizes, which `cute-kernels/src/tutorial/sgemm_sm80.rs` (`*_SMEM_ELEMS`) and the
/// host (`host/src/kernels/sgemm_sm80.rs`) size shared memory by: C++'s `cosize_v` of the
/// tutorial's layouts (tests/cpp: `tile_to_shape((128,8):(1,129), (128,8,3))` prints
/// `((_128,_1),(_8,_1),(_1,_3)):((_1,_0),(_129,_0),(_0,_1032))`, cosize 3095).
#[test]
fn stage_cosizes_are_the_tutorials() {
    let tn = tile_to_shape(make_layout((_128, _8), (_1, _129)), (_128, _8, _3));
    assert_eq!(
        tn.to_string(),
        "((_128,_1),(_8,_1),(_1,_3)):((_1,_0),(_129,_0),(_0,_1032))"
    );
    assert_eq!(cosize(tn).value(), 3095);
    assert_eq!(
        cosize(make_layout((_128, _8, _3), LayoutLeft)).value(),
        3072
    );
    let swizzle_atom = composition_swizzle(
        Swizzle::<_3, _3, _3>::new(),
        make_layout((_8, (_8, _8)), (_8, (_1, _64))),
    );
    assert_eq!(
        cosize(tile_to_shape(swizzle_atom, (_128, _64, _3)).layout_b()).value(),
        24576
    );
}

/// A distinct half for every (m, k) < (128, 64) of operand `op`.
fn value(op: u16, m: i32, k: i32) -> Half {
    Half::from_bits(op * 0x2000 + (m * 64 + k) as u16)
}

#[test]
fn cp_async_tiled_copy_fills_the_swizzled_stage() {
    let swizzle_atom = composition_swizzle(
        Swizzle::<_3, _3, _3>::new(),
        make_layout((_8, (_8, _8)), (_8, (_1, _64))),
    );
    let sa_layout = tile_to_shape(swizzle_atom, (_128, _64, _3));
    // The k-tile of A, k-major with a leading dimension of 72 (a row padded by 8 halves).
    let mut g = vec![Half::default(); 128 * 72];
    for m in 0..128 {
        for k in 0..64 {
            g[(m * 72 + k) as usize] = value(1, m, k);
        }
    }
    let ga = unsafe {
        make_tensor(
            make_gmem_ptr(g.as_mut_ptr()),
            make_layout((_128, _64), (72, _1)),
        )
    };
    let mut s = vec![Half::default(); 128 * 64 * 3];
    let sa = unsafe { make_swizzle_tensor(make_smem_ptr(s.as_mut_ptr()), sa_layout) };
    let copy_a = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, Half>::new(),
        make_layout((_16, _8), (_8, _1)),
        make_layout((_1, _8), LayoutLeft),
    );
    for tid in 0..128i32 {
        let thr = copy_a.get_slice(tid);
        let taga = thr.partition_s(ga); // (CPY,CPY_M,CPY_K)
        let tasa = thr.partition_d(sa); // (CPY,CPY_M,CPY_K,PIPE)
        copy_with(&copy_a, &taga, &mut tasa.slice((X, X, X, 2i32)));
    }
    for m in 0..128 {
        for k in 0..64 {
            let at = sa_layout.call((m, k, 2i32)) as usize;
            assert_eq!(s[at], value(1, m, k), "(m,k) = ({m},{k})");
        }
    }
    // stages 0 and 1 untouched
    assert!(s[..128 * 64 * 2].iter().all(|h| *h == Half::default()));

    // The zero-fill atom: columns (16-byte chunks) with an odd index are zeroed, the others
    // copied (thread t's chunk i is (m, k) = (16 i + t / 8, 8 (t % 8))).
    let zfill = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<Uint128>, Half>::new(),
        make_layout((_16, _8), (_8, _1)),
        make_layout((_1, _8), LayoutLeft),
    );
    s.iter_mut().for_each(|h| *h = Half::from_bits(0x7777));
    for tid in 0..128i32 {
        let thr = zfill.get_slice(tid);
        let tasa = thr.partition_d(sa);
        copy_if_with(
            &zfill,
            &|i: i32| i % 2 == 0,
            &thr.partition_s(ga),
            &mut tasa.slice((X, X, X, 0i32)),
        );
    }
    for m in 0..128 {
        for k in 0..64 {
            let at = sa_layout.call((m, k, 0i32)) as usize;
            let want = if (m / 16) % 2 == 0 {
                value(1, m, k)
            } else {
                Half::default()
            };
            assert_eq!(s[at], want, "(m,k) = ({m},{k})");
        }
    }
}

/// `ldmatrix.sync.aligned.x4.m8n8.shared.b16` on a warp: lane `t` gives the address of row
/// `t % 8` of matrix `t / 8`, and receives, for each matrix `j`, the two halves at row `t / 4`,
/// columns `2 (t % 4)` and `+1`.
fn ldsm_x4(addrs: &[*const Half; 32]) -> [[Half; 8]; 32] {
    let mut out = [[Half::default(); 8]; 32];
    for (t, regs) in out.iter_mut().enumerate() {
        for j in 0..4 {
            let row = addrs[8 * j + t / 4];
            for h in 0..2 {
                regs[2 * j + h] = unsafe { *row.add(2 * (t % 4) + h) };
            }
        }
    }
    out
}

#[test]
fn ldmatrix_chain_fills_the_mma_fragments() {
    let swizzle_atom = composition_swizzle(
        Swizzle::<_3, _3, _3>::new(),
        make_layout((_8, (_8, _8)), (_8, (_1, _64))),
    );
    let s_layout = tile_to_shape(swizzle_atom, (_128, _64, _3));
    let mut sbuf = vec![Half::default(); 128 * 64 * 3];
    for m in 0..128 {
        for k in 0..64 {
            sbuf[s_layout.call((m, k, 1i32)) as usize] = value(2, m, k);
        }
    }
    let st = unsafe { make_swizzle_tensor(make_smem_ptr(sbuf.as_mut_ptr()), s_layout) };
    let mma = make_tiled_mma(
        SM80_16x8x16_F16F16F16F16_TN,
        make_layout((_2, _2, _1), LayoutLeft),
        (_32, _32, _16),
    );
    let s2r_a = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, Half>::new(), &mma);
    let s2r_b = make_tiled_copy_b(CopyAtom::<SM75_U32x4_LDSM_N, Half>::new(), &mma);
    let mut checked = 0;
    for warp in [0i32, 3] {
        // A: every lane's fragment, k-block by k-block
        let mut frags: Vec<_> = (0..32)
            .map(|l| {
                mma.get_slice(32 * warp + l)
                    .partition_fragment_a(st.slice((X, X, 0i32)))
            })
            .collect();
        let kb_max = frags[0].layout().size_mode::<2>().value() as i32;
        let cols = s2r_a
            .get_slice(0i32)
            .partition_s(st)
            .layout()
            .size_mode::<1>()
            .value() as i32;
        for kb in 0..kb_max {
            for col in 0..cols {
                let mut addrs = [core::ptr::null::<Half>(); 32];
                for (l, a) in addrs.iter_mut().enumerate() {
                    let txsa = s2r_a.get_slice(32 * warp + l as i32).partition_s(st);
                    let src = txsa.slice((X, X, kb, 1i32)); // (CPY,MMA_M)
                    *a = src
                        .column_ptr(8 * col, 8)
                        .expect("a column is 8 consecutive halves");
                }
                let regs = ldsm_x4(&addrs);
                for (l, frag) in frags.iter_mut().enumerate() {
                    let thr = s2r_a.get_slice(32 * warp + l as i32);
                    let mut dst = thr.retile_d(frag.view_mut()).into_slice((X, X, kb));
                    for (v, h) in regs[l].iter().enumerate() {
                        dst.set(8 * col + v as i32, *h);
                    }
                }
            }
        }
        for (l, frag) in frags.iter().enumerate() {
            let want = mma
                .get_slice(32 * warp + l as i32)
                .partition_a(st.slice((X, X, 1i32)));
            for i in 0..frag.size().value() as i32 {
                assert_eq!(
                    frag.get(i),
                    want.get(i),
                    "A: warp {warp} lane {l} value {i}"
                );
                checked += 1;
            }
        }
        // B
        let mut frags: Vec<_> = (0..32)
            .map(|l| {
                mma.get_slice(32 * warp + l)
                    .partition_fragment_b(st.slice((X, X, 0i32)))
            })
            .collect();
        let cols = s2r_b
            .get_slice(0i32)
            .partition_s(st)
            .layout()
            .size_mode::<1>()
            .value() as i32;
        for kb in 0..kb_max {
            for col in 0..cols {
                let mut addrs = [core::ptr::null::<Half>(); 32];
                for (l, a) in addrs.iter_mut().enumerate() {
                    let txsb = s2r_b.get_slice(32 * warp + l as i32).partition_s(st);
                    let src = txsb.slice((X, X, kb, 1i32));
                    *a = src
                        .column_ptr(8 * col, 8)
                        .expect("a column is 8 consecutive halves");
                }
                let regs = ldsm_x4(&addrs);
                for (l, frag) in frags.iter_mut().enumerate() {
                    let thr = s2r_b.get_slice(32 * warp + l as i32);
                    let mut dst = thr.retile_d(frag.view_mut()).into_slice((X, X, kb));
                    for (v, h) in regs[l].iter().enumerate() {
                        dst.set(8 * col + v as i32, *h);
                    }
                }
            }
        }
        for (l, frag) in frags.iter().enumerate() {
            let want = mma
                .get_slice(32 * warp + l as i32)
                .partition_b(st.slice((X, X, 1i32)));
            for i in 0..frag.size().value() as i32 {
                assert_eq!(
                    frag.get(i),
                    want.get(i),
                    "B: warp {warp} lane {l} value {i}"
                );
                checked += 1;
            }
        }
    }
    // 2 warps x 32 lanes x (128 + 128) values of A and B per 128x64 stage
    assert_eq!(checked, 2 * 32 * 256);
}
