//! Layouts whose structure is known at run time and their algebra: the dynamic counterpart
//! of CuTe's `cute/layout.hpp` (`make_layout`, `coalesce`, `filter`, `composition`,
//! `complement`, `right_inverse`, `left_inverse`, the divides and products, `slice`,
//! `upcast`, `downcast`).
//!
//! Semantics are C++ CuTe 4.2's with every integer static: decisions (merging modes,
//! dropping size-1 modes, divisibility) are made on values. A broken precondition is an
//! `Err` whose `Display` is one sentence naming the operation.

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::error::{Error, Result};
use super::int_tuple::{ceil_div, congruent, Int, IntTuple};
use super::stride::crd2idx_in;
use super::underscore::Coord;

/// A layout: a shape and a congruent stride (CuTe's `Layout<Shape,Stride>`), mapping
/// coordinates of the shape to offsets.
///
/// `Display` prints `shape:stride` in CuTe's notation; `FromStr` reads it. Every extent
/// of the shape is positive.
///
/// # Example
/// ```
/// use cute_core::dynamic::Layout;
/// let l: Layout = "(2,4):(2,2)".parse().unwrap();
/// let offsets: Vec<i64> = (0..8).map(|i| l.eval(i).unwrap()).collect();
/// assert_eq!(offsets, [0, 2, 2, 4, 4, 6, 6, 8]);
/// assert_eq!(l.to_string(), "(2,4):(2,2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    shape: IntTuple,
    stride: IntTuple,
}

/// An integer tuple as the shape of one mode plus a stride leaf, for the builders below.
type Mode = (Int, Int);

impl Layout {
    /// CuTe's `make_layout(shape, stride)`.
    ///
    /// # Preconditions
    /// `shape` and `stride` are congruent and every extent of `shape` is at least 1, else
    /// `Err` (`make_layout: the shape (2,4) and the stride (1) are not congruent`).
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Layout> {
        const OP: &str = "make_layout";
        if !congruent(&shape, &stride) {
            return Err(Error::new(
                OP,
                format!("the shape {shape} and the stride {stride} are not congruent"),
            ));
        }
        if let Some(bad) = shape.leaves().into_iter().find(|s| s.value < 1) {
            return Err(Error::new(
                OP,
                format!("the shape {shape} has the extent {bad}, which is not positive"),
            ));
        }
        Ok(Layout { shape, stride })
    }

    /// Build without checks; callers guarantee congruence and positive extents.
    pub(crate) fn raw(shape: IntTuple, stride: IntTuple) -> Layout {
        Layout { shape, stride }
    }

    fn from_modes(modes: &[Mode], st: bool) -> Layout {
        match modes {
            [] => Layout::raw(
                IntTuple::from(Int::new(1, st)),
                IntTuple::from(Int::new(0, st)),
            ),
            [(s, d)] => Layout::raw(IntTuple::from(*s), IntTuple::from(*d)),
            _ => Layout::raw(
                IntTuple::Tuple(modes.iter().map(|m| IntTuple::from(m.0)).collect()),
                IntTuple::Tuple(modes.iter().map(|m| IntTuple::from(m.1)).collect()),
            ),
        }
    }

    /// The layout `n:1` that an integer `n` stands for inside a tiler (stride as static as `n`).
    ///
    /// # Preconditions
    /// `n >= 1`, else `Err` (as [`Layout::new`]).
    pub fn from_int(n: Int) -> Result<Layout> {
        Layout::new(IntTuple::from(n), IntTuple::from(Int::new(1, n.is_static)))
    }

    /// CuTe's `make_layout(shape)`: the compact column-major layout of `shape` (mode 0 has
    /// stride 1); like C++ `compact_col_major`, a size-1 leaf gets stride 0.
    ///
    /// # Preconditions
    /// Every extent is positive and the size fits in `i64`.
    ///
    /// # Example
    /// ```
    /// use cute_core::dynamic::Layout;
    /// let l = Layout::compact(&"(_2,_1,_4)".parse().unwrap()).unwrap();
    /// assert_eq!(l.to_string(), "(_2,_1,_4):(_1,_0,_2)");
    /// ```
    pub fn compact(shape: &IntTuple) -> Result<Layout> {
        let mut acc = Int::new(1, shape.is_static());
        let stride = compact_stride(shape, &mut acc)?;
        Layout::new(shape.clone(), stride)
    }

    /// The shape.
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The stride.
    pub fn stride(&self) -> &IntTuple {
        &self.stride
    }

    /// Whether every integer of shape and stride is static.
    pub fn is_static(&self) -> bool {
        self.shape.is_static() && self.stride.is_static()
    }

    /// CuTe's `rank`: the number of top-level modes (1 for an integer shape).
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// CuTe's `layout<i>`: mode `i` as a layout (an integer-shaped layout is its own mode 0).
    pub fn mode(&self, i: usize) -> Option<Layout> {
        Some(Layout::raw(
            self.shape.get(i)?.clone(),
            self.stride.get(i)?.clone(),
        ))
    }

    /// The top-level modes as layouts.
    pub fn modes(&self) -> Vec<Layout> {
        self.shape
            .modes()
            .into_iter()
            .zip(self.stride.modes())
            .map(|(s, d)| Layout::raw(s, d))
            .collect()
    }

    /// The (shape, stride) leaf pairs, left to right.
    pub fn leaves(&self) -> Vec<(Int, Int)> {
        self.shape
            .leaves()
            .into_iter()
            .zip(self.stride.leaves())
            .collect()
    }

    fn mode_or_err(&self, i: usize, op: &'static str) -> Result<Layout> {
        self.mode(i)
            .ok_or_else(|| Error::new(op, format!("{self} has no mode {i}")))
    }

    /// CuTe's `layout(i)` at a 1-D index: the offset of the `i`-th point in colexicographic
    /// order (mode 0 fastest).
    ///
    /// # Preconditions
    /// `0 <= i < size(layout)`, else `Err` (`layout: the index 8 is out of range for
    /// (2,4):(2,2) of size 8`); no overflow.
    pub fn eval(&self, i: i64) -> Result<i64> {
        self.eval_coord(&IntTuple::int(i)).map(|r| r.value)
    }

    /// CuTe's `layout(crd)` at a (hierarchical) coordinate; an integer at a tuple-shaped mode
    /// is split over that mode colexicographically.
    ///
    /// # Preconditions
    /// `crd` is congruent with the shape (or an integer where the shape has a tuple), and
    /// each integer lies in `[0, size)` of the mode it addresses, else `Err`.
    ///
    /// # Example
    /// ```
    /// use cute_core::dynamic::{IntTuple, Layout};
    /// let l: Layout = "(_4,(_2,_3)):(_1,(_4,_8))".parse().unwrap();
    /// let c: IntTuple = "(_1,_3)".parse().unwrap();
    /// assert_eq!(l.eval_coord(&c).unwrap().to_string(), "_13");
    /// ```
    pub fn eval_coord(&self, crd: &IntTuple) -> Result<Int> {
        const OP: &str = "layout";
        check_range(crd, &self.shape, self, true, OP)?;
        crd2idx_in(&Coord::from(crd), &self.shape, &self.stride, OP)
    }
}

fn compact_stride(shape: &IntTuple, acc: &mut Int) -> Result<IntTuple> {
    match shape {
        IntTuple::Int { value, is_static } => {
            let s = Int::new(*value, *is_static);
            let d = if s.value == 1 {
                Int::new(0, acc.is_static)
            } else {
                *acc
            };
            *acc = acc.mul(s, "make_layout")?;
            Ok(IntTuple::from(d))
        }
        IntTuple::Tuple(v) => v
            .iter()
            .map(|e| compact_stride(e, acc))
            .collect::<Result<Vec<_>>>()
            .map(IntTuple::Tuple),
    }
}

