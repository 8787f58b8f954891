//! The swizzle functor `Sw<B,M,S>`: port of `cute/swizzle.hpp`.
//!
//! A swizzle permutes offsets by xor-ing a group of `B` bits (the "yyy" bits) into another
//! group of `B` bits (the "zzz" bits), keeping the `M` lowest bits; `S` is the distance from
//! the zzz bits up to the yyy bits (a negative `S` puts the yyy bits below):
//!
//! ```text
//! 0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx
//!                                ^--^  M: the least-significant bits kept as they are
//!                   ^-^       ^-^      B: the number of bits in each mask
//!                     ^---------^      S: the shift from ZZZ to YYY
//! result: ZZZ ^= YYY
//! ```
//!
//! `B`, `M` and `S` are static integers (`Swizzle<_3, _4, _3>`, printed `Sw<3,4,3>`), so the
//! masks are constants and applying a swizzle to a dynamic offset is one and, one shift and one
//! xor; a static offset gives a static result. They are types rather than const generics
//! because `upcast`/`downcast` compute new parameters from old ones.

use core::fmt;
use core::marker::PhantomData;

use crate::algorithm::tuple_algorithms::Fun1;
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{Diff, IntAdd, IntMax, IntMin, IntSub, Maximum, Minimum, Sum};
use crate::numeric::bits::{BitAndOf, IntAnd, IntShiftl, IntShiftr, IntXor, ShiftlOf, ShiftrOf};
use crate::numeric::integral_constant::Integral;
use crate::numeric::B1;
use crate::util::print::CutePrint;

/// CuTe's `Swizzle<B, M, S>`: `offset ^ ((offset & yyy_msk) >> S)` (shifting left for a
/// negative `S`), where `yyy_msk` holds `B` bits starting at bit `M + max(0, S)`.
///
/// # Preconditions
/// `B >= 0`, `M >= 0` and `|S| >= B`; otherwise using the swizzle fails to build with
/// `Swizzle: the parameters need B >= 0, M >= 0 and |S| >= B`.
///
/// # Postconditions
/// 1. The swizzle is a bijection of the non-negative integers, its own inverse.
/// 2. It only changes the zzz bits, `B` bits starting at bit `M - min(0, S)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let sw = Swizzle::<_3, _4, _3>::new();
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// assert_eq!(sw.call(200), 216);
/// assert_eq!(sw.call(_200).to_string(), "_216");
/// ```
pub struct Swizzle<B, M, S>(PhantomData<(B, M, S)>);

/// The value of a static integer type, usable in constants.
const fn param<T: Integral>() -> i64 {
    match T::STATIC {
        Some(v) => v,
        None => 0,
    }
}

impl<B, M, S> Swizzle<B, M, S>
where
    B: Integral<IsStatic = B1>,
    M: Integral<IsStatic = B1>,
    S: Integral<IsStatic = B1>,
{
    /// `B`: the number of bits in each mask (C++'s `num_bits`).
    pub const BITS: i32 = param::<B>() as i32;
    /// `M`: the number of least-significant bits kept constant (C++'s `num_base`).
    pub const BASE: i32 = param::<M>() as i32;
    /// `S`: the distance from the zzz bits to the yyy bits (C++'s `num_shft`).
    pub const SHIFT: i32 = param::<S>() as i32;
    /// The bits that are read (C++'s `yyy_msk`).
    pub const YYY_MSK: i32 = ((1 << Self::BITS) - 1) << (Self::BASE + max0(Self::SHIFT));
    /// The bits that are changed (C++'s `zzz_msk`).
    pub const ZZZ_MSK: i32 = ((1 << Self::BITS) - 1) << (Self::BASE - min0(Self::SHIFT));
    /// `yyy_msk | zzz_msk` (C++'s `swizzle_code`).
    pub const SWIZZLE_CODE: u32 = (Self::YYY_MSK | Self::ZZZ_MSK) as u32;
    const VALID: bool = Self::BITS >= 0
        && Self::BASE >= 0
        && (Self::SHIFT >= Self::BITS || -Self::SHIFT >= Self::BITS);

    /// The swizzle `Sw<B,M,S>`.
    #[inline(always)]
    pub const fn new() -> Self {
        const {
            assert!(
                Self::VALID,
                "Swizzle: the parameters need B >= 0, M >= 0 and |S| >= B"
            )
        };
        Swizzle(PhantomData)
    }

    /// `swizzle(offset)`: the swizzled offset; static iff `offset` is.
    #[inline(always)]
    pub fn call<O>(&self, offset: O) -> SwizzledOf<Self, O>
    where
        Self: SwizzleApply<O>,
    {
        self.apply(offset)
    }
}

const fn max0(s: i32) -> i32 {
    if s > 0 {
        s
    } else {
        0
    }
}
const fn min0(s: i32) -> i32 {
    if s < 0 {
        s
    } else {
        0
    }
}

impl<B, M, S> Clone for Swizzle<B, M, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<B, M, S> Copy for Swizzle<B, M, S> {}
impl<B, M, S> Default for Swizzle<B, M, S> {
    fn default() -> Self {
        Swizzle(PhantomData)
    }
}
impl<B, M, S> PartialEq for Swizzle<B, M, S> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<B, M, S> Eq for Swizzle<B, M, S> {}

