//! Compile-fail tests: a precondition broken by static values is a compile error whose first
//! line names the operation and the condition in plain words (`<op>: <condition>`).
//!
//! Each case is `compile_fail/<op>_<condition>.rs` with the expected compiler output in the
//! `.stderr` beside it (`TRYBUILD=overwrite cargo test -p cute-tests --test compile_fail`
//! rewrites them; review the diff). The `pass/` case makes trybuild run `cargo build` as well
//! as `cargo check`, so that preconditions checked by `const` assertions at monomorphization
//! fire too.

use std::path::Path;

#[test]
fn compile_fail() {
    // CI builds the tests through clippy-driver (`.ci/run`); the cases' expected output is
    // rustc's alone, so trybuild's own cargo runs plain rustc.
    std::env::remove_var("RUSTC_WORKSPACE_WRAPPER");
    std::env::remove_var("CLIPPY_ARGS");
    let t = trybuild::TestCases::new();
    t.pass("compile_fail/pass/*.rs");
    t.compile_fail("compile_fail/*.rs");
}

/// Every `.stderr`'s first line is `error[..]: <op>: <condition>`, where `<op>` starts the
/// file name, and it spells no typenum type.
#[test]
fn first_lines_name_the_operation_in_plain_words() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("compile_fail");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let stderr = std::fs::read_to_string(path.with_extension("stderr"))
            .unwrap_or_else(|_| panic!("{stem}.stderr is missing"));
        let first = stderr.lines().next().unwrap_or("");
        let message = first
            .strip_prefix("error")
            .and_then(|r| r.split_once(": "))
            .map(|(_, m)| m)
            .unwrap_or_else(|| panic!("{stem}: first line is not an error: {first}"));
        let message = message
            .strip_prefix("evaluation panicked: ")
            .unwrap_or(message);
        let (op, condition) = message
            .split_once(": ")
            .unwrap_or_else(|| panic!("{stem}: no `op: condition` in {first}"));
        assert!(
            stem.starts_with(&format!("{}_", op.to_lowercase())),
            "{stem}: the first line names `{op}`, not the operation of the file name"
        );
        assert!(condition.len() > 10, "{stem}: condition too short: {first}");
        for typenum in ["UInt<", "PInt<", "NInt<", "UTerm", "typenum", "B0", "B1"] {
            assert!(!first.contains(typenum), "{stem}: `{typenum}` in {first}");
        }
        n += 1;
    }
    assert!(n >= 10, "only {n} compile-fail cases");
}
