// upcast<4>: the stride 6 and 4 divide neither way.
use cute_core::prelude::*;

fn main() {
    let _ = upcast::<_4, _>(make_layout((_8, _4), (_1, _6)));
}
