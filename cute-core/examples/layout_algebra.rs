//! The worked examples of CuTe's layout-algebra documentation (`media/docs/cpp/cute/
//! 02_layout_algebra.md`), in its order: coalesce, composition, complement, divide, product.
//! Each line prints the operation and its result and asserts the result the documentation
//! gives. Run with `cargo run -p cute-core --example layout_algebra`; `cargo test -p cute-core
//! --example layout_algebra` runs the same checks.
//!
//! It uses the run-time engine (`cute_core::dynamic`), whose layouts are parsed from CuTe's
//! notation; the typed API computes the same results at compile time (see the README).

use cute_core::dynamic::{
    blocked_product, coalesce, complement, composition, logical_divide, logical_product, Layout,
    Result,
};

fn l(s: &str) -> Layout {
    s.parse().expect("a layout in CuTe notation")
}

/// `(what, our result, the documentation's)` for each example.
fn examples() -> Result<Vec<(&'static str, String, &'static str)>> {
    Ok(vec![
        (
            "coalesce((2,(1,6)):(1,(6,2)))",
            coalesce(&l("(2,(1,6)):(1,(6,2))"))?.to_string(),
            "12:1",
        ),
        (
            "composition((6,2):(8,2), (4,3):(3,1))",
            composition(&l("(6,2):(8,2)"), &l("(4,3):(3,1)"))?.to_string(),
            "((2,2),3):((24,2),8)",
        ),
        (
            "complement(4:1, 24)",
            complement(&l("4:1"), &"24".parse()?)?.to_string(),
            "6:4",
        ),
        (
            "complement((2,2):(1,6), 24)",
            complement(&l("(2,2):(1,6)"), &"24".parse()?)?.to_string(),
            "(3,2):(2,12)",
        ),
        (
            "logical_divide((4,2,3):(2,1,8), 4:2)",
            logical_divide(&l("(4,2,3):(2,1,8)"), &l("4:2"))?.to_string(),
            "((2,2),(2,3)):((4,1),(2,8))",
        ),
        (
            "logical_product((2,2):(4,1), 6:1)",
            logical_product(&l("(2,2):(4,1)"), &l("6:1"))?.to_string(),
            "((2,2),(2,3)):((4,1),(2,8))",
        ),
        (
            "blocked_product((2,5):(5,1), (3,4):(1,3))",
            blocked_product(&l("(2,5):(5,1)"), &l("(3,4):(1,3)"))?.to_string(),
            "((2,3),(5,4)):((5,10),(1,30))",
        ),
    ])
}

fn run() {
    for (what, got, doc) in examples().expect("every example evaluates") {
        println!("{what:<44} = {got}");
        assert_eq!(got, doc, "{what}: the documentation gives {doc}");
    }
}

fn main() {
    run();
}

#[test]
fn matches_the_documentation() {
    run();
}