/// Each integer of `crd` lies in `[0, size)` of the (sub)shape it addresses; `top` says
/// whether `shape` is the whole shape of `l`.
fn check_range(
    crd: &IntTuple,
    shape: &IntTuple,
    l: &Layout,
    top: bool,
    op: &'static str,
) -> Result<()> {
    match (crd, shape) {
        (IntTuple::Tuple(cs), IntTuple::Tuple(ss)) if cs.len() == ss.len() => cs
            .iter()
            .zip(ss)
            .try_for_each(|(c, s)| check_range(c, s, l, false, op)),
        (IntTuple::Int { value, .. }, _) => {
            let n = shape.product_in(op)?;
            if *value < 0 || *value >= n.value {
                let what = if top {
                    format!("the index {crd} is out of range for {l} of size {n}")
                } else {
                    format!("the coordinate {crd} is out of range for the mode {shape} of {l}")
                };
                return Err(Error::new(op, what));
            }
            Ok(())
        }
        _ => Err(Error::new(
            op,
            format!(
                "the coordinate {crd} is not congruent with the shape {} of {l}",
                l.shape
            ),
        )),
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

/// A tiler: the second argument of `composition`, the divides and the products. Either one
/// layout (applied to the whole first argument) or a tuple of tilers applied mode by mode
/// (element `k` acts on mode `k`). An integer `n` in a tiler stands for the layout `n:1`.
///
/// # Example
/// ```
/// use cute_core::dynamic::Tiler;
/// let t: Tiler = "((8,6):(1,8),3,(2):(1))".parse().unwrap();
/// assert_eq!(t.to_string(), "((8,6):(1,8),3:1,(2):(1))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tiler {
    /// One layout, applied to the whole layout.
    Layout(Layout),
    /// One tiler per leading mode.
    Tuple(Vec<Tiler>),
}

impl From<Layout> for Tiler {
    fn from(l: Layout) -> Tiler {
        Tiler::Layout(l)
    }
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => fmt::Display::fmt(l, f),
            Tiler::Tuple(v) => {
                f.write_str("(")?;
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    fmt::Display::fmt(e, f)?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A borrowed view of a tiler: what [`AsTiler`] gives.
#[derive(Clone, Copy, Debug)]
pub enum TilerRef<'a> {
    /// One layout.
    Layout(&'a Layout),
    /// One tiler per leading mode.
    Tuple(&'a [Tiler]),
}

/// What can be the second argument of `composition`, the divides and the products: a
/// [`Layout`] or a [`Tiler`].
pub trait AsTiler {
    /// The tiler view of `self`.
    fn as_tiler(&self) -> TilerRef<'_>;
}

impl AsTiler for Layout {
    fn as_tiler(&self) -> TilerRef<'_> {
        TilerRef::Layout(self)
    }
}

impl AsTiler for Tiler {
    fn as_tiler(&self) -> TilerRef<'_> {
        match self {
            Tiler::Layout(l) => TilerRef::Layout(l),
            Tiler::Tuple(v) => TilerRef::Tuple(v),
        }
    }
}

impl fmt::Display for TilerRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TilerRef::Layout(l) => fmt::Display::fmt(l, f),
            TilerRef::Tuple(v) => fmt::Display::fmt(&Tiler::Tuple(v.to_vec()), f),
        }
    }
}

/// CuTe's `make_layout(l0, l1, ...)`: the layout whose modes are the given layouts.
///
/// # Example
/// ```
/// use cute_core::dynamic::{make_layout, Layout};
/// let a: Layout = "(2,4):(2,4)".parse().unwrap();
/// let b: Layout = "(2,2):(1,16)".parse().unwrap();
/// assert_eq!(make_layout(&[a, b]).to_string(), "((2,4),(2,2)):((2,4),(1,16))");
/// let c: Layout = "4:1".parse().unwrap();
/// assert_eq!(make_layout(&[c]).to_string(), "(4):(1)");
/// ```
pub fn make_layout(modes: &[Layout]) -> Layout {
    Layout::raw(
        IntTuple::Tuple(modes.iter().map(|l| l.shape.clone()).collect()),
        IntTuple::Tuple(modes.iter().map(|l| l.stride.clone()).collect()),
    )
}

/// CuTe's `size`: the number of coordinates, the product of the shape.
///
/// # Example
/// ```
/// use cute_core::dynamic::{size, Layout};
/// let l: Layout = "(_4,(_2,_3)):(_1,(_4,_8))".parse().unwrap();
/// assert_eq!(size(&l).unwrap().to_string(), "_24");
/// ```
pub fn size(layout: &Layout) -> Result<Int> {
    layout.shape.product_in("size")
}

/// CuTe's `cosize`: `layout(size(layout) - 1) + 1`, one past the last offset.
///
/// # Example
/// ```
/// use cute_core::dynamic::{cosize, Layout};
/// let l: Layout = "(2,4):(2,2)".parse().unwrap();
/// assert_eq!(cosize(&l).unwrap().to_string(), "9");
/// ```
pub fn cosize(layout: &Layout) -> Result<Int> {
    const OP: &str = "cosize";
    let n = layout.shape.product_in(OP)?;
    let last = Int::new(n.value - 1, n.is_static);
    let off = crd2idx_in(&Coord::Int(last), &layout.shape, &layout.stride, OP)?;
    off.add(Int::new(1, layout.is_static()), OP)
}

/// CuTe's `rank` of a layout: the rank of its shape (static iff the layout is).
///
/// # Example
/// ```
/// use cute_core::dynamic::{rank, Layout};
/// assert_eq!(rank(&"(2,(3,4)):(1,(2,6))".parse::<Layout>().unwrap()).to_string(), "2");
/// ```
pub fn rank(layout: &Layout) -> Int {
    Int::new(layout.rank() as i64, layout.is_static())
}

/// CuTe's `depth` of a layout: the depth of its shape (static iff the layout is).
///
/// # Example
/// ```
/// use cute_core::dynamic::{depth, Layout};
/// assert_eq!(depth(&"(2,(3,4)):(1,(2,6))".parse::<Layout>().unwrap()).to_string(), "2");
/// assert_eq!(depth(&"_4:_1".parse::<Layout>().unwrap()).to_string(), "_0");
/// ```
pub fn depth(layout: &Layout) -> Int {
    Int::new(layout.shape.depth() as i64, layout.is_static())
}

/// CuTe's `shape(layout)`.
pub fn shape(layout: &Layout) -> IntTuple {
    layout.shape.clone()
}

/// CuTe's `stride(layout)`.
pub fn stride(layout: &Layout) -> IntTuple {
    layout.stride.clone()
}

fn coalesce_modes(leaves: &[Mode], st: bool, op: &'static str) -> Result<Layout> {
    let mut out: Vec<Mode> = Vec::with_capacity(leaves.len());
    for &(s, d) in leaves {
        if s.value == 1 {
            continue;
        }
        match out.last_mut() {
            Some(last) if last.0.value.checked_mul(last.1.value) == Some(d.value) => {
                last.0 = last.0.mul(s, op)?;
            }
            _ => out.push((s, d)),
        }
    }
    Ok(Layout::from_modes(&out, st))
}

/// CuTe's `coalesce`: the same function of a 1-D index with the fewest modes.
///
/// # Math
/// Over the flattened modes, left to right: size-1 modes are dropped, and a mode `s:d`
/// is merged into the previous `s0:d0` when `s0*d0 == d` (giving `(s0*s):d0`). No modes
/// left gives `1:0`; one mode gives an integer shape.
///
/// # Postconditions
/// 1. `size(coalesce(L)) == size(L)` and `coalesce(L)(i) == L(i)` for all `i < size(L)`.
/// 2. The result has depth at most 1.
///
/// # Example
/// ```
/// use cute_core::dynamic::{coalesce, Layout};
/// let l: Layout = "(2,1):(3,1)".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "2:3");
/// let l: Layout = "(_2,(_1,_6)):(_1,(_6,_2))".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "_12:_1");
/// ```
pub fn coalesce(layout: &Layout) -> Result<Layout> {
    coalesce_modes(&layout.leaves(), layout.is_static(), "coalesce")
}

/// CuTe's `coalesce(layout, profile)`: coalesce mode by mode, following `profile`.
///
/// # Math
/// An integer profile coalesces the whole layout. A tuple profile of rank `r` gives
/// `make_layout(coalesce(L_0, p_0), ..., coalesce(L_{r-1}, p_{r-1}), L_r, ...)`.
///
/// # Preconditions
/// `rank(profile) <= rank(layout)`, else `Err`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{coalesce_profile, IntTuple, Layout};
/// let l: Layout = "((2,2),(2,3)):((1,2),(8,16))".parse().unwrap();
/// let p: IntTuple = "(1,1)".parse().unwrap();
/// assert_eq!(coalesce_profile(&l, &p).unwrap().to_string(), "(4,6):(1,8)");
/// let p: IntTuple = "(1)".parse().unwrap();
/// assert_eq!(coalesce_profile(&l, &p).unwrap().to_string(), "(4,(2,3)):(1,(8,16))");
/// ```
pub fn coalesce_profile(layout: &Layout, profile: &IntTuple) -> Result<Layout> {
    by_profile(layout, profile, "coalesce", &coalesce)
}

fn by_profile(
    layout: &Layout,
    profile: &IntTuple,
    op: &'static str,
    f: &dyn Fn(&Layout) -> Result<Layout>,
) -> Result<Layout> {
    match profile {
        IntTuple::Int { .. } => f(layout),
        IntTuple::Tuple(ps) => {
            if ps.len() > layout.rank() {
                return Err(Error::new(
                    op,
                    format!("the profile {profile} has more modes than {layout}"),
                ));
            }
            let mut modes = Vec::with_capacity(layout.rank());
            for (i, m) in layout.modes().into_iter().enumerate() {
                modes.push(match ps.get(i) {
                    Some(p) => by_profile(&m, p, op, f)?,
                    None => m,
                });
            }
            Ok(make_layout(&modes))
        }
    }
}

/// CuTe's `filter`: drop the stride-0 and size-1 modes, then coalesce.
///
/// # Postconditions
/// 1. The image of `filter(L)` on `[0, size)` equals the image of `L`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{filter, Layout};
/// let l: Layout = "(2,4):(0,2)".parse().unwrap();
/// assert_eq!(filter(&l).unwrap().to_string(), "4:2");
/// let l: Layout = "(3,1):(0,5)".parse().unwrap();
/// assert_eq!(filter(&l).unwrap().to_string(), "1:0");
/// ```
pub fn filter(layout: &Layout) -> Result<Layout> {
    let kept: Vec<Mode> = layout
        .leaves()
        .into_iter()
        .filter(|(s, d)| s.value != 1 && d.value != 0)
        .collect();
    coalesce_modes(&kept, layout.is_static(), "filter")
}

