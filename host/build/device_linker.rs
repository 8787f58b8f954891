//! The device build's linker: a process of the build script that rustc runs as the linker of
//! `cute-kernels` (see `install_device_linker` in `build.rs`).
//!
//! `llvm-bitcode-linker` links the module's bitcode with `llvm-link`, runs `opt` with
//! `default<O3>,internalize,globaldce`, then `llc`, all on one thread. Two things are changed:
//!
//! - **`-O0` instead of `-O3`.** rustc has already optimized every codegen unit at `-O3` and
//!   inlined across them (its ThinLTO within the crate), so that second `O3` over all the
//!   kernels finds next to nothing: the kernels' PTX is the same but for how a panic's location
//!   reaches `panic_fmt` on paths that never run, and the sm_90a module's link took 22 s
//!   instead of 39 s. `-O0` keeps the internalization and the dead-code removal, which leave
//!   only the kernels and what they call.
//! - **[`PARTS`] links side by side.** `llc` is most of the link (the sm_90a module's 112
//!   Hopper kernels: 25 s on one thread). Each part links everything but exports only its
//!   share of the kernels, so `globaldce` drops the others and its `llc` compiles only its
//!   own; [`merge`] then puts the parts' kernels in one module. Every part carries the same
//!   module-scope declarations (the same bitcode, cut differently), and a function two parts
//!   both hold (`panic_fmt`) is the same code, which the merge checks; where either is not so
//!   it links once, the whole module on one thread, as `llvm-bitcode-linker` would.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How many links run side by side: the development machine's two cores. A fixed number, not
/// the machine's, so that a commit's PTX is the same file on every machine.
const PARTS: usize = 2;

/// Runs the real `llvm-bitcode-linker` (`real`) with this process's arguments as described in
/// the module's documentation, and exits with its status.
pub fn run(real: OsString) -> ! {
    let mut common: Vec<OsString> = Vec::new();
    let mut exports: Vec<OsString> = Vec::new();
    let mut output: Option<PathBuf> = None;
    let mut args = std::env::args_os().skip(1);
    while let Some(a) = args.next() {
        match a.to_str() {
            Some("-O") => {
                args.next();
                common.extend(["-O".into(), "0".into()]);
            }
            Some(o) if o.starts_with("-O") => common.push("-O0".into()),
            Some("--export-symbol") => exports.extend(args.next()),
            Some("-o") => output = args.next().map(PathBuf::from),
            _ => common.push(a),
        }
    }
    let Some(output) = output else {
        fail("the device linker was given no output (-o)")
    };
    if exports.len() >= PARTS {
        if let Some(ptx) = link_in_parts(&real, &common, &exports, &output) {
            if let Err(e) = std::fs::write(&output, ptx) {
                fail(&format!("writing {}: {e}", output.display()));
            }
            std::process::exit(0);
        }
    }
    std::process::exit(link(&real, &common, &exports, &output))
}

/// Links `exports` into `output` with one `llvm-bitcode-linker`; its exit status.
fn link(real: &OsString, common: &[OsString], exports: &[OsString], output: &Path) -> i32 {
    match Command::new(real)
        .args(common)
        .args(
            exports
                .iter()
                .flat_map(|e| ["--export-symbol".into(), e.clone()]),
        )
        .arg("-o")
        .arg(output)
        .status()
    {
        Ok(s) => s.code().unwrap_or(1),
        Err(e) => fail(&format!(
            "the device linker could not run {}: {e}",
            Path::new(real).display()
        )),
    }
}

/// Links the exports in [`PARTS`] shares side by side (every `PARTS`-th export to a share, the
/// way the kernels of one member are spread over the shares) and merges the PTX; `None` when
/// a part failed or the parts do not merge, for the caller to link once instead.
fn link_in_parts(
    real: &OsString,
    common: &[OsString],
    exports: &[OsString],
    output: &Path,
) -> Option<String> {
    let paths: Vec<PathBuf> = (0..PARTS)
        .map(|i| output.with_extension(format!("part{i}.ptx")))
        .collect();
    let ok = std::thread::scope(|s| {
        let links: Vec<_> = paths
            .iter()
            .enumerate()
            .map(|(i, path)| {
                let share: Vec<OsString> = exports.iter().skip(i).step_by(PARTS).cloned().collect();
                s.spawn(move || link(real, common, &share, path) == 0)
            })
            .collect();
        links.into_iter().all(|l| l.join().unwrap_or(false))
    });
    let texts: Vec<String> = paths
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    for p in &paths {
        let _ = std::fs::remove_file(p);
    }
    if !ok || texts.len() != PARTS {
        return None;
    }
    merge(&texts)
}

