// The operations of the failing cases with their preconditions met: compiles, builds
// (const assertions fire only at monomorphization) and runs.
use cute_core::prelude::*;

fn main() {
    assert_eq!(crd2idx((_1, _3), (_2, _4), (_1, _2)).to_string(), "_7");
    let l = make_layout((_2, _4, _8), (_1, _2, _8));
    assert_eq!(l.call((_1, _3, _1)).to_string(), "_15");
    assert_eq!(make_layout((2, 4), (1, 2)).call(5), 5);
    assert_eq!(shape_div(_12, _4).to_string(), "_3");
    let c = coalesce_profile(make_layout((_2, _4), (_1, _2)), (_1, _1));
    assert_eq!(c.to_string(), "(_2,_4):(_1,_2)");
    let s = slice((X, _1), make_layout((_2, _4), (_1, _2)));
    assert_eq!(s.to_string(), "(_2):(_1)");
    assert_eq!(inner_product((_1, _2), (_4, _4)).to_string(), "_12");
    assert_eq!(Swizzle::<_3, _4, _3>::new().call(_200).to_string(), "_216");
    assert_eq!(l.get::<2>().to_string(), "_8:_8");
    let c = composition(make_layout((_4, _8), (_1, _8)), make_layout(_2, _8));
    assert_eq!(c.to_string(), "_2:_16");
    assert_eq!(complement(make_layout((_2, _2), (_1, _2)), _8).to_string(), "_2:_4");
    let li = left_inverse(make_layout((_2, _3), (_3, _1)));
    assert_eq!(li.call(_3).to_string(), "_1");
    let l = make_layout((_16, _4), (_1, _16));
    assert_eq!(upcast::<_2, _>(l).to_string(), "(_8,_4):(_1,_8)");
    let l = make_layout((_8, _4), (_1, _8));
    assert_eq!(downcast::<_2, _>(l).to_string(), "(_16,_4):(_1,_16)");
}
