// shape_div: 6 and 4 divide neither way.
use cute_core::prelude::*;

fn main() {
    let _ = shape_div(_6, _4);
}