impl<B, M, S> CutePrint for Swizzle<B, M, S>
where
    B: Integral<IsStatic = B1>,
    M: Integral<IsStatic = B1>,
    S: Integral<IsStatic = B1>,
{
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", Self::BITS, Self::BASE, Self::SHIFT)
    }
}
impl<B, M, S> fmt::Display for Swizzle<B, M, S>
where
    Self: CutePrint,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}
impl<B, M, S> fmt::Debug for Swizzle<B, M, S>
where
    Self: CutePrint,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}

/// The masks of a swizzle as static integers (C++'s `yyy_msk`, `zzz_msk`, `msk_sft`), so that
/// applying the swizzle to a static offset is computed by the type checker.
pub trait SwizzleMasks {
    /// `((1 << B) - 1) << (M + max(0, S))`.
    type YyyMsk: Integral;
    /// `((1 << B) - 1) << (M - min(0, S))`.
    type ZzzMsk: Integral;
    /// `S`.
    type MskSft: Integral;
}
/// `(1 << B) - 1`.
type BitMsk<B> = Diff<ShiftlOf<_1, B>, _1>;
impl<B, M, S> SwizzleMasks for Swizzle<B, M, S>
where
    B: Integral<IsStatic = B1>,
    M: Integral<IsStatic = B1> + IntAdd<Maximum<_0, S>> + IntSub<Minimum<_0, S>>,
    S: Integral<IsStatic = B1>,
    _0: IntMax<S> + IntMin<S>,
    _1: IntShiftl<B>,
    ShiftlOf<_1, B>: IntSub<_1>,
    BitMsk<B>: IntShiftl<Sum<M, Maximum<_0, S>>> + IntShiftl<Diff<M, Minimum<_0, S>>>,
{
    type YyyMsk = ShiftlOf<BitMsk<B>, Sum<M, Maximum<_0, S>>>;
    type ZzzMsk = ShiftlOf<BitMsk<B>, Diff<M, Minimum<_0, S>>>;
    type MskSft = S;
}
/// C++'s `yyy_msk` of a swizzle type.
pub type YyyMskOf<Sw> = <Sw as SwizzleMasks>::YyyMsk;
/// C++'s `zzz_msk` of a swizzle type.
pub type ZzzMskOf<Sw> = <Sw as SwizzleMasks>::ZzzMsk;

/// `swizzle(offset)` (C++'s `Swizzle::apply` / `operator()`): `offset ^ shiftr(offset &
/// yyy_msk, S)`, for a static or dynamic integer offset.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// // a negative shift: the yyy bits sit below the zzz bits
/// let sw = Swizzle::<_2, _1, _m4>::new();
/// assert_eq!(sw.apply(106), 74);
/// ```
pub trait SwizzleApply<O> {
    /// The swizzled offset: static iff the offset is.
    type Output: Integral;
    /// Applies the swizzle.
    fn apply(self, offset: O) -> Self::Output;
}
/// The type of `Sw(O)`.
pub type SwizzledOf<Sw, O> = <Sw as SwizzleApply<O>>::Output;

type YyyBits<Sw, O> = BitAndOf<O, YyyMskOf<Sw>>;
impl<B, M, S, O> SwizzleApply<O> for Swizzle<B, M, S>
where
    B: Integral<IsStatic = B1>,
    M: Integral<IsStatic = B1>,
    S: Integral<IsStatic = B1>,
    Self: SwizzleMasks<MskSft = S>,
    O: Copy + IntAnd<YyyMskOf<Self>>,
    YyyBits<Self, O>: IntShiftr<S>,
    O: IntXor<ShiftrOf<YyyBits<Self, O>, S>>,
{
    type Output = <O as IntXor<ShiftrOf<YyyBits<Self, O>, S>>>::Output;
    #[inline(always)]
    fn apply(self, offset: O) -> Self::Output {
        const {
            assert!(
                Self::VALID,
                "Swizzle: the parameters need B >= 0, M >= 0 and |S| >= B"
            )
        };
        let yyy = offset.and(YyyMskOf::<Self>::default());
        offset.xor(yyy.shiftr(S::default()))
    }
}

