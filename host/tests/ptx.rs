//! The embedded PTX: built for each architecture, with the kernels in it, static layout math
//! folded (no division), and accepted by `ptxas` when one is available.

use std::process::Command;

use cute_host::ptx;

mod ptx_text;
use ptx_text::{kernel_body, ptxas_entry, ptxas_or_skip, ptxas_v};

/// Whether this build has PTX; if not, prints why the test skips.
fn built() -> bool {
    match ptx::MISSING {
        Some(why) => {
            println!("skipped: no PTX was built: {why}");
            false
        }
        None => true,
    }
}

#[test]
fn every_architecture_is_embedded_with_its_target() {
    if !built() {
        return;
    }
    for p in ptx::ALL {
        assert!(
            p.text.contains(&format!(".target {}", p.arch)),
            "PTX for {} lacks its .target line",
            p.arch
        );
        assert!(p.text.contains(".entry layout_eval("), "{}", p.arch);
        assert_eq!(ptx::for_arch(p.arch), Some(p.text));
    }
    // sm_90a features (wgmma, TMA) need PTX ISA 8.0; the sm_80 module targets 7.4, the first
    // with cp.async's .L2::128B hint (host/build.rs).
    assert!(ptx::for_arch("sm_90a").unwrap().contains(".version 8."));
    assert!(ptx::for_arch("sm_80").unwrap().contains(".version 7.4"));
}

#[test]
fn static_layout_math_has_no_division() {
    if !built() {
        return;
    }
    for p in ptx::ALL {
        let body = kernel_body(p.text, "layout_eval");
        for op in ["div.", "rem."] {
            assert!(
                !body.contains(op),
                "{}: layout_eval contains `{op}`:\n{body}",
                p.arch
            );
        }
    }
}

/// The SGEMM kernels: the sm_80 module has them (and only it), and their static layout math left no
/// `div`/`rem` instruction. Dynamic M, N, K could need some (the k-tile count
/// `ceil_div(K, 8)`, `K / 8` for the k-tiles without residue, the CTA tile counts of
/// `local_tile` on dynamic shapes), but all of those divide by powers of two and LLVM emits
/// shifts, so none remains: the list of explained instructions is empty.
#[test]
fn sgemm_kernels_are_embedded_without_division() {
    if !built() {
        return;
    }
    const REQUIRED: [&str; 6] = [
        "sgemm_1_nt",
        "sgemm_1_tn",
        "sgemm_2_nt",
        "sgemm_2_nt_scalar",
        "sgemm_2_tn",
        "sgemm_2_tn_scalar",
    ];
    /// `div`/`rem` instructions allowed in a kernel, with why (none so far).
    const EXPLAINED: [(&str, &str); 0] = [];
    // SIMT kernels are built once, as sm_80 PTX (Hopper loads that module too).
    let sm80 = ptx::for_arch("sm_80").unwrap();
    let sm90 = ptx::for_arch("sm_90a").unwrap();
    for k in REQUIRED {
        assert!(
            !sm90.contains(&format!(".entry {k}(")),
            "{k} is built twice: it belongs in the sm_80 module only"
        );
        let body = kernel_body(sm80, k);
        for line in body.lines().map(str::trim) {
            let op = line.split_whitespace().next().unwrap_or("");
            if op.starts_with("div.") || op.starts_with("rem.") {
                assert!(
                    EXPLAINED
                        .iter()
                        .any(|(kk, o)| *kk == k && op.starts_with(o)),
                    "{k} has an unexplained `{line}`"
                );
            }
        }
        // build.rs gave it its launch bounds (256 threads, 2 CTAs per SM)
        assert!(
            body.contains(".maxntid 256, 1, 1") && body.contains(".minnctapersm 2"),
            "{k} has no launch bounds"
        );
        // the universal FMA is one fused instruction, and nothing spills to local memory
        assert!(body.contains("fma.rn.f32"), "{k} has no fma.rn.f32");
        assert!(!body.contains("st.local"), "{k} uses local memory");
    }
}

