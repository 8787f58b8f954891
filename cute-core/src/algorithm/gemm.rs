//! `gemm` of register tensors, one fused multiply-add per element (C++'s `gemm` with
//! `MMA_Atom<UniversalFMA<..>>`, the default of `cute/algorithm/gemm.hpp`).
//!
//! The operands' ranks select the form, as in C++:
//!
//! | A | B | C | computes |
//! |---|---|---|---|
//! | `(V)` | `(V)` | `(V)` | `C(v) += A(v) * B(v)` (one atom; `V` is 1 for the FMA) |
//! | `(M)` | `(N)` | `(M,N)` | `C(m,n) += A(m) * B(n)` |
//! | `(M,K)` | `(N,K)` | `(M,N)` | `C(m,n) += sum_k A(m,k) * B(n,k)` |
//! | `(V,M)` | `(V,N)` | `(V,M,N)` | `C(v,m,n) += A(v,m) * B(v,n)` |
//! | `(V,M,K)` | `(V,N,K)` | `(V,M,N)` | `C(v,m,n) += sum_k A(v,m,k) * B(v,n,k)` |
//!
//! The MMA-atom forms (`gemm(mma, A, B, C)` with tensor-core atoms) are in `atom/`.

use crate::atom::mma_atom::HasMmaAtom;
use crate::atom::{Fiber, FiberRef};
use crate::int_tuple::IntTuple;
use crate::numeric::integral_constant::Integral;
use crate::tensor::{ReadAt, TensorShape, WriteAt};
use crate::util::print::display;

/// `d = a * b + c`, the universal FMA (C++'s `UniversalFMA::fma`), through the element
/// types' [`arch::mma::Fma`](crate::arch::mma::Fma): on the device, `f32` and `f64` use one
/// fused `fma.rn` instruction (what nvcc emits for C++'s `a * b + c`; Rust's `a * b + c`
/// would be a rounded `mul` and a rounded `add`); on the host, a product and a sum.
pub trait Fma<B, C> {
    /// `self * b + c`.
    fn fma(self, b: B, c: C) -> C;
}
impl<A, B, C> Fma<B, C> for A
where
    C: crate::arch::mma::Fma<A, B, C>,
{
    #[inline(always)]
    fn fma(self, b: B, c: C) -> C {
        C::fma(self, b, c)
    }
}

/// Whether two sizes may be equal: false only when both are static and differ.
const fn may_equal(a: Option<i64>, b: Option<i64>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    }
}

/// Whether a size may be 1.
const fn may_be_one(a: Option<i64>) -> bool {
    match a {
        Some(x) => x == 1,
        None => true,
    }
}

/// The form of `gemm` selected by the shapes `Self = (SA, SB, SC)` of its operands.
#[diagnostic::on_unimplemented(
    message = "gemm: the ranks of A, B and C are not one of (V),(V),(V) / (M),(N),(M,N) / (M,K),(N,K),(M,N) / (V,M),(V,N),(V,M,N) / (V,M,K),(V,N,K),(V,M,N)",
    note = "A, B and C are tensors of register values with tuple shapes of these ranks"
)]
pub trait GemmForm<TA, TB, TC> {
    /// Runs the form.
    fn gemm_form(a: &TA, b: &TB, c: &mut TC);
}

/// The value type of a tensor read at `Crd`.
type V<T, Crd> = <T as ReadAt<Crd>>::Value;

macro_rules! debug_shapes {
    ($cond:expr, $what:literal, $a:expr, $b:expr, $c:expr) => {
        debug_assert!(
            $cond,
            concat!("gemm: ", $what, " (A {}, B {}, C {})"),
            display(&$a.tensor_shape()),
            display(&$b.tensor_shape()),
            display(&$c.tensor_shape())
        )
    };
}

// (V),(V),(V)
impl<A0, B0, C0, TA, TB, TC> GemmForm<TA, TB, TC> for ((A0,), (B0,), (C0,))
where
    A0: IntTuple,
    B0: IntTuple,
    C0: IntTuple,
    TA: TensorShape<Shape = (A0,)> + ReadAt<i32>,
    TB: TensorShape<Shape = (B0,)> + ReadAt<i32>,
    TC: TensorShape<Shape = (C0,)> + WriteAt<i32>,
    V<TA, i32>: Fma<V<TB, i32>, V<TC, i32>>,
{
    #[inline(always)]
    fn gemm_form(a: &TA, b: &TB, c: &mut TC) {
        const {
            assert!(
                may_be_one(A0::Size::STATIC)
                    && may_be_one(B0::Size::STATIC)
                    && may_be_one(C0::Size::STATIC),
                "gemm: the universal FMA takes one value of A, B and C"
            )
        };
        debug_shapes!(
            c.tensor_shape().0.size().value() == 1,
            "the universal FMA takes one value of A, B and C",
            a,
            b,
            c
        );
        c.write_at(0, a.read_at(0).fma(b.read_at(0), c.read_at(0)));
    }
}