/// CuTe's `filter(layout, profile)`: filter mode by mode, as [`coalesce_profile`] does.
pub fn filter_profile(layout: &Layout, profile: &IntTuple) -> Result<Layout> {
    by_profile(layout, profile, "filter", &filter)
}

/// Compose one leaf `s:d` of the right-hand layout `b` with the coalesced leaves of `a`.
fn compose_leaf(
    a: &Layout,
    flat: &[Mode],
    b: &Layout,
    s: Int,
    d: Int,
    st: bool,
) -> Result<(IntTuple, IntTuple)> {
    const OP: &str = "composition";
    if d.value == 0 {
        return Ok((IntTuple::from(s), IntTuple::from(d)));
    }
    if d.value < 0 {
        return Err(Error::new(OP, format!("the stride {d} of {b} is negative")));
    }
    let Some((last, init)) = flat.split_last() else {
        return Err(Error::new(OP, format!("{a} has no modes")));
    };
    let mut out: Vec<Mode> = Vec::new();
    let mut rest_shape = s;
    let mut rest_stride = d;
    for &(cs, cd) in init {
        if rest_shape.value == 1 {
            // Nothing left to place: only track the stride, as CuTe does.
            rest_stride = ceil_pos(rest_stride, cs, OP)?;
            continue;
        }
        if rest_stride.divisible_by(cs) {
            rest_stride = rest_stride.div(cs, OP)?;
        } else if cs.divisible_by(rest_stride) {
            let avail = cs.div(rest_stride, OP)?;
            if avail.value >= rest_shape.value {
                out.push((rest_shape, rest_stride.mul(cd, OP)?));
                rest_shape = Int::new(1, rest_shape.is_static && avail.is_static);
            } else {
                if !rest_shape.divisible_by(avail) {
                    return Err(Error::new(
                        OP,
                        format!(
                            "the shape {rest_shape} left of {b} is not divisible by {avail}, the part of shape {cs} of {a} it reaches"
                        ),
                    ));
                }
                out.push((avail, rest_stride.mul(cd, OP)?));
                rest_shape = rest_shape.div(avail, OP)?;
            }
            rest_stride = Int::new(1, rest_stride.is_static && cs.is_static);
        } else {
            return Err(Error::new(
                OP,
                format!("the stride {rest_stride} reached by {b} and the shape {cs} of {a} do not divide one another"),
            ));
        }
    }
    if rest_shape.value != 1 || out.is_empty() {
        out.push((rest_shape, rest_stride.mul(last.1, OP)?));
    }
    let l = Layout::from_modes(&out, st);
    Ok((l.shape, l.stride))
}

fn ceil_pos(a: Int, b: Int, op: &'static str) -> Result<Int> {
    let (q, r) = a.floor_div_rem(b, op)?;
    if r.value == 0 {
        Ok(q)
    } else {
        q.add(Int::new(1, q.is_static), op)
    }
}

fn compose_rec(
    a: &Layout,
    flat: &[Mode],
    b: &Layout,
    bs: &IntTuple,
    bd: &IntTuple,
    st: bool,
) -> Result<(IntTuple, IntTuple)> {
    match (bs, bd) {
        (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) => {
            let mut shapes = Vec::with_capacity(ss.len());
            let mut strides = Vec::with_capacity(ss.len());
            for (s, d) in ss.iter().zip(ds) {
                let (x, y) = compose_rec(a, flat, b, s, d, st)?;
                shapes.push(x);
                strides.push(y);
            }
            Ok((IntTuple::Tuple(shapes), IntTuple::Tuple(strides)))
        }
        (
            IntTuple::Int { value, is_static },
            IntTuple::Int {
                value: dv,
                is_static: ds,
            },
        ) => compose_leaf(
            a,
            flat,
            b,
            Int::new(*value, *is_static),
            Int::new(*dv, *ds),
            st,
        ),
        _ => Err(Error::new("composition", format!("{b} is not a layout"))),
    }
}

fn compose_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    let flat = coalesce(a).map_err(|e| e.within("composition"))?.leaves();
    let st = a.is_static() && b.is_static();
    let (shape, stride) = compose_rec(a, &flat, b, &b.shape, &b.stride, st)?;
    Ok(Layout::raw(shape, stride))
}

fn too_many_modes(op: &'static str, t: TilerRef<'_>, a: &Layout) -> Error {
    Error::new(op, format!("the tiler {t} has more modes than {a}"))
}

fn compose(a: &Layout, b: TilerRef<'_>) -> Result<Layout> {
    match b {
        TilerRef::Layout(l) => compose_layout(a, l),
        TilerRef::Tuple(ts) => {
            if ts.len() > a.rank() {
                return Err(too_many_modes("composition", b, a));
            }
            let mut modes = Vec::with_capacity(ts.len());
            for (i, t) in ts.iter().enumerate() {
                modes.push(compose(&a.mode_or_err(i, "composition")?, t.as_tiler())?);
            }
            Ok(make_layout(&modes))
        }
    }
}

/// CuTe's `composition(a, b)`: the layout `a ∘ b`, `i ↦ a(b(i))`.
///
/// # Math
/// A layout `b` is composed mode by mode of its shape; each integer mode `s:d` walks the
/// coalesced modes of `a`, dividing `d` out of them and then taking `s` elements. A tuple
/// tiler composes mode `k` of `a` with element `k`, and (as C++ CuTe does) the result has
/// `rank(tiler)` modes: modes of `a` past the tiler are dropped.
///
/// # Preconditions
/// Strides of `b` are non-negative; at every mode of `a` but the last, the stride reached
/// and the mode's shape divide one another, and the shape left to place is divisible by
/// the part of the mode it reaches; a tuple tiler has at most `rank(a)` elements.
/// Otherwise `Err`, e.g. `composition: the stride 3 reached by 2:3 and the shape 2 of
/// (2,4):(1,4) do not divide one another`.
///
/// # Postconditions
/// 1. For a layout `b`: `composition(a, b)(i) == a(b(i))` for all `i < size(b)`, and the
///    result is congruent in its top modes with `b`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{composition, Layout, Tiler};
/// let a: Layout = "(_4,_8):(_1,_4)".parse().unwrap();
/// let b: Layout = "(_2,_4):(_1,_2)".parse().unwrap();
/// assert_eq!(composition(&a, &b).unwrap().to_string(), "(_2,_4):(_1,_2)");
/// let t: Tiler = "(_2:_1,_4:_2)".parse().unwrap();
/// assert_eq!(composition(&a, &t).unwrap().to_string(), "(_2,_4):(_1,_8)");
/// ```
pub fn composition<B: AsTiler + ?Sized>(a: &Layout, b: &B) -> Result<Layout> {
    compose(a, b.as_tiler())
}

/// CuTe's `complement(layout, cotarget)`: the layout of the offsets `layout` skips, up to
/// `cotarget` (an integer, or a shape standing for its size).
///
/// # Math
/// Drop stride-0 and size-1 modes, sort the rest by stride; with `cur = 1`, each mode `s:d`
/// contributes `(d / cur):cur` (truncating, as C++ does) and sets `cur = s*d`; finally `ceil_div(cotarget, cur):cur`;
/// the result is coalesced.
///
/// # Preconditions
/// `cotarget >= 1`; strides non-negative; after sorting, no stride is below the span `cur`
/// of the smaller modes (else the layout is not injective, or its modes interleave).
/// Otherwise `Err`, e.g. `complement: the modes of (2,2):(1,1) overlap or interleave
/// (stride 1 is below 2), so it has no complement`.
///
/// # Postconditions
/// 1. `make_layout(layout, complement(layout, c))` is injective, and its cosize is at least `c`.
/// 2. The strides of the result are increasing.
///
/// # Example
/// ```
/// use cute_core::dynamic::{complement, IntTuple, Layout};
/// let l: Layout = "(2,4):(1,2)".parse().unwrap();
/// assert_eq!(complement(&l, &IntTuple::int(16)).unwrap().to_string(), "2:8");
/// let l: Layout = "(_2,_4):(_1,_8)".parse().unwrap();
/// assert_eq!(complement(&l, &IntTuple::static_int(64)).unwrap().to_string(), "(_4,_2):(_2,_32)");
/// ```
pub fn complement(layout: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    const OP: &str = "complement";
    let ct = cotarget.product_in(OP)?;
    if ct.value < 1 {
        return Err(Error::new(
            OP,
            format!("the cotarget {cotarget} is not positive"),
        ));
    }
    let st = layout.is_static() && cotarget.is_static();
    let mut modes: Vec<Mode> = layout
        .leaves()
        .into_iter()
        .filter(|(s, d)| s.value != 1 && d.value != 0)
        .collect();
    if let Some((_, d)) = modes.iter().find(|(_, d)| d.value < 0) {
        return Err(Error::new(
            OP,
            format!("{layout} has the negative stride {d}"),
        ));
    }
    modes.sort_by_key(|(s, d)| (d.value, s.value));
    // The running stride is the span of the layout's modes: static when they are, whatever
    // the cotarget (C++: `complement(_1:_1, 2)` is `2:_1`).
    let mut cur = Int::new(1, layout.is_static());
    let mut out: Vec<Mode> = Vec::with_capacity(modes.len() + 1);
    for (s, d) in modes {
        if d.value < cur.value {
            return Err(Error::new(
                OP,
                format!("the modes of {layout} overlap or interleave (stride {d} is below {cur}), so it has no complement"),
            ));
        }
        // C++ CuTe divides with truncation here: a stride that is not a multiple of `cur`
        // leaves a gap the complement does not cover.
        out.push((d.div(cur, OP)?, cur));
        cur = s.mul(d, OP)?;
    }
    out.push((ceil_pos(Int::new(ct.value, ct.is_static), cur, OP)?, cur));
    coalesce_modes(&out, st, OP)
}

