//! `print_tensor`: a tensor's elements as rows and columns, port of `cute/util/print_tensor.hpp`'s
//! `print_tensor` (with the element formats of `cute/util/print.hpp`'s `pretty_print`).
//!
//! The text is byte for byte C++'s, written through [`core::fmt::Write`] (no allocation).

use core::fmt::{self, Write};

use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::numeric::arithmetic_tuple::ArithmeticTuple;
use crate::numeric::integral_constant::Integral;
use crate::numeric::integral_constant::C;
use crate::numeric::Integer;
use crate::pointer::IterRead;
use crate::tensor::{ElementOf, Engine, LayoutEval, Tensor};
use crate::util::print::{display, CutePrint};

/// An element printed as C++'s `pretty_print` does: integers `%5d`, `bool` `%3d`, `f32`
/// `%10.2e`, `f64` `%11.3e`, coordinates two spaces then CuTe's notation.
pub trait PrettyPrint {
    /// Writes the element.
    fn pretty_print<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result;
}

macro_rules! pretty_int {
    ($($t:ty => $w:expr, $as:ty);*) => {$(
        impl PrettyPrint for $t {
            fn pretty_print<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
                write!(out, "{:>w$}", *self as $as, w = $w)
            }
        }
    )*};
}
// C++ prints 8- and 16-bit integers through its generic path (two spaces, then the value),
// and `uint32_t` with `%d` (so as a signed value).
pretty_int!(i32 => 5, i32; u32 => 5, i32; i64 => 5, i64; u64 => 5, u64; bool => 3, i32);
macro_rules! pretty_small_int {
    ($($t:ty),*) => {$(
        impl PrettyPrint for $t {
            fn pretty_print<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
                write!(out, "  {}", self)
            }
        }
    )*};
}
pretty_small_int!(i8, u8, i16, u16);

impl PrettyPrint for f32 {
    fn pretty_print<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        write_exp(out, *self as f64, 2, 10)
    }
}
impl PrettyPrint for f64 {
    fn pretty_print<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        write_exp(out, *self, 3, 11)
    }
}
impl<T: CutePrint> PrettyPrint for ArithmeticTuple<T> {
    fn pretty_print<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        write!(out, "  {}", display(&self.0))
    }
}

/// A small stack buffer to format into (no allocation).
struct Buf {
    bytes: [u8; 48],
    len: usize,
}
impl Write for Buf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end > self.bytes.len() {
            return Err(fmt::Error);
        }
        self.bytes[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// C's `printf("%*.*e", width, precision, v)`: a mantissa with `precision` decimals, `e`, the
/// exponent's sign and at least two digits; `nan`, `inf` and `-inf` as C prints them.
fn write_exp<W: Write + ?Sized>(
    out: &mut W,
    v: f64,
    precision: usize,
    width: usize,
) -> fmt::Result {
    let mut buf = Buf {
        bytes: [0; 48],
        len: 0,
    };
    if v.is_nan() {
        buf.write_str(if v.is_sign_negative() { "-nan" } else { "nan" })?;
    } else if v.is_infinite() {
        buf.write_str(if v < 0.0 { "-inf" } else { "inf" })?;
    } else {
        // Rust writes `1.50e1`; C writes `1.50e+01`.
        let mut rust = Buf {
            bytes: [0; 48],
            len: 0,
        };
        write!(rust, "{:.*e}", precision, v)?;
        let text = core::str::from_utf8(&rust.bytes[..rust.len]).map_err(|_| fmt::Error)?;
        let (mantissa, exp) = text.split_once('e').ok_or(fmt::Error)?;
        let (sign, digits) = match exp.strip_prefix('-') {
            Some(d) => ('-', d),
            None => ('+', exp),
        };
        write!(buf, "{mantissa}e{sign}{digits:0>2}")?;
    }
    let text = core::str::from_utf8(&buf.bytes[..buf.len]).map_err(|_| fmt::Error)?;
    write!(out, "{text:>width$}")
}

/// A tensor whose element at coordinate `Crd` can be pretty-printed.
pub trait PrettyAt<Crd> {
    /// Writes element `c`.
    fn pretty_at<W: Write + ?Sized>(&self, out: &mut W, c: Crd) -> fmt::Result;
}
impl<E: Engine, L: LayoutEval<Crd>, Crd> PrettyAt<Crd> for Tensor<E, L>
where
    E::Iter: IterRead<L::Output>,
    ElementOf<E, L, Crd>: PrettyPrint,
{
    fn pretty_at<W: Write + ?Sized>(&self, out: &mut W, c: Crd) -> fmt::Result {
        self.get(c).pretty_print(out)
    }
}

/// The body of `print_tensor` for a shape `Self` of rank 1 to 4 (C++ prints no other rank).
#[diagnostic::on_unimplemented(
    message = "print_tensor: the tensor is not of rank 1, 2, 3 or 4",
    note = "C++ prints tensors of rank 1 to 4"
)]
pub trait PrintRows<T>: IntTuple {
    /// Writes the elements of `t`, whose shape is `self`.
    fn print_rows<W: Write + ?Sized>(self, out: &mut W, t: &T) -> fmt::Result;
}

