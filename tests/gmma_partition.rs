//! `partition_fragment_A/B` of the Hopper tutorials' shared-memory stages yields tensors of GMMA
//! descriptors, as C++ CuTe's does (`MMA_Traits<SM90_64xNx16_*_SS>::FrgTypeA =
//! GMMA::smem_desc<Major>`, `GMMA::DescriptorIterator`): the partition's layout, the descriptor
//! tensor's layout and the descriptor at every index are compared with
//! `tests/cpp/gmma_partition.expected` (C++ output of `tests/cpp/gmma_partition.cpp`).
//!
//! `wgmma_sm90.cu` and `wgmma_tma_sm90.cu` use the same stages (`tile_to_shape` of
//! `Layout_{MN,K}_SW128_Atom` over `(128,64,3)`) and TiledMMAs (one `SM90_64x64x16_*_SS`); the
//! cases cover NT and TN, `half_t` and `bfloat16_t`, and a 2x1 tiling of the atom (256 threads,
//! thread 200 in the second atom row) where the thread's offset reaches the start address.

use cute_core::arch::mma_sm90_gmma::GMMA::Major;
use cute_core::arch::mma_sm90_gmma::*;
use cute_core::atom::mma_atom::make_tiled_mma_unpermuted;
use cute_core::atom::mma_traits_sm90_gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use cute_core::numeric::numeric_types::{BFloat16, Half};
use cute_core::prelude::*;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

/// The lines of case `name` of tests/cpp/gmma_partition.expected.
fn expected(name: &str) -> Vec<&'static str> {
    let all = include_str!("cpp/gmma_partition.expected");
    let head = format!("@@ {name}\n");
    let start = all.find(&head).unwrap_or_else(|| panic!("no case {name}")) + head.len();
    let rest = &all[start..];
    let end = rest.find("@@ ").unwrap_or(rest.len());
    rest[..end].lines().collect()
}

/// The shared-memory base address the tests use (1024-byte aligned, as the 128-byte swizzle
/// needs); C++ on the host computes every start address from 0.
const BASE: u32 = 0x1_0400;

/// Checks one case: `lines` are the C++ lines after `@@ name`; `got` our lines in the same
/// order, except that the descriptors are compared after adding the base address (and the
/// partition's own offset, which C++ cannot see on the host) to C++'s start addresses.
fn check(name: &str, got_layouts: [String; 5], desc_a: &[u64], desc_b: &[u64]) {
    let want = expected(name);
    let labels = ["sA   : ", "tCsA : ", "tCrA : ", "tCsB : ", "tCrB : "];
    for (i, label) in labels.iter().enumerate() {
        assert_eq!(format!("{label}{}", got_layouts[i]), want[i], "{name}");
    }
    let offs: Vec<u32> = want[5]
        .split(' ')
        .filter_map(|w| w.parse::<u32>().ok())
        .collect();
    for (line, got, off) in [(want[6], desc_a, offs[0]), (want[7], desc_b, offs[1])] {
        let cpp: Vec<u64> = line[2..]
            .split(' ')
            .map(|h| u64::from_str_radix(h, 16).unwrap())
            .collect();
        assert_eq!(cpp.len(), got.len(), "{name}: number of descriptors");
        let shift = ((BASE + 2 * off) >> 4) as u64;
        for (i, (&c, &g)) in cpp.iter().zip(got).enumerate() {
            assert_eq!(
                c + shift,
                g,
                "{name}: descriptor {i}: C++ {c:#x} + {shift:#x}"
            );
        }
    }
}

macro_rules! case {
    ($name:literal, $T:ty, $Atom:ty, $Op:ty, $atoms:expr, $thr:expr) => {{
        let stages = tile_to_shape(<$Atom>::default(), (_128, _64, _3));
        // SAFETY: the tensors are only partitioned and turned into descriptors, never read.
        let s_a = unsafe { make_tensor_swizzled(make_smem_ptr(BASE as usize as *mut $T), stages) };
        let mma = make_tiled_mma_unpermuted(<$Op>::default(), $atoms);
        let thr_mma = mma.get_slice($thr);
        let t_cs_a = thr_mma.partition_a(s_a);
        let t_cr_a = thr_mma.make_fragment_a(&t_cs_a);
        let t_cs_b = thr_mma.partition_b(s_a);
        let t_cr_b = thr_mma.partition_fragment_b(s_a);
        let da: Vec<u64> = (0..t_cr_a.size().value() as i32)
            .map(|i| t_cr_a.get(i).desc)
            .collect();
        let db: Vec<u64> = (0..t_cr_b.size().value() as i32)
            .map(|i| t_cr_b.get(i).desc)
            .collect();
        // The partition's first element relative to the stage (C++'s "offset" lines).
        assert_eq!(
            (t_cs_a.data().get().get() as usize - BASE as usize) / 2,
            expected($name)[5]
                .split(' ')
                .nth(1)
                .unwrap()
                .parse::<usize>()
                .unwrap()
        );
        check(
            $name,
            [
                s_a.layout().to_string(),
                t_cs_a.layout().to_string(),
                t_cr_a.to_string(),
                t_cs_b.layout().to_string(),
                t_cr_b.to_string(),
            ],
            &da,
            &db,
        );
    }};
}

type NtF16 = SM90_64x64x16_F16F16F16_SS<Major::MN, Major::MN>;
type TnF16 = SM90_64x64x16_F16F16F16_SS<Major::K, Major::K>;
type NtBf16 = SM90_64x64x16_F32BF16BF16_SS<Major::MN, Major::MN>;
type TnBf16 = SM90_64x64x16_F32BF16BF16_SS<Major::K, Major::K>;

#[test]
fn nt_f16_descriptors_are_cutes() {
    case!(
        "NT f16 thr0",
        Half,
        Layout_MN_SW128_Atom<Half>,
        NtF16,
        make_layout((_1, _1, _1), LayoutLeft),
        0i32
    );
}

#[test]
fn tn_f16_descriptors_are_cutes() {
    case!(
        "TN f16 thr0",
        Half,
        Layout_K_SW128_Atom<Half>,
        TnF16,
        make_layout((_1, _1, _1), LayoutLeft),
        0i32
    );
}

#[test]
fn bf16_descriptors_are_cutes() {
    case!(
        "NT bf16 thr77",
        BFloat16,
        Layout_MN_SW128_Atom<BFloat16>,
        NtBf16,
        make_layout((_1, _1, _1), LayoutLeft),
        77i32
    );
    case!(
        "TN bf16 thr77",
        BFloat16,
        Layout_K_SW128_Atom<BFloat16>,
        TnBf16,
        make_layout((_1, _1, _1), LayoutLeft),
        77i32
    );
}

#[test]
fn two_atoms_in_m_offset_the_start_address() {
    case!(
        "TN f16 2x1 atoms thr200",
        Half,
        Layout_K_SW128_Atom<Half>,
        TnF16,
        make_layout((_2, _1, _1), LayoutLeft),
        200i32
    );
    case!(
        "NT f16 2x1 atoms thr200",
        Half,
        Layout_MN_SW128_Atom<Half>,
        NtF16,
        make_layout((_2, _1, _1), LayoutLeft),
        200i32
    );
}
