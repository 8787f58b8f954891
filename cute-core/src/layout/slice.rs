//! Slicing layouts with `_`: `slice`, `dice`, `slice_and_offset`, `domain_offset` (part of
//! `cute/layout.hpp`).
//!
//! [`slice`](crate::underscore::slice) and [`dice`](crate::underscore::dice) are the functions
//! of `underscore.rs`, which apply to layouts through the impls here.

use crate::int_tuple::{Crd2Idx, Crd2IdxOf, IntTuple};
use crate::layout::Layout;
use crate::underscore::{DiceTuple, DiceTupleOf, Diceable, SliceTuple, SliceTupleOf, Sliceable};

/// `slice(coord, layout)`: `slice(coord, shape):slice(coord, stride)`.
impl<Crd, S, D> Sliceable<Crd> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    Crd: Copy + SliceTuple<S> + SliceTuple<D>,
    SliceTupleOf<Crd, S>: IntTuple,
    SliceTupleOf<Crd, D>: IntTuple,
{
    type Output = Layout<SliceTupleOf<Crd, S>, SliceTupleOf<Crd, D>>;
    #[inline(always)]
    fn slice_by(self, coord: Crd) -> Self::Output {
        Layout::new(
            coord.slice_tuple(self.shape()),
            coord.slice_tuple(self.stride()),
        )
    }
}

/// `dice(coord, layout)`: `dice(coord, shape):dice(coord, stride)`.
impl<Crd, S, D> Diceable<Crd> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    Crd: Copy + DiceTuple<S> + DiceTuple<D>,
    DiceTupleOf<Crd, S>: IntTuple,
    DiceTupleOf<Crd, D>: IntTuple,
{
    type Output = Layout<DiceTupleOf<Crd, S>, DiceTupleOf<Crd, D>>;
    #[inline(always)]
    fn dice_by(self, coord: Crd) -> Self::Output {
        Layout::new(
            coord.dice_tuple(self.shape()),
            coord.dice_tuple(self.stride()),
        )
    }
}

/// The layout type of `slice(Crd, Layout<S, D>)`.
pub type SliceOf<Crd, S, D> = Layout<SliceTupleOf<Crd, S>, SliceTupleOf<Crd, D>>;

/// `slice_and_offset(coord, layout)`: the sliced layout and the offset of its origin.
///
/// # Math
/// `(slice(coord, layout), crd2idx(coord, shape, stride))`, where each `_` of the coordinate
/// counts as 0 in the offset.
///
/// # Postconditions
/// 1. `layout(c) == offset + sliced(c')` for every coordinate `c` that agrees with `coord`
///    outside its `_` and has `c'` (the coordinate of the sliced layout) there.
/// 2. The offset is static when every stride and integer it depends on is.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_4, (_2, _6), _2), (_24, (_12, _2), _1));
/// let (s, o) = slice_and_offset((2, (X, 1), X), l);
/// assert_eq!(s.to_string(), "(_2,_2):(_12,_1)");
/// assert_eq!(o, 50);
/// let (s, o) = slice_and_offset((_2, (X, _1), X), l);
/// assert_eq!((s.to_string(), o.to_string()), ("(_2,_2):(_12,_1)".into(), "_50".into()));
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn slice_and_offset<Crd, S, D>(
    coord: Crd,
    layout: Layout<S, D>,
) -> (SliceOf<Crd, S, D>, Crd2IdxOf<Crd, S, D>)
where
    S: IntTuple,
    D: IntTuple,
    Crd: Copy + Crd2Idx<S, D> + SliceTuple<S> + SliceTuple<D>,
    SliceTupleOf<Crd, S>: IntTuple,
    SliceTupleOf<Crd, D>: IntTuple,
{
    (
        layout.slice_by(coord),
        coord.crd2idx(layout.shape(), layout.stride()),
    )
}

/// `domain_offset(coord, layout)`: the layout, unchanged, and the offset of `coord` (C++
/// overloads it for composed layouts, which change; a plain layout only shifts its origin).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let (l, o) = domain_offset((1, 2), make_layout((_4, _8), (_1, _4)));
/// assert_eq!((l.to_string(), o), ("(_4,_8):(_1,_4)".into(), 9));
/// ```
#[inline(always)]
pub fn domain_offset<Crd, S, D>(coord: Crd, layout: Layout<S, D>) -> (Layout<S, D>, Crd::Output)
where
    S: IntTuple,
    D: IntTuple,
    Crd: Crd2Idx<S, D>,
{
    (layout, coord.crd2idx(layout.shape(), layout.stride()))
}

