//! Run-time integers and integer tuples: the dynamic counterpart of CuTe's
//! `cute/int_tuple.hpp` (`product`, `shape_div`, `ceil_div`, `prefix_product`,
//! `inner_product`, `congruent`, `flatten`).

use alloc::format;
use alloc::vec::Vec;
use core::fmt;

use super::error::{Error, Result};

/// One integer of a shape, stride or coordinate, with the form it is printed in.
///
/// `is_static` records whether the integer is printed as CuTe prints a static integer
/// (`_4`) or as a dynamic one (`4`). Every operation decides on `value` alone; the flag only
/// travels: a computed integer is static iff all integers it was computed from were, and a
/// constant that an operation introduces (the `1:0` of an empty `coalesce`, say) is static
/// iff all of the operation's inputs were.
///
/// # Example
/// ```
/// use cute_core::dynamic::Int;
/// assert_eq!(Int::constant(4).to_string(), "_4");
/// assert_eq!(Int::dynamic(-4).to_string(), "-4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Int {
    /// The integer.
    pub value: i64,
    /// Whether it prints as a static integer (`_4`).
    pub is_static: bool,
}

impl Int {
    /// An integer with the given value and form.
    pub const fn new(value: i64, is_static: bool) -> Int {
        Int { value, is_static }
    }

    /// A dynamic integer, printed `4`.
    pub const fn dynamic(value: i64) -> Int {
        Int::new(value, false)
    }

    /// A static integer, printed `_4`.
    pub const fn constant(value: i64) -> Int {
        Int::new(value, true)
    }

    /// A result computed from `self` and `other`: static iff both are.
    pub(crate) fn from2(self, other: Int, value: i64) -> Int {
        Int::new(value, self.is_static && other.is_static)
    }

    pub(crate) fn mul(self, other: Int, op: &'static str) -> Result<Int> {
        match self.value.checked_mul(other.value) {
            Some(v) => Ok(self.from2(other, v)),
            None => Err(overflow(op, self, '*', other)),
        }
    }

    pub(crate) fn add(self, other: Int, op: &'static str) -> Result<Int> {
        match self.value.checked_add(other.value) {
            Some(v) => Ok(self.from2(other, v)),
            None => Err(overflow(op, self, '+', other)),
        }
    }

    /// Exact division `self / other` (truncating); the caller has checked `other != 0`.
    pub(crate) fn div(self, other: Int, op: &'static str) -> Result<Int> {
        match self.value.checked_div(other.value) {
            Some(v) => Ok(self.from2(other, v)),
            None => Err(overflow(op, self, '/', other)),
        }
    }

    /// Floor division and the matching non-negative remainder, for `other > 0`.
    pub(crate) fn floor_div_rem(self, other: Int, op: &'static str) -> Result<(Int, Int)> {
        if other.value <= 0 {
            return Err(Error::new(
                op,
                format!("the divisor {other} is not positive"),
            ));
        }
        let q = self.value.div_euclid(other.value);
        let r = self.value.rem_euclid(other.value);
        Ok((self.from2(other, q), self.from2(other, r)))
    }

    /// `self.value` divides by `other.value` without remainder (false for `other == 0`).
    pub(crate) fn divisible_by(self, other: Int) -> bool {
        other.value != 0 && self.value.checked_rem(other.value).unwrap_or(0) == 0
    }

    /// `abs`, keeping the form.
    pub(crate) fn abs(self, op: &'static str) -> Result<Int> {
        match self.value.checked_abs() {
            Some(v) => Ok(Int::new(v, self.is_static)),
            None => Err(Error::new(op, format!("integer overflow in abs({self})"))),
        }
    }
}

pub(crate) fn overflow(op: &'static str, a: Int, sym: char, b: Int) -> Error {
    Error::new(op, format!("integer overflow in {a}{sym}{b}"))
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_static {
            f.write_str("_")?;
        }
        write!(f, "{}", self.value)
    }
}

impl From<i64> for Int {
    fn from(value: i64) -> Int {
        Int::dynamic(value)
    }
}

