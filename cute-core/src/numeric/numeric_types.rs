//! Element types of the atoms and their widths: port of the parts of
//! `cute/numeric/numeric_types.hpp` the atoms use (`half_t`, `bfloat16_t`, `uint128_t`, `sizeof_bits`).

use core::fmt;

use super::aliases::{_128, _16, _32, _64, _8};

/// `sizeof_bits<T>`: the width of an element type in bits, as a static integer.
///
/// # Example
/// ```
/// use cute_core::numeric::numeric_types::{SizeofBits, Uint128};
/// assert_eq!(<f32 as SizeofBits>::Bits::default().to_string(), "_32");
/// assert_eq!(<Uint128 as SizeofBits>::Bits::default().to_string(), "_128");
/// ```
pub trait SizeofBits: Copy + 'static {
    /// The width in bits (a static integer such as `_32`).
    type Bits: super::integral_constant::Integral;
}

macro_rules! sizeof_bits {
    ($($t:ty => $b:ty),* $(,)?) => {$(
        impl SizeofBits for $t {
            type Bits = $b;
        }
    )*};
}
sizeof_bits!(
    u8 => _8, i8 => _8, u16 => _16, i16 => _16, Half => _16, BFloat16 => _16,
    u32 => _32, i32 => _32, f32 => _32,
    u64 => _64, i64 => _64, f64 => _64,
    Uint128 => _128,
);

/// `half_t`: an IEEE 754 binary16 value, stored as its bits (Rust's `f16` is not stable).
/// The SM80 MMA atoms take their A and B operands in this type.
///
/// # Example
/// ```
/// use cute_core::numeric::numeric_types::Half;
/// assert_eq!(Half::from_f32(1.5).to_bits(), 0x3e00);
/// assert_eq!(Half::from_bits(0x3e00).to_f32(), 1.5);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Half(u16);

impl Half {
    /// The value with these bits.
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Self {
        Half(bits)
    }
    /// The bits.
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }
    /// The nearest binary16 value (round to nearest even; overflow to infinity).
    pub fn from_f32(x: f32) -> Self {
        let b = x.to_bits();
        let sign = ((b >> 16) & 0x8000) as u16;
        let exp = ((b >> 23) & 0xff) as i32;
        let man = b & 0x007f_ffff;
        if exp == 0xff {
            // infinity or NaN (keep NaNs quiet)
            let nan = if man != 0 { 0x0200 } else { 0 };
            return Half(sign | 0x7c00 | nan);
        }
        let e = exp - 127 + 15;
        if e >= 0x1f {
            return Half(sign | 0x7c00);
        }
        if e <= 0 {
            // subnormal half (or zero): shift the full significand into place
            if e < -10 {
                return Half(sign);
            }
            let m = man | 0x0080_0000;
            let shift = (14 - e) as u32;
            let half = 1u32 << (shift - 1);
            let rest = m & ((1u32 << shift) - 1);
            let mut h = m >> shift;
            if rest > half || (rest == half && (h & 1) != 0) {
                h += 1;
            }
            return Half(sign | h as u16);
        }
        let mut h = ((e as u32) << 10) | (man >> 13);
        let rest = man & 0x1fff;
        if rest > 0x1000 || (rest == 0x1000 && (h & 1) != 0) {
            h += 1; // may carry into the exponent, up to infinity: still correct
        }
        Half(sign | h as u16)
    }
    /// The value as an `f32` (exact).
    pub fn to_f32(self) -> f32 {
        let h = self.0 as u32;
        let sign = (h & 0x8000) << 16;
        let exp = (h >> 10) & 0x1f;
        let man = h & 0x03ff;
        let bits = if exp == 0x1f {
            sign | 0x7f80_0000 | (man << 13)
        } else if exp == 0 {
            if man == 0 {
                sign
            } else {
                // subnormal: normalize
                let mut e = 127 - 15 + 1;
                let mut m = man;
                while m & 0x0400 == 0 {
                    m <<= 1;
                    e -= 1;
                }
                sign | ((e as u32) << 23) | ((m & 0x03ff) << 13)
            }
        } else {
            sign | ((exp + 127 - 15) << 23) | (man << 13)
        };
        f32::from_bits(bits)
    }
}

impl fmt::Debug for Half {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_f32(), f)
    }
}

/// `bfloat16_t`: a bfloat16 value (the high 16 bits of an `f32`), stored as its bits. The
/// SM90 `F32BF16BF16` GMMA atoms take their A and B operands in this type.
///
/// # Example
/// ```
/// use cute_core::numeric::numeric_types::BFloat16;
/// assert_eq!(BFloat16::from_f32(1.5).to_bits(), 0x3fc0);
/// assert_eq!(BFloat16::from_bits(0x3fc0).to_f32(), 1.5);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct BFloat16(u16);

impl BFloat16 {
    /// The value with these bits.
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Self {
        BFloat16(bits)
    }
    /// The bits.
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }
    /// The nearest bfloat16 value (round to nearest even; NaNs stay quiet NaNs).
    pub fn from_f32(x: f32) -> Self {
        let b = x.to_bits();
        if x.is_nan() {
            return BFloat16(((b >> 16) as u16) | 0x0040);
        }
        let round = 0x7fff + ((b >> 16) & 1);
        BFloat16((b.wrapping_add(round) >> 16) as u16)
    }
    /// The value as an `f32` (exact).
    #[inline(always)]
    pub fn to_f32(self) -> f32 {
        f32::from_bits((self.0 as u32) << 16)
    }
}

impl fmt::Debug for BFloat16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_f32(), f)
    }
}

/// `uint128_t`: 128 bits with 16-byte alignment, the register type of 128-bit vector copies
/// (`UniversalCopy<Uint128>` moves four `f32`s with one `ld.v4`/`st.v4`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
#[repr(C, align(16))]
pub struct Uint128(pub [u32; 4]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_round_trips() {
        for (x, bits) in [
            (0.0f32, 0x0000u16),
            (-0.0, 0x8000),
            (1.0, 0x3c00),
            (-2.0, 0xc000),
            (65504.0, 0x7bff),
            (1.0e5, 0x7c00),
            (6.103_515_6e-5, 0x0400),
            (5.960_464_5e-8, 0x0001),
            (0.333_333_34, 0x3555),
        ] {
            assert_eq!(Half::from_f32(x).to_bits(), bits, "{x}");
        }
        for bits in (0u16..0x7c00).step_by(7) {
            let h = Half::from_bits(bits);
            assert_eq!(Half::from_f32(h.to_f32()), h);
        }
        assert!(Half::from_f32(f32::NAN).to_f32().is_nan());
    }

    #[test]
    fn bfloat16_rounds_to_nearest_even() {
        for (x, bits) in [
            (0.0f32, 0x0000u16),
            (-2.0, 0xc000),
            (1.0 + 1.0 / 256.0, 0x3f80), // a tie: to even
            (1.0 + 3.0 / 256.0, 0x3f82), // a tie: to even
            (f32::MAX, 0x7f80),
        ] {
            assert_eq!(BFloat16::from_f32(x).to_bits(), bits, "{x}");
        }
        assert!(BFloat16::from_f32(f32::NAN).to_f32().is_nan());
    }

    #[test]
    fn uint128_is_16_byte_aligned() {
        assert_eq!(core::mem::align_of::<Uint128>(), 16);
        assert_eq!(core::mem::size_of::<Uint128>(), 16);
    }
}
