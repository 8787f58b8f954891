//! The 2-D table of a layout: the dynamic counterpart of `print_layout` in CuTe's
//! `cute/util/print_tensor.hpp`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use super::error::{Error, Result};
use super::int_tuple::IntTuple;
use super::layout::{cosize, Layout};

/// The most cells [`print_layout`] draws.
pub const MAX_PRINT_CELLS: i64 = 1 << 16;

/// C++ CuTe's `num_digits`: decimal digits of `x` (1 for anything below 10, at most 10).
fn num_digits(x: i64) -> usize {
    let mut d = 1;
    let mut bound: i64 = 10;
    while d < 10 && x >= bound {
        d += 1;
        bound = bound.saturating_mul(10);
    }
    d
}

/// CuTe's `print_layout`: the layout, then its offsets as a grid of `size<0>` rows by
/// `size<1>` columns, byte for byte as C++ prints it.
///
/// C++ accepts only rank-2 layouts; here a rank-1 layout prints as a single column (as
/// `make_layout(layout, 1:0)` would, under the header of the layout itself).
///
/// # Preconditions
/// Rank 1 or 2 and at most [`MAX_PRINT_CELLS`] cells, else `Err`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{print_layout, Layout};
/// let l: Layout = "(2,2):(1,2)".parse().unwrap();
/// let want = [
///     "(2,2):(1,2)",
///     "      0   1 ",
///     "    +---+---+",
///     " 0  | 0 | 2 |",
///     "    +---+---+",
///     " 1  | 1 | 3 |",
///     "    +---+---+",
///     "",
/// ]
/// .join("\n");
/// assert_eq!(print_layout(&l).unwrap(), want);
/// ```
pub fn print_layout(layout: &Layout) -> Result<String> {
    const OP: &str = "print_layout";
    let (rows_shape, cols_shape) = match layout.rank() {
        1 => (layout.shape().get(0).cloned(), Some(IntTuple::int(1))),
        2 => (
            layout.shape().get(0).cloned(),
            layout.shape().get(1).cloned(),
        ),
        r => return Err(Error::new(OP, format!("{layout} has rank {r}, not 1 or 2"))),
    };
    let rows = rows_shape
        .map(|s| s.product_in(OP))
        .transpose()?
        .map_or(1, |n| n.value);
    let cols = cols_shape
        .map(|s| s.product_in(OP))
        .transpose()?
        .map_or(1, |n| n.value);
    if rows.checked_mul(cols).is_none_or(|n| n > MAX_PRINT_CELLS) {
        return Err(Error::new(
            OP,
            format!("{layout} has {rows}x{cols} cells, more than {MAX_PRINT_CELLS}"),
        ));
    }
    let width = num_digits(cosize(layout).map_err(|e| e.within(OP))?.value) + 2;
    let delim = "+-----------------------";
    let bar: &str = &delim[..(width + 1).min(delim.len())];
    let mut out = String::new();
    let mut line = |s: &str| out.push_str(s);
    line(&format!("{layout}\n"));
    let mut head = String::from("    ");
    for n in 0..cols {
        let _ = write!(head, "  {:>w$} ", n, w = width - 2);
    }
    head.push('\n');
    line(&head);
    let mut rule = String::from("    ");
    for _ in 0..cols {
        rule.push_str(bar);
    }
    rule.push_str("+\n");
    for m in 0..rows {
        line(&rule);
        let mut row = format!("{m:2}  ");
        for n in 0..cols {
            let v = if layout.rank() == 1 {
                layout.eval(m)?
            } else {
                let c = IntTuple::Tuple(Vec::from([IntTuple::int(m), IntTuple::int(n)]));
                layout.eval_coord(&c)?.value
            };
            let _ = write!(row, "| {:>w$} ", v, w = width - 2);
        }
        row.push_str("|\n");
        line(&row);
    }
    line(&rule);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits() {
        assert_eq!(num_digits(0), 1);
        assert_eq!(num_digits(9), 1);
        assert_eq!(num_digits(10), 2);
        assert_eq!(num_digits(99999), 5);
        assert_eq!(num_digits(i64::MAX), 10);
        assert_eq!(num_digits(-5), 1);
    }

    #[test]
    fn column_and_limits() {
        let l: Layout = "3:2".parse().unwrap();
        let s = print_layout(&l).unwrap();
        assert!(s.starts_with("3:2\n      0 \n"), "{s}");
        assert_eq!(s.lines().count(), 2 + 2 * 3 + 1);
        assert!(print_layout(&"(2,2,2):(1,2,4)".parse().unwrap()).is_err());
        assert!(print_layout(&"(1024,1024):(1,1024)".parse().unwrap()).is_err());
    }
}