/// A hierarchical integer tuple whose structure is known at run time (CuTe's `IntTuple`):
/// an integer, or a tuple of integer tuples.
///
/// `Display` prints CuTe's notation exactly, without spaces: `(_4,(2,3))`; a rank-1 tuple
/// keeps its parentheses, `(4)`, and the empty tuple prints `()`. `FromStr` reads the same
/// notation (whitespace is ignored; a leading `_` marks a static integer; nesting deeper
/// than [`MAX_DEPTH`](super::MAX_DEPTH) is refused).
///
/// # Example
/// ```
/// use cute_core::dynamic::IntTuple;
/// let t: IntTuple = "( _4, (2, 3) )".parse().unwrap();
/// assert_eq!(t.to_string(), "(_4,(2,3))");
/// assert_eq!(t.rank(), 2);
/// assert_eq!(t.depth(), 2);
/// assert_eq!(t.product().unwrap().value, 24);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntTuple {
    /// A leaf integer.
    Int {
        /// The integer.
        value: i64,
        /// Whether it prints as a static integer (`_4`).
        is_static: bool,
    },
    /// A tuple of integer tuples (possibly empty or of rank 1).
    Tuple(Vec<IntTuple>),
}

impl IntTuple {
    /// A dynamic integer leaf, printed `4`.
    pub fn int(value: i64) -> IntTuple {
        IntTuple::from(Int::dynamic(value))
    }

    /// A static integer leaf, printed `_4`.
    pub fn static_int(value: i64) -> IntTuple {
        IntTuple::from(Int::constant(value))
    }

    /// The leaf as an [`Int`], or `None` for a tuple.
    pub fn as_int(&self) -> Option<Int> {
        match *self {
            IntTuple::Int { value, is_static } => Some(Int::new(value, is_static)),
            IntTuple::Tuple(_) => None,
        }
    }

    /// Whether this is a tuple (CuTe's `is_tuple`).
    pub fn is_tuple(&self) -> bool {
        matches!(self, IntTuple::Tuple(_))
    }

    /// CuTe's `rank`: 1 for an integer, the number of elements for a tuple.
    pub fn rank(&self) -> usize {
        match self {
            IntTuple::Int { .. } => 1,
            IntTuple::Tuple(v) => v.len(),
        }
    }

    /// CuTe's `depth`: 0 for an integer, 1 + the largest depth of the elements for a tuple.
    pub fn depth(&self) -> usize {
        match self {
            IntTuple::Int { .. } => 0,
            IntTuple::Tuple(v) => 1 + v.iter().map(IntTuple::depth).max().unwrap_or(0),
        }
    }

    /// CuTe's `get<i>`: element `i` of a tuple; an integer is its own only element.
    pub fn get(&self, i: usize) -> Option<&IntTuple> {
        match self {
            IntTuple::Int { .. } => (i == 0).then_some(self),
            IntTuple::Tuple(v) => v.get(i),
        }
    }

    /// The top-level modes: the elements of a tuple, or the integer itself.
    pub fn modes(&self) -> Vec<IntTuple> {
        match self {
            IntTuple::Int { .. } => alloc::vec![self.clone()],
            IntTuple::Tuple(v) => v.clone(),
        }
    }

    /// The leaves, left to right (CuTe's `flatten`, as a list).
    pub fn leaves(&self) -> Vec<Int> {
        let mut out = Vec::new();
        self.collect_leaves(&mut out);
        out
    }

    fn collect_leaves(&self, out: &mut Vec<Int>) {
        match self {
            IntTuple::Int { value, is_static } => out.push(Int::new(*value, *is_static)),
            IntTuple::Tuple(v) => v.iter().for_each(|e| e.collect_leaves(out)),
        }
    }

    /// Whether every leaf is static (true for the empty tuple).
    pub fn is_static(&self) -> bool {
        match self {
            IntTuple::Int { is_static, .. } => *is_static,
            IntTuple::Tuple(v) => v.iter().all(IntTuple::is_static),
        }
    }

    /// CuTe's `product` (= `size` of a shape): the product of the leaves; 1 for `()`.
    ///
    /// # Preconditions
    /// The product fits in `i64`, else `Err` (`product: integer overflow in ...`).
    pub fn product(&self) -> Result<Int> {
        self.product_in("product")
    }