macro_rules! rank1_rows {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* T: PrettyAt<i32>> PrintRows<T> for $t
        where
            $t: IntTuple,
        {
            fn print_rows<W: Write + ?Sized>(self, out: &mut W, t: &T) -> fmt::Result {
                for m in 0..self.size().value() as i32 {
                    t.pretty_at(out, m)?;
                    out.write_str("\n")?;
                }
                Ok(())
            }
        }
    )*};
}
rank1_rows!([N: Integer + 'static,] C<N>, [] i32, [] i64, [S0: IntTuple,] (S0,));

/// Rows `m`, columns `n` of the rank-2 slice at the trailing coordinates `rest`.
fn grid<W, T, R>(out: &mut W, t: &T, rows: i32, cols: i32, rest: R) -> fmt::Result
where
    W: Write + ?Sized,
    R: Copy + Append2,
    T: PrettyAt<R::With>,
{
    for m in 0..rows {
        for n in 0..cols {
            t.pretty_at(out, rest.with(m, n))?;
        }
        out.write_str("\n")?;
    }
    Ok(())
}

/// `(m, n, rest...)`: a full coordinate from the row, the column and the trailing modes.
#[doc(hidden)]
pub trait Append2 {
    type With;
    fn with(self, m: i32, n: i32) -> Self::With;
}
impl Append2 for () {
    type With = (i32, i32);
    fn with(self, m: i32, n: i32) -> (i32, i32) {
        (m, n)
    }
}
impl Append2 for (i32,) {
    type With = (i32, i32, i32);
    fn with(self, m: i32, n: i32) -> (i32, i32, i32) {
        (m, n, self.0)
    }
}
impl Append2 for (i32, i32) {
    type With = (i32, i32, i32, i32);
    fn with(self, m: i32, n: i32) -> (i32, i32, i32, i32) {
        (m, n, self.0, self.1)
    }
}

fn rule<W: Write + ?Sized>(out: &mut W, c: &str, n: i32) -> fmt::Result {
    for _ in 0..n {
        out.write_str(c)?;
    }
    out.write_str("\n")
}

impl<S0: IntTuple, S1: IntTuple, T: PrettyAt<(i32, i32)>> PrintRows<T> for (S0, S1)
where
    (S0, S1): IntTuple,
{
    fn print_rows<W: Write + ?Sized>(self, out: &mut W, t: &T) -> fmt::Result {
        let (m, n) = (self.0.size().value() as i32, self.1.size().value() as i32);
        grid(out, t, m, n, ())
    }
}
impl<S0, S1, S2, T> PrintRows<T> for (S0, S1, S2)
where
    S0: IntTuple,
    S1: IntTuple,
    S2: IntTuple,
    (S0, S1, S2): IntTuple,
    T: PrettyAt<(i32, i32, i32)>,
{
    fn print_rows<W: Write + ?Sized>(self, out: &mut W, t: &T) -> fmt::Result {
        let (m, n) = (self.0.size().value() as i32, self.1.size().value() as i32);
        for k in 0..self.2.size().value() as i32 {
            if k > 0 {
                rule(out, "-", 5 * n)?;
            }
            grid(out, t, m, n, (k,))?;
        }
        Ok(())
    }
}
impl<S0, S1, S2, S3, T> PrintRows<T> for (S0, S1, S2, S3)
where
    S0: IntTuple,
    S1: IntTuple,
    S2: IntTuple,
    S3: IntTuple,
    (S0, S1, S2, S3): IntTuple,
    T: PrettyAt<(i32, i32, i32, i32)>,
{
    fn print_rows<W: Write + ?Sized>(self, out: &mut W, t: &T) -> fmt::Result {
        let (m, n) = (self.0.size().value() as i32, self.1.size().value() as i32);
        for p in 0..self.3.size().value() as i32 {
            if p > 0 {
                rule(out, "=", 5 * n)?;
            }
            for k in 0..self.2.size().value() as i32 {
                if k > 0 {
                    rule(out, "-", 5 * n)?;
                }
                grid(out, t, m, n, (k, p))?;
            }
        }
        Ok(())
    }
}

/// `print_tensor(tensor)`: the tensor (`data o layout`), a colon, then its elements, exactly as
/// C++ CuTe prints them: rank 1 one per line, rank 2 as rows and columns, rank 3 as rank-2
/// slices separated by `-` rules, rank 4 as rank-3 blocks separated by `=` rules.
///
/// # Preconditions
/// The rank is 1 to 4; otherwise the compile error `print_tensor: the tensor is not of rank
/// 1, 2, 3 or 4`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut s = String::new();
/// print_tensor(&mut s, &make_identity_tensor((_2, _3))).unwrap();
/// assert_eq!(s, concat!(
///     "ArithTuple(_0,_0) o (_2,_3):(_1@0,_1@1):\n",
///     "  (0,0)  (0,1)  (0,2)\n",
///     "  (1,0)  (1,1)  (1,2)\n",
/// ));
/// ```
pub fn print_tensor<W, E, S, D>(out: &mut W, tensor: &Tensor<E, Layout<S, D>>) -> fmt::Result
where
    W: Write + ?Sized,
    E: Engine,
    S: PrintRows<Tensor<E, Layout<S, D>>>,
    D: Copy,
    Tensor<E, Layout<S, D>>: CutePrint,
{
    writeln!(out, "{}:", display(tensor))?;
    tensor.layout().shape().print_rows(out, tensor)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{make_layout, LayoutLeft};
    use crate::numeric::aliases::*;
    use crate::tensor::{make_identity_tensor, make_tensor_from_ref};
    use std::format;
    use std::string::String;

    // Expected text: C++ CuTe 4.2 (`cute-cpp`), print_tensor of the same tensors.
    #[test]
    fn print_tensor_matches_cpp() {
        let y = [1, 2, 3, 4, 5, 6];
        let t = make_tensor_from_ref(&y, make_layout((_2, _3), LayoutLeft));
        let mut s = String::new();
        print_tensor(&mut s, &t).unwrap();
        assert_eq!(
            s,
            format!(
                "ptr[32b]({:p}) o (_2,_3):(_1,_2):\n    1    3    5\n    2    4    6\n",
                y.as_ptr()
            )
        );
        let z: [f32; 24] = core::array::from_fn(|i| i as f32 * 1.5 - 3.0);
        let t = make_tensor_from_ref(&z, make_layout((_2, _3, _4), LayoutLeft));
        let mut s = String::new();
        print_tensor(&mut s, &t).unwrap();
        let body = concat!(
            " -3.00e+00  0.00e+00  3.00e+00\n",
            " -1.50e+00  1.50e+00  4.50e+00\n",
            "---------------\n",
            "  6.00e+00  9.00e+00  1.20e+01\n",
            "  7.50e+00  1.05e+01  1.35e+01\n",
            "---------------\n",
            "  1.50e+01  1.80e+01  2.10e+01\n",
            "  1.65e+01  1.95e+01  2.25e+01\n",
            "---------------\n",
            "  2.40e+01  2.70e+01  3.00e+01\n",
            "  2.55e+01  2.85e+01  3.15e+01\n",
        );
        assert_eq!(
            s,
            format!(
                "ptr[32b]({:p}) o (_2,_3,_4):(_1,_2,_6):\n{body}",
                z.as_ptr()
            )
        );
        let t = make_tensor_from_ref(&z, make_layout((_2, _3, _2, _2), LayoutLeft));
        let mut s = String::new();
        print_tensor(&mut s, &t).unwrap();
        let body4 = body.replacen(
            "---------------\n  1.50e+01",
            "===============\n  1.50e+01",
            1,
        );
        assert_eq!(
            s,
            format!(
                "ptr[32b]({:p}) o (_2,_3,_2,_2):(_1,_2,_6,_12):\n{body4}",
                z.as_ptr()
            )
        );
        let w = [1e10f64, -2.5, 0.0];
        let t = make_tensor_from_ref(&w, make_layout((_3,), (_1,)));
        let mut s = String::new();
        print_tensor(&mut s, &t).unwrap();
        assert_eq!(
            s,
            format!(
                "ptr[64b]({:p}) o (_3):(_1):\n  1.000e+10\n -2.500e+00\n  0.000e+00\n",
                w.as_ptr()
            )
        );
        let f = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1e-40];
        let t = make_tensor_from_ref(&f, make_layout((_4,), (_1,)));
        let mut s = String::new();
        print_tensor(&mut s, &t).unwrap();
        assert!(s.ends_with("       nan\n       inf\n      -inf\n  1.00e-40\n"));
        let mut s = String::new();
        print_tensor(&mut s, &make_identity_tensor((_2, _2, _2))).unwrap();
        assert_eq!(
            s,
            concat!(
                "ArithTuple(_0,_0,_0) o (_2,_2,_2):(_1@0,_1@1,_1@2):\n",
                "  (0,0,0)  (0,1,0)\n",
                "  (1,0,0)  (1,1,0)\n",
                "----------\n",
                "  (0,0,1)  (0,1,1)\n",
                "  (1,0,1)  (1,1,1)\n",
            )
        );
    }
}