/// Owning register tensors and the algorithms on them (`tensor_fragment_gemm`: `make_rmem_tensor`,
/// `copy`, `clear`, thread-level `gemm`, `axpby` over static layouts) build for nvptx64 in every
/// architecture, and their static indexing folds: no `div`/`rem`, the fragments stay in
/// registers (no `.local` memory), and the FMA is one fused instruction. `ptxas_accepts_the_ptx`
/// assembles the whole file, this kernel included.
#[test]
fn register_tensor_kernel_is_embedded_without_division_or_local_memory() {
    if !built() {
        return;
    }
    for p in ptx::ALL {
        let body = kernel_body(p.text, "tensor_fragment_gemm");
        for line in body.lines().map(str::trim) {
            let op = line.split_whitespace().next().unwrap_or("");
            assert!(
                !op.starts_with("div.") && !op.starts_with("rem."),
                "{}: tensor_fragment_gemm has `{line}`",
                p.arch
            );
        }
        assert!(
            !body.contains(".local"),
            "{}: tensor_fragment_gemm uses local memory",
            p.arch
        );
        assert!(
            body.contains("fma.rn.f32"),
            "{}: tensor_fragment_gemm has no fma.rn.f32",
            p.arch
        );
    }
}

/// The four kernels of the `wgmma_tma_sm90.cu` port (sm_90a module).
const WGMMA_TMA_KERNELS: [&str; 4] = [
    "wgmma_tma_sm90_nt_f16",
    "wgmma_tma_sm90_tn_f16",
    "wgmma_tma_sm90_nt_bf16",
    "wgmma_tma_sm90_tn_bf16",
];

#[test]
fn wgmma_tma_kernels_use_wgmma_tma_and_mbarriers_without_division_or_local_memory() {
    if !built() {
        return;
    }
    let Some(text) = ptx::for_arch("sm_90a") else {
        println!("skipped: no sm_90a module in this build");
        return;
    };
    for name in WGMMA_TMA_KERNELS {
        let body = kernel_body(text, name);
        for needed in [
            "wgmma.mma_async.sync.aligned.m64n64k16",
            "cp.async.bulk.tensor.2d",
            "mbarrier.try_wait",
            "mbarrier.arrive.expect_tx",
            // the tensor maps are read in parameter space, 64-byte aligned (tma_descriptor_param!)
            "cvta.param.u64",
        ] {
            assert!(body.contains(needed), "{name} lacks `{needed}`");
        }
        for i in [3, 4] {
            let decl = format!(".param .align 64 .b8 {name}_param_{i}[128]");
            assert!(body.contains(&decl), "{name} lacks `{decl}`");
        }
        for bad in ["div.", "rem.", ".local", "ld.local", "st.local"] {
            assert!(!body.contains(bad), "{name} contains `{bad}`");
        }
        // C++'s ClusterBarrier::wait: try_wait with CUTLASS's suspend-time hint (0x989680 ns),
        // which ptxas turns into its sleeping wait loop; and no tensor-map prefetch, which the
        // tutorial does not do.
        let waits: Vec<&str> = body
            .lines()
            .filter(|l| l.starts_with("mbarrier.try_wait.parity.shared::cta.b64 P1,"))
            .collect();
        assert!(
            waits.len() >= 2,
            "{name}: C++'s wait loops (producer and consumer)"
        );
        for w in waits {
            // P1, [addr], phase, hint
            assert_eq!(
                w.split(',').count(),
                4,
                "{name}: `{w}` lacks the suspend-time hint"
            );
        }
        assert!(body.contains(", 10000000;"), "{name}: the hint 0x989680");
        assert!(
            !body.contains("prefetch.tensormap"),
            "{name} prefetches a tensor map"
        );
    }
}