    pub(crate) fn product_in(&self, op: &'static str) -> Result<Int> {
        let mut acc = Int::new(1, self.is_static());
        for leaf in self.leaves() {
            acc = acc.mul(leaf, op)?;
        }
        Ok(acc)
    }

    /// The same tree with every leaf marked static (`true`) or dynamic (`false`).
    pub fn with_static(&self, is_static: bool) -> IntTuple {
        match self {
            IntTuple::Int { value, .. } => IntTuple::Int {
                value: *value,
                is_static,
            },
            IntTuple::Tuple(v) => {
                IntTuple::Tuple(v.iter().map(|e| e.with_static(is_static)).collect())
            }
        }
    }
}

impl From<Int> for IntTuple {
    fn from(i: Int) -> IntTuple {
        IntTuple::Int {
            value: i.value,
            is_static: i.is_static,
        }
    }
}

impl From<i64> for IntTuple {
    fn from(value: i64) -> IntTuple {
        IntTuple::int(value)
    }
}

impl From<Vec<IntTuple>> for IntTuple {
    fn from(v: Vec<IntTuple>) -> IntTuple {
        IntTuple::Tuple(v)
    }
}

impl fmt::Display for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntTuple::Int { value, is_static } => {
                fmt::Display::fmt(&Int::new(*value, *is_static), f)
            }
            IntTuple::Tuple(v) => {
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

/// CuTe's `product`: the product of all leaves of `a` (1 for `()`).
///
/// # Preconditions
/// No `i64` overflow, else `Err`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{product, IntTuple};
/// let t: IntTuple = "(_2,(_3,_4))".parse().unwrap();
/// assert_eq!(product(&t).unwrap().to_string(), "_24");
/// ```
pub fn product(a: &IntTuple) -> Result<Int> {
    a.product()
}

/// CuTe's `congruent`: `a` and `b` have the same tree structure (leaf values aside).
///
/// # Example
/// ```
/// use cute_core::dynamic::{congruent, IntTuple};
/// let a: IntTuple = "(2,(3,4))".parse().unwrap();
/// let b: IntTuple = "(1,(0,9))".parse().unwrap();
/// assert!(congruent(&a, &b));
/// assert!(!congruent(&a, &"(1,2,3)".parse().unwrap()));
/// ```
pub fn congruent(a: &IntTuple, b: &IntTuple) -> bool {
    match (a, b) {
        (IntTuple::Int { .. }, IntTuple::Int { .. }) => true,
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| congruent(p, q))
        }
        _ => false,
    }
}

/// CuTe's `flatten`: the leaves of `a` as one flat tuple (an integer stays an integer).
///
/// # Example
/// ```
/// use cute_core::dynamic::{flatten, IntTuple};
/// let t: IntTuple = "((2,3),(4,(5)))".parse().unwrap();
/// assert_eq!(flatten(&t).to_string(), "(2,3,4,5)");
/// ```
pub fn flatten(a: &IntTuple) -> IntTuple {
    match a {
        IntTuple::Int { .. } => a.clone(),
        IntTuple::Tuple(_) => IntTuple::Tuple(a.leaves().into_iter().map(IntTuple::from).collect()),
    }
}

fn shape_div_int(a: Int, b: Int) -> Result<Int> {
    const OP: &str = "shape_div";
    if b.value == 0 {
        return Err(Error::new(OP, format!("cannot divide {a} by 0")));
    }
    if a.divisible_by(b) {
        return a.div(b, OP);
    }
    if b.divisible_by(a) {
        let sign = a.value.signum() * b.value.signum();
        return Ok(a.from2(b, sign));
    }
    Err(Error::new(
        OP,
        format!("{a} and {b} do not divide one another"),
    ))
}

