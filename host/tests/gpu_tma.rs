//! On an SM90 GPU: the TMA host side end to end. `make_tma_copy` encodes a tensor map with the
//! driver for the tutorial's tiles; a kernel receives it by value (a parameter-space tensor map,
//! `tma_descriptor_param!`), loads one box into shared memory and copies shared memory out as
//! it lies. Every element must be where the typed smem layout (the GMMA atom, its swizzle on
//! byte addresses) says, boxes past the tensor's end read zeros, and a cluster launch reports its cluster
//! shape. Without an SM90 GPU, prints why it skipped.

use std::ffi::c_void;

use cudarc::driver::{DevicePtr, LaunchConfig, PushKernelArg};
use cute_core::atom::copy_traits_sm90_tma::TmaSmemLayout;
use cute_core::atom::copy_traits_sm90_tma::{TmaDataType, TmaOp};
use cute_core::atom::mma_traits_sm90_gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use cute_core::dynamic::{Int, IntTuple};
use cute_core::numeric::numeric_types::Half;
use cute_core::prelude::*;
use cute_host::tma::{launch_on_cluster, make_tma_copy, ClusterLaunchConfig};
use cute_host::{Error, Gpu};

fn sm90() -> Option<Gpu> {
    match Gpu::new() {
        Ok(gpu) if gpu.has_kernel("sm90_tma_box_load") => Some(gpu),
        Ok(gpu) => {
            println!("skipped: {} runs no sm_90a kernels", gpu.name());
            None
        }
        Err(Error::NoDevice(why)) | Err(Error::Bench(why)) => {
            println!("skipped: {why}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// A fresh pseudo-random 16-bit pattern per element (distinct for the tile's elements).
/// Where element `(m, k)` of a stage lies in shared memory, in elements: the GMMA atoms'
/// swizzle (`Sw<B,4,3>`) acts on byte addresses (C++ moves it onto the smem pointer), so the
/// element at unswizzled offset `o` lies at `Sw(o * 2 bytes) / 2`.
fn smem_index(smem: &TmaSmemLayout, m: usize, k: usize) -> usize {
    let o = smem
        .layout
        .eval_coord(&format!("({m},{k})").parse().unwrap())
        .unwrap()
        .value;
    let bytes = Int::dynamic(o * 2);
    let b = smem.swizzle.map_or(bytes, |s| s.apply(bytes)).value;
    (b / 2) as usize
}

fn pattern(len: usize, seed: u64) -> Vec<u16> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 20) as u16 | 1
        })
        .collect()
}

/// Loads the box at TMA coordinates `crd` of the (rows, cols) half tensor with strides
/// `stride`, returning the box's shared memory as it lies (`len` elements).
#[allow(clippy::too_many_arguments)]
fn load_box(
    gpu: &Gpu,
    data: &[u16],
    shape: &str,
    stride: &str,
    smem: &dyn std::fmt::Display,
    tile: &str,
    crd: (i32, i32),
    len: usize,
) -> Vec<u16> {
    let s = gpu.stream();
    let a = s.clone_htod(data).unwrap();
    let mut out = s.clone_htod(&vec![0xdeadu16; len]).unwrap();
    let addr = {
        let (p, _sync) = a.device_ptr(s);
        p
    };
    let shape: IntTuple = shape.parse().unwrap();
    let stride: IntTuple = stride.parse().unwrap();
    let tma = make_tma_copy(
        TmaOp::Load,
        TmaDataType::Float16,
        addr,
        &shape,
        &stride,
        smem,
        &tile.parse().unwrap(),
        1,
    )
    .unwrap();
    assert_eq!(tma.params.elems_per_tma as usize, len);
    let f = gpu.function("sm90_tma_box_load").unwrap();
    let param = tma.param();
    let len_i = len as i32;
    let cfg = LaunchConfig {
        grid_dim: (1, 1, 1),
        block_dim: (128, 1, 1),
        shared_mem_bytes: (1024 + 2 * len) as u32,
    };
    f.set_attribute(
        cudarc::driver::sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        cfg.shared_mem_bytes as i32,
    )
    .unwrap();
    let mut l = s.launch_builder(&f);
    l.arg(&param)
        .arg(&mut out)
        .arg(&crd.0)
        .arg(&crd.1)
        .arg(&len_i);
    // SAFETY: `sm90_tma_box_load(desc: TmaDescriptorParam, out: *mut u16, crd0: i32, crd1:
    // i32, len: i32)`; the map's box is `len` 16-bit elements (asserted above), `out` holds
    // `len`, and the dynamic shared memory is 1024 + 2 len bytes. `a` outlives the launch.
    unsafe { l.launch(cfg) }.unwrap();
    let got = s.clone_dtoh(&out).unwrap();
    drop(a);
    got
}

