// composition: the right-hand extent 6 spans the left-hand mode of extent 4, and 6 is not a
// multiple of 4 ((4,4):(1,8) does not coalesce).
use cute_core::prelude::*;

fn main() {
    let _ = composition(make_layout((_4, _4), (_1, _8)), make_layout(_6, _1));
}
