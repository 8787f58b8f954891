//! MMA atoms, tiled MMAs and their per-thread slices: port of `cute/atom/mma_atom.hpp`.
//!
//! [`MmaAtom`] is C++'s `MMA_Atom<Op>`: one raw instruction with its [`MmaTraits`], called on
//! register fragments.

use core::fmt;

use crate::atom::mma_traits::MmaTraits;
use crate::atom::{pack, unpack, RegisterCheck, Values};
use crate::util::print::display;

/// `MMA_Atom<Op>`: one MMA instruction and its thread-value layouts.
///
/// # Example
/// ```
/// use cute_core::arch::mma_sm80::SM80_16x8x8_F32F16F16F32_TN;
/// use cute_core::atom::mma_atom::MmaAtom;
/// let atom = MmaAtom::new(SM80_16x8x8_F32F16F16F32_TN);
/// assert_eq!(atom.layout_c_tv().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// assert!(atom.to_string().starts_with("MMA_Atom\n  ThrID:      _32:_1\n"));
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct MmaAtom<Op>(Op);

/// `make_mma_atom(op)`: C++'s `MMA_Atom<Op>{}`.
#[inline(always)]
pub fn make_mma_atom<Op: MmaTraits>(op: Op) -> MmaAtom<Op> {
    MmaAtom(op)
}

/// The `Shape_MNK` of an MMA atom's operation.
pub type ShapeMnkOf<Op> = <Op as MmaTraits>::ShapeMnk;
/// The `ThrID` layout of an MMA atom's operation.
pub type ThrIdOf<Op> = <Op as MmaTraits>::ThrId;
/// `LayoutA_TV` of an MMA atom's operation: `(thread id, value id) -> (m,k)`.
pub type LayoutATvOf<Op> = <Op as MmaTraits>::ALayout;
/// `LayoutB_TV` of an MMA atom's operation: `(thread id, value id) -> (n,k)`.
pub type LayoutBTvOf<Op> = <Op as MmaTraits>::BLayout;
/// `LayoutC_TV` of an MMA atom's operation: `(thread id, value id) -> (m,n)`.
pub type LayoutCTvOf<Op> = <Op as MmaTraits>::CLayout;

struct MmaUnpack;
impl RegisterCheck for MmaUnpack {
    const MSG: &'static str =
        "mma_unpack: a fragment's size does not match the instruction's registers";
}

impl<Op: MmaTraits> MmaAtom<Op> {
    /// The atom of a raw operation (C++'s `MMA_Atom<Op>{}`).
    #[inline(always)]
    pub const fn new(op: Op) -> Self {
        MmaAtom(op)
    }
    /// The raw operation.
    #[inline(always)]
    pub fn op(&self) -> Op {
        self.0
    }
    /// `Shape_MNK`: the `(M,N,K)` extent of one instruction.
    #[inline(always)]
    pub fn shape_mnk(&self) -> Op::ShapeMnk {
        Default::default()
    }
    /// `ThrID`: logical thread id -> thread index.
    #[inline(always)]
    pub fn thr_id(&self) -> Op::ThrId {
        Default::default()
    }
    /// `LayoutA_TV`: `(thread id, value id) -> (m,k)`.
    #[inline(always)]
    pub fn layout_a_tv(&self) -> Op::ALayout {
        Default::default()
    }
    /// `LayoutB_TV`: `(thread id, value id) -> (n,k)`.
    #[inline(always)]
    pub fn layout_b_tv(&self) -> Op::BLayout {
        Default::default()
    }
    /// `LayoutC_TV`: `(thread id, value id) -> (m,n)`.
    #[inline(always)]
    pub fn layout_c_tv(&self) -> Op::CLayout {
        Default::default()
    }

    /// `atom.call(D, A, B, C)`: `D = A * B + C` on this thread's register fragments, each
    /// holding the thread's values of one instruction in value-id order (C++'s
    /// `mma_unpack`: the values are reinterpreted as the instruction's registers).
    ///
    /// # Preconditions
    /// Each fragment's static size times its element size equals the size of the matching
    /// register array; otherwise the build fails with `mma_unpack: a fragment's size does not
    /// match the instruction's registers`.
    ///
    /// # Example
    /// ```
    /// use cute_core::arch::mma::UniversalFMA;
    /// use cute_core::atom::mma_atom::MmaAtom;
    /// use cute_core::prelude::*;
    /// let atom = MmaAtom::new(UniversalFMA::<f32>::default());
    /// let mut a = make_rmem_tensor::<f32, _, _>(make_layout(_1, _0));
    /// let mut b = make_rmem_tensor::<f32, _, _>(make_layout(_1, _0));
    /// let mut c = make_rmem_tensor::<f32, _, _>(make_layout(_1, _0));
    /// a.set(0, 2.0);
    /// b.set(0, 3.0);
    /// c.set(0, 1.0);
    /// let c_in = c.clone();
    /// atom.call(&mut c, &a, &b, &c_in);
    /// assert_eq!(c.get(0), 7.0);
    /// ```
    #[inline(always)]
    pub fn call<TD, TA, TB, TC>(&self, d: &mut TD, a: &TA, b: &TB, c: &TC)
    where
        TD: Values,
        TA: Values,
        TB: Values,
        TC: Values,
    {
        let ra: Op::ARegisters = pack::<MmaUnpack, _, _>(a);
        let rb: Op::BRegisters = pack::<MmaUnpack, _, _>(b);
        let rc: Op::CRegisters = pack::<MmaUnpack, _, _>(c);
        let mut rd = Op::DRegisters::default();
        Op::fma(&mut rd, &ra, &rb, &rc);
        unpack::<MmaUnpack, _, _>(&rd, d);
    }

