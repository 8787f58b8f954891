// shape_div: (3,4) by 8: 3 and 8 divide neither way.
use cute_core::prelude::*;

fn main() {
    let _ = shape_div((_3, _4), _8);
}
