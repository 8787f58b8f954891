// A tensor read at a coordinate of rank 3 for a rank-2 shape.
use cute_core::prelude::*;

fn main() {
    let x = [0f32; 8];
    let t = make_tensor_from_ref(&x, make_layout((_2, _4), (_1, _2)));
    let _ = t.get((1, 2, 0));
}
