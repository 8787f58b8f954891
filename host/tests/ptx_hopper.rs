//! PTX checks of the Hopper GEMM family (`cute-kernels/src/gemm`): every kernel of every member
//! is in the sm_90a module only, with the launch bounds its declaration writes, both
//! `setmaxnreg`s and `BLK_K / MMA_K` `wgmma`s of the member's N and input type (`k16` for the
//! 16-bit members, `k32` for the 8-bit ones; the promoted ones' loop unrolled by two, adding the
//! partial sums in `f32`), no local memory (the pad kernels too); and, where `ptxas` is
//! available, it assembles every kernel with no stack frame, no spills and no warning (C7508
//! would say `setmaxnreg` was ignored, C7510 that a `wgmma` was serialized). The kernels with a
//! fused epilogue (the 16-bit members' and the closure example's) have the same structure and
//! their activations' approximate instructions; the plain kernels have none of them.

use cute_host::hopper::{MEMBERS, MEMBERS_8BIT};
use cute_host::ptx;
use cute_kernels::gemm::members::{QUICK_GELU_ENTRY, TYPES_8BIT};

mod ptx_text;
use ptx_text::{kernel_body, ptxas_or_skip, ptxas_v};

/// Every member's kernels (the plain ones, then those with a fused epilogue), with the member;
/// last the closure example, the flagship's.
fn kernels() -> impl Iterator<Item = (&'static cute_host::hopper::Member, &'static str)> {
    MEMBERS
        .iter()
        .chain(MEMBERS_8BIT)
        .flat_map(|m| m.entries.iter().chain(m.fused).map(move |&e| (m, e)))
        .chain([(&MEMBERS[0], QUICK_GELU_ENTRY)])
}

/// Whether `k` has a fused epilogue.
fn fused(k: &str) -> bool {
    k.ends_with("_bias_act") || k == QUICK_GELU_ENTRY
}

/// The copy of an unaligned m/n-major operand to a padded leading dimension.
const PAD: &str = "hopper_pad_rows_b16";
/// The copies of a padded C to an unaligned C.
const UNPAD: [&str; 2] = ["hopper_unpad_rows_b16", "hopper_unpad_rows_b32"];

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
fn hopper_kernels_have_their_structure() {
    let Some(sm90) = sm90() else { return };
    let sm80 = ptx::for_arch("sm_80").unwrap_or("");
    assert_eq!(
        kernels().count(),
        (16 + 2) * MEMBERS.len() + TYPES_8BIT.len() * MEMBERS_8BIT.len() + 1
    );
    for (m, k) in kernels() {
        assert!(
            !sm80.contains(&format!(".entry {k}(")),
            "{k} is in the sm_80 module"
        );
        let body = kernel_body(sm90, k);
        assert!(
            body.contains(".maxntid 384, 1, 1") && body.contains(".minnctapersm 1"),
            "{k}: no launch bounds (setmaxnreg needs a register cap at entry)"
        );
        assert!(
            body.contains("setmaxnreg.dec.sync.aligned.u32 40;"),
            "{k}: producer setmaxnreg"
        );
        assert!(
            body.contains("setmaxnreg.inc.sync.aligned.u32 232;"),
            "{k}: consumer setmaxnreg"
        );
        let (_, n, blk_k) = m.tile;
        // the input type: the kernel name's part before the output's
        let input = ["e4m3", "e5m2"]
            .into_iter()
            .find(|t| k.contains(&format!("_{t}_")));
        let (mma_k, types) = match input {
            Some(t) => (32, format!("m64n{n}k32.f32.{t}.{t}")),
            None => (16, format!("m64n{n}k16.f32")),
        };
        // the promoted mainloop issues its first k-tile, then two per trip (its two sets of
        // temporaries): the k-tile's GMMAs appear three times
        let copies = if m.promotion { 3 } else { 1 };
        assert_eq!(
            body.matches("wgmma.mma_async").count(),
            copies * (blk_k / mma_k) as usize,
            "{k}: BLK_K / {mma_k} m64n{n}k{mma_k} per k-tile ({copies} copies)"
        );
        assert!(body.contains(&types), "{k}: {types}, f32 accumulation");
        if m.promotion {
            // each k-tile's batch waited for, then its n/2 partial sums added in f32
            assert!(
                body.contains("wgmma.wait_group.sync.aligned 0;")
                    && body.matches("add.rn.f32").count() >= (n / 2) as usize,
                "{k}: no promotion of the partial sums"
            );
        }
        assert!(body.contains("cp.async.bulk.tensor.2d"), "{k}: TMA loads");
        // programmatic dependent launch: the next grid released, this one waiting for the
        // one before, each once, before the first TMA load
        let load = body.find("cp.async.bulk.tensor").unwrap();
        for pdl in ["griddepcontrol.launch_dependents;", "griddepcontrol.wait;"] {
            assert_eq!(body.matches(pdl).count(), 1, "{k}: one `{pdl}`");
            assert!(body.find(pdl).unwrap() < load, "{k}: `{pdl}` after a load");
        }
        assert!(!body.contains(".local"), "{k} uses local memory");
        // the built-in activations' approximations (GELU and SiLU through tanh, erf through
        // exp2 and a reciprocal), the example's sigmoid through tanh; none in a plain kernel
        let approx = [
            "tanh.approx.f32",
            "ex2.approx.ftz.f32",
            "rcp.approx.ftz.f32",
        ];
        let found: Vec<bool> = approx.iter().map(|i| body.contains(i)).collect();
        let want = match (fused(k), k == QUICK_GELU_ENTRY) {
            (true, false) => [true, true, true],
            (true, true) => [true, false, false],
            (false, _) => [false, false, false],
        };
        assert_eq!(found, want, "{k}: {approx:?}");
        let f32_out = k.ends_with("_f32");
        if m.tma_store[usize::from(f32_out)] {
            assert!(
                body.contains(".global.shared::cta.bulk_group"),
                "{k}: TMA store epilogue"
            );
            if f32_out {
                assert!(body.contains("st.shared.v2.f32"), "{k}: f32 pairs staged");
            }
        } else {
            assert!(
                !body.contains("bulk_group") && !body.contains("st.shared.v2.f32"),
                "{k}: a tile narrower than a TMA-store box stores from registers"
            );
        }
    }
}

