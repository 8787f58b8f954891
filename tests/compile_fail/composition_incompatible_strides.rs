// composition: the right-hand stride 6 is larger than the left-hand extent 4 and not a
// multiple of it ((4,8):(1,8) does not coalesce, so mode 0 keeps its extent 4).
use cute_core::prelude::*;

fn main() {
    let _ = composition(make_layout((_4, _8), (_1, _8)), make_layout(_2, _6));
}
