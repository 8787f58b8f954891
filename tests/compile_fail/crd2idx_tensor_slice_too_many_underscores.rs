// A tensor sliced with three `_` for a rank-2 shape: the slice offset is crd2idx of the
// coordinate, which reports the extra mode.
use cute_core::prelude::*;

fn main() {
    let x = [0f32; 8];
    let t = make_tensor_from_ref(&x, make_layout((_2, _4), (_1, _2)));
    let _ = t.slice((X, X, X));
}
