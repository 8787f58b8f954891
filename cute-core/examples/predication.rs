//! Identity tensors and predication (CuTe's `media/docs/cpp/cute/0y_predication.md`): a
//! 10x7 matrix cut into 8x4 tiles, so the last tiles hang over its edge. The identity tensor
//! `make_identity_tensor(shape)` holds each element's own coordinate; it is tiled and
//! partitioned exactly like the data (`local_tile`, `local_partition`), so each thread finds,
//! for each element it would copy, the coordinate to test against the matrix's shape
//! (`elem_less`): the predicate. Every value is checked against C++ CuTe 4.2
//! (`cpp/tutorials.cpp`).
//!
//! The kernels do this on the GPU with the typed API: `cute-kernels/src/tutorial/sgemm_1.rs`
//! (`make_identity_tensor`, partitioned like `gA`, compared with the residue). `cargo run -p
//! cute-core --example predication`.

mod common;

use common::{local_partition, local_tile, Report};
use cute_core::dynamic::{IdentityTensor, IntTuple, Result};

fn report() -> Result<Report> {
    let mut r = Report::default();
    r.say("The coordinates of a 10x7 matrix (dynamic extents, static basis strides):");
    let ca = IdentityTensor::new(&"(10,7)".parse()?)?;
    r.line("cA", &ca);
    let ta = "(_4,_2):(_1,_4)".parse()?;
    for bm in 0..2 {
        r.say(&format!(
            "Tile ({bm},1) of 8x4, partitioned over 4x2 threads; thread 5's elements:"
        ));
        let cta = local_tile(&ca, "(_8,_4)", &[bm, 1])?;
        let mine = local_partition(&cta, &ta, 5, &[true, true])?;
        r.line(&format!("tile ({bm},1), thread 5"), &mine);
        for i in 0..4 {
            let c = mine.at(&IntTuple::int(i))?;
            let v: Vec<i64> = c.leaves().iter().map(|x| x.value).collect();
            let inside = v[0] < 10 && v[1] < 7;
            r.raw(&format!("  {c} {}", if inside { "in" } else { "out" }));
        }
    }
    Ok(r)
}

fn main() {
    print!("{}", report().expect("the example's layouts").text());
}

#[test]
fn matches_cpp() {
    common::assert_matches_cpp("predication", &report().unwrap());
}
