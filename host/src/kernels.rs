//! The kernels of `cute-kernels` on the host: the GEMM registry ([`GEMM_KERNELS`]) with one
//! [`KernelEntry`] and one launch function per GEMM kernel, and the other launches. Each
//! launch function does the only `unsafe` launch of its kernel, relying on the checks
//! [`crate::gemm::gemm`] made before calling it (see [`GemmLaunch`]).
//!
//! Adding a GEMM kernel: one `pub const NAME: KernelEntry` (its name, element types, layouts,
//! alignment, launch function) and its launch function, here or in a file of its own under
//! `host/src/kernels/` (declared with `mod` in the slots below), and one line in
//! [`GEMM_KERNELS`]. `cute gemm --kernel NAME`, the GPU tests' helpers and `cute bench --dtype`
//! (every registered kernel whose types have that input type) pick it up from there, and so
//! do the GPU tests `registered_kernels_match_the_f64_reference_*` (host/tests/gpu_gemm.rs).
//!
//! # Example: the entry of a half-precision kernel
//! ```
//! use cudarc::driver::{LaunchConfig, PushKernelArg};
//! use cute_host::gemm::{kernel_function, GemmLaunch, GemmLayout, GemmTypes, Indexing, KernelEntry};
//! use cute_host::{Error, Gpu};
//!
//! /// A tensor-core GEMM with 16-byte cp.async copies along the contiguous mode.
//! pub const HGEMM_EXAMPLE: KernelEntry = KernelEntry {
//!     name: "hgemm_example",
//!     about: "f16/bf16 in, f32 accumulate, 128x128x32 tiles, 3-stage cp.async pipeline",
//!     types: &[GemmTypes::F16_F32_F16, GemmTypes::BF16_F32_BF16],
//!     layouts: &[GemmLayout::Tn, GemmLayout::Nt],
//!     contiguous_multiple: 8, // 8 x 16 bits = one 16-byte copy
//!     shape_multiple: (1, 1, 1), // predicated edges
//!     indexing: Indexing::I32, // i32 offsets: A, B and C of at most 2^31-1 elements
//!     preconditions: None,
//!     fusion: false,
//!     launch: launch_hgemm_example,
//! };
//!
//! fn launch_hgemm_example(gpu: &Gpu, mut l: GemmLaunch<'_>) -> Result<(), Error> {
//!     const OP: &str = "hgemm_example";
//!     // one PTX entry per layout and type, e.g. hgemm_example_tn_f16
//!     let name = format!("{OP}_{}_{}", l.problem.layout, l.problem.types.input);
//!     let f = kernel_function(gpu, OP, &name)?;
//!     let (m, n, k) = l.mnk;
//!     let (lda, ldb, ldc) = l.ld;
//!     let (alpha, beta) = (l.problem.alpha, l.problem.beta);
//!     let (a, b) = l.ab_bits16(OP)?;
//!     let c = l.c_bits16(OP)?;
//!     let cfg = LaunchConfig {
//!         grid_dim: ((m as u32).div_ceil(128), (n as u32).div_ceil(128), 1),
//!         block_dim: (128, 1, 1),
//!         shared_mem_bytes: 3 * (128 + 128) * 32 * 2,
//!     };
//!     let mut launch = gpu.stream().launch_builder(&f);
//!     launch.arg(&m).arg(&n).arg(&k).arg(&alpha).arg(a).arg(&lda).arg(b).arg(&ldb);
//!     launch.arg(&beta).arg(c).arg(&ldc);
//!     // SAFETY: (in a real kernel: why the argument list matches the kernel's signature, and
//!     // why every access stays inside the buffers `gemm` checked.)
//!     unsafe { launch.launch(cfg) }?;
//!     Ok(())
//! }
//! # let _ = HGEMM_EXAMPLE;
//! ```
//! A kernel that needs more dynamic shared memory than 48 KiB sets the function's
//! `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES` first (`CudaFunction::set_attribute`).

use cudarc::driver::{CudaSlice, LaunchConfig, PushKernelArg};

use crate::error::Error;
use crate::gemm::{
    kernel_function, GemmLaunch, GemmLayout, GemmTypes, Indexing, Kernel, KernelEntry,
};
use crate::gpu::Gpu;
use std::str::FromStr;

// Kernels with files of their own (`host/src/kernels/NAME.rs`), grouped by family:
// - SM80 tensor cores:
mod hgemm_sm80;
pub use hgemm_sm80::HGEMM_SM80;
mod sgemm_sm80;
pub use sgemm_sm80::SGEMM_SM80;
// - the Hopper tutorial ports:
mod tile_order;
mod wgmma_sm90;
mod wgmma_tma_sm90;
pub use wgmma_sm90::WGMMA_SM90;
pub use wgmma_tma_sm90::WGMMA_TMA_SM90;
// - the Hopper GEMM family (the flagship and its members):
mod hopper_ws;
pub use hopper_ws::{HOPPER, MEMBER_ENTRIES};

