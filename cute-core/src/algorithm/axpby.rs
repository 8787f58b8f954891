//! `axpby`: port of `cute/algorithm/axpby.hpp`.

use core::ops::{Add, Mul};

use crate::algorithm::copy::same_size;
use crate::int_tuple::IntTuple;
use crate::numeric::integral_constant::Integral;
use crate::tensor::{ReadAt, TensorShape, WriteAt};

/// `axpby(alpha, x, beta, y)`: `y(i) = alpha * x(i) + beta * y(i)` for every 1-D index `i`;
/// when `beta` is zero, `y(i) = alpha * x(i)` (`y` is not read, as in C++).
///
/// # Preconditions
/// `size(x) == size(y)`: static sizes, the compile error `axpby: the two tensors have
/// different sizes`; dynamic ones, a debug assertion naming the shapes.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let x = [1.0f32, 2., 3.];
/// let mut y = [10.0f32, 20., 30.];
/// let xt = make_tensor_from_ref(&x, make_layout(_3, _1));
/// axpby(2.0, &xt, 0.5, &mut make_tensor_from_slice(&mut y, make_layout(_3, _1)));
/// assert_eq!(y, [7.0, 14.0, 21.0]);
/// ```
#[inline(always)]
pub fn axpby<T, X, Y>(alpha: T, x: &X, beta: T, y: &mut Y)
where
    T: Copy + PartialEq + Default + Mul<Output = T> + Add<Output = T>,
    X: TensorShape + ReadAt<i32, Value = T>,
    Y: TensorShape + WriteAt<i32, Value = T>,
{
    same_size!(
        "axpby",
        x.tensor_shape(),
        y.tensor_shape(),
        X::Shape,
        Y::Shape
    );
    let n = y.tensor_shape().size().value() as i32;
    // Two loops rather than the test inside one: each loop body is then small enough for LLVM
    // to unroll fully over a static size (the role of C++'s CUTE_UNROLL), which keeps a
    // register fragment `x` in registers (sgemm_sm80's 128 half accumulators went to local
    // memory with the test inside the loop).
    if beta == T::default() {
        for i in 0..n {
            y.write_at(i, alpha * x.read_at(i));
        }
    } else {
        for i in 0..n {
            y.write_at(i, alpha * x.read_at(i) + beta * y.read_at(i));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{make_layout, LayoutLeft, LayoutRight};
    use crate::numeric::aliases::*;
    use crate::tensor::{make_rmem_tensor, make_tensor_from_ref};

    #[test]
    fn axpby_combines_element_by_element() {
        let x: [i32; 6] = [1, 2, 3, 4, 5, 6];
        let xt = make_tensor_from_ref(&x, make_layout((_2, _3), LayoutRight));
        let mut y = make_rmem_tensor::<i32, _, _>(make_layout((_2, _3), LayoutLeft));
        for i in 0..6 {
            y.set(i, 100);
        }
        axpby(3, &xt, 2, &mut y);
        for m in 0..2 {
            for n in 0..3 {
                assert_eq!(y.get((m, n)), 3 * xt.get((m, n)) + 200);
            }
        }
        // beta == 0 ignores y, even a NaN in it
        let xf = [1.0f32, 2.0];
        let mut yf = make_rmem_tensor::<f32, _, _>(make_layout(_2, _1));
        yf.set(0, f32::NAN);
        axpby(
            2.0,
            &make_tensor_from_ref(&xf, make_layout(_2, _1)),
            0.0,
            &mut yf,
        );
        assert_eq!((yf.get(0), yf.get(1)), (2.0, 4.0));
    }
}
