//! `copy` and `copy_if` of tensors, element by element: port of the generic paths of
//! `cute/algorithm/copy.hpp` (copy atoms, which pick instructions, are in `atom/`).

use crate::atom::copy_atom::HasCopyAtom;
use crate::atom::{Column, ColumnMut, ColumnPtr};
use crate::int_tuple::{IntTuple, SizeOf};
use crate::layout::{Mode, ModeOf};
use crate::numeric::integral_constant::Integral;
use crate::tensor::{ReadAt, TensorShape, WriteAt};

/// Checks that two tensors have the same size: a compile error when both sizes are static, a
/// debug assertion naming both shapes otherwise (crate-internal).
macro_rules! same_size {
    ($op:literal, $a:expr, $b:expr, $A:ty, $B:ty) => {{
        const {
            assert!(
                match (
                    <<$A as $crate::int_tuple::IntTuple>::Size as Integral>::STATIC,
                    <<$B as $crate::int_tuple::IntTuple>::Size as Integral>::STATIC,
                ) {
                    (Some(x), Some(y)) => x == y,
                    _ => true,
                },
                concat!($op, ": the two tensors have different sizes")
            )
        };
        let (a, b) = ($a, $b);
        debug_assert!(
            a.size().value() == b.size().value(),
            concat!(
                $op,
                ": the tensors of shapes {} and {} have different sizes"
            ),
            $crate::util::print::display(&a),
            $crate::util::print::display(&b)
        );
    }};
}
pub(crate) use same_size;

/// `copy(src, dst)`: `dst(i) = src(i)` for every 1-D index `i`, converting each element with
/// `From`.
///
/// # Preconditions
/// `size(src) == size(dst)`: static sizes, the compile error `copy: the two tensors have
/// different sizes` (at `cargo build`); dynamic ones, a debug assertion `copy: the tensors of
/// shapes (4,8) and (16) have different sizes` naming the shapes.
///
/// # Postconditions
/// `dst(i) == From::from(src(i))` for every `i < size(dst)`; the layouts may differ (a copy
/// between layouts of the same size is a permutation of the elements' places).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = [1, 2, 3, 4, 5, 6];
/// let mut b = [0i64; 6];
/// let src = make_tensor_from_ref(&a, make_layout((_2, _3), LayoutRight));
/// copy(&src, &mut make_tensor_from_slice(&mut b, make_layout((_2, _3), LayoutLeft)));
/// assert_eq!(b, [1, 4, 2, 5, 3, 6]);
/// ```
#[inline(always)]
pub fn copy<S, D>(src: &S, dst: &mut D)
where
    S: TensorShape + ReadAt<i32>,
    D: TensorShape + WriteAt<i32>,
    D::Value: From<S::Value>,
{
    same_size!(
        "copy",
        src.tensor_shape(),
        dst.tensor_shape(),
        S::Shape,
        D::Shape
    );
    let n = dst.tensor_shape().size().value() as i32;
    for i in 0..n {
        dst.write_at(i, D::Value::from(src.read_at(i)));
    }
}

/// A predicate over 1-D indices: a tensor of `bool`, or a function `i32 -> bool`.
pub trait Predicate {
    /// Whether index `i` is selected.
    fn test(&self, i: i32) -> bool;
}
impl<F: Fn(i32) -> bool> Predicate for F {
    #[inline(always)]
    fn test(&self, i: i32) -> bool {
        self(i)
    }
}
impl<E, L> Predicate for crate::tensor::Tensor<E, L>
where
    crate::tensor::Tensor<E, L>: ReadAt<i32, Value = bool>,
{
    #[inline(always)]
    fn test(&self, i: i32) -> bool {
        self.read_at(i)
    }
}