/// CuTe's `right_inverse`: a layout `R` with `layout(R(i)) == i` for every `i < size(R)`,
/// as large as the layout allows.
///
/// # Math
/// Coalesce; starting from `cur = 1`, repeatedly take the mode with `|stride| == cur`,
/// giving it the stride `signum(stride) *` its column-major position, and set
/// `cur = shape * |stride|`; stop when no mode continues the chain. Nothing found gives `1:0`.
///
/// # Postconditions
/// 1. `layout(right_inverse(layout)(i)) == i` for all `i < size(right_inverse(layout))`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{right_inverse, Layout};
/// let l: Layout = "(4,2):(2,1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(2,4):(4,1)");
/// let l: Layout = "(_4,_2):(_0,_1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "_2:_4");
/// ```
pub fn right_inverse(layout: &Layout) -> Result<Layout> {
    const OP: &str = "right_inverse";
    let c = coalesce(layout).map_err(|e| e.within(OP))?;
    let leaves = c.leaves();
    let st = layout.is_static();
    let mut pre = Vec::with_capacity(leaves.len());
    let mut acc = Int::new(1, st);
    for &(s, _) in &leaves {
        pre.push(acc);
        acc = acc.mul(s, OP)?;
    }
    let mut used = vec![false; leaves.len()];
    let mut out: Vec<Mode> = Vec::new();
    let mut cur: i64 = 1;
    loop {
        let found =
            (0..leaves.len()).find(|&i| !used[i] && leaves[i].1.value.checked_abs() == Some(cur));
        let Some(i) = found else { break };
        used[i] = true;
        let (s, d) = leaves[i];
        let r = if d.value < 0 {
            Int::new(-pre[i].value, pre[i].is_static && d.is_static)
        } else {
            pre[i]
        };
        out.push((s, r));
        match s.value.checked_mul(cur) {
            Some(next) => cur = next,
            None => break,
        }
    }
    Ok(Layout::from_modes(&out, st))
}

/// CuTe's `left_inverse` (CUTLASS 4.2's form): a layout `R` with `R(layout(i)) == i` for
/// every `i < size(layout)`. Off the image of `layout`, `R` is 0 along the gaps (pycute
/// gives other values there; only the image is pinned down).
///
/// # Math
/// Coalesce; visit the modes by increasing stride, skipping stride 0; each mode appends the
/// shape `stride / size(shapes so far)` with the stride of the mode's column-major position
/// (the first appended stride is 0); then append the shape of the largest-stride mode and
/// coalesce.
///
/// # Preconditions
/// Strides non-negative and each stride divisible by the size accumulated so far, else `Err`.
///
/// # Postconditions
/// 1. `left_inverse(L)(L(i)) == i` for all `i < size(L)` when `L` is injective.
///
/// # Example
/// ```
/// use cute_core::dynamic::{left_inverse, Layout};
/// let l: Layout = "_4:_2".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(_2,_4):(_0,_1)");
/// let l: Layout = "(2,4):(4,1)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(4,2):(2,1)");
/// ```
pub fn left_inverse(layout: &Layout) -> Result<Layout> {
    const OP: &str = "left_inverse";
    let c = coalesce(layout).map_err(|e| e.within(OP))?;
    let leaves = c.leaves();
    let st = layout.is_static();
    if let Some((_, d)) = leaves.iter().find(|(_, d)| d.value < 0) {
        return Err(Error::new(
            OP,
            format!("{layout} has the negative stride {d}"),
        ));
    }
    let mut pre = Vec::with_capacity(leaves.len());
    let mut acc = Int::new(1, st);
    for &(s, _) in &leaves {
        pre.push(acc);
        acc = acc.mul(s, OP)?;
    }
    let mut order: Vec<usize> = (0..leaves.len()).collect();
    order.sort_by_key(|&i| leaves[i].1.value);
    let mut shapes: Vec<Int> = Vec::new();
    let mut strides: Vec<Int> = vec![Int::new(0, st)];
    let mut so_far = Int::new(1, st);
    for &i in &order {
        let d = leaves[i].1;
        if d.value == 0 {
            continue;
        }
        if !d.divisible_by(so_far) {
            return Err(Error::new(
                OP,
                format!("the stride {d} of {layout} is not divisible by {so_far}, the size of the modes below it"),
            ));
        }
        let sh = d.div(so_far, OP)?;
        shapes.push(sh);
        strides.push(pre[i]);
        so_far = so_far.mul(sh, OP)?;
    }
    if let Some(&i) = order.last() {
        shapes.push(leaves[i].0);
    }
    let modes: Vec<Mode> = shapes.into_iter().zip(strides).collect();
    coalesce_modes(&modes, st, OP)
}

fn divide(a: &Layout, b: TilerRef<'_>) -> Result<Layout> {
    const OP: &str = "logical_divide";
    match b {
        TilerRef::Layout(l) => {
            let n = size(a).map_err(|e| e.within(OP))?;
            let c = complement(l, &IntTuple::from(n)).map_err(|e| e.within(OP))?;
            compose_layout(a, &make_layout(&[l.clone(), c])).map_err(|e| e.within(OP))
        }
        TilerRef::Tuple(ts) => by_mode(a, ts, b, OP, &divide),
    }
}

