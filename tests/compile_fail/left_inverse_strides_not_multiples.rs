// left_inverse: the strides 2 and 3 are not multiples of each other.
use cute_core::prelude::*;

fn main() {
    let _ = left_inverse(make_layout((_2, _3), (_2, _3)));
}