// (M),(N),(M,N)
impl<A0, B0, C0, C1, TA, TB, TC> GemmForm<TA, TB, TC> for ((A0,), (B0,), (C0, C1))
where
    A0: IntTuple,
    B0: IntTuple,
    C0: IntTuple,
    C1: IntTuple,
    TA: TensorShape<Shape = (A0,)> + ReadAt<i32>,
    TB: TensorShape<Shape = (B0,)> + ReadAt<i32>,
    TC: TensorShape<Shape = (C0, C1)> + WriteAt<(i32, i32)>,
    V<TA, i32>: Fma<V<TB, i32>, V<TC, (i32, i32)>>,
{
    #[inline(always)]
    fn gemm_form(a: &TA, b: &TB, c: &mut TC) {
        const {
            assert!(
                may_equal(A0::Size::STATIC, C0::Size::STATIC),
                "gemm: A and C have different M extents"
            );
            assert!(
                may_equal(B0::Size::STATIC, C1::Size::STATIC),
                "gemm: B and C have different N extents"
            );
        };
        let (cm, cn) = c.tensor_shape();
        let (m, n) = (cm.size().value() as i32, cn.size().value() as i32);
        debug_shapes!(
            a.tensor_shape().0.size().value() == m as i64
                && b.tensor_shape().0.size().value() == n as i64,
            "the M or N extents of the operands differ",
            a,
            b,
            c
        );
        // Serpentine over M, as C++ does, so consecutive FMAs share a register of B.
        for j in 0..n {
            for i in 0..m {
                let i = if j & 1 == 1 { m - 1 - i } else { i };
                let v = a.read_at(i).fma(b.read_at(j), c.read_at((i, j)));
                c.write_at((i, j), v);
            }
        }
    }
}

// (M,K),(N,K),(M,N)
impl<A0, A1, B0, B1, C0, C1, TA, TB, TC> GemmForm<TA, TB, TC> for ((A0, A1), (B0, B1), (C0, C1))
where
    A0: IntTuple,
    A1: IntTuple,
    B0: IntTuple,
    B1: IntTuple,
    C0: IntTuple,
    C1: IntTuple,
    TA: TensorShape<Shape = (A0, A1)> + ReadAt<(i32, i32)>,
    TB: TensorShape<Shape = (B0, B1)> + ReadAt<(i32, i32)>,
    TC: TensorShape<Shape = (C0, C1)> + WriteAt<(i32, i32)>,
    V<TA, (i32, i32)>: Fma<V<TB, (i32, i32)>, V<TC, (i32, i32)>>,
{
    #[inline(always)]
    fn gemm_form(a: &TA, b: &TB, c: &mut TC) {
        const {
            assert!(
                may_equal(A0::Size::STATIC, C0::Size::STATIC),
                "gemm: A and C have different M extents"
            );
            assert!(
                may_equal(B0::Size::STATIC, C1::Size::STATIC),
                "gemm: B and C have different N extents"
            );
            assert!(
                may_equal(A1::Size::STATIC, B1::Size::STATIC),
                "gemm: A and B have different K extents"
            );
        };
        let (cm, cn) = c.tensor_shape();
        let (m, n) = (cm.size().value() as i32, cn.size().value() as i32);
        let (am, ak) = a.tensor_shape();
        let (bn, bk) = b.tensor_shape();
        let k = ak.size().value() as i32;
        debug_shapes!(
            am.size().value() == m as i64
                && bn.size().value() == n as i64
                && bk.size().value() == k as i64,
            "the M, N or K extents of the operands differ",
            a,
            b,
            c
        );
        for kk in 0..k {
            for j in 0..n {
                for i in 0..m {
                    let i = if j & 1 == 1 { m - 1 - i } else { i };
                    let v = a
                        .read_at((i, kk))
                        .fma(b.read_at((j, kk)), c.read_at((i, j)));
                    c.write_at((i, j), v);
                }
            }
        }
    }
}

