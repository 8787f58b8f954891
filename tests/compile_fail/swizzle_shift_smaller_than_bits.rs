// Swizzle<3,4,2>: |S| = 2 < B = 3 (the yyy and zzz masks would overlap).
use cute_core::prelude::*;

fn main() {
    let sw = Swizzle::<_3, _4, _2>::new();
    let _ = sw.call(_200);
}
