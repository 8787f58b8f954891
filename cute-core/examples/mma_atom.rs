//! MMA atoms and TiledMMA (CuTe's `media/docs/cpp/cute/0t_mma_atom.md`), on the SM80
//! `mma.sync.m16n8k8` half-precision atom: the atom's thread-value layouts, a 2x2 tiling of it,
//! the TiledMMA's TV layouts and one thread's partitions of the C and A tiles. Every printed
//! value is checked against C++ CuTe 4.2 (`cpp/tutorials.cpp`).
//!
//! `cargo run -p cute-core --example mma_atom`; `cargo test -p cute-core --example mma_atom`
//! checks it. The same objects from the command line: `cute eval
//! 'make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, (2,2,1), (32,32,8))'`, and `cute svg` of it
//! draws C++'s `print_svg`. Kernels use the typed `cute_core::atom::mma_atom::make_tiled_mma`,
//! which builds the same layouts as types.

mod common;

use common::Report;
use cute_core::dynamic::{
    atoms::mma_atom, make_tiled_mma, IdentityTensor, Int, Partitionable, Permutation, Result,
};

fn report() -> Result<Report> {
    let mut r = Report::default();
    r.say("An MMA atom: one mma.sync.m16n8k8 (f16 in, f16 accumulate) executed by a warp.");
    r.say("ThrID maps the atom's logical threads to lanes; LayoutA/B/C_TV map (thread, value)");
    r.say("to the column-major index of the (M,K), (N,K) and (M,N) tile.");
    let atom = mma_atom("SM80_16x8x8_F16F16F16F16_TN", &[])?;
    r.block("MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>", &atom);
    r.say("A TiledMMA: 2x2 atoms (4 warps, 128 threads) over a 32x32x8 tile.");
    let perm = [32, 32, 8].map(|n| Permutation::Int(Int::constant(n)));
    let mma = make_tiled_mma(&atom, &"(_2,_2,_1):(_1,_2,_0)".parse()?, &perm)?;
    r.block("mma", &mma);
    let tile: Vec<String> = (0..3)
        .map(|i| mma.tile_size_mnk(i).map(|t| t.to_string()))
        .collect::<Result<_>>()?;
    r.line("tile_shape(mma)", format!("({})", tile.join(",")));
    r.line("size(mma)", mma.size()?);
    r.say("The TiledMMA's TV layouts: (thread index, value) -> index in the tile.");
    r.line("mma.get_layoutA_TV()", mma.get_layout_a_tv()?);
    r.line("mma.get_layoutB_TV()", mma.get_layout_b_tv()?);
    r.line("mma.get_layoutC_TV()", mma.get_layout_c_tv()?);
    r.say("Thread 37's share of a 64x64 C tile and a 64x8 A tile: coordinates (m,n), (m,k),");
    r.say("as partition_C / partition_A of identity tensors; (FrgV, RestM, RestN) modes.");
    let thr = mma.get_slice(Int::dynamic(37))?;
    let cc = IdentityTensor::new(&"(_64,_64)".parse()?)?;
    r.line(
        "mma.get_slice(37).partition_C(cC)",
        thr.partition_c(&Partitionable::Identity(cc))?,
    );
    let ca = IdentityTensor::new(&"(_64,_8)".parse()?)?;
    r.line(
        "mma.get_slice(37).partition_A(cA)",
        thr.partition_a(&Partitionable::Identity(ca))?,
    );
    Ok(r)
}

fn main() {
    print!("{}", report().expect("the example's layouts").text());
}

#[test]
fn matches_cpp() {
    common::assert_matches_cpp("mma_atom", &report().unwrap());
}
