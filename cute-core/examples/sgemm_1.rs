//! CuTe's first GEMM tutorial, `sgemm_1.cu`, on the CPU: the CTA tile (128x128x8), the
//! shared-memory layouts, the thread layouts that copy A and B (32x8 threads) and compute C
//! (16x16 threads), and which coordinates thread 37 touches (`local_partition` of identity
//! tensors), NT (m-major A) and TN (k-major A). Every value is checked against C++ CuTe 4.2
//! (`cpp/tutorials.cpp`).
//!
//! The kernel: `cute-kernels/src/tutorial/sgemm_1.rs` (port of
//! `examples/cute/tutorial/sgemm_1.cu`); run it with `cute gemm --kernel sgemm_1`. `cargo run -p
//! cute-core --example sgemm_1`.

mod common;

use common::{local_partition, Report};
use cute_core::dynamic::{IdentityTensor, Layout, Result};

fn l(s: &str) -> Layout {
    s.parse().expect("a layout")
}

fn report() -> Result<Report> {
    let mut r = Report::default();
    r.say("sgemm_1: a CTA computes a 128x128 tile of C = A B^T, 8 columns of K at a time.");
    r.say("Kernel: cute-kernels/src/tutorial/sgemm_1.rs (examples/cute/tutorial/sgemm_1.cu).");
    r.say("NT: A and B are m-/n-major; shared memory keeps them so (make_layout(shape)).");
    let ca = IdentityTensor::new(&"(_128,_8)".parse()?)?;
    let cc = IdentityTensor::new(&"(_128,_128)".parse()?)?;
    let (sa, sc) = (l("(_128,_8):(_1,_128)"), l("(_128,_128):(_1,_128)"));
    let (ta, tc) = (l("(_32,_8):(_1,_32)"), l("(_16,_16):(_1,_16)"));
    r.line("nt sA", &sa);
    r.line("nt sC", &sc);
    r.say("256 threads: 32x8 copy A and B tiles, 16x16 compute C.");
    r.line("nt tA", &ta);
    r.line("nt tC", &tc);
    r.say("Thread 37 copies rows 5, 37, 69, 101 of column 1 (4 values, one per 32 rows):");
    r.line(
        "nt tAsA = local_partition(cA, tA, 37)",
        local_partition(&ca, &ta, 37, &[true, true])?,
    );
    r.say("and computes an 8x8 block of C, reading rows m = 5 + 16i of A at every k:");
    r.line(
        "nt tCsA = local_partition(cA, tC, 37, Step<_1,X>{})",
        local_partition(&ca, &tc, 37, &[true, false])?,
    );
    r.line(
        "nt tCgC = local_partition(cC, tC, 37, Step<_1,_1>{})",
        local_partition(&cc, &tc, 37, &[true, true])?,
    );
    r.say("TN: A and B are k-major (LayoutRight), and so are the copying threads.");
    let (sa, ta) = (l("(_128,_8):(_8,_1)"), l("(_32,_8):(_8,_1)"));
    r.line("tn sA", &sa);
    r.line("tn tA", &ta);
    r.line(
        "tn tAsA = local_partition(cA, tA, 37)",
        local_partition(&ca, &ta, 37, &[true, true])?,
    );
    Ok(r)
}

fn main() {
    print!("{}", report().expect("the example's layouts").text());
}

#[test]
fn matches_cpp() {
    common::assert_matches_cpp("sgemm_1", &report().unwrap());
}
