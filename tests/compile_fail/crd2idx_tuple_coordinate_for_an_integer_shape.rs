// crd2idx: a tuple coordinate for an integer shape.
use cute_core::prelude::*;

fn main() {
    let _ = crd2idx((_1, _3), _8, _1);
}
