//! `print_layout`: a layout as a 2-D grid of offsets, port of `cute/util/print_tensor.hpp`'s
//! `print_layout`.
//!
//! The text is byte for byte C++'s, written through [`core::fmt::Write`] (no allocation), so it
//! goes to a `String` on the host or to any other sink.

use core::fmt::{self, Write};

use crate::int_tuple::{Crd2Idx, IntTuple};
use crate::layout::{CosizeSum, Layout, Mode, ModeOf};
use crate::numeric::integral_constant::Integral;
use crate::util::print::CutePrint;

/// C++'s `num_digits`: the number of decimal digits of `x` (1 below 10, 10 at most).
fn num_digits(x: i64) -> usize {
    let mut n = 1;
    let mut bound = 10;
    while n < 10 && x >= bound {
        n += 1;
        bound *= 10;
    }
    n
}

/// `print_layout(layout)`: writes a rank-2 layout as the grid of its offsets, row `m` and column
/// `n` holding `layout(m, n)`, exactly as C++ CuTe prints it.
///
/// # Preconditions
/// `rank(layout) == 2`; otherwise the compile error `print_layout: the layout is not rank 2`
/// (raised when the call is compiled, `cargo build`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut s = String::new();
/// print_layout(&mut s, make_layout((_2, _3), (_3, _1))).unwrap();
/// assert_eq!(s, concat!(
///     "(_2,_3):(_3,_1)\n",
///     "      0   1   2 \n",
///     "    +---+---+---+\n",
///     " 0  | 0 | 1 | 2 |\n",
///     "    +---+---+---+\n",
///     " 1  | 3 | 4 | 5 |\n",
///     "    +---+---+---+\n",
/// ));
/// ```
pub fn print_layout<W, S, D>(out: &mut W, layout: Layout<S, D>) -> fmt::Result
where
    W: Write + ?Sized,
    S: IntTuple + Mode<0> + Mode<1> + CosizeSum<D>,
    D: IntTuple + Mode<0> + Mode<1>,
    i32: Crd2Idx<ModeOf<S, 0>, ModeOf<D, 0>> + Crd2Idx<ModeOf<S, 1>, ModeOf<D, 1>>,
    Layout<S, D>: CutePrint,
{
    const { assert!(S::RANK == 2, "print_layout: the layout is not rank 2") };
    const DELIM: &str = "+-----------------------";
    let idx_width = num_digits(layout.cosize().value()) + 2;
    let delim = &DELIM[..(idx_width + 1).min(DELIM.len())];
    // layout(m, n) of a rank-2 layout is layout<0>(m) + layout<1>(n).
    let (rows_layout, cols_layout) = (layout.get::<0>(), layout.get::<1>());
    let rows = rows_layout.size().value() as i32;
    let cols = cols_layout.size().value() as i32;
    let rule = |out: &mut W| -> fmt::Result {
        out.write_str("    ")?;
        for _ in 0..cols {
            out.write_str(delim)?;
        }
        out.write_str("+\n")
    };

    writeln!(out, "{}", crate::util::print::display(&layout))?;
    out.write_str("    ")?;
    for n in 0..cols {
        write!(out, "  {:>w$} ", n, w = idx_width - 2)?;
    }
    out.write_str("\n")?;
    for m in 0..rows {
        rule(out)?;
        write!(out, "{m:>2}  ")?;
        for n in 0..cols {
            let offset = rows_layout.call(m).value() + cols_layout.call(n).value();
            write!(out, "| {:>w$} ", offset, w = idx_width - 2)?;
        }
        out.write_str("|\n")?;
    }
    rule(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use std::string::String;

    // Expected text: C++ CuTe 4.2's `print_layout` (`cute-cpp`).
    #[test]
    fn grids_match_cpp() {
        let mut s = String::new();
        print_layout(&mut s, make_layout((_4, _8), (_1, _4))).unwrap();
        assert_eq!(
            s,
            concat!(
                "(_4,_8):(_1,_4)\n",
                "       0    1    2    3    4    5    6    7 \n",
                "    +----+----+----+----+----+----+----+----+\n",
                " 0  |  0 |  4 |  8 | 12 | 16 | 20 | 24 | 28 |\n",
                "    +----+----+----+----+----+----+----+----+\n",
                " 1  |  1 |  5 |  9 | 13 | 17 | 21 | 25 | 29 |\n",
                "    +----+----+----+----+----+----+----+----+\n",
                " 2  |  2 |  6 | 10 | 14 | 18 | 22 | 26 | 30 |\n",
                "    +----+----+----+----+----+----+----+----+\n",
                " 3  |  3 |  7 | 11 | 15 | 19 | 23 | 27 | 31 |\n",
                "    +----+----+----+----+----+----+----+----+\n",
            )
        );
        let mut s = String::new();
        print_layout(&mut s, make_layout(((2, 2), (2, 4)), ((1, 4), (2, 8)))).unwrap();
        assert_eq!(
            s,
            concat!(
                "((2,2),(2,4)):((1,4),(2,8))\n",
                "       0    1    2    3    4    5    6    7 \n",
                "    +----+----+----+----+----+----+----+----+\n",
                " 0  |  0 |  2 |  8 | 10 | 16 | 18 | 24 | 26 |\n",
                "    +----+----+----+----+----+----+----+----+\n",
                " 1  |  1 |  3 |  9 | 11 | 17 | 19 | 25 | 27 |\n",
                "    +----+----+----+----+----+----+----+----+\n",
                " 2  |  4 |  6 | 12 | 14 | 20 | 22 | 28 | 30 |\n",
                "    +----+----+----+----+----+----+----+----+\n",
                " 3  |  5 |  7 | 13 | 15 | 21 | 23 | 29 | 31 |\n",
                "    +----+----+----+----+----+----+----+----+\n",
            )
        );
        let mut s = String::new();
        print_layout(&mut s, make_layout((_2, _3), (_1000, _1))).unwrap();
        assert_eq!(
            s,
            concat!(
                "(_2,_3):(_1000,_1)\n",
                "         0      1      2 \n",
                "    +------+------+------+\n",
                " 0  |    0 |    1 |    2 |\n",
                "    +------+------+------+\n",
                " 1  | 1000 | 1001 | 1002 |\n",
                "    +------+------+------+\n",
            )
        );
        let mut s = String::new();
        print_layout(&mut s, make_layout((12, 3), (1, 12))).unwrap();
        assert_eq!(
            s,
            concat!(
                "(12,3):(1,12)\n",
                "       0    1    2 \n",
                "    +----+----+----+\n",
                " 0  |  0 | 12 | 24 |\n",
                "    +----+----+----+\n",
                " 1  |  1 | 13 | 25 |\n",
                "    +----+----+----+\n",
                " 2  |  2 | 14 | 26 |\n",
                "    +----+----+----+\n",
                " 3  |  3 | 15 | 27 |\n",
                "    +----+----+----+\n",
                " 4  |  4 | 16 | 28 |\n",
                "    +----+----+----+\n",
                " 5  |  5 | 17 | 29 |\n",
                "    +----+----+----+\n",
                " 6  |  6 | 18 | 30 |\n",
                "    +----+----+----+\n",
                " 7  |  7 | 19 | 31 |\n",
                "    +----+----+----+\n",
                " 8  |  8 | 20 | 32 |\n",
                "    +----+----+----+\n",
                " 9  |  9 | 21 | 33 |\n",
                "    +----+----+----+\n",
                "10  | 10 | 22 | 34 |\n",
                "    +----+----+----+\n",
                "11  | 11 | 23 | 35 |\n",
                "    +----+----+----+\n",
            )
        );
    }

    #[test]
    fn num_digits_as_cpp() {
        assert_eq!(
            [
                0,
                9,
                10,
                99,
                100,
                12345,
                999_999_999,
                1_000_000_000,
                i64::MAX
            ]
            .map(num_digits),
            [1, 1, 2, 2, 3, 5, 9, 10, 10]
        );
    }
}