// (V,M),(V,N),(V,M,N)
impl<A0, A1, B0, B1, C0, C1, C2, TA, TB, TC> GemmForm<TA, TB, TC>
    for ((A0, A1), (B0, B1), (C0, C1, C2))
where
    A0: IntTuple,
    A1: IntTuple,
    B0: IntTuple,
    B1: IntTuple,
    C0: IntTuple,
    C1: IntTuple,
    C2: IntTuple,
    TA: TensorShape<Shape = (A0, A1)> + ReadAt<(i32, i32)>,
    TB: TensorShape<Shape = (B0, B1)> + ReadAt<(i32, i32)>,
    TC: TensorShape<Shape = (C0, C1, C2)> + WriteAt<(i32, i32, i32)>,
    V<TA, (i32, i32)>: Fma<V<TB, (i32, i32)>, V<TC, (i32, i32, i32)>>,
{
    #[inline(always)]
    fn gemm_form(a: &TA, b: &TB, c: &mut TC) {
        const {
            assert!(
                may_be_one(A0::Size::STATIC)
                    && may_be_one(B0::Size::STATIC)
                    && may_be_one(C0::Size::STATIC),
                "gemm: the universal FMA takes one value of A, B and C"
            );
            assert!(
                may_equal(A1::Size::STATIC, C1::Size::STATIC),
                "gemm: A and C have different M extents"
            );
            assert!(
                may_equal(B1::Size::STATIC, C2::Size::STATIC),
                "gemm: B and C have different N extents"
            );
        };
        let (cv, cm, cn) = c.tensor_shape();
        let (m, n) = (cm.size().value() as i32, cn.size().value() as i32);
        let (_, am) = a.tensor_shape();
        let (_, bn) = b.tensor_shape();
        debug_shapes!(
            cv.size().value() == 1
                && am.size().value() == m as i64
                && bn.size().value() == n as i64,
            "the V extents are not 1 or the M or N extents of the operands differ",
            a,
            b,
            c
        );
        for j in 0..n {
            for i in 0..m {
                let i = if j & 1 == 1 { m - 1 - i } else { i };
                let v = a
                    .read_at((0, i))
                    .fma(b.read_at((0, j)), c.read_at((0, i, j)));
                c.write_at((0, i, j), v);
            }
        }
    }
}

// (V,M,K),(V,N,K),(V,M,N)
impl<A0, A1, A2, B0, B1, B2, C0, C1, C2, TA, TB, TC> GemmForm<TA, TB, TC>
    for ((A0, A1, A2), (B0, B1, B2), (C0, C1, C2))
where
    A0: IntTuple,
    A1: IntTuple,
    A2: IntTuple,
    B0: IntTuple,
    B1: IntTuple,
    B2: IntTuple,
    C0: IntTuple,
    C1: IntTuple,
    C2: IntTuple,
    TA: TensorShape<Shape = (A0, A1, A2)> + ReadAt<(i32, i32, i32)>,
    TB: TensorShape<Shape = (B0, B1, B2)> + ReadAt<(i32, i32, i32)>,
    TC: TensorShape<Shape = (C0, C1, C2)> + WriteAt<(i32, i32, i32)>,
    V<TA, (i32, i32, i32)>: Fma<V<TB, (i32, i32, i32)>, V<TC, (i32, i32, i32)>>,
{
    #[inline(always)]
    fn gemm_form(a: &TA, b: &TB, c: &mut TC) {
        const {
            assert!(
                may_be_one(A0::Size::STATIC)
                    && may_be_one(B0::Size::STATIC)
                    && may_be_one(C0::Size::STATIC),
                "gemm: the universal FMA takes one value of A, B and C"
            );
            assert!(
                may_equal(A1::Size::STATIC, C1::Size::STATIC),
                "gemm: A and C have different M extents"
            );
            assert!(
                may_equal(B1::Size::STATIC, C2::Size::STATIC),
                "gemm: B and C have different N extents"
            );
            assert!(
                may_equal(A2::Size::STATIC, B2::Size::STATIC),
                "gemm: A and B have different K extents"
            );
        };
        let (cv, cm, cn) = c.tensor_shape();
        let (m, n) = (cm.size().value() as i32, cn.size().value() as i32);
        let (_, am, ak) = a.tensor_shape();
        let (_, bn, bk) = b.tensor_shape();
        let k = ak.size().value() as i32;
        debug_shapes!(
            cv.size().value() == 1
                && am.size().value() == m as i64
                && bn.size().value() == n as i64
                && bk.size().value() == k as i64,
            "the V extents are not 1 or the M, N or K extents of the operands differ",
            a,
            b,
            c
        );
        for kk in 0..k {
            for j in 0..n {
                for i in 0..m {
                    let i = if j & 1 == 1 { m - 1 - i } else { i };
                    let v = a
                        .read_at((0, i, kk))
                        .fma(b.read_at((0, j, kk)), c.read_at((0, i, j)));
                    c.write_at((0, i, j), v);
                }
            }
        }
    }
}

