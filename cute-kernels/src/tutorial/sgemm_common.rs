//! What the SGEMM kernels share: predicated tile copies and the predicated epilogue.
//!
//! Predication follows CuTe's style (`cute/tutorial` and the predication notes of the CuTe
//! docs): an identity tensor `make_identity_tensor((M, K))` is tiled and partitioned exactly as
//! the data, so each element a thread touches comes with its `(m, k)` coordinate in the full
//! problem; an element is in bounds when its coordinate is below `(M, K)`. Out-of-bounds
//! elements of A and B are zero-filled (a zero adds nothing to the sums), and out-of-bounds
//! elements of C are neither read nor written.
//!
//! The identity tensor is kept as its two modes, [`identity_modes`]: counting tensors of
//! strides `(_1,_0)` and `(_0,_1)` (the components of the identity's strides `(_1@0,_1@1)`),
//! because the divides and partitions of `cute-core` take integer strides only so far. Each
//! component is tiled and partitioned exactly like the data ([`modes!`]), and reading both at an
//! index gives the coordinate ([`crd_at!`]).

use cute_core::int_tuple::IntTuple;
use cute_core::layout::{make_layout, Layout};
use cute_core::numeric::aliases::{_0, _1};
use cute_core::numeric::arithmetic_tuple::ArithmeticTupleIterator;
use cute_core::numeric::integral_constant::Integral;
use cute_core::tensor::{make_tensor, Tensor, ViewEngine};
use cute_core::tensor::{ReadAt, TensorShape, WriteAt};

/// The number of elements of a tensor (static for the partitions the kernels copy).
#[inline(always)]
fn len<T: TensorShape>(t: &T) -> i32 {
    t.tensor_shape().size().value() as i32
}

/// `dst(i) = pred(i) ? src(i) : 0` for every index `i`: a predicated copy with zero fill.
/// `src(i)` is only read where `pred(i)` holds.
#[inline(always)]
pub fn copy_zfill<S, D, P>(pred: P, src: &S, dst: &mut D)
where
    S: TensorShape + ReadAt<i32, Value = f32>,
    D: TensorShape + WriteAt<i32, Value = f32>,
    P: Fn(i32) -> bool,
{
    for i in 0..len(dst) {
        let v = if pred(i) { src.read_at(i) } else { 0.0 };
        dst.write_at(i, v);
    }
}

/// `y(m,n) = alpha * x(m,n) + beta * y(m,n)` where `pred(m, n)` holds (`y` not read when
/// `beta == 0`): `axpby` restricted to the elements of C inside the problem. The loops run
/// over the two modes (short loops that LLVM unrolls, so `x` stays in registers).
#[inline(always)]
pub fn axpby_if<X, Y, P>(pred: P, alpha: f32, x: &X, beta: f32, y: &mut Y)
where
    X: TensorShape + ReadAt<(i32, i32), Value = f32>,
    Y: TensorShape + WriteAt<(i32, i32), Value = f32>,
    Y::Shape: Rank2,
    P: Fn(i32, i32) -> bool,
{
    let (m, n) = y.tensor_shape().extents();
    let beta_is_zero = beta == 0.0;
    for j in 0..n {
        for i in 0..m {
            if pred(i, j) {
                let v = if beta_is_zero {
                    alpha * x.read_at((i, j))
                } else {
                    alpha * x.read_at((i, j)) + beta * y.read_at((i, j))
                };
                y.write_at((i, j), v);
            }
        }
    }
}

/// A rank-2 shape's two extents.
pub trait Rank2 {
    /// `(size<0>(shape), size<1>(shape))`.
    fn extents(self) -> (i32, i32);
}
impl<A: IntTuple, B: IntTuple> Rank2 for (A, B) {
    #[inline(always)]
    fn extents(self) -> (i32, i32) {
        (self.0.size().value() as i32, self.1.size().value() as i32)
    }
}

/// The base of the block's dynamic shared memory, as `f32`s.
///
/// The accesses through it are generic `ld`/`st` in the PTX (and `LD`/`ST` in SASS, not
/// `LDS`/`STS`): the base comes from an `asm!` `cvta.shared`, which LLVM's address-space
/// inference cannot see through (an `llvm.assume(isspacep.shared)` on it did not help either).
#[inline(always)]
pub fn smem_base_f32() -> *mut f32 {
    cute_core::arch::thread::dynamic_smem_base() as *mut f32
}

/// A counting tensor: element `c` is the integer `layout(c)`.
pub type CountingTensor<S, D> = Tensor<ViewEngine<ArithmeticTupleIterator<i32>>, Layout<S, D>>;

/// `make_identity_tensor((m, n))` as its two modes: the counting tensors `(m,n):(_1,_0)`
/// (element `(i,j)` is `i`) and `(m,n):(_0,_1)` (element `(i,j)` is `j`).
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn identity_modes(
    shape: (i32, i32),
) -> (
    CountingTensor<(i32, i32), (_1, _0)>,
    CountingTensor<(i32, i32), (_0, _1)>,
) {
    let it = ArithmeticTupleIterator::<i32>::default();
    // SAFETY: a counting iterator reads no memory.
    unsafe {
        (
            make_tensor(it, make_layout(shape, (_1, _0))),
            make_tensor(it, make_layout(shape, (_0, _1))),
        )
    }
}

/// Applies `$e` (an expression of `$t`) to both modes of a pair from [`identity_modes`]:
/// the tiling and partitioning of the identity tensor, one component at a time.
macro_rules! modes {
    ($pair:expr, |$t:ident| $e:expr) => {{
        let (t0, t1) = $pair;
        (
            {
                let $t = t0;
                $e
            },
            {
                let $t = t1;
                $e
            },
        )
    }};
}
pub(crate) use modes;

/// The coordinate `(i, j)` at index `$idx` of a (tiled, partitioned) pair of identity modes.
macro_rules! crd_at {
    ($pair:expr, $idx:expr) => {{
        let idx = $idx;
        (
            $crate::tutorial::sgemm_common::count($pair.0.get(idx)),
            $crate::tutorial::sgemm_common::count($pair.1.get(idx)),
        )
    }};
}
pub(crate) use crd_at;

/// The value of a counting tensor's element (an `i32`, or a static integer where the whole
/// coordinate is static).
#[inline(always)]
pub fn count<T: Integral>(x: T) -> i32 {
    x.value() as i32
}
