// slice: a tuple coordinate for an integer-shaped layout.
use cute_core::prelude::*;

fn main() {
    let _ = slice((_1, X), make_layout(_8, _1));
}
