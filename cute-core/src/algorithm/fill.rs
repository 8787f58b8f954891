//! `fill`: port of `cute/algorithm/fill.hpp`.

use crate::int_tuple::IntTuple;
use crate::numeric::integral_constant::Integral;
use crate::tensor::{TensorShape, WriteAt};

/// `fill(tensor, value)`: `tensor(i) = value` for every 1-D index `i`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut f = make_rmem_tensor::<f32, _, _>(make_layout((_2, _3), LayoutLeft));
/// fill(&mut f, 1.5);
/// assert_eq!(f.get((1, 2)), 1.5);
/// ```
#[inline(always)]
pub fn fill<T>(tensor: &mut T, value: T::Value)
where
    T: TensorShape + WriteAt<i32>,
{
    let n = tensor.tensor_shape().size().value() as i32;
    for i in 0..n {
        tensor.write_at(i, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use crate::tensor::make_tensor_from_slice;
    use crate::underscore::X;

    #[test]
    fn fill_writes_every_element_of_the_layout() {
        let mut x = [0i32; 8];
        // (2,2):(4,1) reaches offsets 0,1,4,5
        fill(
            &mut make_tensor_from_slice(&mut x, make_layout((_2, _2), (_4, _1))),
            7,
        );
        assert_eq!(x, [7, 7, 0, 0, 7, 7, 0, 0]);
        let mut t = make_tensor_from_slice(&mut x, make_layout((2, 4), (4, 1)));
        fill(&mut t.slice_mut((1, X)), 3);
        assert_eq!(x, [7, 7, 0, 0, 3, 3, 3, 3]);
    }
}