#[test]
fn ptxas_accepts_the_ptx() {
    if !built() {
        return;
    }
    let Some(ptxas) = ptxas_or_skip() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("cute-ptxas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Each module for its own architecture, and the sm_80 module for Hopper too (the driver
    // compiles it for sm_90 when a Hopper device loads it).
    let jobs = ptx::ALL
        .iter()
        .map(|p| (p, p.arch))
        .chain([(&ptx::ALL[0], "sm_90a")]);
    for (p, arch) in jobs {
        let src = dir.join(format!("{}.ptx", p.arch));
        std::fs::write(&src, p.text).unwrap();
        let out = Command::new(&ptxas)
            .arg(format!("-arch={arch}"))
            .arg("-v")
            .arg(&src)
            .arg("-o")
            .arg(dir.join(format!("{}-{arch}.cubin", p.arch)))
            .output()
            .expect("running ptxas");
        let log = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "ptxas -arch={arch} {}.ptx failed:\n{log}",
            p.arch
        );
        println!("ptxas -arch={arch} {}.ptx:\n{log}", p.arch);
        // The Hopper GEMMs keep their accumulators in registers: no stack frame, no spills.
        for name in WGMMA_TMA_KERNELS {
            let head = format!("Function properties for {name}\n");
            match log.find(&head) {
                Some(at) => {
                    let props = log[at + head.len()..].lines().next().unwrap_or("");
                    assert!(
                        props.contains(
                            "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"
                        ),
                        "ptxas -arch={arch}: {name}: {props}"
                    );
                }
                None => assert!(p.arch != "sm_90a", "ptxas -v printed nothing for {name}"),
            }
        }
    }
}

/// The kernels of `hgemm_sm80`, every type and layout.
const HGEMM_SM80: [&str; 8] = [
    "hgemm_sm80_tn_f16_f32_f16",
    "hgemm_sm80_nt_f16_f32_f16",
    "hgemm_sm80_tn_f16_f32_f32",
    "hgemm_sm80_nt_f16_f32_f32",
    "hgemm_sm80_tn_bf16_f32_bf16",
    "hgemm_sm80_nt_bf16_f32_bf16",
    "hgemm_sm80_tn_f16_f16_f16",
    "hgemm_sm80_nt_f16_f16_f16",
];

/// `hgemm_sm80`: in the sm_80 module, with its tensor-core instructions (`mma.sync` of the
/// types' atom: 128 per k-tile, four k-slices of the warp's 4x8 MMAs; `ldmatrix`, `.trans`
/// for the m/n-major NT operands, 8 per k-slice and 8 before the loop; `cp.async`, 12 per
/// k-tile of a 128x256x64 CTA tile for each of the 2 prologue stages and the loop, with its
/// commit and its wait for `STAGES - 2 = 1` groups), its static layout math folded (no
/// `div`/`rem`: M, N, K enter only through compares, and the k-tile count divides by 64, a
/// shift) and no local memory.
#[test]
fn hgemm_sm80_kernels_use_the_tensor_core_instructions() {
    if !built() {
        return;
    }
    let ptx = ptx::for_arch("sm_80").unwrap();
    for name in HGEMM_SM80 {
        let body = kernel_body(ptx, name);
        let count = |s: &str| body.matches(s).count();
        let mma = if name.contains("bf16") {
            "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"
        } else if name.ends_with("f16_f16_f16") {
            "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"
        } else {
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
        };
        assert_eq!(count(mma), 128, "{name}: {mma}");
        let ldsm = if name.contains("_nt_") {
            "ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16"
        } else {
            "ldmatrix.sync.aligned.x4.m8n8.shared.b16"
        };
        assert_eq!(count(ldsm), 40, "{name}: {ldsm}");
        assert_eq!(count("cp.async.cg.shared.global"), 36, "{name}");
        assert!(count("cp.async.commit_group") > 0 && count("cp.async.wait_group 1") > 0);
        for op in ["div.", "rem.", ".local", "st.local", "ld.local"] {
            assert_eq!(count(op), 0, "{name} contains `{op}`");
        }
    }
}

/// `ptxas -v` of the sm_80 module for Hopper (where it runs): every `hgemm_sm80` kernel fits
/// the registers without spilling (254 registers with f32 accumulators, 204-216 with f16 ones
/// on CUDA 12.9; see benches/results/2026-11-25-h100-sm80-perf/ptxas-v.txt).
#[test]
fn hgemm_sm80_kernels_do_not_spill() {
    if !built() {
        return;
    }
    let Some(ptxas) = ptxas_or_skip() else {
        return;
    };
    let log = ptxas_v(&ptxas, ptx::for_arch("sm_80").unwrap(), "hgemm");
    for name in HGEMM_SM80 {
        let text = ptxas_entry(&log, name);
        println!("{text}");
        assert!(
            text.contains(" 0 bytes spill stores, 0 bytes spill loads"),
            "{name} spills:\n{text}"
        );
    }
}