/// The kernels before the Hopper family's members: the SIMT ports, the SM80 tensor-core
/// kernels, the Hopper tutorial ports and the family's flagship under its short name.
const SINGLE_KERNELS: [KernelEntry; 7] = [
    SGEMM_1,
    SGEMM_2,
    // SM80 tensor cores:
    HGEMM_SM80,
    SGEMM_SM80,
    // the Hopper tutorial ports:
    WGMMA_SM90,
    WGMMA_TMA_SM90,
    // the Hopper GEMM family:
    HOPPER,
];

/// Every GEMM kernel, in the order `cute bench` lists them: [`SINGLE_KERNELS`], then every
/// member of the Hopper family ([`MEMBER_ENTRIES`], one per `cute_kernels::gemm::members`
/// declaration).
pub const GEMM_KERNELS: &[KernelEntry] = &ALL_KERNELS;

/// The registry, by name: `Kernel`'s constants for the kernels other code names, every
/// kernel, and a kernel by its name (`cute gemm --kernel NAME`).
impl Kernel {
    /// The port of CuTe's `sgemm_1.cu`.
    pub const SGEMM_1: Kernel = Kernel::of(&SGEMM_1);
    /// The port of CuTe's `sgemm_2.cu`.
    pub const SGEMM_2: Kernel = Kernel::of(&SGEMM_2);
    /// Our SM80 tensor-core GEMM (f16/bf16).
    pub const HGEMM_SM80: Kernel = Kernel::of(&HGEMM_SM80);
    /// The port of CuTe's `sgemm_sm80.cu` (f16 TN, f32 NT/TN).
    pub const SGEMM_SM80: Kernel = Kernel::of(&SGEMM_SM80);

    /// Every registered kernel, in registry order.
    pub fn all() -> impl Iterator<Item = Kernel> {
        GEMM_KERNELS.iter().map(Kernel::of)
    }
    /// The kernel called `name`, if registered.
    pub fn by_name(name: &str) -> Option<Kernel> {
        Kernel::all().find(|k| k.name() == name)
    }
}

impl FromStr for Kernel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Kernel::by_name(s).ok_or_else(|| {
            let names: Vec<&str> = Kernel::all().map(Kernel::name).collect();
            format!("unknown kernel '{s}' ({})", names.join(", "))
        })
    }
}

const ALL_KERNELS: [KernelEntry; SINGLE_KERNELS.len() + MEMBER_ENTRIES.len()] = {
    let mut all = [SGEMM_1; SINGLE_KERNELS.len() + MEMBER_ENTRIES.len()];
    let mut i = 0;
    while i < SINGLE_KERNELS.len() {
        all[i] = SINGLE_KERNELS[i];
        i += 1;
    }
    let mut j = 0;
    while j < MEMBER_ENTRIES.len() {
        all[i + j] = MEMBER_ENTRIES[j];
        j += 1;
    }
    all
};

/// CTA tile `(BLK_M, BLK_N)` and threads per CTA of every `sgemm_*` kernel.
const SGEMM_BLK_M: usize = 128;
const SGEMM_BLK_N: usize = 128;
const SGEMM_THREADS: u32 = 256;

/// The port of CuTe's `sgemm_1.cu`: `local_tile` + `local_partition`, shared-memory staging.
pub const SGEMM_1: KernelEntry = KernelEntry {
    name: "sgemm_1",
    about: "port of sgemm_1.cu: local_tile + local_partition, smem staging (SIMT, f32)",
    types: &[GemmTypes::F32],
    layouts: &[GemmLayout::Nt, GemmLayout::Tn],
    contiguous_multiple: 1,
    shape_multiple: (1, 1, 1),
    indexing: Indexing::I32,
    preconditions: None,
    fusion: false,
    launch: launch_sgemm_1,
};

/// The port of CuTe's `sgemm_2.cu`: `TiledCopy` + `TiledMMA`, register prefetch of the next
/// k-tile.
pub const SGEMM_2: KernelEntry = KernelEntry {
    name: "sgemm_2",
    about: "port of sgemm_2.cu: TiledCopy + TiledMMA, register prefetch (SIMT, f32)",
    types: &[GemmTypes::F32],
    layouts: &[GemmLayout::Nt, GemmLayout::Tn],
    contiguous_multiple: 1,
    shape_multiple: (1, 1, 1),
    indexing: Indexing::I32,
    preconditions: None,
    fusion: false,
    launch: launch_sgemm_2,
};

