// inner_product: a rank-3 tuple with a rank-2 tuple.
use cute_core::prelude::*;

fn main() {
    let _ = inner_product((_1, _2, _3), (_4, _4));
}