/// `gemm(A, B, C)`: `C += A * B` on register tensors with the universal FMA (C++'s
/// `gemm(A, B, C)` with `MMA_Atom<UniversalFMA<..>>`), in the form selected by the ranks (see
/// the module docs).
///
/// # Preconditions
/// The ranks are one of the forms, else the compile error `gemm: the ranks of A, B and C are
/// not one of ...`. The M, N, K extents agree (static: the compile error `gemm: A and C have
/// different M extents` and its kin, at `cargo build`; dynamic: a debug assertion naming the
/// three shapes); `V` extents are 1.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// // (M,K) x (N,K) -> (M,N): C = A * B^T
/// let mut a = make_rmem_tensor::<f32, _, _>(make_layout((_2, _3), LayoutLeft));
/// let mut b = make_rmem_tensor::<f32, _, _>(make_layout((_2, _3), LayoutLeft));
/// let mut c = make_rmem_tensor::<f32, _, _>(make_layout((_2, _2), LayoutLeft));
/// for i in 0..6 {
///     a.set(i, i as f32);
///     b.set(i, 1.0);
/// }
/// gemm(&a, &b, &mut c);
/// assert_eq!(c.get((1, 0)), 1.0 + 3.0 + 5.0);
/// ```
#[inline(always)]
pub fn gemm<TA, TB, TC>(a: &TA, b: &TB, c: &mut TC)
where
    TA: TensorShape,
    TB: TensorShape,
    TC: TensorShape,
    (TA::Shape, TB::Shape, TC::Shape): GemmForm<TA, TB, TC>,
{
    <(TA::Shape, TB::Shape, TC::Shape) as GemmForm<TA, TB, TC>>::gemm_form(a, b, c)
}

// ---------------------------------------------------------------------------------------------
// gemm with an MMA atom or a tiled MMA
// ---------------------------------------------------------------------------------------------

