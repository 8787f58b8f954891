//! Coordinates to indices and back: the dynamic counterpart of CuTe's `cute/stride.hpp`
//! (`crd2idx`, `idx2crd`).

use alloc::format;
use alloc::vec::Vec;

use super::error::{Error, Result};
use super::int_tuple::{congruent, Int, IntTuple};
use super::underscore::Coord;

/// CuTe's `crd2idx(crd, shape, stride)`: the offset of coordinate `crd`.
///
/// # Math
/// * tuple `crd`: the sum over modes of `crd2idx(crd_i, shape_i, stride_i)`.
/// * integer `crd` at a tuple shape: split colexicographically (mode 0 fastest): mode `i < last`
///   gets `crd % product(shape_i)`, then `crd /= product(shape_i)`; the last mode gets the
///   rest, so a coordinate past the end extends the last mode, as in CuTe.
/// * integer `crd` at an integer shape: `crd * stride`.
///
/// # Preconditions
/// `shape` and `stride` are congruent; `crd` is congruent with `shape` or an integer where
/// `shape` has a tuple; no coordinate is negative; no overflow. Otherwise `Err`, e.g.
/// `crd2idx: the coordinate (1,2) is not congruent with the shape 4`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{crd2idx, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(crd2idx(&p("((4),(1,1))"), &p("((6),(4,2))"), &p("((8),(1,4))")).unwrap().to_string(), "37");
/// assert_eq!(crd2idx(&p("14"), &p("(2,2,4)"), &p("(1,-2,4)")).unwrap().to_string(), "10");
/// ```
pub fn crd2idx(crd: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<Int> {
    if !congruent(shape, stride) {
        return Err(Error::new(
            "crd2idx",
            format!("the shape {shape} and the stride {stride} are not congruent"),
        ));
    }
    crd2idx_in(&Coord::from(crd), shape, stride, "crd2idx")
}

/// `crd2idx` over a coordinate that may hold `_` (read as 0); `shape` and `stride` are
/// congruent.
pub(crate) fn crd2idx_in(
    crd: &Coord,
    shape: &IntTuple,
    stride: &IntTuple,
    op: &'static str,
) -> Result<Int> {
    let st = shape.is_static() && stride.is_static();
    match (crd, shape, stride) {
        (Coord::Tuple(cs), IntTuple::Tuple(ss), IntTuple::Tuple(ds)) => {
            if cs.len() != ss.len() {
                return Err(not_congruent(op, crd, shape));
            }
            let mut acc = Int::new(0, st && crd.is_static());
            for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
                acc = acc.add(crd2idx_in(c, s, d, op)?, op)?;
            }
            Ok(acc)
        }
        (Coord::Tuple(_), _, _) => Err(not_congruent(op, crd, shape)),
        (Coord::Underscore, _, _) => Ok(Int::new(0, st)),
        (Coord::Int(c), IntTuple::Tuple(ss), IntTuple::Tuple(ds)) => {
            if c.value < 0 {
                return Err(Error::new(op, format!("the coordinate {c} is negative")));
            }
            let mut rest = *c;
            let mut acc = Int::new(0, st && c.is_static);
            let n = ss.len();
            for (i, (s, d)) in ss.iter().zip(ds).enumerate() {
                let sub = if i + 1 == n {
                    rest
                } else {
                    let p = s.product_in(op)?;
                    let (q, r) = rest.floor_div_rem(p, op)?;
                    rest = q;
                    r
                };
                acc = acc.add(crd2idx_in(&Coord::Int(sub), s, d, op)?, op)?;
            }
            Ok(acc)
        }
        (Coord::Int(c), _, _) => {
            if c.value < 0 {
                return Err(Error::new(op, format!("the coordinate {c} is negative")));
            }
            let d = stride.as_int().unwrap_or(Int::dynamic(0));
            c.mul(d, op)
        }
    }
}

fn not_congruent(op: &'static str, crd: &Coord, shape: &IntTuple) -> Error {
    Error::new(
        op,
        format!("the coordinate {crd} is not congruent with the shape {shape}"),
    )
}

