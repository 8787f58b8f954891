// downcast<2>: no mode of (8,4):(2,16) has stride 1.
use cute_core::prelude::*;

fn main() {
    let _ = downcast::<_2, _>(make_layout((_8, _4), (_2, _16)));
}
