//! `clear`: port of `cute/algorithm/clear.hpp`.

use crate::algorithm::fill::fill;
use crate::tensor::{TensorShape, WriteAt};

/// `clear(tensor)`: every element set to zero (`T::default()`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let mut x = [3.0f32; 4];
/// clear(&mut make_tensor_from_slice(&mut x, make_layout((_2, _2), LayoutLeft)));
/// assert_eq!(x, [0.0; 4]);
/// ```
#[inline(always)]
pub fn clear<T>(tensor: &mut T)
where
    T: TensorShape + WriteAt<i32>,
    T::Value: Default,
{
    fill(tensor, T::Value::default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use crate::tensor::make_rmem_tensor;

    #[test]
    fn clear_zeroes_a_fragment() {
        let mut f = make_rmem_tensor::<i32, _, _>(make_layout((_2, _3), (_3, _1)));
        for i in 0..6 {
            f.set(i, i + 1);
        }
        clear(&mut f);
        for i in 0..6 {
            assert_eq!(f.get(i), 0);
        }
    }
}
