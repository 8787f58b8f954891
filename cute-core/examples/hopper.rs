//! This project's Hopper GEMM (`cute-kernels/src/gemm`, the flagship member `coop_128x256x64`
//! behind `cute gemm --kernel hopper`) on the CPU: its 4-stage 128x64 and 256x64
//! k-major shared-memory stages of `bfloat16_t` (`Layout_K_SW128_Atom` tiled down the rows,
//! what the TMA writes), and the accumulators of its two consumer warpgroups, each issuing
//! `wgmma.m64n256k16` on 64 rows of the 128x256 tile: as a CuTe TiledMMA of two atoms along M,
//! thread 200 (warpgroup 1) holds rows 64..127. Every value is checked against C++ CuTe 4.2
//! (`cpp/tutorials.cpp`).
//!
//! The kernel's parts and choices: docs/ARCHITECTURE.md, "The Hopper GEMM family".
//! `cargo run -p cute-core --example hopper`.

mod common;

use common::{tile_composed, Report};
use cute_core::atom::mma_traits_sm90_gmma::Layout_K_SW128_Atom;
use cute_core::dynamic::{
    atoms::mma_atom, make_tiled_mma, IdentityTensor, Int, Partitionable, Permutation, Result,
};
use cute_core::numeric::numeric_types::BFloat16;

fn report() -> Result<Report> {
    let mut r = Report::default();
    r.say("Stages: 4 x (128x64 A + 256x64 B) bf16 = 192 KiB, 128-byte swizzled rows of k.");
    let k = Layout_K_SW128_Atom::<BFloat16>::default().to_string();
    r.line("sA", tile_composed(&k, "(_128,_64,_4)"));
    r.line("sB", tile_composed(&k, "(_256,_64,_4)"));
    r.say("Two consumer warpgroups along M, one wgmma.m64n256k16 each per k-block of 16.");
    let atom = mma_atom(
        "SM90_64x256x16_F32BF16BF16_SS",
        &["GMMA::Major::K".into(), "GMMA::Major::K".into()],
    )?;
    let under = [
        Permutation::Underscore,
        Permutation::Underscore,
        Permutation::Underscore,
    ];
    let mma = make_tiled_mma(&atom, &"(_2,_1,_1):(_1,_0,_0)".parse()?, &under)?;
    let tile: Vec<String> = (0..3)
        .map(|i| mma.tile_size_mnk(i).map(|t| t.to_string()))
        .collect::<Result<_>>()?;
    r.line("tile_shape(mma)", format!("({})", tile.join(",")));
    r.line("size(mma)", mma.size()?);
    r.line("mma.get_thr_layout_vmnk()", &mma.thr_layout_vmnk);
    r.say("Thread 200's 128 f32 accumulators: (2,2,32) values of one row pair, rows 98 and 106.");
    let cc = Partitionable::Identity(IdentityTensor::new(&"(_128,_256)".parse()?)?);
    r.line(
        "tCgC = mma.get_slice(200).partition_C(cC)",
        mma.get_slice(Int::dynamic(200))?.partition_c(&cc)?,
    );
    Ok(r)
}

fn main() {
    print!("{}", report().expect("the example's layouts").text());
}

#[test]
fn matches_cpp() {
    common::assert_matches_cpp("hopper", &report().unwrap());
}