/// CuTe's `shape_div`: divide shape `a` by `b`, splitting `b` over the modes of `a`.
///
/// # Math
/// * int / int: `a / b` if `b` divides `a`, else `signum(a*b)` if `a` divides `b`.
/// * tuple / int: mode by mode, left to right; each mode takes `shape_div(a_i, b)` and
///   `b` becomes `shape_div(b, product(a_i))` for the next mode.
/// * int / tuple: `shape_div(a, product(b))`.
/// * tuple / tuple: element-wise (same rank).
///
/// # Preconditions
/// At every int/int step one of the two divides the other, else
/// `Err` (`shape_div: 3 and 2 do not divide one another`); equal ranks for tuple/tuple.
///
/// # Example
/// ```
/// use cute_core::dynamic::{shape_div, IntTuple};
/// let a: IntTuple = "(_4,_8)".parse().unwrap();
/// assert_eq!(shape_div(&a, &"_8".parse().unwrap()).unwrap().to_string(), "(_1,_4)");
/// let a: IntTuple = "((4),2)".parse().unwrap();
/// assert_eq!(shape_div(&a, &"(8,8)".parse().unwrap()).unwrap().to_string(), "((1),1)");
/// ```
pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    match (a, b) {
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) => {
            if x.len() != y.len() {
                return Err(Error::new(
                    "shape_div",
                    format!("{a} and {b} have different ranks"),
                ));
            }
            x.iter()
                .zip(y)
                .map(|(p, q)| shape_div(p, q))
                .collect::<Result<Vec<_>>>()
                .map(IntTuple::Tuple)
        }
        (IntTuple::Tuple(x), IntTuple::Int { .. }) => {
            let mut rest = b.clone();
            let mut out = Vec::with_capacity(x.len());
            for e in x {
                out.push(shape_div(e, &rest)?);
                rest = shape_div(&rest, &IntTuple::from(e.product_in("shape_div")?))?;
            }
            Ok(IntTuple::Tuple(out))
        }
        (IntTuple::Int { .. }, IntTuple::Tuple(_)) => {
            shape_div(a, &IntTuple::from(b.product_in("shape_div")?))
        }
        (IntTuple::Int { value, is_static }, IntTuple::Int { .. }) => {
            let (x, y) = (
                Int::new(*value, *is_static),
                b.as_int().unwrap_or(Int::dynamic(1)),
            );
            shape_div_int(x, y).map(IntTuple::from)
        }
    }
}

fn ceil_div_int(a: Int, b: Int) -> Result<Int> {
    const OP: &str = "ceil_div";
    if b.value <= 0 {
        return Err(Error::new(OP, format!("the divisor {b} is not positive")));
    }
    let (q, r) = a.floor_div_rem(b, OP)?;
    if r.value == 0 {
        Ok(q)
    } else {
        q.add(Int::new(1, q.is_static), OP)
    }
}

/// CuTe's `ceil_div`: `a` divided by `b`, rounded up (towards +infinity).
///
/// # Math
/// * int / int: the ceiling of `a / b` (for `b > 0` this is Python's `(a + b - 1) // b`).
/// * tuple / int: mode by mode; each mode takes `ceil_div(a_i, b)` and `b` becomes
///   `ceil_div(b, product(a_i))`.
/// * int / tuple: `ceil_div(a, product(b))`; tuple / tuple: element-wise.
///
/// # Preconditions
/// Every divisor is positive, else `Err` (`ceil_div: the divisor 0 is not positive`).
///
/// # Example
/// ```
/// use cute_core::dynamic::{ceil_div, IntTuple};
/// let a: IntTuple = "229".parse().unwrap();
/// assert_eq!(ceil_div(&a, &"14".parse().unwrap()).unwrap().to_string(), "17");
/// let a: IntTuple = "(_4,_8)".parse().unwrap();
/// assert_eq!(ceil_div(&a, &"_3".parse().unwrap()).unwrap().to_string(), "(_2,_8)");
/// ```
pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    match (a, b) {
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) => {
            if x.len() != y.len() {
                return Err(Error::new(
                    "ceil_div",
                    format!("{a} and {b} have different ranks"),
                ));
            }
            x.iter()
                .zip(y)
                .map(|(p, q)| ceil_div(p, q))
                .collect::<Result<Vec<_>>>()
                .map(IntTuple::Tuple)
        }
        (IntTuple::Tuple(x), IntTuple::Int { .. }) => {
            let mut rest = b.clone();
            let mut out = Vec::with_capacity(x.len());
            for e in x {
                out.push(ceil_div(e, &rest)?);
                rest = ceil_div(&rest, &IntTuple::from(e.product_in("ceil_div")?))?;
            }
            Ok(IntTuple::Tuple(out))
        }
        (IntTuple::Int { .. }, IntTuple::Tuple(_)) => {
            ceil_div(a, &IntTuple::from(b.product_in("ceil_div")?))
        }
        (IntTuple::Int { value, is_static }, IntTuple::Int { .. }) => {
            let (x, y) = (
                Int::new(*value, *is_static),
                b.as_int().unwrap_or(Int::dynamic(1)),
            );
            ceil_div_int(x, y).map(IntTuple::from)
        }
    }
}

