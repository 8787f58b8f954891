//! Identity (coordinate) tensors on run-time layouts: `make_identity_tensor`, the
//! `ArithTuple` iterator and the scaled-basis strides `_1@0`, `_1@1` of
//! `cute/numeric/arithmetic_tuple.hpp`, as far as partitioning them needs.
//!
//! # Representation
//! The run-time algebra has integer strides only. A scaled basis `v@i` is stored as the
//! integer `v * R^i` with `R =` [`BASIS_RADIX`] `= 2^20`, and every extent of an identity
//! tensor is below `R`, so:
//! - the algebra's decisions are the ones C++ makes with basis strides: `coalesce` merges
//!   `s0:d0` with `s1:d1` only when `s0 * d0 == d1`, which across bases would need an extent of
//!   at least `R` (C++ never merges `_1@0` into `_1@1`); composition, divides and slicing only
//!   multiply and add strides, which the encoding keeps exact;
//! - every stride and offset decodes uniquely into its components (base-`R` digits).
//!
//! So `partition_C(make_identity_tensor(..))` computed on the encoded layout prints what C++
//! prints (`ArithTuple(0,6) o ((_2,_2),_2,_4):((_1@1,_8@0),_32@0,_16@1)`).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::{Coord, Error, Int, IntTuple, Layout, Result};

/// The radix of the scaled-basis encoding: `1@i` is stored as `BASIS_RADIX^i`.
pub const BASIS_RADIX: i64 = 1 << 20;
/// The most modes an identity tensor has here (`BASIS_RADIX^3` overflows `i64` sums).
pub const MAX_IDENTITY_RANK: usize = 3;

/// A tensor whose elements are their own coordinates: C++'s `make_identity_tensor(shape)`
/// (an `ArithTuple` iterator over a layout with scaled-basis strides), and every partition or
/// slice of one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdentityTensor {
    /// The coordinate of element 0 (C++'s iterator, `ArithTuple(..)`).
    origin: Vec<Int>,
    /// The layout, strides encoded as [`BASIS_RADIX`] powers.
    layout: Layout,
}

/// The encoded stride `1@i`, static.
fn basis(i: usize) -> Int {
    Int::constant(BASIS_RADIX.pow(i as u32))
}

/// The base-[`BASIS_RADIX`] digits of a non-negative encoded value, `rank` of them.
fn digits(v: i64, rank: usize) -> Vec<i64> {
    (0..rank)
        .map(|i| (v / BASIS_RADIX.pow(i as u32)) % BASIS_RADIX)
        .collect()
}

impl IdentityTensor {
    /// C++ `make_identity_tensor(shape)`: the coordinate of each point of `shape`, origin
    /// `ArithTuple(_0,...)`, stride `_1@i` for mode `i`.
    ///
    /// # Preconditions
    /// `shape` is a tuple of 1 to [`MAX_IDENTITY_RANK`] integers, each in `1..2^20`, else
    /// `Err` naming `make_identity_tensor`.
    ///
    /// # Example
    /// ```
    /// use cute_core::dynamic::IdentityTensor;
    /// let t = IdentityTensor::new(&"(_4,_8)".parse().unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)");
    /// ```
    pub fn new(shape: &IntTuple) -> Result<IdentityTensor> {
        const OP: &str = "make_identity_tensor";
        let modes = match shape {
            IntTuple::Tuple(v) if (1..=MAX_IDENTITY_RANK).contains(&v.len()) => v,
            _ => {
                return Err(Error::new(
                    OP,
                    format!(
                        "the shape {shape} is not a tuple of 1 to {MAX_IDENTITY_RANK} integers"
                    ),
                ))
            }
        };
        let mut strides = Vec::new();
        for (i, m) in modes.iter().enumerate() {
            match m.as_int() {
                Some(n) if n.value >= 1 && n.value < BASIS_RADIX => {
                    strides.push(IntTuple::from(basis(i)))
                }
                _ => {
                    return Err(Error::new(
                        OP,
                        format!("the extent {m} of {shape} is not an integer in 1..2^20"),
                    ))
                }
            }
        }
        Ok(IdentityTensor {
            origin: (0..modes.len()).map(|_| Int::constant(0)).collect(),
            layout: Layout::new(shape.clone(), IntTuple::Tuple(strides))?,
        })
    }

    /// The layout with encoded strides (what partitioning works on).
    pub fn encoded_layout(&self) -> &Layout {
        &self.layout
    }

    /// The number of coordinates (the rank of the original shape).
    pub fn coord_rank(&self) -> usize {
        self.origin.len()
    }

    /// The origin, C++'s `ArithTuple(..)`.
    pub fn origin(&self) -> &[Int] {
        &self.origin
    }

    /// The same coordinates through a new (encoded) layout whose element 0 lies `offset`
    /// (encoded) past this tensor's: what a partition or slice of this tensor is. A component
    /// of the origin stays static unless `dynamic[i]` (C++ adds `c * _d@i` per coordinate `c`:
    /// only the components a dynamic coordinate reaches become dynamic).
    fn moved(&self, layout: Layout, offset: Int, dynamic: &[bool]) -> IdentityTensor {
        let d = digits(offset.value, self.origin.len());
        let origin = self
            .origin
            .iter()
            .zip(d)
            .zip(dynamic)
            .map(|((o, v), dy)| Int::new(o.value + v, o.is_static && !dy))
            .collect();
        IdentityTensor { origin, layout }
    }

