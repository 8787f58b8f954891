//! Element types of the atoms and their widths: port of the parts of
//! `cute/numeric/numeric_types.hpp` the atoms use (`half_t`, `bfloat16_t`, `tfloat32_t`,
//! `float_e4m3_t`, `float_e5m2_t`, `uint128_t`, `sizeof_bits`).
//!
//! The reduced-precision float types are stored as their bits (Rust's `f16` is not stable);
//! each converts from `f32` rounding to nearest, ties to even (CUTLASS's
//! `NumericConverter<T, float, round_to_nearest>`; the 8-bit types saturate to their largest
//! finite value, as CUTLASS's `float_e4m3_t(float)` and `float_e5m2_t(float)` do), and to `f32`
//! exactly. `Display` prints a value as C++ CuTe's `print` does (`printf("%f", float(x))`).

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
    u8 => _8, i8 => _8, FloatE4M3 => _8, FloatE5M2 => _8, u16 => _16, i16 => _16, Half => _16, BFloat16 => _16,
    u32 => _32, i32 => _32, f32 => _32, TFloat32 => _32,
    [u32; 2] => _64, [u32; 4] => _128,
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
    /// The nearest binary16 value: round to nearest, ties to even; overflow to infinity; every
    /// NaN becomes `0x7fff` (C++'s `half_t(float)`). On the device one `cvt.rn.f16.f32`;
    /// elsewhere the same rounding in software, bit for bit.
    #[inline(always)]
    pub fn from_f32(x: f32) -> Self {
        #[cfg(target_arch = "nvptx64")]
        {
            let h: u16;
            // SAFETY: a conversion on registers.
            unsafe {
                core::arch::asm!("cvt.rn.f16.f32 {h}, {f};", h = out(reg16) h, f = in(reg32) x,
                                 options(pure, nomem, nostack, preserves_flags))
            };
            Half(h)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            Half(f32_to_half_bits(x))
        }
    }
    /// The value as an `f32` (exact; every NaN becomes `0x7fff_ffff`). On the device one
    /// `cvt.f32.f16`; elsewhere the same in software.
    #[inline(always)]
    pub fn to_f32(self) -> f32 {
        #[cfg(target_arch = "nvptx64")]
        {
            let f: f32;
            // SAFETY: a conversion on registers.
            unsafe {
                core::arch::asm!("cvt.f32.f16 {f}, {h};", f = out(reg32) f, h = in(reg16) self.0,
                                 options(pure, nomem, nostack, preserves_flags))
            };
            f
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            half_bits_to_f32(self.0)
        }
    }
}

/// [`Half::from_f32`] in software: the binary16 bits nearest `x`.
#[cfg_attr(target_arch = "nvptx64", allow(dead_code))]
fn f32_to_half_bits(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x007f_ffff;
    if exp == 0xff {
        return if man != 0 { 0x7fff } else { sign | 0x7c00 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        // subnormal half (or zero): shift the full significand into place
        if e < -10 {
            return sign;
        }
        let m = man | 0x0080_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1u32 << shift) - 1);
        let mut h = m >> shift;
        if rest > half || (rest == half && (h & 1) != 0) {
            h += 1; // may carry into the smallest normal: still correct
        }
        return sign | h as u16;
    }
    let mut h = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && (h & 1) != 0) {
        h += 1; // may carry into the exponent, up to infinity: still correct
    }
    sign | h as u16
}

/// [`Half::to_f32`] in software.
#[cfg_attr(target_arch = "nvptx64", allow(dead_code))]
fn half_bits_to_f32(h: u16) -> f32 {
    let h = h as u32;
    let sign = (h & 0x8000) << 16;
    let exp = (h >> 10) & 0x1f;
    let man = h & 0x03ff;
    let bits = if exp == 0x1f {
        if man != 0 {
            0x7fff_ffff
        } else {
            sign | 0x7f80_0000
        }
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

impl fmt::Debug for Half {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_f32(), f)
    }
}