fn launch_sgemm_1(gpu: &Gpu, l: GemmLaunch<'_>) -> Result<(), Error> {
    let tile = (SGEMM_BLK_M * 8 * 4) as u32;
    match l.problem.layout {
        GemmLayout::Nt => launch_sgemm(gpu, l, "sgemm_1_nt", 2 * tile),
        _ => launch_sgemm(gpu, l, "sgemm_1_tn", 2 * tile),
    }
}

/// `sgemm_2` moves A and B with 128-bit copies when every 4-value column starts 16-byte
/// aligned (NT: M and N multiples of 4; TN: K a multiple of 4, with the tight leading
/// dimensions), else its `_scalar` variant; TN pads shared memory to `(128,8):(1,132)` (cosize
/// 1052) per operand.
fn sgemm_2_variant(layout: GemmLayout, m: i32, n: i32, k: i32) -> (&'static str, u32) {
    let tile = (SGEMM_BLK_M * 8 * 4) as u32;
    let padded = (1052 * 4) as u32;
    match layout {
        GemmLayout::Nt if m % 4 == 0 && n % 4 == 0 => ("sgemm_2_nt", 2 * tile),
        GemmLayout::Nt => ("sgemm_2_nt_scalar", 2 * tile),
        _ if k % 4 == 0 => ("sgemm_2_tn", 2 * padded),
        _ => ("sgemm_2_tn_scalar", 2 * padded),
    }
}

fn launch_sgemm_2(gpu: &Gpu, l: GemmLaunch<'_>) -> Result<(), Error> {
    let (m, n, k) = l.mnk;
    let (name, smem) = sgemm_2_variant(l.problem.layout, m, n, k);
    launch_sgemm(gpu, l, name, smem)
}

/// The launch every `sgemm_*` kernel shares.
fn launch_sgemm(gpu: &Gpu, mut l: GemmLaunch<'_>, name: &str, smem: u32) -> Result<(), Error> {
    const OP: &str = "sgemm";
    let f = kernel_function(gpu, OP, name)?;
    let (m, n, k) = l.mnk;
    let (lda, ldb, ldc) = l.ld;
    let (alpha, beta) = (l.problem.alpha, l.problem.beta);
    let s = l.problem.shape;
    let cfg = LaunchConfig {
        grid_dim: (
            s.m.div_ceil(SGEMM_BLK_M) as u32,
            s.n.div_ceil(SGEMM_BLK_N) as u32,
            1,
        ),
        block_dim: (SGEMM_THREADS, 1, 1),
        shared_mem_bytes: smem,
    };
    let (a, b) = l.ab_f32(OP)?;
    let c = l.c_f32(OP)?;
    let mut launch = gpu.stream().launch_builder(&f);
    launch
        .arg(&m)
        .arg(&n)
        .arg(&k)
        .arg(&alpha)
        .arg(a)
        .arg(&lda)
        .arg(b)
        .arg(&ldb)
        .arg(&beta)
        .arg(c)
        .arg(&ldc);
    // SAFETY: every `sgemm_*` kernel is `(m: i32, n: i32, k: i32, alpha: f32, a: *const f32,
    // lda: i32, b: *const f32, ldb: i32, beta: f32, c: *mut f32, ldc: i32)`, pushed in that
    // order with those types. `gemm` checked (GemmLaunch) that the layout is NT or TN, M and N
    // are not zero, and a, b, c hold at least M*K, N*K, M*N floats; with the tight leading
    // dimensions the kernels touch A(m,k), B(n,k), C(m,n) only for m < M, n < N, k < K, i.e.
    // within those. The grid covers ceil(M/128) x ceil(N/128) CTA tiles of 256 threads, and
    // `smem` is the dynamic shared memory the kernel's tiles need (at most 8416 bytes, under
    // the 48 KiB default).
    unsafe { launch.launch(cfg) }?;
    Ok(())
}

