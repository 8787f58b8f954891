// slice: three `_` for a rank-2 layout.
use cute_core::prelude::*;

fn main() {
    let _ = slice((X, X, X), make_layout((_2, _4), (_1, _2)));
}
