//! `FloatE4M3` and `FloatE5M2` (C++'s `float_e4m3_t`, `float_e5m2_t`) against CUTLASS's host
//! conversions (`tests/cpp/float8.cpp`): from `f32` at every input of the sweep (around every
//! value of both types, specials, powers of two), to `f32` for every bit pattern, and `print`.

use cute_core::numeric::numeric_types::{FloatE4M3, FloatE5M2};
use std::format;
use std::string::ToString;

/// The lines of case `name` of tests/cpp/float8.expected.
fn expected(name: &str) -> std::vec::Vec<&'static str> {
    let all = include_str!("cpp/float8.expected");
    let head = format!("@@ {name}\n");
    let start = all.find(&head).unwrap_or_else(|| panic!("no case {name}")) + head.len();
    let rest = &all[start..];
    let end = rest.find("@@ ").unwrap_or(rest.len());
    rest[..end].lines().collect()
}

fn hex(s: &str) -> u32 {
    u32::from_str_radix(s, 16).expect("hex")
}

// Expected: tests/cpp/float8.cpp, case "from_float".
#[test]
fn from_f32_rounds_and_saturates_as_cutlass() {
    let lines = expected("from_float");
    assert!(lines.len() > 2000, "the sweep has {} inputs", lines.len());
    let mut failures = std::vec::Vec::new();
    for line in &lines {
        let f: std::vec::Vec<&str> = line.split(' ').collect();
        let x = f32::from_bits(hex(f[0]));
        let got = format!(
            "{:08x} {:02x} {:02x}",
            hex(f[0]),
            FloatE4M3::from_f32(x).to_bits(),
            FloatE5M2::from_f32(x).to_bits()
        );
        if got != *line {
            failures.push(format!("{x:e}: got {got}, C++ {line}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

// Expected: tests/cpp/float8.cpp, case "to_float".
#[test]
fn to_f32_is_cutlass_for_every_pattern() {
    let lines = expected("to_float");
    assert_eq!(lines.len(), 256);
    for (p, line) in lines.iter().enumerate() {
        let p = p as u8;
        let got = format!(
            "{p:02x} {:08x} {:08x}",
            FloatE4M3::from_bits(p).to_f32().to_bits(),
            FloatE5M2::from_bits(p).to_f32().to_bits()
        );
        assert_eq!(got, *line);
    }
}

// Expected: tests/cpp/float8.cpp, case "print".
#[test]
fn values_print_as_cute() {
    let got = [
        FloatE4M3::from_f32(1.5).to_string(),
        FloatE4M3::from_f32(-0.001953125).to_string(),
        FloatE4M3::from_f32(1000.0).to_string(),
        FloatE4M3::from_bits(0x7f).to_string(),
        FloatE5M2::from_f32(3.0).to_string(),
        FloatE5M2::from_f32(-1.0e6).to_string(),
        FloatE5M2::from_bits(0x7c).to_string(),
        FloatE5M2::from_bits(0xfc).to_string(),
        FloatE5M2::from_bits(0x7e).to_string(),
    ];
    assert_eq!(got.as_slice(), expected("print").as_slice());
}
