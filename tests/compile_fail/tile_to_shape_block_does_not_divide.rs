// tile_to_shape: an 8x8 block cannot tile a 128x36 shape (8 does not divide 36).
use cute_core::prelude::*;

fn main() {
    let _ = tile_to_shape(make_layout((_8, _8), (_8, _1)), (_128, _36));
}
