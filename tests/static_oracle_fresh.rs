//! The generated static-oracle tests are up to date with their generator, and the helpers
//! they use compare as `shared/oracle/check.py` does.

#[path = "static_oracle/common.rs"]
mod common;

use std::process::Command;

#[test]
fn generated_files_match_the_generator() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let gen = format!("{dir}/static_oracle/gen.py");
    let out = match Command::new("python3")
        .args([gen.as_str(), "--check"])
        .output()
    {
        Ok(out) => out,
        Err(e) => {
            eprintln!("skipped: python3 is not available ({e})");
            return;
        }
    };
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn func_compares_modes_and_values_not_nesting() {
    common::check_func("((_2,_2),_4):((_1,_8),_2)", "((2,2),4):((1,8),2)");
    common::check_func("(_4,_4):(_1,_4)", "((2,2),(2,2)):((1,2),(4,8))");
    common::check_exact("(_4,(_2,3)):(_1,(_4,8))", "(4,(2,3)):(1,(4,8))");
}

#[test]
#[should_panic(expected = "size of mode 0")]
fn func_rejects_a_different_mode_split() {
    common::check_func("(_2,_8):(_1,_2)", "(4,4):(1,4)");
}

#[test]
#[should_panic(expected = "value at 1")]
fn func_rejects_different_values() {
    common::check_func("(_4,_4):(_4,_1)", "(4,4):(1,4)");
}

#[test]
fn inverses_are_checked_on_the_layout() {
    // FORMAT.md: for 4:2, pycute gives (2,4):(4,1), C++ gives (2,4):(0,1); both are left
    // inverses (they agree on the image of the layout).
    common::check_left_inverse("4:2", "(_2,_4):(_4,_1)");
    common::check_left_inverse("4:2", "(_2,_4):(_0,_1)");
    common::check_right_inverse("(4,2):(2,1)", "(_2,_4):(_4,_1)", "(2,4):(4,1)");
}

#[test]
#[should_panic(expected = "L(R(")]
fn right_inverse_rejects_a_wrong_inverse() {
    common::check_right_inverse("(4,2):(2,1)", "(_2,_4):(_1,_2)", "(2,4):(4,1)");
}
