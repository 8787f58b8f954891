//! Zero cost: a static layout's algebra is done by the type checker, so its values are
//! zero-sized and its evaluation at a run-time index divides only by constants, which LLVM
//! compiles without a division instruction.
//!
//! The assembly test builds the tiny crate `zero_cost/` (its own workspace, depending on
//! `cute-core` only) in release for the x86-64 host, with `--emit asm`, in a target directory
//! of its own, and reads the body of each `#[no_mangle]` function.

use cute_core::prelude::*;

#[test]
fn static_layouts_are_zero_sized() {
    let l = make_layout(((_4, _2), (_8, _2)), ((_2, _64), (_8, _1)));
    assert_eq!(core::mem::size_of_val(&l), 0);
    const { assert!(core::mem::size_of::<Layout<(_3, _5), (_5, _1)>>() == 0) };
    assert_eq!(core::mem::size_of_val(&l.size()), 0);
    assert_eq!(core::mem::size_of_val(&l.cosize()), 0);
    // CUTLASS's composition test: (4,3):(3,1) o (6,2):(2,1) = ((2,3),2):((6,1),3)
    let c = composition(
        make_layout((_4, _3), (_3, _1)),
        make_layout((_6, _2), (_2, _1)),
    );
    assert_eq!(core::mem::size_of_val(&c), 0);
    assert_eq!(c.to_string(), "((_2,_3),_2):((_6,_1),_3)");
    // CUTLASS's logical_divide test: (128,4,3):(1,512,0) / 32:2
    let d = logical_divide(
        make_layout((_128, _4, _3), (_1, _512, _0)),
        make_layout(_32, _2),
    );
    assert_eq!(core::mem::size_of_val(&d), 0);
    assert_eq!(size(d).to_string(), "_1536");
    // a dynamic leaf costs its integer
    assert_eq!(core::mem::size_of_val(&make_layout((4, _2), (_1, 4))), 8);
}

/// A static size or cosize is a compile-time value: a `const`, an array length, a
/// `GenericArray` length (through `UnsignedOf`, the typenum unsigned of a static integer).
#[test]
fn static_size_is_a_compile_time_value() {
    use cute_core::int_tuple::SizeOf;
    use cute_core::layout::Cosize;
    use cute_core::numeric::integral_constant::UnsignedOf;
    use generic_array::GenericArray;

    type S = ((_4, _2), (_8, _2));
    type D = ((_2, _64), (_8, _1));
    const fn value<T: Integral>() -> usize {
        match T::STATIC {
            Some(v) => v as usize,
            None => panic!("not static"),
        }
    }
    const SIZE: usize = value::<SizeOf<S>>();
    const COSIZE: usize = value::<Cosize<S, D>>();
    let plain = [0u8; SIZE];
    let fragment: GenericArray<f32, UnsignedOf<Cosize<S, D>>> = GenericArray::default();
    assert_eq!((SIZE, COSIZE), (128, 128));
    assert_eq!((plain.len(), fragment.len()), (SIZE, COSIZE));
    let l = make_layout(S::default(), D::default());
    assert_eq!(
        (size(l).to_string(), cosize(l).to_string()),
        ("_128".into(), "_128".into())
    );
}

/// The body of `name` in an x86-64 assembly listing: from its label to `.Lfunc_end`.
#[cfg(target_arch = "x86_64")]
fn function_body<'a>(asm: &'a str, name: &str) -> Vec<&'a str> {
    let mut lines = asm
        .lines()
        .skip_while(|l| l.trim_end() != format!("{name}:"));
    assert!(lines.next().is_some(), "no function {name} in the assembly");
    lines.take_while(|l| !l.starts_with(".Lfunc_end")).collect()
}

/// A division instruction: `div`/`idiv` of any width (not SSE's `divss`/`divsd`).
#[cfg(target_arch = "x86_64")]
fn is_division(line: &str) -> bool {
    let op = line.split_whitespace().next().unwrap_or("");
    matches!(
        op,
        "div" | "divb" | "divw" | "divl" | "divq" | "idiv" | "idivb" | "idivw" | "idivl" | "idivq"
    )
}

#[cfg(target_arch = "x86_64")]
#[test]
fn static_layout_evaluation_has_no_division() {
    use std::path::Path;
    use std::process::Command;

    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("zero_cost/Cargo.toml");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("zero_cost");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["rustc", "--release", "--lib", "--manifest-path"])
        .arg(&manifest)
        .arg("--target-dir")
        .arg(&target)
        .args(["--", "--emit", "asm", "-C", "codegen-units=1"])
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let dir = target.join("release/deps");
    let asm_file = std::fs::read_dir(&dir)
        .expect("deps directory")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("cute_zero_cost") && name.ends_with(".s")
        })
        .max_by_key(|p| p.metadata().unwrap().modified().unwrap())
        .expect("an assembly file");
    let asm = std::fs::read_to_string(&asm_file).unwrap();

    for name in [
        "zc_static_nested",
        "zc_static_3x5",
        "zc_static_odd_i64",
        "zc_static_2d",
        "zc_static_composition",
        "zc_static_divide",
    ] {
        let body = function_body(&asm, name);
        let divs: Vec<_> = body.iter().filter(|l| is_division(l)).collect();
        assert!(
            divs.is_empty(),
            "{name} divides: {divs:?}\n{}",
            body.join("\n")
        );
        println!("{name}: {} lines, no division", body.len());
    }
    let control = function_body(&asm, "zc_dynamic_control");
    assert!(
        control.iter().any(|l| is_division(l)),
        "the dynamic control shows no division; is the check blind?\n{}",
        control.join("\n")
    );
}
