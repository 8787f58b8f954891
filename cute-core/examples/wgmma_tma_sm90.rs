//! CuTe's Hopper tutorial, `hopper/wgmma_tma_sm90.cu`, on the CPU: the 128-byte-swizzled
//! GMMA shared-memory atoms (m-major for NT, k-major for TN) tiled over the 3-stage 128x64
//! buffers the TMA fills, and the TiledMMA of one `wgmma.m64n64k16` warpgroup; thread 37's
//! accumulator coordinates. The atoms are this crate's typed aliases
//! (`atom::mma_traits_sm90_gmma::Layout_MN_SW128_Atom<Half>`), printed; every value is checked
//! against C++ CuTe 4.2 (`cpp/tutorials.cpp`).
//!
//! The kernel: `cute-kernels/src/tutorial/wgmma_tma_sm90.rs` (docs/ARCHITECTURE.md, "Hopper
//! GEMM"); `cute gemm --kernel wgmma_tma_sm90` on an H100. `cargo run -p cute-core --example
//! wgmma_tma_sm90`.

mod common;

use common::{tile_composed, Report};
use cute_core::atom::mma_traits_sm90_gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use cute_core::dynamic::{
    atoms::mma_atom, make_tiled_mma, IdentityTensor, Int, Partitionable, Permutation, Result,
};
use cute_core::numeric::numeric_types::Half;

fn report() -> Result<Report> {
    let mut r = Report::default();
    r.say("NT: A is m-major; its smem atom is 64 halves (128 bytes) of m by 8 k, Sw<3,4,3>.");
    let mn = Layout_MN_SW128_Atom::<Half>::default().to_string();
    r.line("nt GMMA::Layout_MN_SW128_Atom<half_t>", &mn);
    r.line("nt sA", tile_composed(&mn, "(_128,_64,_3)"));
    r.say("TN: k-major; 8 rows of 64 k.");
    let k = Layout_K_SW128_Atom::<Half>::default().to_string();
    r.line("tn GMMA::Layout_K_SW128_Atom<half_t>", &k);
    r.line("tn sA", tile_composed(&k, "(_128,_64,_3)"));
    r.say("One warpgroup (128 threads) issues wgmma.m64n64k16; A and B are read from shared");
    r.say("memory by descriptor (LayoutA_TV: every thread sees the whole 64x16 tile).");
    let atom = mma_atom(
        "SM90_64x64x16_F16F16F16_SS",
        &["GMMA::Major::MN".into(), "GMMA::Major::MN".into()],
    )?;
    let under = [
        Permutation::Underscore,
        Permutation::Underscore,
        Permutation::Underscore,
    ];
    let mma = make_tiled_mma(&atom, &"(_1,_1,_1):(_0,_0,_0)".parse()?, &under)?;
    r.block("nt tiled_mma", &mma);
    let cc = Partitionable::Identity(IdentityTensor::new(&"(_128,_128)".parse()?)?);
    r.line(
        "tCgC = tiled_mma.get_slice(37).partition_C(cC)",
        mma.get_slice(Int::dynamic(37))?.partition_c(&cc)?,
    );
    Ok(r)
}

fn main() {
    print!("{}", report().expect("the example's layouts").text());
}

#[test]
fn matches_cpp() {
    common::assert_matches_cpp("wgmma_tma_sm90", &report().unwrap());
}
