// crd2idx: a rank-2 coordinate for a rank-3 shape.
use cute_core::prelude::*;

fn main() {
    let _ = crd2idx((_1, _3), (_2, _4, _8), (_1, _2, _8));
}
