// make_rmem_tensor: an owning tensor over a layout with a dynamic extent (its cosize is not a
// compile-time array length).
use cute_core::prelude::*;

fn main() {
    let _ = make_rmem_tensor::<f32, _, _>(make_layout((4, _8), (_1, 4)));
}
