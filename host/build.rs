//! Builds `cute-kernels` to PTX and leaves the files in `OUT_DIR` for `src/ptx.rs` to embed.
//!
//! Each PTX module is a child `cargo rustc` of `cute-kernels` for `nvptx64-nvidia-cuda` with
//! `-Zbuild-std=core`; `RUSTC_BOOTSTRAP=1` (needed for `-Zbuild-std`, `abi_ptx` and `asm!` on
//! nvptx) is set for that child only. A module holds the kernels of one architecture family
//! (a cargo feature of `cute-kernels`), built once for the oldest architecture that runs them:
//! `sm_80` PTX also loads on Hopper (the driver compiles it for sm_90), so SM80 kernels are not
//! built a second time for `sm_90a`. The modules build in parallel, each in its own target
//! directory so each stays cached. No CUDA installation is needed: rustc's LLVM emits the PTX.
//!
//! The device build needs the rustup components `rust-src` (to build `core`) and
//! `llvm-bitcode-linker` (to link the `cdylib` into one `.ptx`). rustup does not add the
//! components of `rust-toolchain.toml` to a toolchain that is already installed, so this
//! script adds them itself when they are missing, saying so in one line. Where they cannot be
//! had, or `CUTE_SKIP_PTX=1` is set, the host is built without PTX and `ptx::MISSING` says
//! why (the `cute` tool prints it instead of running GPU work); `CUTE_REQUIRE_PTX=1` (CI)
//! makes that an error instead. `CUTE_PTX_ONLY=sm_90a` (a comma-separated list of archs) builds
//! only those modules, leaving the others empty: a development shortcut while working on one
//! architecture's kernels (the tools then treat the others as absent).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::Instant;

#[path = "build/device_linker.rs"]
mod device_linker;

/// One embedded PTX module: the file stem (`ptx::ALL` names the same files), the `target-cpu`
/// it is built for, the PTX ISA version it targets (a `target-feature`), and the
/// `cute-kernels` feature that selects its kernels.
struct Module {
    arch: &'static str,
    ptx: &'static str,
    feature: &'static str,
}

/// The modules, oldest architecture first. LLVM's default PTX version for `sm_80` is 7.0; 7.4
/// brings `cp.async`'s `.L2::128B` prefetch hint, which nvcc emits for CuTe's `cp.async` atoms
/// (`arch::copy_sm80` emits it under `cfg(target_feature = "ptx74")`). `sm_90a` needs PTX 8.0,
/// LLVM's default there, named so that the `cfg` sees it too.
const MODULES: [Module; 2] = [
    Module {
        arch: "sm_80",
        ptx: "ptx74",
        feature: "sm80",
    },
    Module {
        arch: "sm_90a",
        ptx: "ptx80",
        feature: "sm90",
    },
];

/// The rustup components the device build needs, as `rust-toolchain.toml` lists them.
const COMPONENTS: [&str; 3] = ["rust-src", "llvm-tools", "llvm-bitcode-linker"];

/// CUDA's `__launch_bounds__(max_threads, min_blocks_per_sm)` of the kernels that have them:
/// Rust has no attribute for PTX's `.maxntid` / `.minnctapersm`, so they are added to the
/// kernels' PTX here. All SGEMMs run 256 threads (the tutorials' `__launch_bounds__` of
/// `size(CThreadLayout)`), and two CTAs per SM: `ptxas` then keeps them at 128 registers.
/// Measured on the H100: `sgemm_1_tn` 20.5 -> 25.7 TFLOP/s at 4096^3 (168 registers, one CTA
/// per SM, without; 128 registers and a few spills with).
/// A kernel may also declare its own: an entry whose body holds the comment
/// `// cute:launch_bounds THREADS BLOCKS` (an empty `asm!`, as the GEMM family's entries write
/// it from their one declaration) gets those directives.
const LAUNCH_BOUNDS: [(&str, u32, u32); 9] = [
    ("sgemm_1_nt", 256, 2),
    ("sgemm_1_tn", 256, 2),
    ("sgemm_2_nt", 256, 2),
    ("sgemm_2_nt_scalar", 256, 2),
    ("sgemm_2_tn", 256, 2),
    ("sgemm_2_tn_scalar", 256, 2),
    // sgemm_sm80.cu's __launch_bounds__(size(TiledMma)): no minimum of blocks in C++
    ("sgemm_sm80_tn_half", 128, 1),
    ("sgemm_sm80_nt", 256, 1),
    ("sgemm_sm80_tn", 256, 1),
];

