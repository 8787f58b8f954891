// get<2> of a rank-2 layout.
use cute_core::prelude::*;

fn main() {
    let l = make_layout((_2, _4), (_1, _2));
    let _ = l.get::<2>();
}
