//! The device side of TMA as C++ CuTe has it: `get_tma_tensor` and `tma_partition` of the
//! Hopper tutorial `wgmma_tma_sm90.cu` (`tma_partition(tma_a, Int<0>{}, Layout<_1>{},
//! group_modes<0,2>(sA), group_modes<0,2>(gA))`) for its NT (`Layout_MN_SW128_Atom<half_t>`) and
//! TN (`Layout_K_SW128_Atom<half_t>`) stages `(128,64,3)`, compared line by line with
//! `tests/cpp/tma_partition.expected` (C++ output of `tests/cpp/tma_partition.cpp`): the
//! tensors' printed layouts, and per TMA instruction of one k-tile the box's TMA coordinate
//! and shared-memory offset, computed as `copy_tma` computes them (`src(i * NumVal)`,
//! `dst(i * NumVal)`'s raw address).

use cute_core::arch::copy_sm90_tma::SM90_TMA_LOAD;
use cute_core::atom::copy_traits_sm90_tma::{tma_partition, TmaAtom};
use cute_core::atom::mma_traits_sm90_gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use cute_core::numeric::numeric_types::Half;
use cute_core::prelude::*;
use std::format;
use std::string::String;
use std::vec::Vec;

/// The lines of case `name` of tests/cpp/tma_partition.expected.
fn expected(name: &str) -> Vec<&'static str> {
    let all = include_str!("cpp/tma_partition.expected");
    let head = format!("@@ {name}\n");
    let start = all.find(&head).unwrap_or_else(|| panic!("no case {name}")) + head.len();
    let rest = &all[start..];
    let end = rest.find("@@ ").unwrap_or(rest.len());
    rest[..end].lines().collect()
}

/// The shared buffer's address (1024-byte aligned); C++ prints offsets from its buffer.
const BASE: usize = 0x1_0400;

/// The tutorial's device code up to the copies, for M = 2048, K = 1024, CTA (3, 0), k-tile 5,
/// stage 2 (the values tests/cpp/tma_partition.cpp uses).
macro_rules! case {
    ($name:literal, $Atom:ty, $N:ty, $Stride:ty) => {{
        let m = 2048i32;
        let k = 1024i32;
        // SAFETY: the atom's descriptor is never used.
        let tma_a = unsafe { TmaAtom::<SM90_TMA_LOAD, $N, $Stride>::new(core::ptr::null()) };
        let m_a = tma_a.get_tma_tensor((m, k)); // (M,K) TMA tensor
        let g_a = local_tile_projected(m_a, (_128, _128, _64), (3i32, 0i32, X), (_1, X, _1)); // (BLK_M,BLK_K,k)
        let stages = tile_to_shape(<$Atom>::default(), (_128, _64, _3));
        // SAFETY: the tensor is only partitioned, never read.
        let s_a = unsafe { make_tensor_swizzled(make_smem_ptr(BASE as *mut Half), stages) }; // (BLK_M,BLK_K,PIPE)
        let (t_a_g_a, t_a_s_a) = tma_partition(
            &tma_a,
            _0,
            make_layout(_1, _0),
            s_a.group_modes::<_0, _2>(),
            g_a.group_modes::<_0, _2>(),
        ); // (TMA,k) and (TMA,PIPE)
        let g = t_a_g_a.into_slice((X, 5i32));
        let s = t_a_s_a.into_slice((X, 2i32));
        let n = tma_a.num_val_src().value() as i32;
        let mut got: Vec<String> = Vec::from([
            format!("mA {m_a}"),
            format!("gA {g_a}"),
            format!("sA {}", s_a.layout()),
            format!("tAgA {t_a_g_a}"),
            format!("tAsA {}", t_a_s_a.layout()),
            format!("NumValSrc {n}"),
            format!("g {g}"),
            format!("s {}", s.layout()),
        ]);
        for i in 0..g.size().value() as i32 / n {
            let crd = g.get(i * n);
            let off = (s.iter_at(i * n).get().get() as usize - BASE) / 2;
            got.push(format!("box {i} crd {crd} smem {off}"));
        }
        assert_eq!(got, expected($name));
    }};
}

#[test]
fn nt_tma_partition_is_cutes() {
    // gemm_nt: A (M,K):(_1,M); sixteen (64,8) boxes per stage.
    case!("nt", Layout_MN_SW128_Atom<Half>, _512, (E<_0>, E<_1>));
}

#[test]
fn tn_tma_partition_is_cutes() {
    // gemm_tn: A (M,K):(K,_1); one (64,128) box (k, m) per stage.
    case!("tn", Layout_K_SW128_Atom<Half>, _8192, (E<_1>, E<_0>));
}