/// Runs `layout_eval`: `out[i] = L(i % 128)` for the static layout
/// `((_4,_2),(_8,_2)):((_2,_64),(_8,_1))` (see the kernel).
pub fn layout_eval(gpu: &Gpu, out: &mut CudaSlice<i32>) -> Result<(), Error> {
    let n = i32::try_from(out.len()).map_err(|_| Error::Shape {
        op: "layout_eval",
        expected: "at most 2^31-1 elements".into(),
        got: out.len().to_string(),
    })?;
    let f = gpu.function("layout_eval")?;
    let cfg = LaunchConfig::for_num_elems(n as u32);
    let mut launch = gpu.stream().launch_builder(&f);
    launch.arg(out).arg(&n);
    // SAFETY: `layout_eval(out: *mut i32, n: i32)` writes out[i] for i < n, and `out` holds
    // n elements; the argument types and order match the kernel's signature.
    unsafe { launch.launch(cfg) }?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gemm::{check_problem, GemmProblem, GemmShape};

    #[test]
    fn kernel_names_parse_and_print() {
        assert_eq!("sgemm_2".parse::<Kernel>(), Ok(Kernel::SGEMM_2));
        assert!("sgemm_3"
            .parse::<Kernel>()
            .unwrap_err()
            .starts_with("unknown kernel 'sgemm_3' (sgemm_1, sgemm_2"));
        assert_eq!(Kernel::SGEMM_1.to_string(), "sgemm_1");
    }

    #[test]
    fn registry_names_are_unique_and_entries_consistent() {
        let names: Vec<&str> = Kernel::all().map(Kernel::name).collect();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[i + 1..].contains(n), "{n} registered twice");
        }
        for k in Kernel::all() {
            let e = k.entry();
            assert!(!e.types.is_empty() && !e.layouts.is_empty(), "{k}");
            assert!(e.contiguous_multiple >= 1, "{k}");
            for t in e.types {
                assert_eq!(k.default_types(t.input).map(|d| d.input), Some(t.input));
            }
        }
    }

    /// The SIMT kernels take any shape.
    #[test]
    fn simt_kernels_take_any_shape() {
        let p = GemmProblem {
            types: GemmTypes::F32,
            layout: GemmLayout::Tn,
            shape: GemmShape { m: 7, n: 9, k: 13 },
            alpha: 1.0,
            beta: 0.0,
        };
        assert!(check_problem(Kernel::SGEMM_2, &p).is_ok());
    }

    /// The limits are each kernel's: the Hopper family (64-bit offsets, tensor maps) takes a
    /// problem whose C has more than 2^31-1 elements, every other kernel refuses it in one
    /// sentence naming itself; an extent of 2^31 no kernel takes.
    #[test]
    fn matrices_past_2_31_elements_run_on_64_bit_kernels_only() {
        use crate::gemm::Indexing;
        // a language model's output layer (vocabulary 128256) over 32768 tokens
        let shape = GemmShape {
            m: 32768,
            n: 128256,
            k: 4096,
        };
        for k in Kernel::all() {
            let e = k.entry();
            let p = GemmProblem {
                types: e.types[0],
                layout: e.layouts[0],
                shape,
                alpha: 1.0,
                beta: 0.0,
            };
            let r = check_problem(k, &p);
            if crate::hopper::is_family(k.name()) {
                assert_eq!(e.indexing, Indexing::I64, "{k}");
                assert!(r.is_ok(), "{k}: {r:?}");
            } else {
                assert_eq!(e.indexing, Indexing::I32, "{k}");
                assert_eq!(
                    r.map_err(|e| e.to_string()),
                    Err(format!(
                        "{k}: expected A, B and C of at most 2^31-1 elements each ({k} addresses \
                         them with 32-bit offsets), got C = (M,N):(_1,M) of 4202692608 elements \
                         for (M,N,K) = (32768,128256,4096)"
                    )),
                    "{k}"
                );
            }
            let p = GemmProblem {
                shape: GemmShape {
                    m: 1 << 31,
                    n: 8,
                    k: 8,
                },
                ..p
            };
            assert_eq!(
                check_problem(k, &p).unwrap_err().to_string(),
                format!("{k}: expected M at most 2^31-1, got 2147483648")
            );
        }
        // the largest 32-bit problem still runs on the 32-bit kernels: C of 2^31-1 elements
        let p = GemmProblem {
            types: GemmTypes::F32,
            layout: GemmLayout::Nt,
            shape: GemmShape {
                m: 2147483647,
                n: 1,
                k: 1,
            },
            alpha: 1.0,
            beta: 0.0,
        };
        assert!(check_problem(Kernel::SGEMM_1, &p).is_ok());
        // A of 2^31 elements: refused, named
        let p = GemmProblem {
            shape: GemmShape {
                m: 65536,
                n: 1,
                k: 32768,
            },
            ..p
        };
        assert_eq!(
            check_problem(Kernel::SGEMM_1, &p).unwrap_err().to_string(),
            "sgemm_1: expected A, B and C of at most 2^31-1 elements each (sgemm_1 addresses them \
             with 32-bit offsets), got A = (M,K):(_1,M) of 2147483648 elements for (M,N,K) = \
             (65536,1,32768)"
        );
    }

    #[test]
    fn sgemm_2_picks_its_variant() {
        assert_eq!(
            sgemm_2_variant(GemmLayout::Nt, 7, 8, 9).0,
            "sgemm_2_nt_scalar"
        );
        assert_eq!(sgemm_2_variant(GemmLayout::Nt, 8, 8, 9).0, "sgemm_2_nt");
        assert_eq!(
            sgemm_2_variant(GemmLayout::Tn, 8, 8, 9),
            ("sgemm_2_tn_scalar", 8416)
        );
        assert_eq!(
            sgemm_2_variant(GemmLayout::Tn, 7, 9, 12),
            ("sgemm_2_tn", 8416)
        );
    }
}
