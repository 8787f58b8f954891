//! Tensors (CuTe's `media/docs/cpp/cute/03_tensor.md`): a tensor is an iterator (a pointer
//! into memory) composed with a layout. This example builds tensors over arrays with the
//! typed API that kernels use, reads elements by coordinate, slices (`A(_,2)` is
//! `a.slice((X, 2))`), tiles with `zipped_divide`, takes a block's tile (`inner_partition`,
//! what `local_tile` does) and a thread's elements (`outer_partition`, what
//! `local_partition` does), and gives 8 threads 4 elements each through a TV layout. The
//! printed layouts and values are C++ CuTe 4.2's (`shared/tools/cute-cpp`; the same cases
//! are tests in `tests/tensor_examples.rs`), asserted by `cargo test -p cute-core --example
//! tensor`. `cargo run -p cute-core --example tensor`.

use cute_core::prelude::*;

fn report() -> Vec<String> {
    let mut out = Vec::new();
    let mut say = |s: String| out.push(s);
    // A 4x8 tensor over 0..32, column-major (LayoutLeft): element (m,n) is m + 4n.
    let x: Vec<i32> = (0..32).collect();
    let a = make_tensor_from_ref(&x, make_layout((_4, _8), LayoutLeft));
    say(format!("A: {} (column-major 4x8 over 0..32)", a.layout()));
    say(format!("A(1,2) = {}", a.get((1, 2))));
    // A slice keeps the modes with `_` and moves the pointer to the fixed coordinate.
    let col = a.slice((X, 2));
    say(format!(
        "A(_,2): {} at element {}",
        col.layout(),
        col.get(0)
    ));
    let row = a.slice((1, X));
    say(format!(
        "A(1,_): {} at element {}",
        row.layout(),
        row.get(0)
    ));
    // An (8,24) tensor tiled by 4x8: ((tile),(rest)).
    let y: Vec<i32> = (0..192).collect();
    let t = make_tensor_from_ref(&y, make_layout((8, 24), LayoutLeft));
    let z = t.zipped_divide((_4, _8));
    say(format!("zipped_divide(T, (_4,_8)): {}", z.layout()));
    // Block (1,2)'s tile (local_tile) and thread (3,5)'s elements across the tiles.
    let tile = inner_partition(t, (_4, _8), (1, 2));
    say(format!(
        "inner_partition(T, (_4,_8), (1,2)): {}, first {}",
        tile.layout(),
        tile.get((0, 0))
    ));
    let part = outer_partition(t, (_4, _8), (3, 5));
    let vals: Vec<String> = (0..6).map(|i| part.get(i).to_string()).collect();
    say(format!(
        "outer_partition(T, (_4,_8), (3,5)): {}, values {}",
        part.layout(),
        vals.join(" ")
    ));
    // A TV layout: 8 threads x 4 values over a 4x8 row-major tensor.
    let r = make_tensor_from_ref(&x, make_layout((_4, _8), LayoutRight));
    let tv = make_layout(((_2, _4), (_2, _2)), ((_8, _1), (_4, _16)));
    say(format!(
        "composition(R, tv): {}",
        r.composition(tv).layout()
    ));
    for thr in [0, 5] {
        let v = tv_partition(r, tv, thr);
        let vals: Vec<String> = (0..4).map(|i| v.get(i).to_string()).collect();
        say(format!("thread {thr}: {}", vals.join(" ")));
    }
    out
}

fn main() {
    for l in report() {
        println!("{l}");
    }
}

#[test]
fn matches_cpp() {
    assert_eq!(
        report(),
        [
            "A: (_4,_8):(_1,_4) (column-major 4x8 over 0..32)",
            "A(1,2) = 9",
            "A(_,2): (_4):(_1) at element 8",
            "A(1,_): (_8):(_4) at element 1",
            "zipped_divide(T, (_4,_8)): ((_4,_8),(2,3)):((_1,8),(_4,64))",
            "inner_partition(T, (_4,_8), (1,2)): (_4,_8):(_1,8), first 132",
            "outer_partition(T, (_4,_8), (3,5)): (2,3):(_4,64), values 43 47 107 111 171 175",
            "composition(R, tv): ((_2,_4),(_2,_2)):((_2,_8),(_1,_4))",
            "thread 0: 0 1 4 5",
            "thread 5: 18 19 22 23",
        ]
    );
}