/// CuTe's `idx2crd(idx, shape)`: the colexicographic (mode 0 fastest) coordinate of index
/// `idx` in `shape`, congruent with `shape`.
///
/// # Math
/// An integer `idx` at a tuple shape is split as in [`crd2idx`]; a tuple `idx` maps
/// element-wise.
///
/// # Preconditions
/// `0 <= idx < product(shape)` for an integer `idx` (CuTe would extend the last mode past
/// the end; here it is an error: `idx2crd: the index 40 is out of range for the shape (4,8)
/// of size 32`); a tuple `idx` has `shape`'s rank.
///
/// # Postconditions
/// 1. `crd2idx(idx2crd(i, s), s, compact col-major strides of s) == i`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{idx2crd, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(idx2crd(&p("208"), &p("(3,(4,1,6),(6))")).unwrap().to_string(), "(1,(1,0,5),(2))");
/// assert_eq!(idx2crd(&p("17"), &p("(4,8)")).unwrap().to_string(), "(1,4)");
/// ```
pub fn idx2crd(idx: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
    const OP: &str = "idx2crd";
    match (idx, shape) {
        (IntTuple::Tuple(is), IntTuple::Tuple(ss)) => {
            if is.len() != ss.len() {
                return Err(Error::new(
                    OP,
                    format!("the index {idx} is not congruent with the shape {shape}"),
                ));
            }
            is.iter()
                .zip(ss)
                .map(|(i, s)| idx2crd(i, s))
                .collect::<Result<Vec<_>>>()
                .map(IntTuple::Tuple)
        }
        (IntTuple::Tuple(_), IntTuple::Int { .. }) => Err(Error::new(
            OP,
            format!("the index {idx} is not congruent with the shape {shape}"),
        )),
        (IntTuple::Int { value, is_static }, _) => {
            let i = Int::new(*value, *is_static);
            let size = shape.product_in(OP)?;
            if i.value < 0 || i.value >= size.value {
                return Err(Error::new(
                    OP,
                    format!("the index {i} is out of range for the shape {shape} of size {size}"),
                ));
            }
            let mut rest = i;
            split(&mut rest, shape, true)
        }
    }
}

/// Split `rest` over `shape` colexicographically; `last` says whether this sub-shape is the
/// outermost last mode (which takes whatever is left).
fn split(rest: &mut Int, shape: &IntTuple, last: bool) -> Result<IntTuple> {
    const OP: &str = "idx2crd";
    match shape {
        IntTuple::Int { value, is_static } => {
            if last {
                let c = *rest;
                *rest = Int::new(0, rest.is_static);
                return Ok(IntTuple::from(c));
            }
            let (q, r) = rest.floor_div_rem(Int::new(*value, *is_static), OP)?;
            *rest = q;
            Ok(IntTuple::from(r))
        }
        IntTuple::Tuple(ss) => {
            let n = ss.len();
            let mut out = Vec::with_capacity(n);
            for (k, s) in ss.iter().enumerate() {
                out.push(split(rest, s, last && k + 1 == n)?);
            }
            Ok(IntTuple::Tuple(out))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn t(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    #[test]
    fn crd2idx_cases() {
        assert_eq!(
            crd2idx(&t("(1,9)"), &t("(4,8)"), &t("(1,4)"))
                .unwrap()
                .value,
            37
        );
        assert_eq!(
            crd2idx(&t("(3,9)"), &t("(8,12)"), &t("(1,-8)"))
                .unwrap()
                .value,
            -69
        );
        assert_eq!(
            crd2idx(&t("2"), &t("((16))"), &t("((-1))")).unwrap().value,
            -2
        );
        assert_eq!(
            crd2idx(&t("69"), &t("(6,2,(4,2))"), &t("(-1,6,(-12,48))"))
                .unwrap()
                .value,
            39
        );
        assert_eq!(
            crd2idx(&t("(_1,_2)"), &t("(_4,_8)"), &t("(_1,_4)"))
                .unwrap()
                .to_string(),
            "_9"
        );
        assert!(crd2idx(&t("(1,2)"), &t("4"), &t("1")).is_err());
        assert!(crd2idx(&t("(1,2)"), &t("(4,4,4)"), &t("(1,4,16)")).is_err());
        assert!(crd2idx(&t("-1"), &t("4"), &t("1")).is_err());
        assert!(crd2idx(&t("1"), &t("(4,4)"), &t("1")).is_err());
        assert!(crd2idx(&t("4611686018427387904"), &t("4"), &t("4")).is_err());
    }

    #[test]
    fn idx2crd_cases() {
        assert_eq!(
            idx2crd(&t("5"), &t("((2,2),2)")).unwrap().to_string(),
            "((1,0),1)"
        );
        assert_eq!(idx2crd(&t("3"), &t("7")).unwrap().to_string(), "3");
        assert_eq!(
            idx2crd(&t("(1,5)"), &t("(4,(2,3))")).unwrap().to_string(),
            "(1,(1,2))"
        );
        assert_eq!(
            idx2crd(&t("40"), &t("(4,8)")).unwrap_err().to_string(),
            "idx2crd: the index 40 is out of range for the shape (4,8) of size 32"
        );
        assert!(idx2crd(&t("-1"), &t("(4,8)")).is_err());
    }

    #[test]
    fn round_trip() {
        let shape = t("(3,(2,4),5)");
        let stride = t("(1,(3,6),24)");
        for i in 0..120 {
            let c = idx2crd(&IntTuple::int(i), &shape).unwrap();
            assert_eq!(crd2idx(&c, &shape, &stride).unwrap().value, i);
        }
    }
}
