//! The PTX of the `sgemm_sm80` port: each `copy` of a TiledCopy issues the atom's
//! instruction once per value group (`cp.async` of 16 or 4 bytes, `ldmatrix.x4`), `gemm(mma,
//! ...)` one `mma.sync` per atom, the static layout math folds (no `div`/`rem`) and nothing
//! goes to local memory; `ptxas -v` (sm_90a, where it runs) registers and spills.

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

const KERNELS: [&str; 3] = ["sgemm_sm80_tn_half", "sgemm_sm80_nt", "sgemm_sm80_tn"];

/// Instruction counts, from the tutorial's tiles:
/// - half TN, per k-tile (the main loop's body, 4 k-blocks of 16): 128x128x64 over 4 warps is
///   `4 x (128/16) x (128/8) / 4 = 128` `mma.sync` per thread; `ldmatrix.x4` per k-block 4 for
///   A (`MMA_M` = 4 atom columns) and 4 for B, so 32 in the loop and 8 before it; `cp.async`
///   of 16 bytes: 128x64 halves / (128 threads x 8) = 8 per operand per k-tile, 16 in the loop
///   and 32 in the prologue's 2 stages.
/// - float NT: one 16-byte `cp.async` per operand per k-tile (128x8 / (256 x 4)), 2 in the
///   loop and 4 in the prologue; float TN: 4-byte ones, 4 per operand, 8 and 16. Both: 8
///   k-blocks of 8x8 FMAs (512 `fma.rn.f32`).
#[test]
fn sgemm_sm80_issues_one_instruction_per_atom() {
    if !built() {
        return;
    }
    let ptx = ptx::for_arch("sm_80").unwrap();
    for name in KERNELS {
        let body = kernel_body(ptx, name);
        let count = |s: &str| body.matches(s).count();
        let (mma, ldsm, cp16, cp4, fma) = match name {
            "sgemm_sm80_tn_half" => (128, 40, 48, 0, 0),
            "sgemm_sm80_nt" => (0, 0, 6, 0, 512),
            _ => (0, 0, 0, 24, 512),
        };
        println!(
            "{name}: mma.sync {}, ldmatrix {}, cp.async {}, fma {}",
            count("mma.sync"),
            count("ldmatrix"),
            count("cp.async.ca.shared.global"),
            count("fma.rn.f32")
        );
        assert_eq!(
            count("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"),
            mma,
            "{name}"
        );
        assert_eq!(count("mma.sync"), mma, "{name}");
        assert_eq!(
            count("ldmatrix.sync.aligned.x4.m8n8.shared.b16"),
            ldsm,
            "{name}"
        );
        assert_eq!(count("ldmatrix"), ldsm, "{name}");
        assert_eq!(count("], 16, "), cp16, "{name}: 16-byte cp.async");
        assert_eq!(count("], 4, "), cp4, "{name}: 4-byte cp.async");
        assert_eq!(count("cp.async.ca.shared.global"), cp16 + cp4, "{name}");
        // nvcc's form of CuTe's cp.async atoms: with the L2 prefetch hint (PTX ISA 7.4+).
        assert_eq!(
            count("cp.async.ca.shared.global.L2::128B"),
            cp16 + cp4,
            "{name}: cp.async without .L2::128B"
        );
        assert_eq!(count("fma.rn.f32"), fma, "{name}");
        // the tutorial's cp_async_wait<K_PIPE_MAX-2> (1), before the loop and in it
        assert_eq!(count("cp.async.wait_group 1"), 2, "{name}");
        assert!(count("cp.async.commit_group") > 0, "{name}");
        for op in ["div.", "rem.", ".local", "st.local", "ld.local"] {
            assert_eq!(count(op), 0, "{name} contains `{op}`");
        }
        assert!(body.contains(".maxntid"), "{name}: launch bounds");
        // The half kernel's f16 accumulators stay packed two to a 32-bit register from one
        // `mma.sync` to the next (the atom reads and writes the fragment as its registers):
        // packing them (`and.b32 .., 65535` with `shl.b32 .., 16` and `or.b32`) around every
        // `mma.sync` made the main loop 817 instructions per k-tile instead of 559.
        assert_eq!(
            count(", 65535;"),
            0,
            "{name}: 16-bit values packed into registers"
        );
    }
}

/// `ptxas -v` of the sm_80 module for Hopper: no spills, and the registers printed (the
/// benchmark notes in benches/results/2026-11-25-h100-sm80-port cite them).
#[test]
fn sgemm_sm80_does_not_spill() {
    if !built() {
        return;
    }
    let Some(ptxas) = ptxas_or_skip() else {
        return;
    };
    let log = ptxas_v(&ptxas, ptx::for_arch("sm_80").unwrap(), "sgemm-sm80");
    for name in KERNELS {
        let text = ptxas_entry(&log, name);
        println!("{text}");
        assert!(
            text.contains("0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"),
            "{name} spills:\n{text}"
        );
    }
}