/// One PTX module as `llc` writes it: the module-scope text before the first function (the
/// header, prototypes, globals), then each function (its text through `llc`'s
/// `// -- End function` line and the closing brace after it), then whatever follows the last.
struct Parsed<'a> {
    prefix: String,
    functions: Vec<(&'a str, &'a str)>,
    suffix: &'a str,
}

/// The line that ends each function in `llc`'s output.
const END: &str = "// -- End function\n";
/// The comment on the line where each function's body begins, followed by its name.
const BEGIN: &str = "// -- Begin function ";

fn parse(text: &str) -> Option<Parsed<'_>> {
    let mut functions = Vec::new();
    let mut prefix = None;
    let mut rest = text;
    while let Some(end) = rest.find(END) {
        // `llc` writes the end comment before the body's closing brace
        let mut end = end + END.len();
        if rest[end..].starts_with("}\n") {
            end += 2;
        }
        let mut function = &rest[..end];
        rest = &rest[end..];
        let name_at = function.find(BEGIN)? + BEGIN.len();
        let name = function[name_at..].split_whitespace().next()?;
        if prefix.is_none() {
            // `llc` writes the module's declarations after the first function's `.globl`
            // comment and before its definition (`.visible .entry NAME(`, `.func NAME(`; a
            // prototype puts its `(` on the next line): the module-scope text is what comes
            // before that definition, less its comment lines (two name the first function)
            let definition = format!("{name}(");
            let start = function
                .match_indices(&definition)
                .map(|(i, _)| function[..i].rfind('\n').map_or(0, |n| n + 1))
                .find(|&line| function[line..].starts_with('.'))?;
            prefix = Some(
                function[..start]
                    .split_inclusive('\n')
                    .filter(|line| !line.trim_start().starts_with("//"))
                    .collect::<String>(),
            );
            function = &function[start..];
        }
        functions.push((name, function));
    }
    Some(Parsed {
        prefix: prefix?,
        functions,
        suffix: rest,
    })
}

/// `text` with the numbers `llc` gives a function's labels and local frame from the function's
/// place in its module (`$L__BB12_3`, `__local_depot12`) taken out, so that one function from
/// two modules compares equal.
fn without_function_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let next = ["$L__BB", "__local_depot"]
            .iter()
            .filter_map(|p| rest.find(p).map(|i| (i, p.len())))
            .min();
        let Some((i, len)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..i + len]);
        rest = rest[i + len..].trim_start_matches(|c: char| c.is_ascii_digit());
    }
}

/// The parts' functions in one module: the first part's module-scope text, every function
/// once. `None` unless every part has the same module-scope text and a function held by two
/// parts is the same code in both.
fn merge(texts: &[String]) -> Option<String> {
    let parsed: Vec<Parsed> = texts.iter().map(|t| parse(t)).collect::<Option<_>>()?;
    let first = &parsed[0];
    if parsed
        .iter()
        .any(|p| p.prefix != first.prefix || p.suffix != first.suffix)
    {
        return None;
    }
    let mut out = String::with_capacity(texts.iter().map(String::len).sum());
    out.push_str(&first.prefix);
    let mut seen: std::collections::HashMap<&str, &str> = Default::default();
    for p in &parsed {
        for &(name, function) in &p.functions {
            match seen.get(name) {
                Some(earlier) => {
                    if without_function_numbers(earlier) != without_function_numbers(function) {
                        return None;
                    }
                }
                None => {
                    seen.insert(name, function);
                    out.push_str(function);
                }
            }
        }
    }
    out.push_str(first.suffix);
    Some(out)
}

fn fail(why: &str) -> ! {
    eprintln!("{why}");
    std::process::exit(1)
}