    /// `slice_and_offset(crd, layout)` of a layout over this tensor's coordinates (`layout` is
    /// this tensor's layout, re-tiled, with encoded strides): the tensor `make_tensor(data +
    /// offset, sliced)` that C++ `tensor(crd)` gives.
    pub fn slice_layout(&self, crd: &Coord, layout: &Layout) -> Result<IdentityTensor> {
        let (l, off) = super::slice_and_offset(crd, layout).map_err(|e| self.explain(e))?;
        let mut dynamic = alloc::vec![false; self.origin.len()];
        touched(crd, layout.shape(), layout.stride(), &mut dynamic);
        Ok(self.moved(l, off, &dynamic))
    }

    /// `tensor(crd)`: the coordinate stored at `crd`, or, if `crd` holds `_`, the slice.
    ///
    /// # Example
    /// ```
    /// use cute_core::dynamic::{Coord, IdentityTensor};
    /// let t = IdentityTensor::new(&"(_4,_8)".parse().unwrap()).unwrap();
    /// let c: Coord = "(1,_)".parse().unwrap();
    /// assert_eq!(t.slice(&c).unwrap().to_string(), "ArithTuple(1,_0) o (_8):(_1@1)");
    /// assert_eq!(t.at(&"(1,2)".parse().unwrap()).unwrap().to_string(), "(1,2)");
    /// ```
    pub fn slice(&self, crd: &Coord) -> Result<IdentityTensor> {
        self.slice_layout(crd, &self.layout)
    }

    /// An error of the algebra on the encoded layout, its text showing this tensor instead
    /// (the encoding is not CuTe's notation).
    pub fn explain(&self, e: Error) -> Error {
        let text = self.layout.to_string();
        if e.condition().contains(&text) {
            Error::new(e.op(), e.condition().replace(&text, &self.to_string()))
        } else {
            e
        }
    }

    /// The coordinate held at the integer coordinate (or index) `crd`.
    pub fn at(&self, crd: &IntTuple) -> Result<IntTuple> {
        let off = self.layout.eval_coord(crd).map_err(|e| self.explain(e))?;
        let mut dynamic = alloc::vec![false; self.origin.len()];
        touched(
            &Coord::from(crd),
            self.layout.shape(),
            self.layout.stride(),
            &mut dynamic,
        );
        let t = self.moved(self.layout.clone(), off, &dynamic);
        Ok(IntTuple::Tuple(
            t.origin.into_iter().map(IntTuple::from).collect(),
        ))
    }
}

/// Marks the components that a dynamic coordinate reaches: an integer coordinate at a mode is
/// dynamic if written so, or if it is split over a tuple of dynamic extents; it reaches the
/// nonzero components of the strides of the mode's leaves of extent above 1.
fn touched(crd: &Coord, shape: &IntTuple, stride: &IntTuple, out: &mut [bool]) {
    match crd {
        Coord::Underscore => {}
        Coord::Int(c) => {
            let split_dynamic = shape.is_tuple() && !shape.is_static();
            if c.is_static && !split_dynamic {
                return;
            }
            for (s, d) in shape.leaves().into_iter().zip(stride.leaves()) {
                if s.value != 1 && d.value > 0 {
                    for (i, v) in digits(d.value, out.len()).into_iter().enumerate() {
                        out[i] |= v != 0;
                    }
                }
            }
        }
        Coord::Tuple(v) => {
            for (k, c) in v.iter().enumerate() {
                if let (Some(s), Some(d)) = (shape.get(k), stride.get(k)) {
                    touched(c, s, d, out);
                }
            }
        }
    }
}

/// Prints an encoded stride as C++ prints a scaled basis: `_0`, `_8@1`, or the tuple of its
/// components when it has several.
fn write_stride(f: &mut fmt::Formatter<'_>, t: &IntTuple, rank: usize) -> fmt::Result {
    match t {
        IntTuple::Int { value, is_static } => {
            let u = if *is_static { "_" } else { "" };
            if *value < 0 {
                return write!(f, "{u}{value}");
            }
            let d = digits(*value, rank);
            let nz: Vec<usize> = (0..rank).filter(|&i| d[i] != 0).collect();
            match nz[..] {
                [] => write!(f, "{u}0"),
                [i] => write!(f, "{u}{}@{i}", d[i]),
                _ => {
                    let parts: Vec<String> = d.iter().map(|v| format!("{u}{v}")).collect();
                    write!(f, "({})", parts.join(","))
                }
            }
        }
        IntTuple::Tuple(v) => {
            f.write_str("(")?;
            for (i, e) in v.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write_stride(f, e, rank)?;
            }
            f.write_str(")")
        }
    }
}

impl fmt::Display for IdentityTensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ArithTuple(")?;
        for (i, o) in self.origin.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{o}")?;
        }
        write!(f, ") o {}:", self.layout.shape())?;
        write_stride(f, self.layout.stride(), self.origin.len())
    }
}
