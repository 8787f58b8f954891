// make_layout: a rank-3 stride for a rank-2 shape (dynamic values: the structure is static).
use cute_core::prelude::*;

fn main() {
    let _ = make_layout((2, 4), (1, 2, 8));
}