/// C++ CuTe's `print(half_t)`: `printf("%f", float(x))`.
///
/// # Example
/// ```
/// use cute_core::numeric::numeric_types::Half;
/// assert_eq!(Half::from_f32(-1.5).to_string(), "-1.500000");
/// ```
/// `half_t * half_t` and `half_t + half_t`, correctly rounded as C++'s `half_t` operators on
/// the device (`__hmul`, `__hadd`: one `mul.rn.f16`/`add.rn.f16`). On the host they are
/// computed in `f32` and rounded once: an `f32` holds more than twice a half's 11 bits plus
/// two, so the double rounding gives the correctly rounded half result.
macro_rules! half_op {
    ($Tr:ident, $f:ident, $ptx:literal, $op:tt) => {
        impl core::ops::$Tr for Half {
            type Output = Half;
            #[inline(always)]
            fn $f(self, rhs: Half) -> Half {
                #[cfg(target_arch = "nvptx64")]
                {
                    let d: u16;
                    // SAFETY: arithmetic on registers only.
                    unsafe {
                        core::arch::asm!(
                            concat!($ptx, " {d}, {a}, {b};"),
                            d = out(reg16) d,
                            a = in(reg16) self.0,
                            b = in(reg16) rhs.0,
                            options(pure, nomem, nostack, preserves_flags)
                        )
                    };
                    Half(d)
                }
                #[cfg(not(target_arch = "nvptx64"))]
                {
                    Half::from_f32(self.to_f32() $op rhs.to_f32())
                }
            }
        }
    };
}
half_op!(Mul, mul, "mul.rn.f16", *);
half_op!(Add, add, "add.rn.f16", +);

impl fmt::Display for Half {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print_f32_like_c(self.to_f32(), f)
    }
}

/// `printf("%f", x)`: six decimals; `inf`, `-inf`, `nan`, `-nan` as glibc prints them.
fn print_f32_like_c(x: f32, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if x.is_nan() {
        f.write_str(if x.is_sign_negative() { "-nan" } else { "nan" })
    } else if x.is_infinite() {
        f.write_str(if x < 0.0 { "-inf" } else { "inf" })
    } else {
        write!(f, "{x:.6}")
    }
}

/// `bfloat16_t`: the upper 16 bits of an IEEE 754 binary32 value (8 exponent bits, 7 mantissa
/// bits), stored as its bits. The `F32BF16BF16F32` MMA atoms take A and B in this type.
///
/// # Example
/// ```
/// use cute_core::numeric::numeric_types::BFloat16;
/// assert_eq!(BFloat16::from_f32(1.5).to_bits(), 0x3fc0);
/// // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties go to the even mantissa, 1.
/// assert_eq!(BFloat16::from_f32(1.0 + 1.0 / 256.0).to_f32(), 1.0);
/// assert_eq!(BFloat16::from_f32(3.0).to_string(), "3.000000");
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
    /// The nearest bfloat16 value: round to nearest, ties to even; overflow to infinity; every
    /// NaN becomes `0x7fff` (C++'s `bfloat16_t(float)`). On the device (`sm_80` or later) one
    /// `cvt.rn.bf16.f32`; elsewhere the same rounding in software, bit for bit.
    #[inline(always)]
    pub fn from_f32(x: f32) -> Self {
        #[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
        {
            let h: u16;
            // SAFETY: a conversion on registers.
            unsafe {
                core::arch::asm!("cvt.rn.bf16.f32 {h}, {f};", h = out(reg16) h, f = in(reg32) x,
                                 options(pure, nomem, nostack, preserves_flags))
            };
            BFloat16(h)
        }
        #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_80")))]
        {
            BFloat16((round_low_bits(x.to_bits(), 16) >> 16) as u16)
        }
    }
    /// The value as an `f32` (exact: the bits are the `f32`'s upper half, a NaN keeps its
    /// payload), on the device as everywhere.
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
/// C++ CuTe's `print(bfloat16_t)`: `printf("%f", float(x))`.
impl fmt::Display for BFloat16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print_f32_like_c(self.to_f32(), f)
    }
}

/// `tfloat32_t`: the tensor cores' 19-bit float (8 exponent bits, 10 mantissa bits) in a
/// 32-bit word, the low 13 bits zero. The `F32TF32TF32F32` MMA atoms take A and B in this
/// type; the instruction reads an `f32` register and ignores the low 13 bits.
///
/// [`TFloat32::from_f32`] rounds to nearest even as CUTLASS's
/// `NumericConverter<tfloat32_t, float, round_to_nearest>` (and `cvt.rn.tf32.f32`) does; note
/// that C++'s constructor `tfloat32_t(float)` rounds half away from zero instead
/// (`round_half_ulp_truncate`), which differs only on exact ties.
///
/// # Example
/// ```
/// use cute_core::numeric::numeric_types::TFloat32;
/// assert_eq!(TFloat32::from_f32(1.0 + 3.0 / 4096.0).to_f32(), 1.0 + 1.0 / 1024.0);
/// assert_eq!(TFloat32::from_f32(1.0 + 1.0 / 2048.0).to_f32(), 1.0); // a tie: to even
/// assert_eq!(TFloat32::from_f32(0.25).to_string(), "0.250000");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct TFloat32(u32);

