//! The layouts of the SM80 tensor-core MMAs: port of the F32-accumulate `f16` entries of
//! `cute/atom/mma_traits_sm80.hpp`.
//!
//! One warp (32 threads) computes each instruction; thread `t` of a quad-pair layout
//! `(_4,_8):(_32,_1)`-style maps to the rows and columns the PTX ISA gives its fragments.

use crate::arch::mma_sm80::{SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x8_F32F16F16F32_TN};
use crate::atom::mma_traits::MmaTraits;
use crate::layout::Layout;
use crate::numeric::aliases::{_1, _128, _16, _2, _32, _4, _64, _8};
use crate::numeric::numeric_types::Half;

/// `SM80_8x8_Row`: `(T32,V2) -> (M8,N8)`.
type Sm80_8x8Row = Layout<((_4, _8), _2), ((_16, _1), _8)>;
/// `SM80_16x8_Row`: `(T32,V4) -> (M16,N8)`.
type Sm80_16x8Row = Layout<((_4, _8), (_2, _2)), ((_32, _1), (_16, _8))>;

/// `MMA_Traits<SM80_16x8x8_F32F16F16F32_TN>`: a 16x8x8 tile over 32 threads.
///
/// # Example
/// ```
/// use cute_core::arch::mma_sm80::SM80_16x8x8_F32F16F16F32_TN;
/// use cute_core::atom::mma_traits::MmaTraits;
/// type Op = SM80_16x8x8_F32F16F16F32_TN;
/// assert_eq!(<Op as MmaTraits>::BLayout::default().to_string(), "((_4,_8),_2):((_16,_1),_8)");
/// ```
impl MmaTraits for SM80_16x8x8_F32F16F16F32_TN {
    type ValTypeD = f32;
    type ValTypeA = Half;
    type ValTypeB = Half;
    type ValTypeC = f32;
    type ShapeMnk = (_16, _8, _8);
    type ThrId = Layout<_32, _1>;
    type ALayout = Sm80_16x8Row;
    type BLayout = Sm80_8x8Row;
    type CLayout = Sm80_16x8Row;
}

/// `MMA_Traits<SM80_16x8x16_F32F16F16F32_TN>`: a 16x8x16 tile over 32 threads.
///
/// # Example
/// ```
/// use cute_core::arch::mma_sm80::SM80_16x8x16_F32F16F16F32_TN;
/// use cute_core::atom::mma_traits::MmaTraits;
/// type Op = SM80_16x8x16_F32F16F16F32_TN;
/// assert_eq!(<Op as MmaTraits>::ALayout::default().to_string(),
///            "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))");
/// ```
impl MmaTraits for SM80_16x8x16_F32F16F16F32_TN {
    type ValTypeD = f32;
    type ValTypeA = Half;
    type ValTypeB = Half;
    type ValTypeC = f32;
    type ShapeMnk = (_16, _8, _16);
    type ThrId = Layout<_32, _1>;
    type ALayout = Layout<((_4, _8), (_2, _2, _2)), ((_32, _1), (_16, _8, _128))>;
    type BLayout = Layout<((_4, _8), (_2, _2)), ((_16, _1), (_8, _64))>;
    type CLayout = Sm80_16x8Row;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::print::display;
    use std::string::ToString;

    // Expected strings: tests/cpp/atoms.cpp, cases "SM80_16x8x16_F32F16F16F32_TN" and
    // "SM80_16x8x8_F32F16F16F32_TN".
    #[test]
    fn sm80_16x8x16_layouts_print_as_cute() {
        type Op = SM80_16x8x16_F32F16F16F32_TN;
        assert_eq!(<Op as MmaTraits>::ThrId::default().to_string(), "_32:_1");
        assert_eq!(
            display(&<Op as MmaTraits>::ShapeMnk::default()).to_string(),
            "(_16,_8,_16)"
        );
        assert_eq!(
            <Op as MmaTraits>::ALayout::default().to_string(),
            "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))"
        );
        assert_eq!(
            <Op as MmaTraits>::BLayout::default().to_string(),
            "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))"
        );
        assert_eq!(
            <Op as MmaTraits>::CLayout::default().to_string(),
            "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
        );
    }

    #[test]
    fn sm80_16x8x8_layouts_print_as_cute() {
        type Op = SM80_16x8x8_F32F16F16F32_TN;
        assert_eq!(<Op as MmaTraits>::ThrId::default().to_string(), "_32:_1");
        assert_eq!(
            display(&<Op as MmaTraits>::ShapeMnk::default()).to_string(),
            "(_16,_8,_8)"
        );
        assert_eq!(
            <Op as MmaTraits>::ALayout::default().to_string(),
            "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
        );
        assert_eq!(
            <Op as MmaTraits>::BLayout::default().to_string(),
            "((_4,_8),_2):((_16,_1),_8)"
        );
        assert_eq!(
            <Op as MmaTraits>::CLayout::default().to_string(),
            "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
        );
    }

    /// Every (thread, value) of the C layout of a 16x8 tile hits each of the 128 (m,n)
    /// coordinates once, and thread t holds rows t/4 and t/4+8, columns 2(t%4) and +1 (the
    /// PTX ISA's fragment layout for m16n8 accumulators).
    #[test]
    fn sm80_c_layout_is_the_ptx_fragment_layout() {
        let c = <SM80_16x8x16_F32F16F16F32_TN as MmaTraits>::CLayout::default();
        let mut seen = [false; 128];
        for t in 0..32 {
            for v in 0..4 {
                let idx = c.call((t, v)) as usize;
                assert!(!seen[idx]);
                seen[idx] = true;
                let (m, n) = (idx % 16, idx / 16);
                assert_eq!(m, (t / 4) as usize + 8 * (v / 2) as usize);
                assert_eq!(n, 2 * (t % 4) as usize + (v % 2) as usize);
            }
        }
    }
}