    /// `atom.call(A, B, C)`: `C = A * B + C` in place.
    #[inline(always)]
    pub fn call_acc<TA, TB, TC>(&self, a: &TA, b: &TB, c: &mut TC)
    where
        TA: Values,
        TB: Values,
        TC: Values,
    {
        let ra: Op::ARegisters = pack::<MmaUnpack, _, _>(a);
        let rb: Op::BRegisters = pack::<MmaUnpack, _, _>(b);
        let rc: Op::CRegisters = pack::<MmaUnpack, _, _>(c);
        let mut rd = Op::DRegisters::default();
        Op::fma(&mut rd, &ra, &rb, &rc);
        unpack::<MmaUnpack, _, _>(&rd, c);
    }
}

/// C++'s `print(MMA_Atom)`: the atom's layouts, one per line.
impl<Op: MmaTraits> fmt::Display for MmaAtom<Op> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "MMA_Atom")?;
        writeln!(f, "  ThrID:      {}", self.thr_id())?;
        writeln!(f, "  Shape_MNK:  {}", display(&self.shape_mnk()))?;
        writeln!(f, "  LayoutA_TV: {}", self.layout_a_tv())?;
        writeln!(f, "  LayoutB_TV: {}", self.layout_b_tv())?;
        writeln!(f, "  LayoutC_TV: {}", self.layout_c_tv())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arch::mma::UniversalFMA;
    use crate::arch::mma_sm80::{SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x8_F32F16F16F32_TN};
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use crate::tensor::make_rmem_tensor;
    use std::string::ToString;

    // Expected strings: tests/cpp/atoms.cpp, the three MMA_Atom cases.
    #[test]
    fn atoms_print_as_cute() {
        assert_eq!(
            MmaAtom::new(UniversalFMA::<f32, f32, f32, f32>::default()).to_string(),
            "MMA_Atom\n  ThrID:      _1:_0\n  Shape_MNK:  (_1,_1,_1)\n  \
             LayoutA_TV: (_1,_1):(_0,_0)\n  LayoutB_TV: (_1,_1):(_0,_0)\n  \
             LayoutC_TV: (_1,_1):(_0,_0)\n"
        );
        assert_eq!(
            MmaAtom::new(SM80_16x8x16_F32F16F16F32_TN).to_string(),
            "MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_16)\n  \
             LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))\n  \
             LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))\n  \
             LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"
        );
        assert_eq!(
            MmaAtom::new(SM80_16x8x8_F32F16F16F32_TN).to_string(),
            "MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_8)\n  \
             LayoutA_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n  \
             LayoutB_TV: ((_4,_8),_2):((_16,_1),_8)\n  \
             LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"
        );
    }

    #[test]
    fn universal_fma_atom_accumulates() {
        let atom = make_mma_atom(UniversalFMA::<f64>::default());
        let mut a = make_rmem_tensor::<f64, _, _>(make_layout(_1, _0));
        let mut b = make_rmem_tensor::<f64, _, _>(make_layout(_1, _0));
        let mut c = make_rmem_tensor::<f64, _, _>(make_layout(_1, _0));
        a.set(0, 1.5);
        b.set(0, 4.0);
        c.set(0, 0.5);
        atom.call_acc(&a, &b, &mut c);
        atom.call_acc(&a, &b, &mut c);
        assert_eq!(c.get(0), 12.5);
    }

    #[test]
    #[should_panic(expected = "mma.sync.aligned.m16n8k8")]
    fn sm80_atom_packs_halves_into_registers_then_calls_the_instruction() {
        use crate::numeric::numeric_types::Half;
        let atom = MmaAtom::new(SM80_16x8x8_F32F16F16F32_TN);
        // 4 halves of A (2 registers), 2 of B (1 register), 4 floats of C and D.
        let a = make_rmem_tensor::<Half, _, _>(make_layout((_2, _2), (_1, _2)));
        let b = make_rmem_tensor::<Half, _, _>(make_layout(_2, _1));
        let mut c = make_rmem_tensor::<f32, _, _>(make_layout((_2, _2), (_1, _2)));
        atom.call_acc(&a, &b, &mut c);
    }
}