/// CuTe's exclusive `prefix_product` of `a`, starting from `init`.
///
/// # Math
/// * tuple, int init: element `i` is `prefix_product(a_i, init * product(a_0..a_i))`.
/// * tuple, tuple init: element-wise (same rank); int: `init`.
///
/// This is the plain exclusive prefix product: unlike `compact_col_major`, a size-1 leaf
/// gets the running product, not 0.
///
/// # Preconditions
/// An integer `a` takes an integer `init`; tuple inits have `a`'s rank; no overflow.
///
/// # Example
/// ```
/// use cute_core::dynamic::{prefix_product, IntTuple};
/// let a: IntTuple = "(4,(2,3),5)".parse().unwrap();
/// assert_eq!(prefix_product(&a, &IntTuple::int(1)).unwrap().to_string(), "(1,(4,8),24)");
/// let a: IntTuple = "(4)".parse().unwrap();
/// assert_eq!(prefix_product(&a, &IntTuple::int(8)).unwrap().to_string(), "(8)");
/// ```
pub fn prefix_product(a: &IntTuple, init: &IntTuple) -> Result<IntTuple> {
    const OP: &str = "prefix_product";
    match (a, init) {
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) => {
            if x.len() != y.len() {
                return Err(Error::new(
                    OP,
                    format!("{a} and the init {init} have different ranks"),
                ));
            }
            x.iter()
                .zip(y)
                .map(|(p, q)| prefix_product(p, q))
                .collect::<Result<Vec<_>>>()
                .map(IntTuple::Tuple)
        }
        (IntTuple::Tuple(x), IntTuple::Int { value, is_static }) => {
            let mut acc = Int::new(*value, *is_static);
            let mut out = Vec::with_capacity(x.len());
            for e in x {
                out.push(prefix_product(e, &IntTuple::from(acc))?);
                acc = acc.mul(e.product_in(OP)?, OP)?;
            }
            Ok(IntTuple::Tuple(out))
        }
        (IntTuple::Int { .. }, IntTuple::Tuple(_)) => Err(Error::new(
            OP,
            format!("the integer {a} cannot take the tuple init {init}"),
        )),
        (IntTuple::Int { .. }, IntTuple::Int { .. }) => Ok(init.clone()),
    }
}

