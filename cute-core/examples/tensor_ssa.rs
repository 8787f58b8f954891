//! Register values: `TensorSSA` (the CuTe DSL's `cute.TensorSSA`, `cutlass/cute/tensor.py`;
//! C++ CuTe has no counterpart, a C++ kernel loops over a register fragment). `load` copies a
//! tensor into a value held in registers, arithmetic and comparisons work element-wise (a
//! scalar applies to every element, shapes broadcast), `reduce` folds the modes a profile
//! marks, and `store` writes a value back. The values asserted are computed by hand (the
//! DSL's semantics, documented in `cute_core::tensor_ssa`). `cargo run -p cute-core
//! --example tensor_ssa`; `cargo test -p cute-core --example tensor_ssa` checks it.

use cute_core::prelude::*;

fn report() -> Vec<String> {
    let mut out = Vec::new();
    // a 2x3 row-major tensor: [[1,2,3],[4,5,6]]
    let mut x = [1.0f32, 2., 3., 4., 5., 6.];
    let t = make_tensor_from_slice(&mut x, make_layout((_2, _3), (_3, _1)));
    let v = load(&t);
    out.push(format!("load(t): {v}, elements {:?}", v.as_slice()));
    // element-wise arithmetic with a scalar and with another value
    let w = v * 2.0 + 1.0;
    out.push(format!("v * 2 + 1: {:?}", w.as_slice()));
    let d = w - v;
    out.push(format!("(v * 2 + 1) - v: {:?}", d.as_slice()));
    // reductions: over mode 1 (each row), then over mode 0 (each column)
    let rows = v.reduce(ReductionOp::Add, 0.0, (X, _1));
    out.push(format!("row sums: {:?}", rows.as_slice()));
    let cols = v.reduce(ReductionOp::Max, f32::MIN, (_1, X));
    out.push(format!("column maxima: {:?}", cols.as_slice()));
    // comparisons give boolean values, as predicates for a masked store would be
    let big = v.gt(3.0);
    out.push(format!("v > 3: {:?}", big.as_slice()));
    // store a value back into memory through a layout
    let mut y = [0.0f32; 6];
    let mut u = make_tensor_from_slice(&mut y, make_layout((_2, _3), (_3, _1)));
    store(v * v, &mut u);
    out.push(format!("store(v * v): {y:?}"));
    out
}

fn main() {
    for l in report() {
        println!("{l}");
    }
}

#[test]
fn matches_the_dsl() {
    assert_eq!(
        report(),
        [
            "load(t): tensor_value<vector<6xf32> o (_2,_3)>, elements [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]",
            "v * 2 + 1: [3.0, 9.0, 5.0, 11.0, 7.0, 13.0]",
            "(v * 2 + 1) - v: [2.0, 5.0, 3.0, 6.0, 4.0, 7.0]",
            "row sums: [6.0, 15.0]",
            "column maxima: [4.0, 5.0, 6.0]",
            "v > 3: [false, true, false, true, false, true]",
            "store(v * v): [1.0, 4.0, 9.0, 16.0, 25.0, 36.0]",
        ]
    );
}
