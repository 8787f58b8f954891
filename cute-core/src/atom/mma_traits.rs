//! What an MMA instruction computes, as layouts: port of `cute/atom/mma_traits.hpp`.
//!
//! [`MmaTraits`] is C++'s `MMA_Traits<Op>`, implemented on the raw operation itself: the
//! logical value types, the `Shape_MNK` of one instruction, `ThrID` (logical thread id to
//! thread index) and the three thread-value layouts `ALayout`, `BLayout`, `CLayout`, each
//! mapping `(thread id, value id)` to a flat coordinate of the `(M,K)`, `(N,K)` or `(M,N)`
//! tile (column-major index). All of them are static types.

use core::fmt;

use crate::arch::mma::{Fma, MmaOperation, UniversalFMA};
use crate::int_tuple::IntTuple;
use crate::layout::{Layout, Shaped};
use crate::numeric::aliases::{_0, _1};
use crate::util::print::CutePrint;

/// A layout type an atom names: a static `Layout<S, D>` (its value is its `Default`).
pub trait AtomLayout: Shaped + Default + CutePrint + fmt::Display + 'static {
    /// The stride.
    type Stride: IntTuple;
}
impl<S: IntTuple + Default, D: IntTuple + Default> AtomLayout for Layout<S, D> {
    type Stride = D;
}

/// `MMA_Traits<Op>`: the layouts of a raw MMA operation.
///
/// # Example
/// ```
/// use cute_core::arch::mma_sm80::SM80_16x8x16_F32F16F16F32_TN;
/// use cute_core::atom::mma_traits::MmaTraits;
/// type Op = SM80_16x8x16_F32F16F16F32_TN;
/// assert_eq!(<Op as MmaTraits>::CLayout::default().to_string(),
///            "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// ```
pub trait MmaTraits: MmaOperation {
    /// `ValTypeD`: the logical type of the results.
    type ValTypeD: Copy + Default + 'static;
    /// `ValTypeA`: the logical type of A's elements.
    type ValTypeA: Copy + Default + 'static;
    /// `ValTypeB`: the logical type of B's elements.
    type ValTypeB: Copy + Default + 'static;
    /// `ValTypeC`: the logical type of the accumulators.
    type ValTypeC: Copy + Default + 'static;
    /// `Shape_MNK`: the logical `(M,N,K)` extent of one instruction.
    type ShapeMnk: IntTuple + Default;
    /// `ThrID`: logical thread id -> thread index.
    type ThrId: AtomLayout;
    /// `ALayout`: `(thread id, value id)` -> flat `(m,k)` coordinate.
    type ALayout: AtomLayout;
    /// `BLayout`: `(thread id, value id)` -> flat `(n,k)` coordinate.
    type BLayout: AtomLayout;
    /// `CLayout`: `(thread id, value id)` -> flat `(m,n)` coordinate.
    type CLayout: AtomLayout;
    /// `FrgTypeA`: what `make_fragment_A` makes of a partition of A: [`ValueFrg`] (C++'s
    /// default, a register fragment of `ValTypeA`s) or a view such as the GMMA ops' shared-memory
    /// descriptors (`GMMA::smem_desc<Major>`).
    type FrgTypeA;
    /// `FrgTypeB`: as [`MmaTraits::FrgTypeA`] for B.
    type FrgTypeB;
}

/// The default `FrgTypeA`/`FrgTypeB` (C++'s `FrgTypeA_or_Default`, the value type): the
/// fragment is a register tensor of the operand's value type laid out like the partition
/// (`make_fragment_like<ValType>(partition)`).
#[derive(Clone, Copy, Default, Debug)]
pub struct ValueFrg;

/// `make_fragment_A/B` for one `FrgType` `F` (C++'s `MakeTensor<FrgType>` customization
/// point): what a thread's partition (`Self`) of an operand whose values are `V`s becomes.
///
/// The partition is the trait's `Self`, the type the caller's argument fixes, so that rustc
/// leaves the bound alone until it is known (docs/ARCHITECTURE.md, "Build time", rule 7).
pub trait MakeFragment<F, V> {
    /// The fragment's type.
    type Output;
    /// The fragment of this partition.
    fn make_fragment(&self) -> Self::Output;
}

/// The type of `make_fragment_A/B` of a partition `Tn` for fragment kind `F` and values `V`.
pub type MakeFragmentOf<F, V, Tn> = <Tn as MakeFragment<F, V>>::Output;

impl<V, Tn> MakeFragment<ValueFrg, V> for Tn
where
    V: Copy + Default + 'static,
    Tn: crate::tensor::TensorLayout,
    Tn::Layout: crate::tensor::MakeFragmentLike,
    crate::tensor::FragmentLikeOf<Tn::Layout>: crate::tensor::OwningLayout,
{
    type Output = crate::tensor::FragmentLikeTensor<V, Tn::Layout>;
    #[inline(always)]
    fn make_fragment(&self) -> Self::Output {
        crate::tensor::make_fragment_like_as::<V, _>(self.tensor_layout())
    }
}

/// `MMA_Traits<UniversalFMA<D,A,B,C>>`: one thread, one value of each operand, a 1x1x1 tile.
impl<D, A, B, C> MmaTraits for UniversalFMA<D, A, B, C>
where
    D: Fma<A, B, C> + Copy + Default + 'static,
    A: Copy + Default + 'static,
    B: Copy + Default + 'static,
    C: Copy + Default + 'static,
{
    type ValTypeD = D;
    type ValTypeA = A;
    type ValTypeB = B;
    type ValTypeC = C;
    type ShapeMnk = (_1, _1, _1);
    type ThrId = Layout<_1, _0>;
    type ALayout = Layout<(_1, _1), (_0, _0)>;
    type BLayout = Layout<(_1, _1), (_0, _0)>;
    type CLayout = Layout<(_1, _1), (_0, _0)>;
    type FrgTypeA = ValueFrg;
    type FrgTypeB = ValueFrg;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    // Expected strings: tests/cpp/atoms.cpp, case "UniversalFMA".
    #[test]
    fn universal_fma_layouts_print_as_cute() {
        type Op = UniversalFMA<f32, f32, f32, f32>;
        let thr: Layout<_1, _0> = <Op as MmaTraits>::ThrId::default();
        assert_eq!(thr.to_string(), "_1:_0");
        let a: Layout<(_1, _1), (_0, _0)> = <Op as MmaTraits>::ALayout::default();
        assert_eq!(a.to_string(), "(_1,_1):(_0,_0)");
        assert_eq!(
            <Op as MmaTraits>::BLayout::default().to_string(),
            "(_1,_1):(_0,_0)"
        );
        assert_eq!(
            <Op as MmaTraits>::CLayout::default().to_string(),
            "(_1,_1):(_0,_0)"
        );
        assert_eq!(
            crate::util::print::display(&<Op as MmaTraits>::ShapeMnk::default()).to_string(),
            "(_1,_1,_1)"
        );
    }
}