/// Apply `f` to mode `k` of `a` and element `k` of the tiler, keeping the modes past it.
fn by_mode(
    a: &Layout,
    ts: &[Tiler],
    whole: TilerRef<'_>,
    op: &'static str,
    f: &dyn Fn(&Layout, TilerRef<'_>) -> Result<Layout>,
) -> Result<Layout> {
    if ts.len() > a.rank() {
        return Err(too_many_modes(op, whole, a));
    }
    let mut modes = Vec::with_capacity(a.rank());
    for (i, m) in a.modes().into_iter().enumerate() {
        modes.push(match ts.get(i) {
            Some(t) => f(&m, t.as_tiler())?,
            None => m,
        });
    }
    Ok(make_layout(&modes))
}

/// CuTe's `logical_divide(a, tiler)`: split `a` into (tile, rest).
///
/// # Math
/// For a layout `b`: `composition(a, make_layout(b, complement(b, size(a))))`, a rank-2
/// layout (the tile, then the rest). A tuple tiler divides mode by mode and keeps the modes
/// of `a` past the tiler.
///
/// # Preconditions
/// Those of `complement` and `composition` (reported as `logical_divide: ...`).
///
/// # Example
/// ```
/// use cute_core::dynamic::{logical_divide, Layout, Tiler};
/// let a: Layout = "(_4,_8):(_8,_1)".parse().unwrap();
/// let t: Tiler = "(_2,_4)".parse().unwrap();
/// assert_eq!(logical_divide(&a, &t).unwrap().to_string(), "((_2,_2),(_4,_2)):((_8,_16),(_1,_4))");
/// ```
pub fn logical_divide<B: AsTiler + ?Sized>(a: &Layout, b: &B) -> Result<Layout> {
    divide(a, b.as_tiler())
}

/// Split by `splitter` and gather: tiles into mode 0, rests (and the modes of `a` past the
/// tiler) into mode 1.
fn unzip(
    a: &Layout,
    b: TilerRef<'_>,
    op: &'static str,
    splitter: &dyn Fn(&Layout, TilerRef<'_>) -> Result<Layout>,
) -> Result<Layout> {
    match b {
        TilerRef::Layout(_) => splitter(a, b).map_err(|e| e.within(op)),
        TilerRef::Tuple(ts) => {
            if ts.len() > a.rank() {
                return Err(too_many_modes(op, b, a));
            }
            let mut tiles = Vec::with_capacity(ts.len());
            let mut rests = Vec::with_capacity(a.rank());
            for (i, m) in a.modes().into_iter().enumerate() {
                match ts.get(i) {
                    Some(t) => {
                        let part = unzip(&m, t.as_tiler(), op, splitter)?;
                        tiles.push(part.mode_or_err(0, op)?);
                        rests.push(part.mode_or_err(1, op)?);
                    }
                    None => rests.push(m),
                }
            }
            Ok(make_layout(&[make_layout(&tiles), make_layout(&rests)]))
        }
    }
}

/// `make_layout` of mode 0 followed by the modes of mode 1 (`tiled_*`), or of the modes of
/// both (`flat_*`).
fn unpack(z: &Layout, flat_first: bool, op: &'static str) -> Result<Layout> {
    let first = z.mode_or_err(0, op)?;
    let second = z.mode_or_err(1, op)?;
    let mut modes = if flat_first {
        first.modes()
    } else {
        vec![first]
    };
    modes.extend(second.modes());
    Ok(make_layout(&modes))
}

/// CuTe's `zipped_divide(a, tiler)`: `logical_divide`, with all tiles gathered into mode 0
/// and all rests (then the modes of `a` past the tiler) into mode 1: `((tiles),(rests))`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{zipped_divide, Layout, Tiler};
/// let a: Layout = "(_4,_8):(_8,_1)".parse().unwrap();
/// let t: Tiler = "(_2,_4)".parse().unwrap();
/// assert_eq!(zipped_divide(&a, &t).unwrap().to_string(), "((_2,_4),(_2,_2)):((_8,_1),(_16,_4))");
/// ```
pub fn zipped_divide<B: AsTiler + ?Sized>(a: &Layout, b: &B) -> Result<Layout> {
    unzip(a, b.as_tiler(), "zipped_divide", &divide)
}

/// CuTe's `tiled_divide(a, tiler)`: `zipped_divide` with the rest mode unpacked:
/// `((tiles), rest_0, rest_1, ...)`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{tiled_divide, Layout, Tiler};
/// let a: Layout = "(_4,_8):(_8,_1)".parse().unwrap();
/// let t: Tiler = "(_2,_4)".parse().unwrap();
/// assert_eq!(tiled_divide(&a, &t).unwrap().to_string(), "((_2,_4),_2,_2):((_8,_1),_16,_4)");
/// ```
pub fn tiled_divide<B: AsTiler + ?Sized>(a: &Layout, b: &B) -> Result<Layout> {
    const OP: &str = "tiled_divide";
    unpack(&unzip(a, b.as_tiler(), OP, &divide)?, false, OP)
}

/// CuTe's `flat_divide(a, tiler)`: `zipped_divide` with both modes unpacked:
/// `(tile_0, tile_1, ..., rest_0, rest_1, ...)`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{flat_divide, Layout, Tiler};
/// let a: Layout = "(_4,_8):(_8,_1)".parse().unwrap();
/// let t: Tiler = "(_2,_4)".parse().unwrap();
/// assert_eq!(flat_divide(&a, &t).unwrap().to_string(), "(_2,_4,_2,_2):(_8,_1,_16,_4)");
/// ```
pub fn flat_divide<B: AsTiler + ?Sized>(a: &Layout, b: &B) -> Result<Layout> {
    const OP: &str = "flat_divide";
    unpack(&unzip(a, b.as_tiler(), OP, &divide)?, true, OP)
}

fn multiply(a: &Layout, b: TilerRef<'_>) -> Result<Layout> {
    const OP: &str = "logical_product";
    match b {
        TilerRef::Layout(l) => {
            let n = size(a).map_err(|e| e.within(OP))?;
            let m = cosize(l).map_err(|e| e.within(OP))?;
            let target = n.mul(m, OP)?;
            let c = complement(a, &IntTuple::from(target)).map_err(|e| e.within(OP))?;
            let r = compose_layout(&c, l).map_err(|e| e.within(OP))?;
            Ok(make_layout(&[a.clone(), r]))
        }
        TilerRef::Tuple(ts) => by_mode(a, ts, b, OP, &multiply),
    }
}

/// CuTe's `logical_product(a, tiler)`: `a` repeated as laid out by the tiler.
///
/// # Math
/// For a layout `b`: `make_layout(a, composition(complement(a, size(a)*cosize(b)), b))`.
/// A tuple tiler multiplies mode by mode and keeps the modes of `a` past it.
///
/// # Preconditions
/// Those of `complement` and `composition` (reported as `logical_product: ...`).
///
/// # Example
/// ```
/// use cute_core::dynamic::{logical_product, Layout};
/// let a: Layout = "6:1".parse().unwrap();
/// let b: Layout = "((3,2),2):((1,3),6)".parse().unwrap();
/// assert_eq!(logical_product(&a, &b).unwrap().to_string(), "(6,((3,2),2)):(1,((6,18),36))");
/// ```
pub fn logical_product<B: AsTiler + ?Sized>(a: &Layout, b: &B) -> Result<Layout> {
    multiply(a, b.as_tiler())
}

/// CuTe's `zipped_product(a, tiler)`: `logical_product` gathered as `((blocks),(repeats))`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{zipped_product, Layout, Tiler};
/// let a: Layout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let t: Tiler = "(_3:_1,_4:_1)".parse().unwrap();
/// assert_eq!(zipped_product(&a, &t).unwrap().to_string(), "((_2,_2),(_3,(_2,_2))):((_1,_2),(_2,(_1,_4)))");
/// ```
pub fn zipped_product<B: AsTiler + ?Sized>(a: &Layout, b: &B) -> Result<Layout> {
    unzip(a, b.as_tiler(), "zipped_product", &multiply)
}

/// CuTe's `tiled_product(a, tiler)`: `zipped_product` with the repeat mode unpacked.
///
/// # Example
/// ```
/// use cute_core::dynamic::{tiled_product, Layout};
/// let a: Layout = "2:1".parse().unwrap();
/// let b: Layout = "(2):(1)".parse().unwrap();
/// assert_eq!(tiled_product(&a, &b).unwrap().to_string(), "(2,2):(1,2)");
/// ```
pub fn tiled_product<B: AsTiler + ?Sized>(a: &Layout, b: &B) -> Result<Layout> {
    const OP: &str = "tiled_product";
    unpack(&unzip(a, b.as_tiler(), OP, &multiply)?, false, OP)
}

/// CuTe's `flat_product(a, tiler)`: `zipped_product` with both modes unpacked.
///
/// # Example
/// ```
/// use cute_core::dynamic::{flat_product, Layout, Tiler};
/// let a: Layout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let t: Tiler = "(_3:_1,_4:_1)".parse().unwrap();
/// assert_eq!(flat_product(&a, &t).unwrap().to_string(), "(_2,_2,_3,(_2,_2)):(_1,_2,_2,(_1,_4))");
/// ```
pub fn flat_product<B: AsTiler + ?Sized>(a: &Layout, b: &B) -> Result<Layout> {
    const OP: &str = "flat_product";
    unpack(&unzip(a, b.as_tiler(), OP, &multiply)?, true, OP)
}

/// Pad `l` to rank `r` with `1:0` modes.
fn append_to_rank(l: &Layout, r: usize, st: bool) -> Layout {
    if l.rank() >= r {
        return l.clone();
    }
    let mut modes = l.modes();
    let one = Layout::raw(
        IntTuple::from(Int::new(1, st)),
        IntTuple::from(Int::new(0, st)),
    );
    modes.resize(r, one);
    make_layout(&modes)
}

fn zip_product(a: &Layout, b: &Layout, op: &'static str, raked: bool) -> Result<Layout> {
    let r = a.rank().max(b.rank());
    let st = a.is_static() && b.is_static();
    let a2 = append_to_rank(a, r, st);
    let b2 = append_to_rank(b, r, st);
    let p = multiply(&a2, TilerRef::Layout(&b2)).map_err(|e| e.within(op))?;
    let first = a2.modes();
    let rep = p.mode_or_err(1, op)?;
    // An integer-shaped tiler composes into one mode, whatever its shape became.
    let second = if b2.shape.is_tuple() {
        rep.modes()
    } else {
        vec![rep]
    };
    let mut modes = Vec::with_capacity(r);
    for (x, y) in first.into_iter().zip(second) {
        modes.push(if raked {
            make_layout(&[y, x])
        } else {
            make_layout(&[x, y])
        });
    }
    Ok(make_layout(&modes))
}

/// CuTe's `blocked_product(a, b)` (CUTLASS 4.2, no coalesce): `a` as the block, repeated
/// by `b`, mode by mode: `((a_0,b_0),(a_1,b_1),...)`.
///
/// # Math
/// `R = max(rank a, rank b)`; pad both to rank `R` with `1:0`; `P = logical_product(a', b')`;
/// the result zips `P[0]` with `P[1]`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{blocked_product, Layout};
/// let a: Layout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let b: Layout = "_3:_1".parse().unwrap();
/// assert_eq!(blocked_product(&a, &b).unwrap().to_string(), "((_2,_3),(_2,_1)):((_1,_4),(_2,_0))");
/// ```
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    zip_product(a, b, "blocked_product", false)
}

/// CuTe's `tile_to_shape(block, target)` (CUTLASS 4.2, copies in column-major order): the
/// block padded to `rank(target)` with `_1:_0` modes, then `blocked_product` by the compact
/// layout of `ceil_div(product_each(target), product_each(shape(block)))`.
///
/// # Errors
/// The block has more modes than the target, or its shape does not evenly divide the target
/// shape mode by mode.
///
/// # Example
/// ```
/// use cute_core::dynamic::{tile_to_shape, IntTuple, Layout};
/// let atom: Layout = "(_8,_8):(_8,_1)".parse().unwrap();
/// let target: IntTuple = "(_128,_32)".parse().unwrap();
/// let s = tile_to_shape(&atom, &target).unwrap();
/// assert_eq!(s.to_string(), "((_8,_16),(_8,_4)):((_8,_64),(_1,_1024))");
/// ```
pub fn tile_to_shape(block: &Layout, target: &IntTuple) -> Result<Layout> {
    const OP: &str = "tile_to_shape";
    let targets = if target.is_tuple() {
        target.modes()
    } else {
        vec![target.clone()]
    };
    if block.rank() > targets.len() {
        return Err(Error::new(
            OP,
            format!("the layout {block} has more modes than the target shape {target}"),
        ));
    }
    let padded = append_to_rank(block, targets.len(), true);
    let each = |t: &[IntTuple]| -> Result<Vec<IntTuple>> {
        t.iter().map(|m| Ok(IntTuple::from(m.product()?))).collect()
    };
    let block_sizes = IntTuple::Tuple(each(&padded.shape().modes())?);
    let target_sizes = IntTuple::Tuple(each(&targets)?);
    let divides = block_sizes
        .leaves()
        .iter()
        .zip(target_sizes.leaves())
        .all(|(b, t)| b.value != 0 && t.value % b.value == 0);
    if !divides {
        return Err(Error::new(
            OP,
            format!(
                "the block's shape {block_sizes} does not divide the target shape {target_sizes}"
            ),
        ));
    }
    let copies = ceil_div(&target_sizes, &block_sizes)?;
    blocked_product(&padded, &Layout::compact(&copies)?).map_err(|e| e.within(OP))
}

/// CuTe's `raked_product(a, b)` (CUTLASS 4.2, no coalesce): like [`blocked_product`] with
/// each pair reversed, `((b_0,a_0),(b_1,a_1),...)`, so the blocks interleave.
///
/// # Example
/// ```
/// use cute_core::dynamic::{raked_product, Layout};
/// let a: Layout = "(4,2):(2,1)".parse().unwrap();
/// let b: Layout = "(8,3):(3,1)".parse().unwrap();
/// assert_eq!(raked_product(&a, &b).unwrap().to_string(), "((8,4),(3,2)):((24,2),(8,1))");
/// ```
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    zip_product(a, b, "raked_product", true)
}