/// `gemm(mma, A, B, C)`: `C(_,m,n) = mma(A(_,m,k), B(_,n,k), C(_,m,n))` for every `m`, `n`,
/// `k`: one call of the MMA atom per `(m,n,k)`, on operands partitioned by the atom's tiled
/// MMA (C++'s `gemm(mma, A, B, C)` of `cute/algorithm/gemm.hpp`, its
/// `(V,M,K) x (V,N,K) => (V,M,N)` form). `mma` is an [`MmaAtom`](crate::atom::mma_atom::MmaAtom),
/// a [`TiledMma`](crate::atom::mma_atom::TiledMma) or a
/// [`ThrMma`](crate::atom::mma_atom::ThrMma).
///
/// The order is C++'s: `k` outermost, then `n`, then `m` serpentine (odd columns backwards),
/// so consecutive atoms share a B fragment. A and B may be in shared memory or registers (C++
/// copies each k-slice into registers first; here the values are read once per atom call,
/// which the compiler keeps in registers across the unrolled loops for static shapes).
///
/// # Preconditions
/// `V` of each operand is the number of values the atom takes of it (the compile error
/// `mma_unpack: a fragment's size does not match the instruction's registers` otherwise); the
/// M, N and K extents agree (a debug assertion naming the three shapes).
///
/// # Example
/// ```
/// use cute_core::arch::mma::UniversalFMA;
/// use cute_core::atom::mma_atom::make_tiled_mma;
/// use cute_core::prelude::*;
/// let mma = make_tiled_mma(UniversalFMA::<f32>::default(), make_layout((_1, _1, _1), LayoutLeft), ());
/// let mut a = make_rmem_tensor::<f32, _, _>(make_layout((_1, _2, _3), LayoutLeft)); // (V,M,K)
/// let mut b = make_rmem_tensor::<f32, _, _>(make_layout((_1, _2, _3), LayoutLeft)); // (V,N,K)
/// let mut c = make_rmem_tensor::<f32, _, _>(make_layout((_1, _2, _2), LayoutLeft)); // (V,M,N)
/// for i in 0..6 {
///     a.set(i, i as f32);
///     b.set(i, 1.0);
/// }
/// gemm_with(&mma, &a, &b, &mut c);
/// assert_eq!(c.get((0, 1, 0)), 1.0 + 3.0 + 5.0);
/// ```
#[inline(always)]
pub fn gemm_with<M, TA, TB, TC, C0, C1, C2>(mma: &M, a: &TA, b: &TB, c: &mut TC)
where
    M: HasMmaAtom,
    TA: TensorShape,
    TB: TensorShape,
    TA::Shape: MmaOperandShape<TA>,
    TB::Shape: MmaOperandShape<TB>,
    C0: IntTuple,
    C1: IntTuple,
    C2: IntTuple,
    TC: TensorShape<Shape = (C0, C1, C2)> + WriteAt<(i32, i32, i32)>,
{
    type Sz<T> = <T as IntTuple>::Size;
    const {
        assert!(
            may_equal(
                Sz::<<TA::Shape as MmaOperandShape<TA>>::Mn>::STATIC,
                C1::Size::STATIC
            ),
            "gemm: A and C have different M extents"
        );
        assert!(
            may_equal(
                Sz::<<TB::Shape as MmaOperandShape<TB>>::Mn>::STATIC,
                C2::Size::STATIC
            ),
            "gemm: B and C have different N extents"
        );
        assert!(
            may_equal(
                Sz::<<TA::Shape as MmaOperandShape<TA>>::K>::STATIC,
                Sz::<<TB::Shape as MmaOperandShape<TB>>::K>::STATIC
            ),
            "gemm: A and B have different K extents"
        );
    };
    let (_, cm, cn) = c.tensor_shape();
    let (m, n) = (cm.size().value() as i32, cn.size().value() as i32);
    let (am, ak) = TA::Shape::mn_k(a.tensor_shape());
    let (bn, bk) = TB::Shape::mn_k(b.tensor_shape());
    let k = ak;
    debug_shapes!(
        am == m && bn == n && bk == k,
        "the M, N or K extents of the operands differ",
        a,
        b,
        c
    );
    let atom = mma.mma_atom();
    let (a, b) = (Vmk(a), Vmk(b));
    for kk in 0..k {
        for j in 0..n {
            for i in 0..m {
                let i = if j & 1 == 1 { m - 1 - i } else { i };
                let fa = FiberRef::<_, Sz<<TA::Shape as MmaOperandShape<TA>>::V>>::new(&a, i, kk);
                let fb = FiberRef::<_, Sz<<TB::Shape as MmaOperandShape<TB>>::V>>::new(&b, j, kk);
                atom.call_acc(&fa, &fb, &mut Fiber::<_, C0::Size>::new(c, i, j));
            }
        }
    }
}

/// The operand forms of [`gemm_with`], by the shape of the tensor: `(V,M,K)` and, as C++'s
/// `(V,M) x (V,N) => (V,M,N)` dispatch, `(V,M)` (one k-block of a fragment, K = 1).
#[doc(hidden)]
pub trait MmaOperandShape<T>: IntTuple {
    /// The values one atom takes.
    type V: IntTuple;
    /// The M (or N) mode.
    type Mn: IntTuple;
    /// The K mode (`_1` for the rank-2 form).
    type K: IntTuple;
    /// The element type.
    type Value: Copy;
    /// The M (N) and K extents.
    fn mn_k(self) -> (i32, i32);
    /// `t(v, m, k)`.
    fn read_vmk(t: &T, c: (i32, i32, i32)) -> Self::Value;
}
impl<A0: IntTuple, A1: IntTuple, A2: IntTuple, T> MmaOperandShape<T> for (A0, A1, A2)
where
    (A0, A1, A2): IntTuple,
    T: ReadAt<(i32, i32, i32)>,
{
    type V = A0;
    type Mn = A1;
    type K = A2;
    type Value = T::Value;
    #[inline(always)]
    fn mn_k(self) -> (i32, i32) {
        (self.1.size().value() as i32, self.2.size().value() as i32)
    }
    #[inline(always)]
    fn read_vmk(t: &T, c: (i32, i32, i32)) -> T::Value {
        t.read_at(c)
    }
}
impl<A0: IntTuple, A1: IntTuple, T> MmaOperandShape<T> for (A0, A1)
where
    (A0, A1): IntTuple,
    T: ReadAt<(i32, i32)>,
{
    type V = A0;
    type Mn = A1;
    type K = crate::numeric::aliases::_1;
    type Value = T::Value;
    #[inline(always)]
    fn mn_k(self) -> (i32, i32) {
        (self.1.size().value() as i32, 1)
    }
    #[inline(always)]
    fn read_vmk(t: &T, c: (i32, i32, i32)) -> T::Value {
        t.read_at((c.0, c.1))
    }
}

