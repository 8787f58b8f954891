//! Coordinates that may hold the slice marker `_`: the dynamic counterpart of CuTe's
//! `cute/underscore.hpp` (`Underscore`, `has_underscore`).

use alloc::vec::Vec;
use core::fmt;

use super::int_tuple::{Int, IntTuple};

/// A hierarchical coordinate whose leaves are integers or CuTe's `_` (keep this mode).
///
/// `Display` and `FromStr` use CuTe's notation: `(1,_)`, `((_,2),_)`.
///
/// # Example
/// ```
/// use cute_core::dynamic::Coord;
/// let c: Coord = "(1,(_,2))".parse().unwrap();
/// assert_eq!(c.to_string(), "(1,(_,2))");
/// assert!(c.has_underscore());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Coord {
    /// An integer coordinate.
    Int(Int),
    /// CuTe's `_`: the whole mode.
    Underscore,
    /// A tuple of coordinates.
    Tuple(Vec<Coord>),
}

impl Coord {
    /// CuTe's `has_underscore`: whether some leaf is `_`.
    pub fn has_underscore(&self) -> bool {
        match self {
            Coord::Int(_) => false,
            Coord::Underscore => true,
            Coord::Tuple(v) => v.iter().any(Coord::has_underscore),
        }
    }

    /// Whether every integer leaf is static (`_` counts as static).
    pub fn is_static(&self) -> bool {
        match self {
            Coord::Int(i) => i.is_static,
            Coord::Underscore => true,
            Coord::Tuple(v) => v.iter().all(Coord::is_static),
        }
    }

    /// The coordinate as an [`IntTuple`], or `None` if it holds `_`.
    pub fn to_int_tuple(&self) -> Option<IntTuple> {
        match self {
            Coord::Int(i) => Some(IntTuple::from(*i)),
            Coord::Underscore => None,
            Coord::Tuple(v) => v
                .iter()
                .map(Coord::to_int_tuple)
                .collect::<Option<Vec<_>>>()
                .map(IntTuple::Tuple),
        }
    }
}

impl From<&IntTuple> for Coord {
    fn from(t: &IntTuple) -> Coord {
        match t {
            IntTuple::Int { value, is_static } => Coord::Int(Int::new(*value, *is_static)),
            IntTuple::Tuple(v) => Coord::Tuple(v.iter().map(Coord::from).collect()),
        }
    }
}

impl From<IntTuple> for Coord {
    fn from(t: IntTuple) -> Coord {
        Coord::from(&t)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Coord::Int(i) => fmt::Display::fmt(i, f),
            Coord::Underscore => f.write_str("_"),
            Coord::Tuple(v) => {
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

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn parse_and_print() {
        let c: Coord = "( _ , 3 )".parse().unwrap();
        assert_eq!(c.to_string(), "(_,3)");
        assert!(c.to_int_tuple().is_none());
        let c: Coord = "(_2,3)".parse().unwrap();
        assert!(!c.has_underscore());
        assert_eq!(c.to_int_tuple().unwrap().to_string(), "(_2,3)");
        assert_eq!("_".parse::<Coord>().unwrap(), Coord::Underscore);
        assert!("(_,".parse::<Coord>().is_err());
    }
}