impl TFloat32 {
    /// The value with these bits (the low 13 bits are kept but ignored by [`to_f32`]).
    ///
    /// [`to_f32`]: TFloat32::to_f32
    #[inline(always)]
    pub const fn from_bits(bits: u32) -> Self {
        TFloat32(bits)
    }
    /// The bits.
    #[inline(always)]
    pub const fn to_bits(self) -> u32 {
        self.0
    }
    /// The nearest tfloat32 value (round to nearest even; overflow to infinity; every NaN
    /// becomes `0x7fffe000`).
    #[inline]
    pub fn from_f32(x: f32) -> Self {
        TFloat32(round_low_bits(x.to_bits(), 13) & !0x1fff)
    }
    /// The value as an `f32` (exact; the low 13 bits cleared, as CUTLASS does).
    #[inline(always)]
    pub fn to_f32(self) -> f32 {
        f32::from_bits(self.0 & !0x1fff)
    }
}

impl fmt::Debug for TFloat32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_f32(), f)
    }
}
/// C++ CuTe's `print(tfloat32_t)`: `printf("%f", float(x))`.
impl fmt::Display for TFloat32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print_f32_like_c(self.to_f32(), f)
    }
}

/// The binary32 bits `b` rounded to nearest even at bit `n` (the low `n` bits are the ones
/// dropped; they are left as they are); a finite value may carry into the exponent, up to
/// infinity; a NaN becomes `0x7fff_ffff`. CUTLASS's host rounding for `bfloat16_t` (`n = 16`)
/// and `tfloat32_t` (`n = 13`).
#[inline(always)]
fn round_low_bits(b: u32, n: u32) -> u32 {
    if b & 0x7f80_0000 != 0x7f80_0000 {
        let keep_lsb = (b >> n) & 1;
        let round = (b >> (n - 1)) & 1;
        let sticky = b & ((1u32 << (n - 1)) - 1) != 0;
        if round == 1 && (sticky || keep_lsb == 1) {
            b + (1u32 << n)
        } else {
            b
        }
    } else if b & 0x007f_ffff != 0 {
        0x7fff_ffff
    } else {
        b
    }
}

/// The 8-bit float of `M` mantissa bits and exponent bias `BIAS` nearest `x`, as its bits:
/// round to nearest, ties to even; values past the largest finite one (`max`, as bits) and
/// infinities saturate to it (keeping the sign); every NaN becomes `0x7f`. CUTLASS's host
/// conversion `float8_base<E>::convert_float_to_fp8` (the device's
/// `cvt.rn.satfinite.e4m3x2.f32` / `.e5m2x2` agree).
fn f32_to_fp8<const M: u32, const BIAS: i32>(x: f32, max: u8) -> u8 {
    let b = x.to_bits();
    let sign = ((b >> 24) & 0x80) as u8;
    let a = b & 0x7fff_ffff;
    if a > 0x7f80_0000 {
        return 0x7f;
    }
    if a == 0x7f80_0000 {
        return sign | max;
    }
    // |x| = sig * 2^(e - 23), sig < 2^24 (an f32 subnormal has exponent -126, no hidden bit)
    let field = (a >> 23) as i32;
    let (e, sig) = if field == 0 {
        (-126, (a & 0x007f_ffff) as u64)
    } else {
        (field - 127, ((a & 0x007f_ffff) | 0x0080_0000) as u64)
    };
    // The exponent of the result's quantum: 2^(e - M) for normal results, the subnormal
    // quantum 2^(1 - BIAS - M) below the smallest normal exponent 1 - BIAS.
    let te = if e < 1 - BIAS { 1 - BIAS } else { e };
    let shift = (23 - M as i32 + (te - e)) as u32;
    let q = if shift >= 40 {
        0 // below a quarter of the smallest subnormal
    } else {
        let half = 1u64 << (shift - 1);
        let rest = sig & ((1u64 << shift) - 1);
        let q = sig >> shift;
        if rest > half || (rest == half && q & 1 == 1) {
            q + 1
        } else {
            q
        }
    };
    // q holds the hidden bit for normal results, so adding it to the exponent field less one
    // gives the encoding (a carry out of the mantissa lands in the exponent, as it should).
    let code = (((te + BIAS - 1) as i64) << M) + q as i64;
    if code > max as i64 {
        sign | max
    } else {
        sign | code as u8
    }
}