/// `copy_if(pred, src, dst)`: `dst(i) = src(i)` where `pred(i)` holds (a tensor of `bool`
/// with the same indexing, typically computed from a coordinate tensor, or a function).
///
/// # Preconditions
/// `size(src) == size(dst)`, as for [`copy`] (`copy_if: ...`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = [1, 2, 3, 4];
/// let mut b = [0; 4];
/// let src = make_tensor_from_ref(&a, make_layout(_4, _1));
/// copy_if(&|i: i32| i % 2 == 1, &src, &mut make_tensor_from_slice(&mut b, make_layout(_4, _1)));
/// assert_eq!(b, [0, 2, 0, 4]);
/// ```
#[inline(always)]
pub fn copy_if<P, S, D>(pred: &P, src: &S, dst: &mut D)
where
    P: Predicate,
    S: TensorShape + ReadAt<i32>,
    D: TensorShape + WriteAt<i32>,
    D::Value: From<S::Value>,
{
    same_size!(
        "copy_if",
        src.tensor_shape(),
        dst.tensor_shape(),
        S::Shape,
        D::Shape
    );
    let n = dst.tensor_shape().size().value() as i32;
    for i in 0..n {
        if pred.test(i) {
            dst.write_at(i, D::Value::from(src.read_at(i)));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// copy with a copy atom or a tiled copy
// ---------------------------------------------------------------------------------------------

/// The type of `size<0>(t)`: the values one atom call moves.
type Mode0Size<S> = SizeOf<ModeOf<S, 0>>;

/// `copy(copy_atom, src, dst)`: `src` to `dst` one atom call per column (C++'s
/// `copy(Copy_Atom, src, dst)` of `cute/algorithm/copy.hpp`): both are `(V,Rest...)` tensors
/// partitioned by the atom's tiled copy, and each call moves the `V` values of one rest index
/// (C++'s `group_modes<1,R>(t)(_, i)`). `atom` is a [`CopyAtom`](crate::atom::copy_atom::CopyAtom),
/// a [`TiledCopy`](crate::atom::copy_atom::TiledCopy) or a
/// [`ThrCopy`](crate::atom::copy_atom::ThrCopy).
///
/// When a column's values are consecutive in memory in a view tensor (gmem or smem), the atom
/// moves them with one access of its register type: a `UniversalCopy<Uint128>` of four `f32`
/// is one `ld.global.v4` / `st.shared.v4`. Register fragments are read and written value by
/// value (they live in registers). An operation that takes the address of an operand
/// (`ldmatrix`, `cp.async`: `CopyOperation::SRC_IN_MEMORY`/`DST_IN_MEMORY`) is given the
/// column's own elements, so each call is one instruction on the partition's addresses: one
/// `cp.async` per 16-byte column of a `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>` tiled copy, one
/// `ldmatrix.x4` per column of a `SM75_U32x4_LDSM_N` one.
///
/// # Preconditions
/// `size(src) == size(dst)` (`copy: the two tensors have different sizes`, as for
/// [`copy`]); `V` is the number of values the atom moves (the compile error `copy_unpack: the
/// tensor's size does not match the instruction's registers` otherwise); a consecutive
/// column's first value is aligned to the atom's register type on the device.
///
/// # Example
/// ```
/// use cute_core::arch::copy::UniversalCopy;
/// use cute_core::atom::copy_atom::CopyAtom;
/// use cute_core::numeric::numeric_types::Uint128;
/// use cute_core::prelude::*;
/// let x: [f32; 16] = core::array::from_fn(|i| i as f32);
/// let src = make_tensor_from_ref(&x, make_layout((_4, _2, _2), LayoutLeft)); // (V,M,K)
/// let mut dst = make_rmem_tensor::<f32, _, _>(make_layout((_4, _2, _2), LayoutLeft));
/// copy_with(&CopyAtom::<UniversalCopy<Uint128>, f32>::new(), &src, &mut dst);
/// assert_eq!(dst.get((3, 1, 1)), 15.0);
/// ```
#[inline(always)]
pub fn copy_with<A, S, D>(atom: &A, src: &S, dst: &mut D)
where
    A: HasCopyAtom,
    S: TensorShape + ColumnPtr<Value = A::V>,
    D: TensorShape + ColumnPtr<Value = A::V> + WriteAt<i32>,
    S::Shape: Mode<0>,
    D::Shape: Mode<0>,
{
    same_size!(
        "copy",
        src.tensor_shape(),
        dst.tensor_shape(),
        S::Shape,
        D::Shape
    );
    let atom = atom.copy_atom();
    let v = Mode::<0>::mode(src.tensor_shape()).size().value() as i32;
    let n = src.tensor_shape().size().value() as i32 / v;
    for i in 0..n {
        atom.call(
            &Column::<_, Mode0Size<S::Shape>>::new(src, v * i),
            &mut ColumnMut::<_, Mode0Size<D::Shape>>::new(dst, v * i),
        );
    }
}

/// `copy_if(copy_atom, pred, src, dst)`: [`copy_with`] for the columns `i` (1-D indices of the
/// `Rest...` modes) where `pred.test(i)` holds: a `bool` tensor shaped like the rest modes, or
/// a function (C++'s `copy_if(Copy_Atom, pred, src, dst)` with a `(Rest...)` predicate).
///
/// With a zero-fill atom (`SM80_CP_ASYNC_CACHEALWAYS_ZFILL`, `..._CACHEGLOBAL_ZFILL`) every
/// column is one instruction, the predicate its operand: a false column is filled with zeros
/// and its source not read (C++'s `copy(atom.with(pred(i)), src(_,i), dst(_,i))`), so an
/// out-of-bounds part of a tile is zeroed without a branch. Other atoms skip false columns.
///
/// # Example
/// ```
/// use cute_core::arch::copy::UniversalCopy;
/// use cute_core::atom::copy_atom::CopyAtom;
/// use cute_core::prelude::*;
/// let x = [1.0f32, 2.0, 3.0, 4.0];
/// let src = make_tensor_from_ref(&x, make_layout((_1, _4), LayoutLeft));
/// let mut dst = make_rmem_tensor::<f32, _, _>(make_layout((_1, _4), LayoutLeft));
/// copy_if_with(&CopyAtom::<UniversalCopy<f32>, f32>::new(), &|i: i32| i < 2, &src, &mut dst);
/// assert_eq!([dst.get(0), dst.get(1), dst.get(2), dst.get(3)], [1.0, 2.0, 0.0, 0.0]);
/// ```
#[inline(always)]
pub fn copy_if_with<A, P, S, D>(atom: &A, pred: &P, src: &S, dst: &mut D)
where
    A: HasCopyAtom,
    P: Predicate,
    S: TensorShape + ColumnPtr<Value = A::V>,
    D: TensorShape + ColumnPtr<Value = A::V> + WriteAt<i32>,
    S::Shape: Mode<0>,
    D::Shape: Mode<0>,
{
    same_size!(
        "copy_if",
        src.tensor_shape(),
        dst.tensor_shape(),
        S::Shape,
        D::Shape
    );
    let atom = atom.copy_atom();
    let v = Mode::<0>::mode(src.tensor_shape()).size().value() as i32;
    let n = src.tensor_shape().size().value() as i32 / v;
    for i in 0..n {
        atom.call_pred(
            &Column::<_, Mode0Size<S::Shape>>::new(src, v * i),
            &mut ColumnMut::<_, Mode0Size<D::Shape>>::new(dst, v * i),
            pred.test(i),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{make_layout, LayoutLeft, LayoutRight};
    use crate::numeric::aliases::*;
    use crate::tensor::{make_rmem_tensor, make_tensor_from_ref, make_tensor_from_slice};
    use crate::underscore::X;

    #[test]
    fn copy_moves_every_element_between_layouts() {
        let a: [i32; 12] = core::array::from_fn(|i| i as i32);
        let src = make_tensor_from_ref(&a, make_layout((_3, _4), LayoutRight));
        let mut frag = make_rmem_tensor::<i32, _, _>(make_layout((_3, _4), (_1, _3)));
        copy(&src, &mut frag);
        for m in 0..3 {
            for n in 0..4 {
                assert_eq!(frag.get((m, n)), src.get((m, n)));
            }
        }
        // a column of a dynamic tensor into a slice of the fragment
        let src = make_tensor_from_ref(&a, make_layout((3, 4), (4, 1)));
        let mut b = [0i32; 12];
        let mut dst = make_tensor_from_slice(&mut b, make_layout((3, 4), (1, 3)));
        copy(&src.slice((X, 2)), &mut dst.slice_mut((X, 0)));
        assert_eq!(&b[..3], &[2, 6, 10]);
        // a row into f64s, converted
        let mut c = [0f64; 4];
        copy(
            &src.slice((1, X)),
            &mut make_tensor_from_slice(&mut c, make_layout((_4,), (_1,))),
        );
        assert_eq!(c, [4.0, 5.0, 6.0, 7.0]);
    }

    #[test]
    #[should_panic(expected = "copy: the tensors of shapes (3,4) and (3) have different sizes")]
    fn dynamic_size_mismatch_names_the_shapes() {
        let a = [0i32; 12];
        let mut b = [0i32; 3];
        let src = make_tensor_from_ref(&a, make_layout((3, 4), LayoutLeft));
        copy(
            &src,
            &mut make_tensor_from_slice(&mut b, make_layout((3,), (1,))),
        );
    }

    #[test]
    fn copy_if_writes_where_the_predicate_holds() {
        let a = [5, 6, 7, 8];
        let src = make_tensor_from_ref(&a, make_layout((_2, _2), LayoutLeft));
        let mut pred = make_rmem_tensor::<bool, _, _>(make_layout((_2, _2), LayoutLeft));
        pred.set((1, 0), true);
        pred.set((0, 1), true);
        let mut dst = make_rmem_tensor::<i32, _, _>(make_layout((_2, _2), LayoutRight));
        copy_if(&pred, &src, &mut dst);
        assert_eq!(
            [
                dst.get((0, 0)),
                dst.get((1, 0)),
                dst.get((0, 1)),
                dst.get((1, 1))
            ],
            [0, 6, 7, 0]
        );
    }
}