#[cfg(test)]
#[allow(clippy::type_complexity)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use crate::numeric::integral_constant::Integral;
    use crate::underscore::{dice, slice, X};
    use std::string::ToString;

    #[test]
    fn slice_oracle() {
        // slice(((2),8):((1),0), (1,_)) = (8):(0)
        let r: Layout<(_8,), (_0,)> = slice((_1, X), make_layout(((_2,), _8), ((_1,), _0)));
        assert_eq!(r.to_string(), "(_8):(_0)");
        assert_eq!(
            slice((1, X), make_layout(((2,), 8), ((1,), 0))).to_string(),
            "(8):(0)"
        );
        // slice(((2,2,16)):((1,2,4)), ((_,0,10))) = (2):(1)
        let r: Layout<(_2,), (_1,)> = slice(
            ((X, _0, _10),),
            make_layout(((_2, _2, _16),), ((_1, _2, _4),)),
        );
        assert_eq!(r.to_string(), "(_2):(_1)");
        assert_eq!(
            slice(((X, 0, 10),), make_layout(((2, 2, 16),), ((1, 2, 4),))).to_string(),
            "(2):(1)"
        );
        // slice((2,2):(1,2), (_,_)) = (2,2):(1,2)
        let r: Layout<(_2, _2), (_1, _2)> = slice((X, X), make_layout((_2, _2), (_1, _2)));
        assert_eq!(r.to_string(), "(_2,_2):(_1,_2)");
        assert_eq!(
            slice((X, X), make_layout((2, 2), (1, 2))).to_string(),
            "(2,2):(1,2)"
        );
        // slice(((6,5,1),(4)):((1,6,30),(30)), ((3,1,_),(_))) = (1,4):(30,30)
        let r: Layout<(_1, _4), (_30, _30)> = slice(
            ((_3, _1, X), (X,)),
            make_layout(((_6, _5, _1), (_4,)), ((_1, _6, _30), (_30,))),
        );
        assert_eq!(r.to_string(), "(_1,_4):(_30,_30)");
        assert_eq!(
            slice(
                ((3, 1, X), (X,)),
                make_layout(((6, 5, 1), (4,)), ((1, 6, 30), (30,)))
            )
            .to_string(),
            "(1,4):(30,30)"
        );
        // slice((1,4):(4,1), (_,_)) = (1,4):(4,1)
        let r: Layout<(_1, _4), (_4, _1)> = slice((X, X), make_layout((_1, _4), (_4, _1)));
        assert_eq!(r.to_string(), "(_1,_4):(_4,_1)");
        assert_eq!(
            slice((X, X), make_layout((1, 4), (4, 1))).to_string(),
            "(1,4):(4,1)"
        );
        // slice((5,8):(0,3), (4,_)) = (8):(3)
        let r: Layout<(_8,), (_3,)> = slice((_4, X), make_layout((_5, _8), (_0, _3)));
        assert_eq!(r.to_string(), "(_8):(_3)");
        assert_eq!(
            slice((4, X), make_layout((5, 8), (0, 3))).to_string(),
            "(8):(3)"
        );
        // slice((8,4):(4,1), (_,_)) = (8,4):(4,1)
        let r: Layout<(_8, _4), (_4, _1)> = slice((X, X), make_layout((_8, _4), (_4, _1)));
        assert_eq!(r.to_string(), "(_8,_4):(_4,_1)");
        assert_eq!(
            slice((X, X), make_layout((8, 4), (4, 1))).to_string(),
            "(8,4):(4,1)"
        );
        // slice(((2,5)):((1,2)), (_)) = ((2,5)):((1,2))
        let r: Layout<((_2, _5),), ((_1, _2),)> =
            slice((X,), make_layout(((_2, _5),), ((_1, _2),)));
        assert_eq!(r.to_string(), "((_2,_5)):((_1,_2))");
        assert_eq!(
            slice((X,), make_layout(((2, 5),), ((1, 2),))).to_string(),
            "((2,5)):((1,2))"
        );
        // slice(((6,2),4):((8,1),2), (5,_)) = (4):(2)
        let r: Layout<(_4,), (_2,)> = slice((_5, X), make_layout(((_6, _2), _4), ((_8, _1), _2)));
        assert_eq!(r.to_string(), "(_4):(_2)");
        assert_eq!(
            slice((5, X), make_layout(((6, 2), 4), ((8, 1), 2))).to_string(),
            "(4):(2)"
        );
        // slice((2,4,(1)):(0,0,(8)), (_,1,(_))) = (2,1):(0,8)
        let r: Layout<(_2, _1), (_0, _8)> =
            slice((X, _1, (X,)), make_layout((_2, _4, (_1,)), (_0, _0, (_8,))));
        assert_eq!(r.to_string(), "(_2,_1):(_0,_8)");
        assert_eq!(
            slice((X, 1, (X,)), make_layout((2, 4, (1,)), (0, 0, (8,)))).to_string(),
            "(2,1):(0,8)"
        );
        // slice((6):(2), (_)) = (6):(2)
        let r: Layout<(_6,), (_2,)> = slice((X,), make_layout((_6,), (_2,)));
        assert_eq!(r.to_string(), "(_6):(_2)");
        assert_eq!(slice((X,), make_layout((6,), (2,))).to_string(), "(6):(2)");
        // slice((8):(1), (_)) = (8):(1)
        let r: Layout<(_8,), (_1,)> = slice((X,), make_layout((_8,), (_1,)));
        assert_eq!(r.to_string(), "(_8):(_1)");
        assert_eq!(slice((X,), make_layout((8,), (1,))).to_string(), "(8):(1)");
        // slice(((12,2)):((2,1)), (_)) = ((12,2)):((2,1))
        let r: Layout<((_12, _2),), ((_2, _1),)> =
            slice((X,), make_layout(((_12, _2),), ((_2, _1),)));
        assert_eq!(r.to_string(), "((_12,_2)):((_2,_1))");
        assert_eq!(
            slice((X,), make_layout(((12, 2),), ((2, 1),))).to_string(),
            "((12,2)):((2,1))"
        );
        // slice((8,4,2):(8,2,1), (_,3,_)) = (8,2):(8,1)
        let r: Layout<(_8, _2), (_8, _1)> =
            slice((X, _3, X), make_layout((_8, _4, _2), (_8, _2, _1)));
        assert_eq!(r.to_string(), "(_8,_2):(_8,_1)");
        assert_eq!(
            slice((X, 3, X), make_layout((8, 4, 2), (8, 2, 1))).to_string(),
            "(8,2):(8,1)"
        );
        // slice(((4,5,4),2,(2)):((80,16,4),2,(1)), ((_,3,1),1,1)) = (4):(80)
        let r: Layout<(_4,), (_80,)> = slice(
            ((X, _3, _1), _1, _1),
            make_layout(((_4, _5, _4), _2, (_2,)), ((_80, _16, _4), _2, (_1,))),
        );
        assert_eq!(r.to_string(), "(_4):(_80)");
        assert_eq!(
            slice(
                ((X, 3, 1), 1, 1),
                make_layout(((4, 5, 4), 2, (2,)), ((80, 16, 4), 2, (1,)))
            )
            .to_string(),
            "(4):(80)"
        );
        // slice(((2),8):((8),1), (0,_)) = (8):(1)
        let r: Layout<(_8,), (_1,)> = slice((_0, X), make_layout(((_2,), _8), ((_8,), _1)));
        assert_eq!(r.to_string(), "(_8):(_1)");
        assert_eq!(
            slice((0, X), make_layout(((2,), 8), ((8,), 1))).to_string(),
            "(8):(1)"
        );
    }

    #[test]
    fn slice_offset_oracle() {
        // slice_offset(((4,2)):((1,4)), ((_,_))) = 0
        let (_, o): (_, _0) = slice_and_offset(((X, X),), make_layout(((_4, _2),), ((_1, _4),)));
        assert_eq!(o.to_string(), "_0");
        let (_, o) = slice_and_offset(((X, X),), make_layout(((4, 2),), ((1, 4),)));
        assert_eq!(Integral::value(o), 0);
        // slice_offset((8,1,2):(2,2,1), (3,_,1)) = 7
        let (_, o): (_, _7) =
            slice_and_offset((_3, X, _1), make_layout((_8, _1, _2), (_2, _2, _1)));
        assert_eq!(o.to_string(), "_7");
        let (_, o) = slice_and_offset((3, X, 1), make_layout((8, 1, 2), (2, 2, 1)));
        assert_eq!(Integral::value(o), 7);
        // slice_offset((2):(1), (_)) = 0
        let (_, o): (_, _0) = slice_and_offset((X,), make_layout((_2,), (_1,)));
        assert_eq!(o.to_string(), "_0");
        let (_, o) = slice_and_offset((X,), make_layout((2,), (1,)));
        assert_eq!(Integral::value(o), 0);
        // slice_offset((2,(4,12,2)):(96,(24,2,1)), (0,(_,_,1))) = 1
        let (_, o): (_, _1) = slice_and_offset(
            (_0, (X, X, _1)),
            make_layout((_2, (_4, _12, _2)), (_96, (_24, _2, _1))),
        );
        assert_eq!(o.to_string(), "_1");
        let (_, o) = slice_and_offset(
            (0, (X, X, 1)),
            make_layout((2, (4, 12, 2)), (96, (24, 2, 1))),
        );
        assert_eq!(Integral::value(o), 1);
        // slice_offset((1,2):(1,1), (_,_)) = 0
        let (_, o): (_, _0) = slice_and_offset((X, X), make_layout((_1, _2), (_1, _1)));
        assert_eq!(o.to_string(), "_0");
        let (_, o) = slice_and_offset((X, X), make_layout((1, 2), (1, 1)));
        assert_eq!(Integral::value(o), 0);
        // slice_offset((6):(1), (_)) = 0
        let (_, o): (_, _0) = slice_and_offset((X,), make_layout((_6,), (_1,)));
        assert_eq!(o.to_string(), "_0");
        let (_, o) = slice_and_offset((X,), make_layout((6,), (1,)));
        assert_eq!(Integral::value(o), 0);
        // slice_offset(((1),4,4):((1),1,4), (0,_,_)) = 0
        let (_, o): (_, _0) =
            slice_and_offset((_0, X, X), make_layout(((_1,), _4, _4), ((_1,), _1, _4)));
        assert_eq!(o.to_string(), "_0");
        let (_, o) = slice_and_offset((0, X, X), make_layout(((1,), 4, 4), ((1,), 1, 4)));
        assert_eq!(Integral::value(o), 0);
        // slice_offset(((4),2,12):((1),144,4), (2,_,_)) = 2
        let (_, o): (_, _2) =
            slice_and_offset((_2, X, X), make_layout(((_4,), _2, _12), ((_1,), _144, _4)));
        assert_eq!(o.to_string(), "_2");
        let (_, o) = slice_and_offset((2, X, X), make_layout(((4,), 2, 12), ((1,), 144, 4)));
        assert_eq!(Integral::value(o), 2);
        // slice_offset(((2,2,8)):((1,16,2)), ((1,1,_))) = 17
        let (_, o): (_, _17) = slice_and_offset(
            ((_1, _1, X),),
            make_layout(((_2, _2, _8),), ((_1, _16, _2),)),
        );
        assert_eq!(o.to_string(), "_17");
        let (_, o) = slice_and_offset(((1, 1, X),), make_layout(((2, 2, 8),), ((1, 16, 2),)));
        assert_eq!(Integral::value(o), 17);
        // slice_offset(((2,6,2),2,3):((72,12,6),3,1), ((1,_,1),1,_)) = 81
        let (_, o): (_, _81) = slice_and_offset(
            ((_1, X, _1), _1, X),
            make_layout(((_2, _6, _2), _2, _3), ((_72, _12, _6), _3, _1)),
        );
        assert_eq!(o.to_string(), "_81");
        let (_, o) = slice_and_offset(
            ((1, X, 1), 1, X),
            make_layout(((2, 6, 2), 2, 3), ((72, 12, 6), 3, 1)),
        );
        assert_eq!(Integral::value(o), 81);
        // slice_offset((3,(2),(5,5,2)):(1,(75),(3,15,150)), (0,(1),_)) = 75
        let (_, o): (_, _75) = slice_and_offset(
            (_0, (_1,), X),
            make_layout((_3, (_2,), (_5, _5, _2)), (_1, (_75,), (_3, _15, _150))),
        );
        assert_eq!(o.to_string(), "_75");
        let (_, o) = slice_and_offset(
            (0, (1,), X),
            make_layout((3, (2,), (5, 5, 2)), (1, (75,), (3, 15, 150))),
        );
        assert_eq!(Integral::value(o), 75);
        // slice_offset((5,2,8):(4,32,16), (4,_,_)) = 16
        let (_, o): (_, _16) =
            slice_and_offset((_4, X, X), make_layout((_5, _2, _8), (_4, _32, _16)));
        assert_eq!(o.to_string(), "_16");
        let (_, o) = slice_and_offset((4, X, X), make_layout((5, 2, 8), (4, 32, 16)));
        assert_eq!(Integral::value(o), 16);
        // slice_offset((5,8,5):(1,5,40), (1,1,_)) = 6
        let (_, o): (_, _6) =
            slice_and_offset((_1, _1, X), make_layout((_5, _8, _5), (_1, _5, _40)));
        assert_eq!(o.to_string(), "_6");
        let (_, o) = slice_and_offset((1, 1, X), make_layout((5, 8, 5), (1, 5, 40)));
        assert_eq!(Integral::value(o), 6);
        // slice_offset((16,6):(6,1), (_,0)) = 0
        let (_, o): (_, _0) = slice_and_offset((X, _0), make_layout((_16, _6), (_6, _1)));
        assert_eq!(o.to_string(), "_0");
        let (_, o) = slice_and_offset((X, 0), make_layout((16, 6), (6, 1)));
        assert_eq!(Integral::value(o), 0);
        // slice_offset((2,(6,1,2)):(12,(2,1,1)), (_,(1,_,1))) = 3
        let (_, o): (_, _3) = slice_and_offset(
            (X, (_1, X, _1)),
            make_layout((_2, (_6, _1, _2)), (_12, (_2, _1, _1))),
        );
        assert_eq!(o.to_string(), "_3");
        let (_, o) = slice_and_offset((X, (1, X, 1)), make_layout((2, (6, 1, 2)), (12, (2, 1, 1))));
        assert_eq!(Integral::value(o), 3);
        // slice_offset(((2),3,5):((36),3,144), (1,_,1)) = 180
        let (_, o): (_, _180) = slice_and_offset(
            (_1, X, _1),
            make_layout(((_2,), _3, _5), ((_36,), _3, _144)),
        );
        assert_eq!(o.to_string(), "_180");
        let (_, o) = slice_and_offset((1, X, 1), make_layout(((2,), 3, 5), ((36,), 3, 144)));
        assert_eq!(Integral::value(o), 180);
    }

    // Expected values: C++ CuTe 4.2 (`cute-cpp`).
    #[test]
    fn dice_and_offsets() {
        let l = make_layout((_4, (_2, _6), _2), (_24, (_12, _2), _1));
        let r: Layout<(_4, _6), (_24, _2)> = dice((2, (X, 1), X), l);
        assert_eq!(r.to_string(), "(_4,_6):(_24,_2)");
        let (s, o): (Layout<(_2, _2), (_12, _1)>, _50) = slice_and_offset((_2, (X, _1), X), l);
        assert_eq!(
            (s.to_string(), o.to_string()),
            ("(_2,_2):(_12,_1)".into(), "_50".into())
        );
        let (s, o) = slice_and_offset((2, (X, 1), X), l);
        assert_eq!((s.to_string(), o), ("(_2,_2):(_12,_1)".into(), 50));
        // `_` everywhere: a static zero offset even on a dynamic layout.
        let l = make_layout((4, 8), (8, 1));
        let (s, o): (_, _0) = slice_and_offset((X, X), l);
        assert_eq!(
            (s.to_string(), o.to_string()),
            ("(4,8):(8,1)".into(), "_0".into())
        );
        let (s, o): (_, _0) = slice_and_offset(X, l);
        assert_eq!(s.to_string(), "(4,8):(8,1)");
        assert_eq!(o.to_string(), "_0");
        let (s, o) = slice_and_offset((1, X), l);
        assert_eq!((s.to_string(), o), ("(8):(1)".into(), 8));
        // The slice is the layout restricted to the free modes, shifted by the offset.
        let l = make_layout((_4, (_2, 6), _2), (_24, (_12, 2), _1));
        let (s, o) = slice_and_offset((3, (X, 5), X), l);
        for i in 0..2 {
            for k in 0..2 {
                assert_eq!(l.call((3, (i, 5), k)), o + s.call((i, k)));
            }
        }
        let (l, o) = domain_offset((1, 2), make_layout((_4, _8), (_1, _4)));
        assert_eq!((l.to_string(), o), ("(_4,_8):(_1,_4)".into(), 9));
    }
}