/// The value of the 8-bit float bits `x` of `M` mantissa bits and exponent bias `BIAS`, whose
/// exponent field all ones means infinity or NaN when `IEEE` (E5M2), or only the pattern
/// `s.1111.111` means NaN (E4M3). Exact; a NaN gives `0x7fff_ffff`, as CUTLASS's
/// `convert_fp8_to_float`.
fn fp8_to_f32<const M: u32, const BIAS: i32, const IEEE: bool>(x: u8) -> f32 {
    let sign = ((x & 0x80) as u32) << 24;
    let exp = ((x & 0x7f) >> M) as u32;
    let man = (x & ((1 << M) - 1)) as u32;
    let top = 0x7f >> M;
    let bits = if IEEE && exp == top {
        if man == 0 {
            sign | 0x7f80_0000
        } else {
            0x7fff_ffff
        }
    } else if !IEEE && x & 0x7f == 0x7f {
        0x7fff_ffff
    } else if exp == 0 {
        // man * 2^(1 - BIAS - M): exact in f32
        let quantum = f32::from_bits(((127 + 1 - BIAS - M as i32) as u32) << 23);
        sign | (man as f32 * quantum).to_bits()
    } else {
        sign | ((exp + 127 - BIAS as u32) << 23) | (man << (23 - M))
    };
    f32::from_bits(bits)
}

/// An 8-bit float type: its CuTe name, constructors and conversions, `Debug` and `Display`.
macro_rules! float8 {
    ($T:ident, $cpp:literal, $M:literal, $BIAS:literal, $IEEE:literal, $MAX:literal) => {
        impl $T {
            /// The largest finite value, as bits (C++'s `FP8_MAX_FLT`).
            pub const MAX_BITS: u8 = $MAX;
            /// The value with these bits.
            #[inline(always)]
            pub const fn from_bits(bits: u8) -> Self {
                $T(bits)
            }
            /// The bits.
            #[inline(always)]
            pub const fn to_bits(self) -> u8 {
                self.0
            }
            #[doc = concat!("The nearest `", $cpp, "` value: C++'s `", $cpp, "(float)`. ")]
            /// Rounds to nearest, ties to even; finite values past the largest and infinities
            /// saturate to the largest finite value of their sign; a NaN becomes `0x7f`.
            #[inline]
            pub fn from_f32(x: f32) -> Self {
                $T(f32_to_fp8::<$M, $BIAS>(x, $MAX))
            }
            /// The value as an `f32` (exact; every NaN becomes `0x7fff_ffff`).
            #[inline]
            pub fn to_f32(self) -> f32 {
                fp8_to_f32::<$M, $BIAS, $IEEE>(self.0)
            }
        }
        impl fmt::Debug for $T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.to_f32(), f)
            }
        }
        #[doc = concat!("C++ CuTe's `print(", $cpp, ")`: `printf(\"%f\", float(x))`.")]
        impl fmt::Display for $T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                print_f32_like_c(self.to_f32(), f)
            }
        }
    };
}

/// `float_e4m3_t`: an 8-bit float of 4 exponent bits (bias 7) and 3 mantissa bits, stored as
/// its bits. No infinities: `s.1111.111` is NaN, the largest finite value 448 (`0x7e`). The
/// `F32E4M3*`/`F16E4M3*` GMMA ops take A or B in this type.
///
/// # Example
/// ```
/// use cute_core::numeric::numeric_types::FloatE4M3;
/// assert_eq!(FloatE4M3::from_f32(1.5).to_bits(), 0x3c);
/// assert_eq!(FloatE4M3::from_f32(1.0e6).to_f32(), 448.0); // saturates
/// assert_eq!(FloatE4M3::from_f32(f32::INFINITY).to_bits(), 0x7e);
/// assert!(FloatE4M3::from_f32(f32::NAN).to_f32().is_nan());
/// assert_eq!(FloatE4M3::from_f32(-0.001953125).to_string(), "-0.001953");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct FloatE4M3(u8);
float8!(FloatE4M3, "float_e4m3_t", 3, 7, false, 0x7e);

/// `float_e5m2_t`: an 8-bit float of 5 exponent bits (bias 15) and 2 mantissa bits, stored as
/// its bits; IEEE-like (`s.11111.00` is infinity, `s.11111.xx` NaN), the largest finite value
/// 57344 (`0x7b`). Conversion from `f32` saturates as for [`FloatE4M3`] (C++'s default), so
/// it never gives infinity. The `F32E5M2*`/`F16E5M2*` GMMA ops take A or B in this type.
///
/// # Example
/// ```
/// use cute_core::numeric::numeric_types::FloatE5M2;
/// assert_eq!(FloatE5M2::from_f32(3.0).to_bits(), 0x42);
/// assert_eq!(FloatE5M2::from_f32(f32::NEG_INFINITY).to_f32(), -57344.0);
/// assert_eq!(FloatE5M2::from_bits(0x7c).to_f32(), f32::INFINITY);
/// assert_eq!(FloatE5M2::from_bits(0xfc).to_string(), "-inf");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct FloatE5M2(u8);
float8!(FloatE5M2, "float_e5m2_t", 2, 15, true, 0x7b);

