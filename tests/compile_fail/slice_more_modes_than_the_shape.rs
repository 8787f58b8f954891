// slice on an IntTuple: a rank-3 coordinate for a rank-2 tuple.
use cute_core::prelude::*;

fn main() {
    let _ = slice((X, _1, X), (_2, _4));
}
