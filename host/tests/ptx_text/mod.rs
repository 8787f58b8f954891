//! Reading the embedded PTX in the PTX tests (`ptx.rs`, `ptx_hopper.rs`): one kernel's text, and
//! the `ptxas` that assembles it, and its `-v` report.
// Each PTX test binary includes this module and uses some of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The text of kernel `name`: from its `.entry` to the `// -- End function` line LLVM writes
/// after every function. (Not up to the first `}` line: inline `asm!` blocks hold lone `}`
/// lines, so that would cut a kernel short; not up to the next `.entry`: it would take in the
/// module-level text between kernels.)
pub fn kernel_body<'a>(ptx: &'a str, name: &str) -> &'a str {
    let start = ptx
        .find(&format!(".entry {name}("))
        .unwrap_or_else(|| panic!("kernel {name} is not in the PTX"));
    let rest = &ptx[start..];
    let end = rest
        .find("// -- End function")
        .unwrap_or_else(|| panic!("kernel {name} has no `// -- End function` line"));
    &rest[..end]
}

/// `ptxas` from `CUTE_PTXAS`, the `PATH`, or the PyPI package `nvidia-cuda-nvcc-cu12`.
pub fn find_ptxas() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CUTE_PTXAS") {
        return Some(PathBuf::from(p));
    }
    if Command::new("ptxas").arg("--version").output().is_ok() {
        return Some(PathBuf::from("ptxas"));
    }
    let out = Command::new("python3")
        .args([
            "-c",
            "import nvidia.cuda_nvcc, os; print(os.path.join(list(nvidia.cuda_nvcc.__path__)[0], 'bin', 'ptxas'))",
        ])
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    path.is_file().then_some(path)
}

/// [`find_ptxas`], or `None` after printing why the calling test skips. With
/// `CUTE_REQUIRE_PTXAS` set (CI, where ptxas was installed) a missing ptxas fails the test
/// instead, so that no ptxas check can skip unseen.
pub fn ptxas_or_skip() -> Option<PathBuf> {
    let found = find_ptxas();
    if found.is_none() {
        assert!(
            std::env::var_os("CUTE_REQUIRE_PTXAS").is_none(),
            "CUTE_REQUIRE_PTXAS is set but no ptxas was found (pip install nvidia-cuda-nvcc-cu12)"
        );
        println!("skipped: no ptxas (set CUTE_PTXAS or pip install nvidia-cuda-nvcc-cu12)");
    }
    found
}

/// `ptxas -arch=sm_90a -v` of the module text `ptx` (written to a scratch folder named after
/// `tag`): its report (standard error), after asserting that it assembled.
pub fn ptxas_v(ptxas: &Path, ptx: &str, tag: &str) -> String {
    let dir = std::env::temp_dir().join(format!("cute-ptxas-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("module.ptx");
    std::fs::write(&src, ptx).unwrap();
    let out = Command::new(ptxas)
        .args(["-arch=sm_90a", "-v"])
        .arg(&src)
        .arg("-o")
        .arg(dir.join("module.cubin"))
        .output()
        .expect("running ptxas");
    let log = String::from_utf8_lossy(&out.stderr).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "ptxas failed:\n{log}");
    log
}

/// The first four lines of kernel `name`'s entry in a `ptxas -v` report (from its
/// `Compiling entry function` line: stack, spills, registers).
pub fn ptxas_entry(log: &str, name: &str) -> String {
    let at = log
        .find(&format!("Compiling entry function '{name}'"))
        .unwrap_or_else(|| panic!("{name} not in ptxas -v:\n{log}"));
    let lines: Vec<&str> = log[at..].lines().take(4).collect();
    lines.join("\n")
}
