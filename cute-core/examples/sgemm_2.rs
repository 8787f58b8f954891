//! CuTe's second GEMM tutorial, `sgemm_2.cu`, on the CPU: the same tiles as `sgemm_1`, now
//! partitioned by a TiledCopy (128-bit copies, 4 floats per thread, NT; 1 float, TN) and a
//! TiledMMA of 16x16 `UniversalFMA` atoms; thread 37's coordinates of the A and C tiles; the
//! padded TN shared-memory layout; and the permuted TiledMMA this project's `sgemm_2` uses
//! (a thread's 8 rows in two runs of 4, so 128-bit shared-memory reads). Every value is
//! checked against C++ CuTe 4.2 (`cpp/tutorials.cpp`).
//!
//! The kernel: `cute-kernels/src/tutorial/sgemm_2.rs`; `cute gemm --kernel sgemm_2`; `cute
//! banks '(128,8):(1,132)' --thr '(32,8):(8,1)'` counts its shared-memory bank conflicts.
//! `cargo run -p cute-core --example sgemm_2`.

mod common;

use common::Report;
use cute_core::dynamic::{
    atoms::{copy_atom, mma_atom},
    make_tiled_copy, make_tiled_mma, IdentityTensor, Int, Layout, Partitionable, Permutation,
    Result,
};

fn l(s: &str) -> Layout {
    s.parse().expect("a layout")
}

fn report() -> Result<Report> {
    let mut r = Report::default();
    r.say(
        "sgemm_2: kernel cute-kernels/src/tutorial/sgemm_2.rs (examples/cute/tutorial/sgemm_2.cu).",
    );
    let ca = || -> Result<Partitionable> {
        Ok(Partitionable::Identity(IdentityTensor::new(
            &"(_128,_8)".parse()?,
        )?))
    };
    let cc = Partitionable::Identity(IdentityTensor::new(&"(_128,_128)".parse()?)?);
    let t = Int::dynamic(37);
    r.say("NT: 32x8 threads, each copying 4 consecutive m (one 128-bit load).");
    let u128 = copy_atom("UniversalCopy", &["uint128_t".into()], "float")?;
    let copy_a = make_tiled_copy(&u128, &l("(_32,_8):(_1,_32)"), &l("(_4,_1):(_1,_0)"))?;
    r.block("nt copyA", &copy_a);
    r.line(
        "nt tAsA = copyA.get_slice(37).partition_D(cA)",
        copy_a.get_slice(t)?.partition_d(&ca()?)?,
    );
    r.say("16x16 threads of UniversalFMA: thread 37 owns an 8x8 block of C.");
    let fma = mma_atom(
        "UniversalFMA",
        &["float".into(), "float".into(), "float".into()],
    )?;
    let under = [
        Permutation::Underscore,
        Permutation::Underscore,
        Permutation::Underscore,
    ];
    let mma = make_tiled_mma(&fma, &l("(_16,_16,_1):(_1,_16,_0)"), &under)?;
    r.block("nt mmaC", &mma);
    let thr = mma.get_slice(t)?;
    r.line(
        "nt tCsA = mmaC.get_slice(37).partition_A(cA)",
        thr.partition_a(&ca()?)?,
    );
    r.line(
        "nt tCgC = mmaC.get_slice(37).partition_C(cC)",
        thr.partition_c(&cc)?,
    );
    r.say("TN: A is k-major in memory; one float per thread, stored m-major into smem padded");
    r.say(
        "to 129 (132 in this project's kernel, for 128-bit reads) so the stores do not conflict.",
    );
    r.line("tn sA", l("(_128,_8):(_1,_129)"));
    let f32c = copy_atom("UniversalCopy", &["float".into()], "float")?;
    let copy_a = make_tiled_copy(&f32c, &l("(_32,_8):(_8,_1)"), &l("(_1,_1):(_0,_0)"))?;
    r.line(
        "tn tAsA = copyA.get_slice(37).partition_D(cA)",
        copy_a.get_slice(t)?.partition_d(&ca()?)?,
    );
    r.say("This project's sgemm_2 permutes M and N by (16,4,2):(4,1,64): thread 37's rows");
    r.say("are 20..23 and 84..87, two runs of 4 (one ld.shared.v4 each).");
    let perm = Permutation::Layout(l("(_16,_4,_2):(_4,_1,_64)"));
    let mma = make_tiled_mma(
        &fma,
        &l("(_16,_16,_1):(_1,_16,_0)"),
        &[perm.clone(), perm, Permutation::Int(Int::constant(1))],
    )?;
    r.line(
        "ours tCsA = mmaC.get_slice(37).partition_A(cA)",
        mma.get_slice(t)?.partition_a(&ca()?)?,
    );
    Ok(r)
}

fn main() {
    print!("{}", report().expect("the example's layouts").text());
}

#[test]
fn matches_cpp() {
    common::assert_matches_cpp("sgemm_2", &report().unwrap());
}
