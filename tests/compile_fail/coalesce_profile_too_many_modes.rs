// coalesce_profile: a rank-3 profile for a rank-2 layout.
use cute_core::prelude::*;

fn main() {
    let _ = coalesce_profile(make_layout((_2, _4), (_1, _2)), (_1, _1, _1));
}