fn gather(
    crd: &Coord,
    s: &IntTuple,
    d: &IntTuple,
    shapes: &mut Vec<IntTuple>,
    strides: &mut Vec<IntTuple>,
    whole: (&Coord, &Layout),
    op: &'static str,
) -> Result<()> {
    match crd {
        Coord::Underscore => {
            shapes.push(s.clone());
            strides.push(d.clone());
            Ok(())
        }
        Coord::Int(_) => Ok(()),
        Coord::Tuple(cs) => match (s, d) {
            (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) if ss.len() == cs.len() => {
                for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
                    gather(c, s, d, shapes, strides, whole, op)?;
                }
                Ok(())
            }
            _ => Err(Error::new(
                op,
                format!(
                    "the coordinate {} is not congruent with {}",
                    whole.0, whole.1
                ),
            )),
        },
    }
}

fn slice_in(crd: &Coord, layout: &Layout, op: &'static str) -> Result<Layout> {
    Ok(match crd {
        Coord::Underscore => layout.clone(),
        Coord::Int(_) => Layout::raw(IntTuple::Tuple(Vec::new()), IntTuple::Tuple(Vec::new())),
        Coord::Tuple(_) => {
            let (mut shapes, mut strides) = (Vec::new(), Vec::new());
            gather(
                crd,
                &layout.shape,
                &layout.stride,
                &mut shapes,
                &mut strides,
                (crd, layout),
                op,
            )?;
            Layout::raw(IntTuple::Tuple(shapes), IntTuple::Tuple(strides))
        }
    })
}

/// CuTe's `slice(crd, layout)`: the sub-layout of the modes where `crd` has `_`.
///
/// # Math
/// `_` at the top keeps the whole layout; otherwise each `_` contributes its mode as one
/// element and the contributions are concatenated into one tuple (nested coordinates are
/// spliced one level, as C++ `filter_tuple` does); integers drop their modes.
///
/// # Preconditions
/// `crd` is congruent with the shape where it holds tuples, else `Err`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{slice, Coord, Layout};
/// let l: Layout = "((2),8):((1),0)".parse().unwrap();
/// let c: Coord = "(1,_)".parse().unwrap();
/// assert_eq!(slice(&c, &l).unwrap().to_string(), "(8):(0)");
/// ```
pub fn slice(crd: &Coord, layout: &Layout) -> Result<Layout> {
    slice_in(crd, layout, "slice")
}

/// CuTe's `slice_and_offset(crd, layout)`: `slice(crd, layout)` and the offset of `crd`
/// with `_` read as 0 (`crd2idx`).
///
/// # Example
/// ```
/// use cute_core::dynamic::{slice_and_offset, Coord, Layout};
/// let l: Layout = "(_4,_8):(_8,_1)".parse().unwrap();
/// let c: Coord = "(1,_)".parse().unwrap();
/// let (s, off) = slice_and_offset(&c, &l).unwrap();
/// assert_eq!((s.to_string(), off.to_string()), ("(_8):(_1)".into(), "8".into()));
/// ```
pub fn slice_and_offset(crd: &Coord, layout: &Layout) -> Result<(Layout, Int)> {
    const OP: &str = "slice_and_offset";
    let sliced = slice_in(crd, layout, OP)?;
    let off = crd2idx_in(crd, &layout.shape, &layout.stride, OP)?;
    Ok((sliced, off))
}

/// CuTe's `upcast<N>(layout)`: the layout in units of `N` elements.
///
/// # Math
/// Leaf by leaf: stride 0 stays; otherwise `s:d` becomes
/// `ceil_div(s, ceil_div(N, |d|)) : signum(d) * ceil_div(|d|, N)`.
///
/// # Preconditions
/// `N >= 1`; every nonzero stride and `N` divide one another, else `Err`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{upcast, Layout};
/// let l: Layout = "(_4,_8):(_1,_4)".parse().unwrap();
/// assert_eq!(upcast(&l, 2).unwrap().to_string(), "(_2,_8):(_1,_2)");
/// ```
pub fn upcast(layout: &Layout, n: i64) -> Result<Layout> {
    const OP: &str = "upcast";
    if n < 1 {
        return Err(Error::new(OP, format!("the factor {n} is not positive")));
    }
    let n = Int::new(n, layout.is_static());
    map_leaves(layout, &|s, d| {
        if d.value == 0 {
            return Ok((s, d));
        }
        let ad = d.abs(OP)?;
        if !(d.divisible_by(n) || n.divisible_by(ad)) {
            return Err(Error::new(
                OP,
                format!("the stride {d} of {layout} and {n} do not divide one another"),
            ));
        }
        let k = ceil_pos(n, ad, OP)?;
        let s2 = ceil_pos(s, k, OP)?;
        let q = ceil_pos(ad, n, OP)?;
        let d2 = if d.value < 0 {
            Int::new(-q.value, q.is_static)
        } else {
            q
        };
        Ok((s2, d2))
    })
}

/// CuTe's `downcast<N>(layout)`: the layout in units of `1/N` elements.
///
/// # Math
/// Leaf by leaf: a stride of `±1` multiplies the shape by `N`; any other stride is
/// multiplied by `N`.
///
/// # Preconditions
/// `N >= 1`; some stride is `±1`, else `Err` (`downcast: (4,8):(2,8) has no stride-1 mode`).
///
/// # Example
/// ```
/// use cute_core::dynamic::{downcast, Layout};
/// let l: Layout = "(_4,_8):(_8,_1)".parse().unwrap();
/// assert_eq!(downcast(&l, 2).unwrap().to_string(), "(_4,_16):(_16,_1)");
/// ```
pub fn downcast(layout: &Layout, n: i64) -> Result<Layout> {
    const OP: &str = "downcast";
    if n < 1 {
        return Err(Error::new(OP, format!("the factor {n} is not positive")));
    }
    if !layout
        .leaves()
        .iter()
        .any(|(_, d)| d.value == 1 || d.value == -1)
    {
        return Err(Error::new(OP, format!("{layout} has no stride-1 mode")));
    }
    let n = Int::new(n, layout.is_static());
    map_leaves(layout, &|s, d| {
        if d.value == 1 || d.value == -1 {
            Ok((s.mul(n, OP)?, d))
        } else {
            Ok((s, d.mul(n, OP)?))
        }
    })
}