/// An operand of [`gemm_with`] read at `(v, m, k)` whatever its rank.
struct Vmk<'a, T>(&'a T);
impl<T: TensorShape> ReadAt<(i32, i32, i32)> for Vmk<'_, T>
where
    T::Shape: MmaOperandShape<T>,
{
    type Value = <T::Shape as MmaOperandShape<T>>::Value;
    #[inline(always)]
    fn read_at(&self, c: (i32, i32, i32)) -> Self::Value {
        <T::Shape as MmaOperandShape<T>>::read_vmk(self.0, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{make_layout, LayoutLeft, LayoutRight};
    use crate::numeric::aliases::*;
    use crate::tensor::{make_rmem_tensor, make_tensor_from_ref};
    use crate::underscore::X;

    #[test]
    fn mk_nk_mn_is_a_times_b_transposed() {
        let av: [i32; 12] = core::array::from_fn(|i| i as i32 + 1);
        let bv: [i32; 8] = core::array::from_fn(|i| 2 * i as i32 - 3);
        let a = make_tensor_from_ref(&av, make_layout((_3, _4), LayoutRight)); // (M,K)
        let b = make_tensor_from_ref(&bv, make_layout((_2, _4), LayoutLeft)); // (N,K)
        let mut c = make_rmem_tensor::<i32, _, _>(make_layout((_3, _2), LayoutLeft));
        for i in 0..6 {
            c.set(i, 10 * i);
        }
        gemm(&a, &b, &mut c);
        for m in 0..3 {
            for n in 0..2 {
                let mut want = 10 * (m + 3 * n);
                for k in 0..4 {
                    want += a.get((m, k)) * b.get((n, k));
                }
                assert_eq!(c.get((m, n)), want);
            }
        }
        // the same with dynamic shapes
        let a = make_tensor_from_ref(&av, make_layout((3, 4), (4, 1)));
        let b = make_tensor_from_ref(&bv, make_layout((2, 4), (1, 2)));
        let mut cv = [0i32; 6];
        let mut c = crate::tensor::make_tensor_from_slice(&mut cv, make_layout((3, 2), (1, 3)));
        gemm(&a, &b, &mut c);
        assert_eq!(
            c.get((2, 1)),
            (0..4).map(|k| a.get((2, k)) * b.get((1, k))).sum::<i32>()
        );
    }

    #[test]
    fn outer_product_and_v_forms() {
        let av = [1.0f32, 2., 3.];
        let bv = [10.0f32, 20.];
        let a = make_tensor_from_ref(&av, make_layout((_3,), (_1,)));
        let b = make_tensor_from_ref(&bv, make_layout((_2,), (_1,)));
        let mut c = make_rmem_tensor::<f32, _, _>(make_layout((_3, _2), LayoutLeft));
        gemm(&a, &b, &mut c);
        for m in 0..3 {
            for n in 0..2 {
                assert_eq!(c.get((m, n)), av[m as usize] * bv[n as usize]);
            }
        }
        // (V,M,K),(V,N,K),(V,M,N) with V = 1
        let a3 = make_tensor_from_ref(&av, make_layout((_1, _3, _1), LayoutLeft));
        let b3 = make_tensor_from_ref(&bv, make_layout((_1, _2, _1), LayoutLeft));
        let mut c3 = make_rmem_tensor::<f32, _, _>(make_layout((_1, _3, _2), LayoutLeft));
        gemm(&a3, &b3, &mut c3);
        gemm(&a3.slice((X, X, 0)), &b3.slice((X, X, 0)), &mut c3);
        for m in 0..3 {
            for n in 0..2 {
                assert_eq!(c3.get((0, m, n)), 2.0 * av[m as usize] * bv[n as usize]);
            }
        }
        let mut d = make_rmem_tensor::<f32, _, _>(make_layout((_1,), (_1,)));
        d.set(0, 1.0);
        gemm(&a.slice((X,)).into_slice((X,)), &b, &mut c);
        let one = make_tensor_from_ref(&av[1..], make_layout((_1,), (_1,)));
        gemm(&one, &one, &mut d);
        assert_eq!(d.get(0), 5.0);
    }
}
