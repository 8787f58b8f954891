//! Conversions between `float` and the kernels' output elements (`float`, `half_t`,
//! `bfloat16_t`): port of the parts of `cutlass/numeric_conversion.h` the kernels use,
//! `NumericConverter<T, float, round_to_nearest>` and back, and
//! `NumericArrayConverter<T, float, 2>` and back (two values in one 32-bit register).
//!
//! One value converts through the element type's own conversion ([`Half::from_f32`],
//! [`BFloat16::from_f32`]: one `cvt` on the device, the same rounding in software elsewhere).
//! A pair of 16-bit values is one register, the first value in the low half: on the device it
//! is rounded by one `cvt.rn.f16x2.f32` / `cvt.rn.bf16x2.f32` (`__float22half2_rn`,
//! `__float22bfloat162_rn`), elsewhere value by value, with the same bits.

use super::numeric_types::{BFloat16, Half};

/// A kernel's output element: how `float` values round into it and read back from it.
///
/// # Math
/// `from_f32(x)` is the element nearest `x` (ties to even; overflow to infinity; a NaN to a
/// NaN); `to_f32` is exact. The pair forms act on each value of the pair.
///
/// # Postconditions
/// 1. `from_f32x2(a, b)` holds the bits of `[from_f32(a), from_f32(b)]`.
/// 2. `to_f32x2(from_f32x2(a, b)) == (from_f32(a).to_f32(), from_f32(b).to_f32())`.
/// 3. `from_f32(x.to_f32()) == x` for every non-NaN `x`.
///
/// # Example
/// ```
/// use cute_core::numeric::convert::{F32x2, NumericConverter};
/// use cute_core::numeric::numeric_types::{BFloat16, Half};
/// assert_eq!(Half::from_f32x2(1.0, -2.0), 0xc000_3c00);
/// assert_eq!(Half::to_f32x2(0xc000_3c00), (1.0, -2.0));
/// // 1 + 2^-8 is a tie between 1 and 1 + 2^-7: to the even mantissa, 1.
/// assert_eq!(BFloat16::from_f32x2(1.0 + 1.0 / 256.0, 3.0), 0x4040_3f80);
/// assert_eq!(<f32 as NumericConverter>::from_f32x2(1.5, 2.5), F32x2(1.5, 2.5));
/// ```
pub trait NumericConverter: Copy + 'static {
    /// Two elements as one value, with the layout of `[Self; 2]`: `u32` for the 16-bit types
    /// (the first value in the low half), [`F32x2`] for `float`.
    type Array2: Copy;
    /// `NumericConverter<Self, float, round_to_nearest>`: the element nearest `x`.
    fn from_f32(x: f32) -> Self;
    /// `NumericConverter<float, Self>`: the value as an `f32` (exact).
    fn to_f32(self) -> f32;
    /// `NumericArrayConverter<Self, float, 2>`: `lo` and `hi` rounded, packed.
    fn from_f32x2(lo: f32, hi: f32) -> Self::Array2;
    /// `NumericArrayConverter<float, Self, 2>`: a packed pair as two `f32`s (exact).
    fn to_f32x2(v: Self::Array2) -> (f32, f32);
}

/// Two `float`s as one value (`Array<float, 2>`): laid out as `[f32; 2]`, passed and returned
/// as two values (an array would travel as one 64-bit integer, to be split again).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct F32x2(pub f32, pub f32);

impl NumericConverter for f32 {
    type Array2 = F32x2;
    #[inline(always)]
    fn from_f32(x: f32) -> f32 {
        x
    }
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self
    }
    #[inline(always)]
    fn from_f32x2(lo: f32, hi: f32) -> F32x2 {
        F32x2(lo, hi)
    }
    #[inline(always)]
    fn to_f32x2(v: F32x2) -> (f32, f32) {
        (v.0, v.1)
    }
}