/// CuTe's `inner_product`: the sum of the products of corresponding leaves.
///
/// # Preconditions
/// `a` and `b` are congruent, else `Err` (`inner_product: 4 and (2,3) are not congruent`);
/// no overflow.
///
/// # Example
/// ```
/// use cute_core::dynamic::{inner_product, IntTuple};
/// let a: IntTuple = "(2,(3,4))".parse().unwrap();
/// let b: IntTuple = "(1,(10,100))".parse().unwrap();
/// assert_eq!(inner_product(&a, &b).unwrap().to_string(), "432");
/// ```
pub fn inner_product(a: &IntTuple, b: &IntTuple) -> Result<Int> {
    const OP: &str = "inner_product";
    if !congruent(a, b) {
        return Err(Error::new(OP, format!("{a} and {b} are not congruent")));
    }
    let mut acc = Int::new(0, a.is_static() && b.is_static());
    for (x, y) in a.leaves().into_iter().zip(b.leaves()) {
        acc = acc.add(x.mul(y, OP)?, OP)?;
    }
    Ok(acc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn t(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    #[test]
    fn display_round_trips() {
        for s in [
            "4",
            "_4",
            "-3",
            "_-4",
            "()",
            "(4)",
            "(_4,(2,3))",
            "((1),(2,(3)))",
        ] {
            assert_eq!(t(s).to_string(), s);
        }
        assert_eq!(t(" ( 1 , ( 2 ) ) ").to_string(), "(1,(2))");
    }

    #[test]
    fn parse_rejects_garbage() {
        for s in [
            "",
            "(",
            "(1,",
            "1,2",
            "(1 2)",
            "_",
            "--1",
            "99999999999999999999",
            "(1))",
            "1:2",
        ] {
            assert!(s.parse::<IntTuple>().is_err(), "{s}");
        }
        let deep = "(".repeat(1000) + "1" + &")".repeat(1000);
        assert!(deep.parse::<IntTuple>().is_err());
    }

    #[test]
    fn rank_depth_product() {
        assert_eq!(t("4").rank(), 1);
        assert_eq!(t("()").rank(), 0);
        assert_eq!(t("((2,3),4)").depth(), 2);
        assert_eq!(t("()").product().unwrap().value, 1);
        assert_eq!(t("(_2,_3)").product().unwrap().to_string(), "_6");
        assert_eq!(t("(_2,3)").product().unwrap().to_string(), "6");
        assert!(t("(4294967296,4294967296)").product().is_err());
    }

    #[test]
    fn shape_div_cases() {
        assert_eq!(
            shape_div(&t("(6,4)"), &t("12")).unwrap().to_string(),
            "(1,2)"
        );
        assert_eq!(
            shape_div(&t("(6,4)"), &t("3")).unwrap().to_string(),
            "(2,4)"
        );
        assert_eq!(shape_div(&t("2"), &t("8")).unwrap().to_string(), "1");
        assert_eq!(shape_div(&t("12"), &t("(2,3)")).unwrap().to_string(), "2");
        assert_eq!(shape_div(&t("-4"), &t("8")).unwrap().to_string(), "-1");
        assert_eq!(
            shape_div(&t("3"), &t("2")).unwrap_err().to_string(),
            "shape_div: 3 and 2 do not divide one another"
        );
        assert!(shape_div(&t("3"), &t("0")).is_err());
        assert!(shape_div(&t("(1,2)"), &t("(1,2,3)")).is_err());
        assert!(shape_div(&IntTuple::int(i64::MIN), &IntTuple::int(-1)).is_err());
    }

    #[test]
    fn ceil_div_cases() {
        assert_eq!(ceil_div(&t("7"), &t("2")).unwrap().to_string(), "4");
        assert_eq!(ceil_div(&t("-3"), &t("2")).unwrap().to_string(), "-1");
        assert_eq!(
            ceil_div(&t("(_4,_8)"), &t("_3")).unwrap().to_string(),
            "(_2,_8)"
        );
        assert!(ceil_div(&t("7"), &t("0")).is_err());
        assert!(ceil_div(&IntTuple::int(i64::MAX), &t("1")).is_ok());
    }

    #[test]
    fn prefix_product_cases() {
        assert_eq!(
            prefix_product(&t("((16))"), &t("1")).unwrap().to_string(),
            "((1))"
        );
        assert_eq!(
            prefix_product(&t("(2,1,3)"), &t("1")).unwrap().to_string(),
            "(1,2,2)"
        );
        assert_eq!(
            prefix_product(&t("(2,3)"), &t("(5,7)"))
                .unwrap()
                .to_string(),
            "(5,7)"
        );
        assert_eq!(prefix_product(&t("7"), &t("3")).unwrap().to_string(), "3");
        assert!(prefix_product(&t("7"), &t("(3)")).is_err());
    }

    #[test]
    fn inner_product_cases() {
        assert_eq!(
            inner_product(&t("(32)"), &t("(6)")).unwrap().to_string(),
            "192"
        );
        assert_eq!(inner_product(&t("()"), &t("()")).unwrap().to_string(), "_0");
        assert!(inner_product(&t("4"), &t("(2,3)")).is_err());
    }

    #[test]
    fn flatten_and_congruent() {
        assert_eq!(flatten(&t("7")).to_string(), "7");
        assert_eq!(flatten(&t("((1),())")).to_string(), "(1)");
        assert!(congruent(&t("()"), &t("()")));
        assert!(!congruent(&t("(1)"), &t("1")));
    }
}
