//! The SM80 tensor-core GEMM on the CPU: the objects of CuTe's `sgemm_sm80.cu` tutorial (its
//! half-precision TN path), which this project's `hgemm_sm80` kernel is built from: the
//! swizzled shared-memory atom tiled over a 3-stage 128x64 k-major buffer, the `cp.async`
//! TiledCopy (16x8 threads, 8 halves = 16 bytes each), the 2x2 TiledMMA of
//! `mma.sync.m16n8k16`, and the `ldmatrix` TiledCopy that feeds it (`make_tiled_copy_A`);
//! thread 37's coordinates in each. Every value is checked against C++ CuTe 4.2
//! (`cpp/tutorials.cpp`).
//!
//! The kernel: `cute-kernels/src/hgemm_sm80.rs` (our design: 64x64 tiles per warp, the MMA's
//! A and B roles swapped so C's accumulator pairs are consecutive m; see its module docs) and
//! `hgemm_sm80_smem.rs`; `cute gemm --kernel hgemm_sm80 --dtype f16`. The same objects from
//! the command line: `cute eval 'make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>,
//! make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2), (32,32,16)))'`.
//! `cargo run -p cute-core --example hgemm_sm80`.

mod common;

use common::Report;
use cute_core::dynamic::{
    atoms::{copy_atom, mma_atom},
    make_tiled_copy, make_tiled_copy_mma, make_tiled_mma, tile_to_shape, IdentityTensor, Int,
    Layout, Partitionable, Permutation, Result, Swizzle,
};

fn l(s: &str) -> Layout {
    s.parse().expect("a layout")
}

fn report() -> Result<Report> {
    let mut r = Report::default();
    r.say("Shared memory: 8x64 halves, Sw<3,3,3> so that 8 rows of 16 bytes (one ldmatrix");
    r.say("8x8 matrix, or one cp.async row) land in 8 different 16-byte bank groups.");
    let sw: Swizzle = "Sw<3,3,3>".parse()?;
    let atom = l("(_8,(_8,_8)):(_8,(_1,_64))");
    r.line("swizzle_atom", format!("{sw} o _0 o {atom}"));
    let sa = tile_to_shape(&atom, &"(_128,_64,_3)".parse()?)?;
    r.line("sA", format!("{sw} o _0 o {sa}"));
    let ca = || -> Result<Partitionable> {
        Ok(Partitionable::Identity(IdentityTensor::new(
            &"(_128,_64)".parse()?,
        )?))
    };
    let cc = Partitionable::Identity(IdentityTensor::new(&"(_128,_128)".parse()?)?);
    let t = Int::dynamic(37);
    r.say("Global -> shared: cp.async of 16 bytes, 16x8 k-major threads, 8 halves each.");
    let cp = copy_atom("SM80_CP_ASYNC_CACHEALWAYS", &["uint128_t".into()], "half_t")?;
    let copy_a = make_tiled_copy(&cp, &l("(_16,_8):(_8,_1)"), &l("(_1,_8):(_0,_1)"))?;
    r.block("copyA", &copy_a);
    r.line(
        "tAsA = copyA.get_slice(37).partition_D(cA)",
        copy_a.get_slice(t)?.partition_d(&ca()?)?,
    );
    r.say("The TiledMMA: 2x2 warps of mma.sync.m16n8k16 over a 32x32x16 tile (rank-2 atom");
    r.say("layout and permutation padded to rank 3, as C++ make_tiled_mma does).");
    let m = mma_atom("SM80_16x8x16_F16F16F16F16_TN", &[])?;
    let perm = [32, 32, 16].map(|n| Permutation::Int(Int::constant(n)));
    let mma = make_tiled_mma(&m, &l("(_2,_2):(_1,_2)"), &perm)?;
    r.block("mmaC", &mma);
    r.line(
        "tCgC = mmaC.get_slice(37).partition_C(cC)",
        mma.get_slice(t)?.partition_c(&cc)?,
    );
    r.say("Shared -> registers: ldmatrix.x4 partitioned like the MMA's A operand.");
    let ldsm = copy_atom("SM75_U32x4_LDSM_N", &[], "half_t")?;
    let s2r = make_tiled_copy_mma(&ldsm, &mma, 0)?;
    r.block("s2r_copy_a", &s2r);
    r.line(
        "tXsA = s2r_copy_a.get_slice(37).partition_S(cA)",
        s2r.get_slice(t)?.partition_s(&ca()?)?,
    );
    Ok(r)
}

fn main() {
    print!("{}", report().expect("the example's layouts").text());
}

#[test]
fn matches_cpp() {
    common::assert_matches_cpp("hgemm_sm80", &report().unwrap());
}
