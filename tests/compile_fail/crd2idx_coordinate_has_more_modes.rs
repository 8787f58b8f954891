// crd2idx: a rank-3 coordinate for a rank-2 shape.
use cute_core::prelude::*;

fn main() {
    let _ = crd2idx((_1, _0, _1), (_2, _4), (_1, _2));
}