#[test]
fn tn_tile_lands_swizzled_as_the_gmma_atom_says() {
    let Some(gpu) = sm90() else { return };
    // A is (M,K):(K,_1), K-major; one box is the whole (128,64) tile.
    let (m, k) = (300usize, 192usize);
    let a = pattern(m * k, 7);
    let smem = tile_to_shape(Layout_K_SW128_Atom::<Half>::default(), (_128, _64));
    let sl = TmaSmemLayout::parse(&smem.to_string()).unwrap();
    for (m0, k0) in [(0usize, 0usize), (128, 64), (256, 128)] {
        let got = load_box(
            &gpu,
            &a,
            &format!("({m},{k})"),
            &format!("({k},_1)"),
            &smem,
            "(_128,_64)",
            (k0 as i32, m0 as i32),
            128 * 64,
        );
        for mi in 0..128 {
            for ki in 0..64 {
                let off = smem_index(&sl, mi, ki);
                let (gm, gk) = (m0 + mi, k0 + ki);
                // Past the tensor's end (rows 300..384 of the last tile) the TMA fills zeros.
                let want = if gm < m && gk < k { a[gm * k + gk] } else { 0 };
                assert_eq!(
                    got[off], want,
                    "tile ({m0},{k0}) element ({mi},{ki}) at smem {off}"
                );
            }
        }
    }
    println!("TN (128,64) K-major SW128 boxes: every element in place, zeros past M");
}

#[test]
fn nt_box_lands_swizzled_as_the_gmma_atom_says() {
    let Some(gpu) = sm90() else { return };
    // A is (M,K):(_1,M), M-major; one box is (64,8), the first 512 elements of the stage.
    let (m, k) = (256usize, 64usize);
    let a = pattern(m * k, 11);
    let smem = tile_to_shape(Layout_MN_SW128_Atom::<Half>::default(), (_128, _64));
    let sl = TmaSmemLayout::parse(&smem.to_string()).unwrap();
    let (m0, k0) = (64usize, 8usize);
    let got = load_box(
        &gpu,
        &a,
        &format!("({m},{k})"),
        &format!("(_1,{m})"),
        &smem,
        "(_128,_64)",
        (m0 as i32, k0 as i32),
        512,
    );
    for mi in 0..64 {
        for ki in 0..8 {
            let off = smem_index(&sl, mi, ki);
            assert!(off < 512);
            assert_eq!(
                got[off],
                a[(m0 + mi) + (k0 + ki) * m],
                "element ({mi},{ki}) at smem {off}"
            );
        }
    }
    println!("NT (64,8) M-major SW128 box: every element in place");
}

#[test]
fn cluster_launch_reports_its_clusters() {
    let Some(gpu) = sm90() else { return };
    let s = gpu.stream();
    let blocks = 8u32;
    let out = s.clone_htod(&vec![u32::MAX; 2 * blocks as usize]).unwrap();
    let f = gpu.function("sm90_cluster_ids").unwrap();
    let mut p = {
        let (p, _sync) = out.device_ptr(s);
        p
    };
    let mut args = [&mut p as *mut u64 as *mut c_void];
    let cfg = ClusterLaunchConfig {
        grid_dim: (blocks, 1, 1),
        block_dim: (32, 1, 1),
        cluster_dim: (2, 1, 1),
        shared_mem_bytes: 0,
    };
    // SAFETY: `sm90_cluster_ids(out: *mut u32)` writes 2 u32 per block; `out` holds 2 * 8.
    unsafe { launch_on_cluster(s, &f, cfg, &mut args) }.unwrap();
    let got = s.clone_dtoh(&out).unwrap();
    drop(out);
    for b in 0..blocks as usize {
        assert_eq!(
            (got[2 * b], got[2 * b + 1]),
            ((b % 2) as u32, 2),
            "block {b}"
        );
    }
    println!("cluster launch (8 blocks, clusters of 2): ranks and shapes as launched");
}
