// make_layout: a negative static extent, nested.
use cute_core::prelude::*;

fn main() {
    let _ = make_layout((_2, (_4, _m2)), (_1, (_2, _8)));
}