// A swizzle is a function of an offset (the outer function of a `ComposedLayout`).
impl<B, M, S, O> Fun1<O> for Swizzle<B, M, S>
where
    Self: SwizzleApply<O>,
    B: 'static,
    M: 'static,
    S: 'static,
{
    type Output = SwizzledOf<Self, O>;
    #[inline(always)]
    fn call(&self, offset: O) -> Self::Output {
        self.apply(offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::aliases::*;
    use std::string::{String, ToString};
    use std::vec::Vec;

    #[test]
    fn prints_and_masks_as_cpp() {
        type Sw = Swizzle<_3, _4, _3>;
        assert_eq!(Sw::new().to_string(), "Sw<3,4,3>");
        assert_eq!(Swizzle::<_2, _1, _m4>::new().to_string(), "Sw<2,1,-4>");
        // C++: Swizzle<3,4,3>: yyy_msk = 0b1110000000, zzz_msk = 0b0001110000
        assert_eq!((Sw::YYY_MSK, Sw::ZZZ_MSK), (0b11_1000_0000, 0b111_0000));
        let y: _896 = YyyMskOf::<Sw>::default();
        let z: _112 = ZzzMskOf::<Sw>::default();
        assert_eq!((y.value(), z.value()), (896, 112));
        assert_eq!(core::mem::size_of::<Sw>(), 0);
    }

    #[test]
    fn static_offsets_give_static_results() {
        // C++: Swizzle<3,4,3>{}(Int<200>{}) prints _216
        let r: _216 = Swizzle::<_3, _4, _3>::new().call(_200);
        assert_eq!(r.to_string(), "_216");
        assert_eq!(Swizzle::<_3, _4, _3>::new().call(200), 216);
        assert_eq!(Swizzle::<_3, _4, _3>::new().call(200i64), 216);
    }

    /// Every `swizzle` vector of the oracle, through a typed swizzle of the same parameters.
    #[test]
    fn oracle_swizzle_vectors() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/oracle/public.jsonl"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            std::println!("skipped: the oracle file {path} is absent");
            return;
        };
        let field = |line: &str, key: &str| -> String {
            let start = line.find(key).expect(key) + key.len();
            line[start..].split('"').nth(1).expect(key).to_string()
        };
        let mut checked = 0;
        for line in text.lines().filter(|l| l.contains("\"op\":\"swizzle\"")) {
            let start = line.find("\"args\":[").unwrap() + 8;
            let end = start + line[start..].find(']').unwrap();
            let args: Vec<i32> = line[start..end]
                .split(',')
                .map(|a| a.trim_matches('"').parse().unwrap())
                .collect();
            let expect: i32 = field(line, "\"expect\":").parse().unwrap();
            let (b, m, s, offset) = (args[0], args[1], args[2], args[3]);
            let got = apply_typed(b, m, s, offset)
                .unwrap_or_else(|| panic!("no typed instance for Sw<{b},{m},{s}>: add it"));
            assert_eq!(got, expect, "Sw<{b},{m},{s}>({offset})");
            checked += 1;
        }
        assert_eq!(checked, 278);
    }

    /// The typed swizzle `Sw<b,m,s>` applied to `offset`, for the parameters of the oracle.
    fn apply_typed(b: i32, m: i32, s: i32, offset: i32) -> Option<i32> {
        macro_rules! dispatch {
            ($(($B:ident $M:ident $S:ident))*) => {$(
                if Swizzle::<$B, $M, $S>::BITS == b
                    && Swizzle::<$B, $M, $S>::BASE == m
                    && Swizzle::<$B, $M, $S>::SHIFT == s
                {
                    return Some(Swizzle::<$B, $M, $S>::new().call(offset));
                }
            )*};
        }
        dispatch!(
            (_0 _0 _m1) (_0 _0 _1) (_0 _0 _4) (_0 _1 _m2) (_0 _1 _m3) (_0 _1 _m4) (_0 _1 _4)
            (_0 _2 _m3) (_0 _2 _m4) (_0 _2 _3) (_0 _3 _m2) (_0 _3 _m3) (_0 _3 _m4) (_0 _3 _1)
            (_0 _3 _2) (_0 _4 _m3) (_0 _4 _3) (_1 _0 _m2) (_1 _0 _m4) (_1 _0 _2) (_1 _1 _m1)
            (_1 _1 _m2) (_1 _1 _2) (_1 _2 _m2) (_1 _2 _3) (_1 _3 _m4) (_1 _3 _4) (_1 _4 _m4)
            (_1 _4 _4) (_2 _0 _m2) (_2 _0 _m4) (_2 _0 _2) (_2 _0 _3) (_2 _1 _m4) (_2 _1 _3)
            (_2 _1 _4) (_2 _2 _m5) (_2 _2 _2) (_2 _2 _5) (_2 _3 _m3) (_2 _3 _m4) (_2 _3 _5)
            (_2 _4 _m4) (_2 _4 _4) (_3 _0 _m3) (_3 _0 _m5) (_3 _0 _m6) (_3 _0 _3) (_3 _0 _4)
            (_3 _0 _6) (_3 _1 _5) (_3 _2 _m5) (_3 _2 _m6) (_3 _3 _5) (_3 _4 _m3) (_3 _4 _m6)
            (_3 _4 _4) (_4 _0 _m4) (_4 _0 _7) (_4 _1 _m6) (_4 _2 _m4) (_4 _2 _m5) (_4 _2 _m6)
            (_4 _2 _m7) (_4 _2 _4) (_4 _2 _7) (_4 _3 _4) (_4 _3 _6) (_4 _4 _5) (_4 _4 _6)
        );
        None
    }

    #[test]
    fn a_swizzle_is_its_own_inverse() {
        let sw = Swizzle::<_3, _4, _3>::new();
        let back = Swizzle::<_2, _1, _m4>::new();
        for i in 0..2048 {
            assert_eq!(sw.call(sw.call(i)), i);
            assert_eq!(back.call(back.call(i)), i);
        }
    }
}
