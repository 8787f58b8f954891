// make_layout: the stride has an integer where the shape has a tuple.
use cute_core::prelude::*;

fn main() {
    let _ = make_layout((_2, (_4, _8)), (_1, _2));
}