/// The pair `(lo, hi)` rounded by `$cvt` (`cvt.rn.f16x2.f32`, `cvt.rn.bf16x2.f32`), whose
/// first source goes to the upper half.
#[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
macro_rules! cvt_x2 {
    ($cvt:literal, $lo:expr, $hi:expr) => {{
        let d: u32;
        // SAFETY: a conversion on registers.
        unsafe {
            core::arch::asm!(concat!($cvt, " {d}, {hi}, {lo};"), d = out(reg32) d,
                             hi = in(reg32) $hi, lo = in(reg32) $lo,
                             options(pure, nomem, nostack, preserves_flags))
        };
        d
    }};
}

macro_rules! numeric_converter_16 {
    ($T:ident, $cvt:literal) => {
        type Array2 = u32;
        #[inline(always)]
        fn from_f32(x: f32) -> $T {
            $T::from_f32(x)
        }
        #[inline(always)]
        fn to_f32(self) -> f32 {
            $T::to_f32(self)
        }
        #[doc = concat!("On the device (`sm_80` or later) one `", $cvt, "`.")]
        #[inline(always)]
        fn from_f32x2(lo: f32, hi: f32) -> u32 {
            #[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
            {
                cvt_x2!($cvt, lo, hi)
            }
            #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_80")))]
            {
                $T::from_f32(lo).to_bits() as u32 | (($T::from_f32(hi).to_bits() as u32) << 16)
            }
        }
    };
}

impl NumericConverter for Half {
    numeric_converter_16!(Half, "cvt.rn.f16x2.f32");
    /// On the device the register's two halves, each by one `cvt.f32.f16`.
    #[inline(always)]
    fn to_f32x2(v: u32) -> (f32, f32) {
        #[cfg(target_arch = "nvptx64")]
        {
            let (lo, hi): (f32, f32);
            // SAFETY: conversions on registers.
            unsafe {
                core::arch::asm!(
                    "{{", ".reg .b16 %cute_l, %cute_h;", "mov.b32 {{%cute_l, %cute_h}}, {v};",
                    "cvt.f32.f16 {lo}, %cute_l;", "cvt.f32.f16 {hi}, %cute_h;", "}}",
                    v = in(reg32) v, lo = out(reg32) lo, hi = out(reg32) hi,
                    options(pure, nomem, nostack, preserves_flags)
                )
            };
            (lo, hi)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            (
                Half::from_bits(v as u16).to_f32(),
                Half::from_bits((v >> 16) as u16).to_f32(),
            )
        }
    }
}