fn map_leaves(layout: &Layout, f: &dyn Fn(Int, Int) -> Result<Mode>) -> Result<Layout> {
    fn go(
        s: &IntTuple,
        d: &IntTuple,
        f: &dyn Fn(Int, Int) -> Result<Mode>,
    ) -> Result<(IntTuple, IntTuple)> {
        match (s, d) {
            (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) => {
                let mut a = Vec::with_capacity(ss.len());
                let mut b = Vec::with_capacity(ss.len());
                for (x, y) in ss.iter().zip(ds) {
                    let (p, q) = go(x, y, f)?;
                    a.push(p);
                    b.push(q);
                }
                Ok((IntTuple::Tuple(a), IntTuple::Tuple(b)))
            }
            _ => {
                let (x, y) = (
                    s.as_int().unwrap_or(Int::dynamic(1)),
                    d.as_int().unwrap_or(Int::dynamic(0)),
                );
                let (p, q) = f(x, y)?;
                Ok((IntTuple::from(p), IntTuple::from(q)))
            }
        }
    }
    let (s, d) = go(&layout.shape, &layout.stride, f)?;
    Ok(Layout::raw(s, d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    fn values(x: &Layout) -> Vec<i64> {
        let n = size(x).unwrap().value;
        (0..n).map(|i| x.eval(i).unwrap()).collect()
    }

    fn err(r: Result<Layout>) -> String {
        r.unwrap_err().to_string()
    }

    #[test]
    fn worked_examples() {
        assert_eq!(values(&l("(2,4):(2,2)")), [0, 2, 2, 4, 4, 6, 6, 8]);
        assert_eq!(coalesce(&l("(2,1):(3,1)")).unwrap().to_string(), "2:3");
        assert_eq!(
            complement(&l("(2,4):(1,2)"), &IntTuple::int(16))
                .unwrap()
                .to_string(),
            "2:8"
        );
        assert_eq!(values(&l("(2,4,2):(1,2,8)")), (0..16).collect::<Vec<_>>());
        let a = l("(2,4):(2,4)");
        let c = complement(&a, &IntTuple::int(32)).unwrap();
        let m = make_layout(&[a, c]);
        let mut want: Vec<i64> = (0..8).map(|i| 2 * i).collect();
        want.extend((0..8).map(|i| 2 * i + 1));
        want.extend((0..8).map(|i| 16 + 2 * i));
        want.extend((0..8).map(|i| 17 + 2 * i));
        assert_eq!(values(&m), want);
        assert_eq!(values(&l("(2,2):(3,1)")), [0, 3, 1, 4]);
        assert_eq!(values(&l("(2,2):(1,3)")), [0, 1, 3, 4]);
    }

    #[test]
    fn construction_checks() {
        assert!(Layout::new(IntTuple::int(0), IntTuple::int(1)).is_err());
        assert!("(2,-1):(1,2)".parse::<Layout>().is_err());
        assert_eq!(
            Layout::compact(&"(1,4)".parse().unwrap())
                .unwrap()
                .to_string(),
            "(1,4):(0,1)"
        );
        assert_eq!(
            Layout::compact(&"()".parse().unwrap()).unwrap().to_string(),
            "():()"
        );
    }

    #[test]
    fn eval_range_and_coords() {
        let x = l("(2,4):(2,2)");
        assert_eq!(
            err(x.eval(8).map(|_| x.clone())),
            "layout: the index 8 is out of range for (2,4):(2,2) of size 8"
        );
        assert!(x.eval(-1).is_err());
        assert_eq!(x.eval_coord(&"(1,3)".parse().unwrap()).unwrap().value, 8);
        assert_eq!(
            x.eval_coord(&"(2,0)".parse().unwrap())
                .unwrap_err()
                .to_string(),
            "layout: the coordinate 2 is out of range for the mode 2 of (2,4):(2,2)"
        );
        assert!(x.eval_coord(&"(1,(0,1))".parse().unwrap()).is_err());
        assert_eq!(l("(2,2):(1,-2)").eval(3).unwrap(), -1);
        assert_eq!(l("():()").eval(0).unwrap(), 0);
    }

    #[test]
    fn size_cosize_rank_depth() {
        let x = l("((2,3),4):((1,2),6)");
        assert_eq!(size(&x).unwrap().value, 24);
        assert_eq!(cosize(&x).unwrap().value, 1 + 2 * 2 + 3 * 6 + 1);
        assert_eq!(rank(&x).value, 2);
        assert_eq!(depth(&x).value, 2);
        assert_eq!(cosize(&l("1:0")).unwrap().value, 1);
        assert!(size(&l("(4294967296,4294967296):(0,0)")).is_err());
    }

    #[test]
    fn coalesce_and_filter() {
        assert_eq!(coalesce(&l("(1,1):(3,4)")).unwrap().to_string(), "1:0");
        assert_eq!(
            coalesce(&l("(_1,_1):(_3,_4)")).unwrap().to_string(),
            "_1:_0"
        );
        assert_eq!(
            coalesce(&l("((6,1),5,32):((-1,6),6,-30)"))
                .unwrap()
                .to_string(),
            "(6,5,32):(-1,6,-30)"
        );
        assert_eq!(
            coalesce(&l("(2,(4,2)):(1,(2,8))")).unwrap().to_string(),
            "16:1"
        );
        let p: IntTuple = "(1,1)".parse().unwrap();
        assert_eq!(
            coalesce_profile(&l("(4,2,12):(0,4,8)"), &p)
                .unwrap()
                .to_string(),
            "(4,2,12):(0,4,8)"
        );
        assert!(coalesce_profile(&l("4:1"), &p).is_err());
        assert_eq!(
            filter(&l("(2,(1,4)):(0,(3,2))")).unwrap().to_string(),
            "4:2"
        );
        assert_eq!(
            filter_profile(&l("((2,2),3):((0,1),4)"), &p)
                .unwrap()
                .to_string(),
            "(2,3):(1,4)"
        );
    }

    #[test]
    fn composition_cases() {
        let a = l("(4,8):(1,4)");
        assert_eq!(
            composition(&a, &l("(2,4):(1,2)")).unwrap().to_string(),
            "(2,4):(1,2)"
        );
        assert_eq!(
            composition(&l("((16,3,5)):((405,45,3))"), &l("240:1"))
                .unwrap()
                .to_string(),
            "(16,3,5):(405,45,3)"
        );
        assert_eq!(
            composition(&l("(4,8):(8,1)"), &l("8:1"))
                .unwrap()
                .to_string(),
            "(4,2):(8,1)"
        );
        assert_eq!(
            composition(&l("20:2"), &l("(5,4):(4,1)"))
                .unwrap()
                .to_string(),
            "(5,4):(8,2)"
        );
        assert_eq!(composition(&a, &l("4:0")).unwrap().to_string(), "4:0");
        assert_eq!(
            composition(&l("1:0"), &l("1:0")).unwrap().to_string(),
            "1:0"
        );
        let t: Tiler = "(2:1,4:2)".parse().unwrap();
        assert_eq!(composition(&a, &t).unwrap().to_string(), "(2,4):(1,8)");
        let t: Tiler = "(2,4,8)".parse().unwrap();
        assert!(composition(&a, &t).is_err());
        assert_eq!(
            err(composition(&l("(2,4):(1,4)"), &l("2:3"))),
            "composition: the stride 3 reached by 2:3 and the shape 2 of (2,4):(1,4) do not divide one another"
        );
        assert!(composition(&l("(4,3):(1,5)"), &l("6:1")).is_err());
        assert!(composition(&a, &l("4:-1")).is_err());
        // Composing with a size-1 layout never fails.
        assert!(composition(&l("(4,3):(1,4)"), &l("1:7")).is_ok());
        let big = l("2:4611686018427387904");
        assert!(composition(&big, &l("2:4"))
            .unwrap_err()
            .to_string()
            .contains("overflow"));
    }

    #[test]
    fn composition_is_function_composition() {
        let cases = [
            ("(4,8):(8,1)", "(2,4):(4,1)"),
            ("((2,2),(3,4)):((1,2),(4,12))", "(6,2):(2,1)"),
            ("(6,2):(1,6)", "(3,4):(1,3)"),
            ("(3,6,2,8):(1,3,18,36)", "(9,4):(4,144)"),
        ];
        for (a, b) in cases {
            let (a, b) = (l(a), l(b));
            let c = composition(&a, &b).unwrap();
            assert_eq!(size(&c).unwrap().value, size(&b).unwrap().value);
            for i in 0..size(&b).unwrap().value {
                let bi = b.eval(i).unwrap();
                let want = crd2idx_in(&Coord::Int(Int::dynamic(bi)), a.shape(), a.stride(), "t")
                    .unwrap()
                    .value;
                assert_eq!(c.eval(i).unwrap(), want, "{a} o {b} at {i}");
            }
        }
    }

    #[test]
    fn complement_cases() {
        let c = |x: &str, n: i64| complement(&l(x), &IntTuple::int(n)).map(|r| r.to_string());
        assert_eq!(c("1:0", 1).unwrap(), "1:0");
        assert_eq!(c("4:0", 8).unwrap(), "8:1");
        assert_eq!(c("4:2", 1).unwrap(), "2:1");
        assert_eq!(c("(2,4):(1,8)", 64).unwrap(), "(4,2):(2,32)");
        assert_eq!(c("(2,2):(2,8)", 32).unwrap(), "(2,2,2):(1,4,16)");
        assert_eq!(
            c("(2,2):(1,1)", 8).unwrap_err().to_string(),
            "complement: the modes of (2,2):(1,1) overlap or interleave (stride 1 is below 2), so it has no complement"
        );
        assert_eq!(c("((2),(1,3)):((4),(0,1))", 48).unwrap(), "6:8");
        assert!(c("4:-1", 8).is_err());
        assert!(c("4:1", 0).is_err());
    }

    #[test]
    fn inverses() {
        for x in [
            "(4,2):(2,1)",
            "(2,4):(4,1)",
            "((2,2),(2,3)):((1,12),(2,4))",
            "8:1",
            "(3,5):(5,1)",
        ] {
            let x = l(x);
            let r = right_inverse(&x).unwrap();
            assert_eq!(size(&r).unwrap().value, size(&x).unwrap().value);
            for i in 0..size(&r).unwrap().value {
                assert_eq!(x.eval(r.eval(i).unwrap()).unwrap(), i);
            }
            let li = left_inverse(&x).unwrap();
            for i in 0..size(&x).unwrap().value {
                assert_eq!(li.eval(x.eval(i).unwrap()).unwrap(), i);
            }
        }
        assert_eq!(right_inverse(&l("(1,4):(0,1)")).unwrap().to_string(), "4:1");
        assert_eq!(right_inverse(&l("1:0")).unwrap().to_string(), "1:0");
        assert_eq!(right_inverse(&l("(4,2):(0,1)")).unwrap().to_string(), "2:4");
        assert_eq!(right_inverse(&l("4:-1")).unwrap().to_string(), "4:-1");
        assert_eq!(left_inverse(&l("4:2")).unwrap().to_string(), "(2,4):(0,1)");
        assert_eq!(left_inverse(&l("1:0")).unwrap().to_string(), "1:0");
        assert_eq!(
            left_inverse(&l("(2,2):(1,3)")).unwrap().to_string(),
            "(3,2):(1,2)"
        );
        assert!(left_inverse(&l("2:-1")).is_err());
    }

    #[test]
    fn divides() {
        let a = l("(_4,_8):(_8,_1)");
        let t: Tiler = "(_2,_4)".parse().unwrap();
        assert_eq!(
            logical_divide(&a, &t).unwrap().to_string(),
            "((_2,_2),(_4,_2)):((_8,_16),(_1,_4))"
        );
        assert_eq!(
            zipped_divide(&a, &t).unwrap().to_string(),
            "((_2,_4),(_2,_2)):((_8,_1),(_16,_4))"
        );
        assert_eq!(
            tiled_divide(&a, &t).unwrap().to_string(),
            "((_2,_4),_2,_2):((_8,_1),_16,_4)"
        );
        assert_eq!(
            flat_divide(&a, &t).unwrap().to_string(),
            "(_2,_4,_2,_2):(_8,_1,_16,_4)"
        );
        assert_eq!(
            zipped_divide(&l("(2):(1)"), &"(1:2)".parse::<Tiler>().unwrap())
                .unwrap()
                .to_string(),
            "((1),(2)):((2),(1))"
        );
        assert_eq!(
            zipped_divide(&l("((32),(2,2)):((2),(256,1))"), &l("16:2"))
                .unwrap()
                .to_string(),
            "(16,(2,(2,2))):(4,(2,(256,1)))"
        );
        assert_eq!(
            tiled_divide(&l("(2):(1)"), &l("(4,4):(1,4)"))
                .unwrap()
                .to_string(),
            "((4,4),1):((1,4),0)"
        );
        assert_eq!(
            logical_divide(&l("6:1"), &l("4:1")).unwrap().to_string(),
            "(4,2):(1,4)"
        );
        let e = err(logical_divide(&l("(3,4):(1,10)"), &l("2:1")));
        assert!(e.starts_with("logical_divide: "), "{e}");
        assert!(logical_divide(&l("6:1"), &"(2,3)".parse::<Tiler>().unwrap()).is_err());
    }

    #[test]
    fn products() {
        let a = l("(_2,_2):(_1,_2)");
        let t: Tiler = "(_3:_1,_4:_1)".parse().unwrap();
        assert_eq!(
            logical_product(&a, &t).unwrap().to_string(),
            "((_2,_3),(_2,(_2,_2))):((_1,_2),(_2,(_1,_4)))"
        );
        assert_eq!(
            tiled_product(&a, &t).unwrap().to_string(),
            "((_2,_2),_3,(_2,_2)):((_1,_2),_2,(_1,_4))"
        );
        assert_eq!(
            logical_product(&a, &l("(_3,_4):(_1,_3)"))
                .unwrap()
                .to_string(),
            "((_2,_2),(_3,_4)):((_1,_2),(_4,_12))"
        );
        assert_eq!(
            zipped_product(&l("((8,2)):((2,1))"), &l("6:1"))
                .unwrap()
                .to_string(),
            "(((8,2)),6):(((2,1)),16)"
        );
        assert_eq!(
            blocked_product(&l("_4:_1"), &l("_2:_1"))
                .unwrap()
                .to_string(),
            "((_4,_2)):((_1,_4))"
        );
        assert_eq!(
            raked_product(&l("_4:_1"), &l("_2:_1")).unwrap().to_string(),
            "((_2,_4)):((_4,_1))"
        );
        assert_eq!(
            blocked_product(&l("_3:_1"), &l("(_2,_2):(_1,_2)"))
                .unwrap()
                .to_string(),
            "((_3,_2),(_1,_2)):((_1,_3),(_0,_6))"
        );
        assert_eq!(
            blocked_product(&l("(16,6):(1,0)"), &l("(8):(1)"))
                .unwrap()
                .to_string(),
            "((16,8),(6,1)):((1,16),(0,0))"
        );
    }

    #[test]
    fn slices() {
        let x = l("(_4,_8):(_8,_1)");
        let c = |s: &str| s.parse::<Coord>().unwrap();
        assert_eq!(slice(&c("(_1,_)"), &x).unwrap().to_string(), "(_8):(_1)");
        assert_eq!(slice(&c("_"), &x).unwrap().to_string(), "(_4,_8):(_8,_1)");
        assert_eq!(slice(&c("(1,2)"), &x).unwrap().to_string(), "():()");
        assert_eq!(
            slice(&c("(1,(_,_))"), &l("(4,(2,3)):(1,(4,8))"))
                .unwrap()
                .to_string(),
            "(2,3):(4,8)"
        );
        assert_eq!(
            slice(&c("(_,1)"), &l("((2,3),4):((1,2),6)"))
                .unwrap()
                .to_string(),
            "((2,3)):((1,2))"
        );
        let (s, off) = slice_and_offset(&c("(1,_)"), &x).unwrap();
        assert_eq!((s.to_string(), off.value), ("(_8):(_1)".to_string(), 8));
        assert!(slice(&c("(1,(_,2))"), &x).is_err());
        assert!(slice(&c("(1,_,2)"), &x).is_err());
    }

    #[test]
    fn casts() {
        let x = l("(_4,_8):(_1,_4)");
        assert_eq!(upcast(&x, 2).unwrap().to_string(), "(_2,_8):(_1,_2)");
        assert_eq!(
            upcast(&l("(_4,_8):(_8,_1)"), 4).unwrap().to_string(),
            "(_4,_2):(_2,_1)"
        );
        assert_eq!(
            upcast(&l("(_4,_8):(_0,_1)"), 2).unwrap().to_string(),
            "(_4,_4):(_0,_1)"
        );
        assert!(upcast(&l("(4,8):(1,3)"), 2).is_err());
        assert_eq!(downcast(&x, 2).unwrap().to_string(), "(_8,_8):(_1,_8)");
        assert!(downcast(&l("(4,8):(2,8)"), 2).is_err());
        assert!(upcast(&x, 0).is_err());
    }

    #[test]
    fn tile_to_shape_values_and_errors() {
        // expected: C++ CuTe 4.2 through cute-cpp (values; the dynamic algebra's staticness of
        // a result leaf may differ from C++'s)
        let t = |a: &str, b: &str| -> Result<Layout> {
            tile_to_shape(&l(a), &b.parse::<IntTuple>().unwrap())
        };
        assert_eq!(
            t("(_8,_8):(_8,_1)", "(_128,_32,_3)").unwrap().to_string(),
            "((_8,_16),(_8,_4),(_1,_3)):((_8,_64),(_1,_1024),(_0,_4096))"
        );
        assert_eq!(
            t("(_4,(_2,_4)):(_2,(_1,_8))", "(_16,(_8,_8))")
                .unwrap()
                .to_string(),
            "((_4,_4),((_2,_4),_8)):((_2,_32),((_1,_8),_128))"
        );
        let r = t("(_2,_4):(_1,_2)", "(8,12)").unwrap();
        let cpp = l("((_2,4),(_4,3)):((_1,_8),(_2,32))");
        for i in 0..96 {
            assert_eq!(r.eval(i).unwrap(), cpp.eval(i).unwrap());
        }
        assert_eq!(
            t("(_2,_4):(_1,_2)", "(6,10)").unwrap_err().to_string(),
            "tile_to_shape: the block's shape (_2,_4) does not divide the target shape (6,10)"
        );
        assert!(t("(_2,_4,_2):(_1,_2,_8)", "(6,10)").is_err());
    }
}
