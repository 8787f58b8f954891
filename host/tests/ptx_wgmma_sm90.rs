//! PTX checks of the port of `wgmma_sm90.cu` (`cute-kernels/src/tutorial/wgmma_sm90.rs`): each
//! kernel is in the sm_90a module only, issues 16 `wgmma.mma_async` per k-tile (4 k-blocks x
//! the 2x2 atoms of `gemm(mma, tCrA, tCrB, tCrC)`) from descriptors, fills the stages with
//! `cp.async`, has no division or remainder (static layouts fold) and no local memory; and,
//! where `ptxas` is available, it assembles with no stack frame, no spills, and no serialized
//! GMMA (ptxas's C7517/C7519 notes say it had to insert waits because registers fed to or
//! defined by a `wgmma` were touched while it was in flight).

use cute_host::ptx;

mod ptx_text;
use ptx_text::{kernel_body, ptxas_or_skip, ptxas_v};

const KERNELS: [&str; 4] = [
    "wgmma_sm90_nt_f16",
    "wgmma_sm90_tn_f16",
    "wgmma_sm90_nt_bf16",
    "wgmma_sm90_tn_bf16",
];

fn sm90() -> Option<&'static str> {
    if let Some(why) = ptx::MISSING {
        println!("skipped: no PTX was built: {why}");
        return None;
    }
    let p = ptx::for_arch("sm_90a");
    if p.is_none_or(|t| !t.contains(".entry ")) {
        println!("skipped: this build has no sm_90a module");
        return None;
    }
    p
}

#[test]
fn wgmma_sm90_kernels_use_wgmma_and_cp_async_without_division_or_local_memory() {
    let Some(sm90) = sm90() else { return };
    let sm80 = ptx::for_arch("sm_80").unwrap_or("");
    for k in KERNELS {
        assert!(
            !sm80.contains(&format!(".entry {k}(")),
            "{k} is in the sm_80 module"
        );
        let body = kernel_body(sm90, k);
        assert_eq!(
            body.matches("wgmma.mma_async.sync.aligned.m64n64k16")
                .count(),
            16,
            "{k}: 4 k-blocks x 2x2 atoms per k-tile"
        );
        let acc = if k.ends_with("_f16") {
            "m64n64k16.f16.f16.f16"
        } else {
            "m64n64k16.f32.bf16.bf16"
        };
        assert!(body.contains(acc), "{k}: {acc}");
        for needed in [
            "cp.async.ca.shared.global",
            "cp.async.commit_group",
            "cp.async.wait_all",
            "fence.proxy.async.shared::cta",
            "wgmma.fence.sync.aligned",
            "wgmma.commit_group.sync.aligned",
            "wgmma.wait_group.sync.aligned 0",
        ] {
            assert!(body.contains(needed), "{k} lacks `{needed}`");
        }
        for bad in ["div.", "rem.", ".local"] {
            assert!(!body.contains(bad), "{k} contains `{bad}`");
        }
    }
}

#[test]
fn ptxas_assembles_wgmma_sm90_without_stack_spills_or_serialized_gmma() {
    let Some(sm90) = sm90() else { return };
    let Some(ptxas) = ptxas_or_skip() else {
        return;
    };
    let log = ptxas_v(&ptxas, sm90, "wgmma-sm90");
    for k in KERNELS {
        let at = log
            .find(&format!("Function properties for {k}\n"))
            .unwrap_or_else(|| panic!("{k} missing from the ptxas report:\n{log}"));
        let props = log[at..].lines().nth(1).unwrap_or("");
        assert!(
            props.contains("0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"),
            "{k}: {props}"
        );
        let used = log[at..].lines().nth(2).unwrap_or("");
        println!("{k}: {} / {}", props.trim(), used.trim());
        for line in log.lines() {
            assert!(
                !(line.contains(&format!("function '{k}'")) && line.contains("(C75")),
                "{k}: ptxas serialized the GMMAs: {line}"
            );
        }
    }
}
