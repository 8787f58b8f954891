// composition: a rank-3 tiler for a rank-2 layout.
use cute_core::prelude::*;

fn main() {
    let _ = composition(make_layout((_4, _2), (_1, _4)), (_2, _2, _2));
}
