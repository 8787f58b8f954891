// complement: (2,2):(1,1) maps two coordinates to each offset.
use cute_core::prelude::*;

fn main() {
    let _ = complement(make_layout((_2, _2), (_1, _1)), _4);
}