/// Set for the device build's rustc: the path of the real `llvm-bitcode-linker`. A process of
/// this build script that finds it set is the device build's linker ([`device_linker::run`]).
const LINKER_ENV: &str = "CUTE_DEVICE_LINKER";

fn main() {
    if let Some(real) = env::var_os(LINKER_ENV) {
        device_linker::run(real);
    }
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
    println!("cargo:rerun-if-env-changed=CUTE_REQUIRE_PTX");
    println!("cargo:rerun-if-env-changed=CUTE_PTX_ONLY");

    let linker = if env::var_os("CUTE_SKIP_PTX").is_some() {
        Err("the host was built with CUTE_SKIP_PTX=1".to_string())
    } else {
        ensure_components(&workspace)
    };
    let linker = match linker {
        Ok(real) => real,
        Err(why) => {
            if env::var_os("CUTE_REQUIRE_PTX").is_some() {
                panic!("CUTE_REQUIRE_PTX is set but the PTX cannot be built: {why}");
            }
            println!("cargo:warning=building without GPU kernels: {why}");
            println!("cargo:rustc-env=CUTE_PTX_MISSING={why}");
            for m in &MODULES {
                fs::write(out.join(format!("{}.ptx", m.arch)), "").unwrap();
            }
            return;
        }
    };
    println!("cargo:rustc-env=CUTE_PTX_MISSING=");
    let wrapper = install_device_linker(&target_root(&workspace));

    // Start every module's build, then collect them: independent builds run side by side.
    let started = Instant::now();
    let only = env::var("CUTE_PTX_ONLY").ok();
    let wanted = |m: &&Module| {
        only.as_deref()
            .is_none_or(|o| o.split(',').any(|a| a == m.arch))
    };
    for m in MODULES.iter().filter(|m| !wanted(m)) {
        fs::write(out.join(format!("{}.ptx", m.arch)), "").unwrap();
    }
    let builds: Vec<(&Module, Child, PathBuf)> = MODULES
        .iter()
        .filter(wanted)
        .map(|m| {
            let (child, ptx) = spawn_device_build(&workspace, m, &wrapper, &linker);
            (m, child, ptx)
        })
        .collect();
    // Wait for each build as it ends (so its time is its own), then embed its PTX.
    let mut pending = builds;
    let mut seconds = String::new();
    while !pending.is_empty() {
        let mut i = 0;
        while i < pending.len() {
            let status = pending[i]
                .1
                .try_wait()
                .expect("waiting for the device build");
            let Some(status) = status else {
                i += 1;
                continue;
            };
            let (m, _, ptx) = pending.swap_remove(i);
            if !status.success() {
                panic!(
                    "the device build of cute-kernels for {} (feature {}) failed: see the \
                     errors above",
                    m.arch, m.feature
                );
            }
            let text = fs::read_to_string(&ptx)
                .unwrap_or_else(|e| panic!("reading {}: {e}", ptx.display()));
            let dest = out.join(format!("{}.ptx", m.arch));
            fs::write(&dest, with_tma_param_alignment(&with_launch_bounds(&text)))
                .unwrap_or_else(|e| panic!("writing {}: {e}", dest.display()));
            seconds += &format!("{} {:.1}\n", m.arch, started.elapsed().as_secs_f64());
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // benches/build_times.sh reads how long the device build took (all modules together).
    fs::write(
        out.join("device_build_seconds"),
        format!("all {:.1}\n{seconds}", started.elapsed().as_secs_f64()),
    )
    .unwrap();
}

/// Checks that the active toolchain has the components the device build needs and, where
/// some are missing, asks rustup to add them. `Ok` is the path of its `llvm-bitcode-linker`,
/// `Err` says why the PTX cannot be built.
fn ensure_components(workspace: &Path) -> Result<PathBuf, String> {
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let sysroot = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
        .ok_or_else(|| format!("`{rustc} --print sysroot` failed"))?;
    let host = env::var("HOST").unwrap();
    let rustlib = sysroot.join("lib/rustlib");
    let needed = [
        rustlib.join("src/rust/library/Cargo.lock"),
        rustlib.join(&host).join(format!(
            "bin/self-contained/llvm-bitcode-linker{}",
            env::consts::EXE_SUFFIX
        )),
        rustlib.join(&host).join("bin/llc"),
    ];
    // Re-run when they appear or change (a missing file re-runs this script on every build,
    // so components added by hand after a build without PTX are picked up).
    for path in &needed {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    let have_all = || {
        // `-Zbuild-std` reads the standard library's sources and lock file from rust-src;
        // linking a cdylib for nvptx64 runs llvm-bitcode-linker, which uses llvm-tools' tools.
        needed.iter().all(|p| p.is_file())
    };
    let linker = needed[1].clone();
    if have_all() {
        return Ok(linker);
    }
    // rustup's proxy names the toolchain it chose (rust-toolchain.toml's channel) in
    // RUSTUP_TOOLCHAIN; without it, rustup picks the same one from the workspace directory.
    let toolchain = env::var("RUSTUP_TOOLCHAIN").ok();
    println!(
        "cargo:warning=adding the rustup components {} to the toolchain {} for the device build",
        COMPONENTS.join(", "),
        toolchain.as_deref().unwrap_or("of this workspace")
    );
    let mut cmd = Command::new("rustup");
    cmd.current_dir(workspace).args(["component", "add"]);
    cmd.args(COMPONENTS);
    if let Some(t) = &toolchain {
        cmd.args(["--toolchain", t]);
    }
    match cmd.status() {
        Ok(s) if s.success() && have_all() => Ok(linker),
        Ok(s) if s.success() => Err(format!(
            "`rustup component add {}` succeeded but the toolchain at {} still lacks them",
            COMPONENTS.join(" "),
            sysroot.display()
        )),
        Ok(s) => Err(format!(
            "the toolchain lacks the rustup components {} and `rustup component add` failed \
             ({s})",
            COMPONENTS.join(", ")
        )),
        Err(e) => Err(format!(
            "the toolchain lacks the rustup components {} and rustup could not be run ({e})",
            COMPONENTS.join(", ")
        )),
    }
}

/// `ptx` with the [`LAUNCH_BOUNDS`] directives after each listed kernel's parameter list
/// (`.entry name(...)` is followed by the directives, then the body's `{`). A kernel absent
/// from this module (built for another architecture) is skipped.
fn with_launch_bounds(ptx: &str) -> String {
    let mut out = ptx.to_string();
    let mut bounds: Vec<(String, u32, u32)> = LAUNCH_BOUNDS
        .iter()
        .map(|&(n, t, b)| (n.to_string(), t, b))
        .collect();
    // the entries that declare theirs: `.entry NAME(` ... `// cute:launch_bounds T B` before the
    // next entry
    const MARK: &str = "// cute:launch_bounds ";
    let mut rest = ptx;
    while let Some(at) = rest.find(".entry ") {
        let after = &rest[at + 7..];
        let name = &after[..after.find('(').expect("an entry's parameter list")];
        let end = after.find(".entry ").unwrap_or(after.len());
        if let Some(m) = after[..end].find(MARK) {
            let mut words = after[m + MARK.len()..].split_whitespace();
            let mut num = || -> u32 {
                words
                    .next()
                    .and_then(|w| w.parse().ok())
                    .unwrap_or_else(|| panic!("{name}: a malformed `{MARK}` comment"))
            };
            let (t, b) = (num(), num());
            bounds.push((name.to_string(), t, b));
        }
        rest = &after[end..];
    }
    for (name, threads, blocks) in bounds {
        let Some(start) = out.find(&format!(".entry {name}(")) else {
            continue;
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

fn with_tma_param_alignment(ptx: &str) -> String {
    ptx.lines()
        .map(|l| {
            let t = l.trim_start();
            if t.starts_with(".param .align 16 .b8 ") && t.trim_end_matches(',').ends_with("[128]")
            {
                l.replacen(".align 16", ".align 64", 1)
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The target directory of the build that runs this script.
fn target_root(workspace: &Path) -> PathBuf {
    env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace.join("target"))
}

/// Copies this build script's executable to `TARGET/ptx/device-linker`, a path that stays the
/// same between debug and release host builds (the device build's flags name it, and changed
/// flags would rebuild the PTX), and returns that path. The copy is rewritten only when this
/// script changed, through a temporary file renamed over the old one.
fn install_device_linker(target_root: &Path) -> PathBuf {
    let dir = target_root.join("ptx");
    let dest = dir.join(format!("device-linker{}", env::consts::EXE_SUFFIX));
    let me = env::current_exe().expect("the build script's own path");
    let bytes = fs::read(&me).unwrap_or_else(|e| panic!("reading {}: {e}", me.display()));
    if fs::read(&dest).ok().as_deref() != Some(&bytes[..]) {
        fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
        let tmp = dir.join(format!("device-linker.{}.tmp", std::process::id()));
        fs::copy(&me, &tmp).unwrap_or_else(|e| panic!("writing {}: {e}", tmp.display()));
        // Another build may have put the same file there meanwhile, or may be running it.
        if fs::rename(&tmp, &dest).is_err() {
            let _ = fs::remove_file(&tmp);
            assert!(dest.is_file(), "installing {}", dest.display());
        }
    }
    // absolute: the device build's rustc runs in another directory than this script
    fs::canonicalize(&dest).unwrap_or(dest)
}

/// Starts the device build of one module, linked by `wrapper` (this script, see
/// [`device_linker`]) around `linker`; returns the child and the path of its PTX.
fn spawn_device_build(
    workspace: &Path,
    module: &Module,
    wrapper: &Path,
    linker: &Path,
) -> (Child, PathBuf) {
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // The device build gets its own directory under the target directory, one per module.
    let target_dir = target_root(workspace).join("ptx").join(module.arch);
    let mut cmd = Command::new(cargo);
    cmd.current_dir(workspace)
        .args(["rustc", "--release", "-p", "cute-kernels", "--lib"])
        .args(["--features", module.feature])
        .args(["--target", "nvptx64-nvidia-cuda", "-Zbuild-std=core"])
        .arg("--target-dir")
        .arg(&target_dir)
        // For `cute-kernels` alone (what follows `--` reaches only the crate `cargo rustc`
        // builds), rustc's next trait solver: the kernels' layout algebra is trait
        // resolution over deeply nested static types, which the default solver re-proves at
        // every normalization of an associated type (about 90% of the module's build time);
        // the next solver caches each goal once. Same PTX, byte for byte, in a fifth of the
        // time (sm_80 module 145 s -> 29 s). `core` and `cute-core` build with the default.
        .args(["--", "-Znext-solver=globally"])
        // Only `cute-kernels` links (a `cdylib`); see `device_linker`.
        .arg(format!("-Clinker={}", wrapper.display()))
        .env(LINKER_ENV, linker)
        .env("RUSTC_BOOTSTRAP", "1")
        .env(
            "CARGO_ENCODED_RUSTFLAGS",
            // CuTe marks its loops over static extents `CUTE_UNROLL`; Rust has no unroll
            // pragma, so the device build raises LLVM's full-unroll threshold instead: the
            // SGEMM mainloops (8x8x8 FMAs per k-tile) and epilogues (8x8 predicated stores)
            // keep their fragments in registers only when unrolled. 2000 left sgemm_2's
            // predicated epilogue rolled (its accumulators went to a 256-byte local array);
            // 6000 unrolls it. `-Cstrip=debuginfo` spares the linker (llvm-bitcode-linker)
            // its pass that strips debug information, which nvptx cannot keep anyway: the
            // same PTX, 3 s less of the sm_90a module's link.
            format!(
                "-Ctarget-cpu={}\x1f-Ctarget-feature=+{}\x1f-Cpanic=abort\x1f\
                 -Cllvm-args=-unroll-threshold=6000\x1f-Cstrip=debuginfo",
                module.arch, module.ptx
            ),
        )
        // The parent build's settings must not leak into the device build.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("RUSTC_WRAPPER")
        .env_remove("CARGO_PROFILE_RELEASE_DEBUG");
    let child = cmd.spawn().expect("running cargo for the device build");
    (
        child,
        target_dir.join("nvptx64-nvidia-cuda/release/cute_kernels.ptx"),
    )
}
