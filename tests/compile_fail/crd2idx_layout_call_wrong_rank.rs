// layout(c) is crd2idx(c, shape, stride): a rank-2 coordinate for a rank-3 layout.
use cute_core::prelude::*;

fn main() {
    let l = make_layout((_2, _4, _8), (_1, _2, _8));
    let _ = l.call((_1, _3));
}