/// The pad kernels: no local memory; in, eight 2-byte loads and one 16-byte store per row it
/// walks; out, eight scalar loads and eight scalar stores.
#[test]
fn pad_kernels_copy_rows_without_local_memory() {
    let Some(sm90) = sm90() else { return };
    let body = kernel_body(sm90, PAD);
    assert!(!body.contains(".local"), "{PAD} uses local memory");
    assert_eq!(
        body.matches("st.global.v4.b32").count(),
        1,
        "{PAD}: one 16-byte store"
    );
    assert!(
        body.matches("ld.global.b16").count() >= 8,
        "{PAD}: 2-byte loads"
    );
    for k in UNPAD {
        let body = kernel_body(sm90, k);
        assert!(!body.contains(".local"), "{k} uses local memory");
        // eight loads, then eight stores, per row
        assert_eq!(body.matches("ld.global.b").count(), 8, "{k}: 8 loads");
        assert_eq!(body.matches("st.global.b").count(), 8, "{k}: 8 stores");
    }
}

/// The members with clusters multicast B (`...multicast::cluster`) and release each stage in
/// every CTA of the cluster (`mapa` + `mbarrier.arrive.shared::cluster`); the others do
/// neither.
#[test]
fn cluster_members_multicast_and_release_across_the_cluster() {
    let Some(sm90) = sm90() else { return };
    for (m, k) in kernels() {
        let body = kernel_body(sm90, k);
        let multicast = body.contains(".multicast::cluster");
        let remote = body.contains("mbarrier.arrive.shared::cluster.b64") && body.contains("mapa");
        assert_eq!(multicast, m.cluster > 1, "{k}: multicast loads");
        assert_eq!(remote, m.cluster > 1, "{k}: releases in the cluster");
    }
}

/// Split-K's reduction inside every member's kernel (`cute-kernels/src/gemm/split_k.rs`):
/// the partial sums fenced at GPU scope before the tile's counter is incremented, the
/// warpgroup told whether it counted last through a reducing barrier, the other splits' sums
/// read past L1.
#[test]
fn every_member_reduces_its_splits_in_the_kernel() {
    let Some(sm90) = sm90() else { return };
    for (_, k) in kernels() {
        let body = kernel_body(sm90, k);
        for op in [
            "fence.acq_rel.gpu;",
            "atom.global.add.u32",
            "bar.red.or.pred",
            "ld.volatile.global.b32",
        ] {
            assert!(body.contains(op), "{k}: no `{op}`");
        }
    }
}

/// The multicast loads (`SM90_TMA_LOAD_MULTICAST_{2..5}D`: a 16-bit CTA mask before the cache
/// hint) and the stores (`SM90_TMA_STORE_{2..5}D`) as `cute-kernels/src/sm90_atoms.rs` issues
/// them; `ptxas_accepts_the_ptx` (`ptx.rs`) assembles the module for sm_90a.
#[test]
fn tma_multicast_and_store_atoms_have_cutes_instructions() {
    let Some(sm90) = sm90() else { return };
    let body = kernel_body(sm90, "sm90_tma_multicast_store_check");
    for (d, crds) in [(2, 2), (3, 3), (4, 4), (5, 5)] {
        let load = format!(
            "cp.async.bulk.tensor.{d}d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint"
        );
        let at = body
            .find(&load)
            .unwrap_or_else(|| panic!("no `{load}` in:\n{body}"));
        let line = body[at..].lines().next().unwrap();
        // [smem], [desc, {c0, .., c(d-1)}], [mbar], %rs<mask>, %rd<hint>;
        assert_eq!(line.matches(", ").count(), crds - 1 + 5, "{line}");
        assert!(line.contains(", %rs"), "a 16-bit mask register: {line}");
        assert!(line.trim_end().ends_with(';'), "{line}");
        let store = format!("cp.async.bulk.tensor.{d}d.global.shared::cta.bulk_group [");
        let at = body
            .find(&store)
            .unwrap_or_else(|| panic!("no `{store}` in:\n{body}"));
        let line = body[at..].lines().next().unwrap();
        assert_eq!(line.matches(", ").count(), crds - 1 + 2, "{line}");
    }
    assert!(body.contains("cp.async.bulk.commit_group;"));
    assert!(body.contains("cp.async.bulk.wait_group.read 0;"));
}

#[test]
fn ptxas_honours_setmaxnreg_without_spills() {
    let Some(sm90) = sm90() else { return };
    let Some(ptxas) = ptxas_or_skip() else {
        return;
    };
    let log = ptxas_v(&ptxas, sm90, "hopper");
    assert!(
        !log.to_lowercase().contains("warning"),
        "ptxas warned:\n{log}"
    );
    for (_, k) in kernels() {
        let at = log
            .find(&format!("Function properties for {k}\n"))
            .unwrap_or_else(|| panic!("{k} missing from the ptxas report:\n{log}"));
        let props = log[at..].lines().nth(1).unwrap_or("");
        assert!(
            props.contains("0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"),
            "{k}: {props}"
        );
        let used = log[at..].lines().nth(2).unwrap_or("");
        assert!(used.contains("Used 168 registers"), "{k}: {used}");
    }
    println!("{log}");
}