/// `uint128_t`: 128 bits with 16-byte alignment, the register type of 128-bit vector copies
/// (`UniversalCopy<Uint128>` moves four `f32`s with one `ld.v4`/`st.v4`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
#[repr(C, align(16))]
pub struct Uint128(pub [u32; 4]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_arithmetic_rounds_once() {
        let h = |x: f32| Half::from_f32(x);
        assert_eq!((h(1.5) * h(-2.0)).to_f32(), -3.0);
        assert_eq!((h(1.0) + h(2.0)).to_f32(), 3.0);
        // 1 + 2^-11 is a tie between 1 and 1 + 2^-10: to even, 1
        assert_eq!((h(1.0) + h(0.00048828125)).to_f32(), 1.0);
        // 2049 * 1: 2049 is not a half, the product rounds to 2048 (ties to even)
        assert_eq!((h(2047.0) + h(2.0)).to_f32(), 2048.0);
        assert_eq!(
            (h(0.1) * h(3.0)).to_bits(),
            h(h(0.1).to_f32() * 3.0).to_bits()
        );
    }

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
            (-0.0, 0x8000),
            (1.0, 0x3f80),
            (-2.0, 0xc000),
            (1.0 + 1.0 / 256.0, 0x3f80), // tie, even below
            (1.0 + 3.0 / 256.0, 0x3f82), // tie, even above
            (1.0 + 1.0 / 256.0 + 1.0 / 65536.0, 0x3f81), // above the tie
            (f32::MAX, 0x7f80),          // rounds up to infinity
            (f32::INFINITY, 0x7f80),
            (f32::NEG_INFINITY, 0xff80),
            (f32::NAN, 0x7fff),
            (1.0e-40, 0x0001), // subnormal: 1e-40 ~ 0x000116c2
        ] {
            assert_eq!(BFloat16::from_f32(x).to_bits(), bits, "{x}");
        }
        for bits in (0u16..0x7f80).step_by(5) {
            let h = BFloat16::from_bits(bits);
            assert_eq!(BFloat16::from_f32(h.to_f32()), h);
        }
    }

    #[test]
    fn tfloat32_rounds_to_nearest_even() {
        for (x, bits) in [
            (1.0f32, 0x3f80_0000u32),
            (1.0 + 1.0 / 2048.0, 0x3f80_0000), // tie, even below
            (1.0 + 3.0 / 2048.0, 0x3f80_4000), // tie, even above
            (1.0 + 1.0 / 4096.0, 0x3f80_0000), // below the tie
            (-3.0, 0xc040_0000),
            (f32::MAX, 0x7f80_0000),
            (f32::NAN, 0x7fff_e000),
        ] {
            assert_eq!(TFloat32::from_f32(x).to_bits(), bits, "{x}");
        }
        assert_eq!(TFloat32::from_bits(0x3f80_1fff).to_f32(), 1.0);
    }

    // Expected strings: tests/cpp/atoms.cpp, case "print_numeric" (C++'s `print(x)`).
    #[test]
    fn floats_print_as_cute() {
        use std::string::ToString;
        let got = [
            Half::from_f32(1.5).to_string(),
            Half::from_f32(-0.0078125).to_string(),
            Half::from_f32(65504.0).to_string(),
            Half::from_f32(1.0e6).to_string(),
            BFloat16::from_f32(3.140625).to_string(),
            BFloat16::from_f32(1.0e20).to_string(),
            TFloat32::from_f32(0.1).to_string(),
            TFloat32::from_f32(-2.5e-6).to_string(),
            std::format!(
                "{:04x} {:04x} {:04x}",
                BFloat16::from_f32(1.0 + 1.0 / 256.0).to_bits(),
                BFloat16::from_f32(1.0 + 3.0 / 256.0).to_bits(),
                Half::from_f32(1.0 + 1.0 / 2048.0).to_bits()
            ),
        ];
        let want: std::vec::Vec<&str> = crate::atom::cpp_expected::cpp_case("print_numeric")
            .lines()
            .collect();
        assert_eq!(got.as_slice(), want.as_slice());
    }

    #[test]
    fn uint128_is_16_byte_aligned() {
        assert_eq!(core::mem::align_of::<Uint128>(), 16);
        assert_eq!(core::mem::size_of::<Uint128>(), 16);
    }
}