impl NumericConverter for BFloat16 {
    numeric_converter_16!(BFloat16, "cvt.rn.bf16x2.f32");
    /// The register's two halves, each the upper half of an `f32`.
    #[inline(always)]
    fn to_f32x2(v: u32) -> (f32, f32) {
        (f32::from_bits(v << 16), f32::from_bits(v & 0xffff_0000))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nearest binary16 bits of `x` by exact arithmetic on `f64` (every `f32` and every
    /// midpoint between halves is an `f64`): the independent oracle of [`Half::from_f32`].
    fn half_oracle(x: f32) -> u16 {
        if x.is_nan() {
            return 0x7fff;
        }
        let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
        if x.is_infinite() {
            return sign | 0x7c00;
        }
        let a = (x as f64).abs();
        // quantum 2^(e - 10) for normal halves, 2^-24 below 2^-14
        let e = if a < 2f64.powi(-14) {
            -14
        } else {
            a.log2().floor() as i32
        };
        let q = 2f64.powi(e - 10);
        let n = a / q; // exact: a power-of-two division
        let (fl, fr) = (n.floor(), n - n.floor());
        let m = if fr > 0.5 || (fr == 0.5 && fl % 2.0 == 1.0) {
            fl + 1.0
        } else {
            fl
        };
        let v = m * q;
        if v >= 65536.0 {
            return sign | 0x7c00;
        }
        // encode the exact half value v
        let bits = if v < 2f64.powi(-14) {
            (v / 2f64.powi(-24)) as u16
        } else {
            let e = v.log2().floor() as i32;
            (((e + 15) as u16) << 10) | ((v / 2f64.powi(e) - 1.0) * 1024.0) as u16
        };
        sign | bits
    }

    /// Every half, every midpoint between neighbours and the floats on either side of it.
    #[test]
    fn half_rounds_to_nearest_even_everywhere() {
        for h in 0u16..=0x7bff {
            let x = Half::from_bits(h).to_f32();
            let next = if h == 0x7bff {
                65536.0
            } else {
                Half::from_bits(h + 1).to_f32()
            };
            let mid = ((x as f64 + next as f64) / 2.0) as f32; // exact
            for y in [
                x,
                mid,
                f32::from_bits(mid.to_bits() - 1),
                f32::from_bits(mid.to_bits() + 1),
            ] {
                for y in [y, -y] {
                    assert_eq!(Half::from_f32(y).to_bits(), half_oracle(y), "{y:e}");
                }
            }
        }
        // every 4099th float
        for b in (0u32..=u32::MAX).step_by(4099) {
            let y = f32::from_bits(b);
            assert_eq!(Half::from_f32(y).to_bits(), half_oracle(y), "{b:#x}");
        }
    }

    #[test]
    fn half_edge_cases() {
        let tiny = 2f32.powi(-24); // the smallest subnormal half
        for (x, bits) in [
            (0.0f32, 0x0000u16),
            (-0.0, 0x8000),
            (65504.0, 0x7bff),                     // largest finite
            (f32::from_bits(0x477f_efff), 0x7bff), // just below the tie with 2^16
            (65520.0, 0x7c00),                     // tie: to even, infinity
            (f32::MAX, 0x7c00),                    // overflow
            (f32::NEG_INFINITY, 0xfc00),
            (1024.0 * tiny, 0x0400), // smallest normal
            (1023.5 * tiny, 0x0400), // largest subnormal's tie: to even
            (1022.5 * tiny, 0x03fe), // a subnormal tie: to even, below
            (tiny, 0x0001),          // smallest subnormal
            (0.5 * tiny, 0x0000),    // half of it: tie to even, 0
            (f32::from_bits((0.5 * tiny).to_bits() + 1), 0x0001), // just above the tie
            (-1.5 * tiny, 0x8002),   // a tie to even, 2
            (1.0e-45, 0x0000),       // an f32 subnormal
            (1.0 + 1.0 / 2048.0, 0x3c00), // tie, even below
            (1.0 + 3.0 / 2048.0, 0x3c02), // tie, even above
            (f32::NAN, 0x7fff),
            (-f32::NAN, 0x7fff),
            (f32::from_bits(0x7f80_0001), 0x7fff), // signalling NaN
        ] {
            assert_eq!(Half::from_f32(x).to_bits(), bits, "{x:e}");
        }
        assert_eq!(Half::from_bits(0x0001).to_f32(), 2f32.powi(-24));
        assert_eq!(Half::from_bits(0x83ff).to_f32(), -1023.0 * 2f32.powi(-24));
        assert_eq!(Half::from_bits(0xfc00).to_f32(), f32::NEG_INFINITY);
        assert_eq!(Half::from_bits(0x7e00).to_f32().to_bits(), 0x7fff_ffff);
        assert_eq!(Half::from_bits(0xfc01).to_f32().to_bits(), 0x7fff_ffff);
    }

    /// Every half reads back exactly and rounds to itself.
    #[test]
    fn half_round_trips_exactly() {
        for h in 0u16..=u16::MAX {
            let x = Half::from_bits(h).to_f32();
            if x.is_nan() {
                assert_eq!(h & 0x7c00, 0x7c00, "{h:#x}");
                continue;
            }
            assert_eq!(Half::from_f32(x).to_bits(), h, "{h:#x}");
            assert_eq!(half_oracle(x), h, "{h:#x}");
        }
    }

    #[test]
    fn bfloat16_edge_cases() {
        for (x, bits) in [
            (0.0f32, 0x0000u16),
            (-0.0, 0x8000),
            (f32::from_bits(0x7f7f_0000), 0x7f7f), // largest finite
            (f32::from_bits(0x7f7f_7fff), 0x7f7f), // below the tie with infinity
            (f32::from_bits(0x7f7f_8000), 0x7f80), // tie: to even, infinity
            (f32::MAX, 0x7f80),
            (f32::NEG_INFINITY, 0xff80),
            (f32::from_bits(0x0000_8000), 0x0000), // subnormal tie, even below
            (f32::from_bits(0x0001_8000), 0x0002), // subnormal tie, even above
            (f32::from_bits(0x807f_ffff), 0x8080), // largest subnormal: to the smallest normal
            (f32::NAN, 0x7fff),
            (-f32::NAN, 0x7fff),
            (f32::from_bits(0x7f80_0001), 0x7fff),
        ] {
            assert_eq!(BFloat16::from_f32(x).to_bits(), bits, "{x:e}");
        }
        // exactly the upper half, every NaN too
        for h in 0u16..=u16::MAX {
            assert_eq!(BFloat16::from_bits(h).to_f32().to_bits(), (h as u32) << 16);
        }
    }

    /// bfloat16 rounding is `f32` rounding at bit 16: compare with `f64` arithmetic.
    #[test]
    fn bfloat16_rounds_to_nearest_even_everywhere() {
        for b in (0u32..0x7f80_0000)
            .step_by(997)
            .chain(0x7f7f_0000..0x7f80_0000)
        {
            let x = f32::from_bits(b);
            // the neighbours of x at bit 16, the upper one past the largest finite if need be
            let field = ((b >> 23) & 0xff) as i32;
            let ulp = 2f64.powi(if field == 0 { -133 } else { field - 127 - 7 });
            let lo = f32::from_bits(b & 0xffff_0000) as f64;
            let (dl, dh) = (x as f64 - lo, lo + ulp - x as f64);
            let odd = (b >> 16) & 1 == 1;
            let want = if dh < dl || (dl == dh && odd) {
                lo + ulp
            } else {
                lo
            };
            let want = if want >= 2f64.powi(128) {
                f64::INFINITY
            } else {
                want
            };
            for (x, want) in [(x, want), (-x, -want)] {
                assert_eq!(BFloat16::from_f32(x).to_f32() as f64, want, "{b:#x}");
            }
        }
    }

    /// The pair forms are the scalar ones, the first value in the low half.
    #[test]
    fn pairs_are_two_scalars() {
        let xs = [
            0.0f32,
            -0.0,
            1.0,
            -2.5,
            65520.0,
            1.0e-40,
            f32::NAN,
            f32::INFINITY,
            0.1,
        ];
        for &a in &xs {
            for &b in &xs {
                let h = Half::from_f32x2(a, b);
                assert_eq!(h as u16, Half::from_f32(a).to_bits());
                assert_eq!((h >> 16) as u16, Half::from_f32(b).to_bits());
                let (x, y) = Half::to_f32x2(h);
                assert_eq!(x.to_bits(), Half::from_f32(a).to_f32().to_bits());
                assert_eq!(y.to_bits(), Half::from_f32(b).to_f32().to_bits());
                let v = BFloat16::from_f32x2(a, b);
                assert_eq!(v as u16, BFloat16::from_f32(a).to_bits());
                assert_eq!((v >> 16) as u16, BFloat16::from_f32(b).to_bits());
                let (x, y) = BFloat16::to_f32x2(v);
                assert_eq!(x.to_bits(), BFloat16::from_f32(a).to_f32().to_bits());
                assert_eq!(y.to_bits(), BFloat16::from_f32(b).to_f32().to_bits());
                let F32x2(x, y) = f32::from_f32x2(a, b);
                assert_eq!((x.to_bits(), y.to_bits()), (a.to_bits(), b.to_bits()));
            }
        }
    }
}
