// make_layout: a static extent of 0.
use cute_core::prelude::*;

fn main() {
    let _ = make_layout((_2, _0), (_1, _2));
}
