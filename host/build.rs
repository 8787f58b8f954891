//! Builds `cute-kernels` to PTX for each target architecture and leaves the files in
//! `OUT_DIR` for `src/ptx.rs` to embed.
//!
//! The device build is a child `cargo build` for `nvptx64-nvidia-cuda` with
//! `-Zbuild-std=core`; `RUSTC_BOOTSTRAP=1` (needed for `-Zbuild-std`, `abi_ptx` and `asm!` on
//! nvptx) is set for that child only. Each architecture has its own target directory so both
//! stay cached. No CUDA installation is needed: rustc's LLVM emits the PTX. Setting
//! `CUTE_SKIP_PTX=1` embeds no PTX (the host then reports `MissingPtx`), for machines whose
//! toolchain lacks `rust-src`.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Architectures built, as `(target-cpu, file stem)`.
const ARCHS: [&str; 2] = ["sm_80", "sm_90a"];

/// CUDA's `__launch_bounds__(max_threads, min_blocks_per_sm)` of the kernels that have them:
/// Rust has no attribute for PTX's `.maxntid` / `.minnctapersm`, so they are added to the
/// kernels' PTX here. All SGEMMs run 256 threads (the tutorials' `__launch_bounds__` of
/// `size(CThreadLayout)`), and two CTAs per SM: `ptxas` then keeps them at 128 registers.
/// Measured on the H100: `sgemm_1_tn` 20.5 -> 25.7 TFLOP/s at 4096^3 (168 registers, one CTA
/// per SM, without; 128 registers and a few spills with).
const LAUNCH_BOUNDS: [(&str, u32, u32); 6] = [
    ("sgemm_1_nt", 256, 2),
    ("sgemm_1_tn", 256, 2),
    ("sgemm_2_nt", 256, 2),
    ("sgemm_2_nt_scalar", 256, 2),
    ("sgemm_2_tn", 256, 2),
    ("sgemm_2_tn_scalar", 256, 2),
];

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let workspace = manifest.parent().unwrap().to_path_buf();
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    println!(
        "cargo:rerun-if-changed={}",
        workspace.join("cute-kernels").display()
    );
    println!(
        "cargo:rerun-if-changed={}",
        workspace.join("cute-core/src").display()
    );
    println!("cargo:rerun-if-env-changed=CUTE_SKIP_PTX");

    for arch in ARCHS {
        let dest = out.join(format!("{arch}.ptx"));
        if env::var_os("CUTE_SKIP_PTX").is_some() {
            fs::write(&dest, "").unwrap();
            continue;
        }
        let ptx = build_ptx(&workspace, arch);
        let text =
            fs::read_to_string(&ptx).unwrap_or_else(|e| panic!("reading {}: {e}", ptx.display()));
        fs::write(&dest, with_launch_bounds(&text))
            .unwrap_or_else(|e| panic!("writing {}: {e}", dest.display()));
    }
}

/// `ptx` with the [`LAUNCH_BOUNDS`] directives after each listed kernel's parameter list
/// (`.entry name(...)` is followed by the directives, then the body's `{`).
fn with_launch_bounds(ptx: &str) -> String {
    let mut out = ptx.to_string();
    for (name, threads, blocks) in LAUNCH_BOUNDS {
        let Some(start) = out.find(&format!(".entry {name}(")) else {
            panic!("the device build has no kernel {name} (listed in LAUNCH_BOUNDS)");
        };
        let params_end = start
            + out[start..]
                .find(')')
                .expect("the kernel's parameter list ends");
        let directives = format!("\n.maxntid {threads}, 1, 1\n.minnctapersm {blocks}\n");
        out.insert_str(params_end + 1, &directives);
    }
    out
}

fn build_ptx(workspace: &Path, arch: &str) -> PathBuf {
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // The device build gets its own directory under the target directory, one per arch.
    let target_root = env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace.join("target"));
    let target_dir = target_root.join("ptx").join(arch);
    let mut cmd = Command::new(cargo);
    cmd.current_dir(workspace)
        .args(["build", "--release", "-p", "cute-kernels", "--lib"])
        .args(["--target", "nvptx64-nvidia-cuda", "-Zbuild-std=core"])
        .arg("--target-dir")
        .arg(&target_dir)
        .env("RUSTC_BOOTSTRAP", "1")
        .env(
            "CARGO_ENCODED_RUSTFLAGS",
            // CuTe marks its loops over static extents `CUTE_UNROLL`; Rust has no unroll
            // pragma, so the device build raises LLVM's full-unroll threshold instead: the
            // SGEMM mainloops (8x8x8 FMAs per k-tile) and epilogues (8x8 predicated stores)
            // keep their fragments in registers only when unrolled. 2000 left sgemm_2's
            // predicated epilogue rolled (its accumulators went to a 256-byte local array);
            // 6000 unrolls it, for a device build of 94 s instead of 75 s.
            format!("-Ctarget-cpu={arch}\x1f-Cpanic=abort\x1f-Cllvm-args=-unroll-threshold=6000"),
        )
        // The parent build's settings must not leak into the device build.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("CARGO_PROFILE_RELEASE_DEBUG");
    let status = cmd.status().expect("running cargo for the device build");
    if !status.success() {
        panic!(
            "the device build of cute-kernels for {arch} failed (see above). It needs the \
             rustup components listed in rust-toolchain.toml (rust-src, llvm-bitcode-linker); \
             set CUTE_SKIP_PTX=1 to build the host without PTX."
        );
    }
    target_dir.join("nvptx64-nvidia-cuda/release/cute_kernels.ptx")
}
