//! The swizzle functor: the dynamic counterpart of CuTe's `cute/swizzle.hpp` (`Swizzle<B,M,S>`).

use alloc::format;
use core::fmt;

use super::error::{Error, Result};
use super::int_tuple::Int;

/// CuTe's `Swizzle<B,M,S>`: XOR the `B` bits of an offset that sit `S` above bit `M` into
/// the `B` bits at `M` (for negative `S`, the other way round).
///
/// ```text
/// 0bxxxxxxxxxxxxxxxYYYxxxxxxxxxZZZxxxx    B = 3 bits, M = 4, S = 10
///                  ^--^ YYY      ^--^ ZZZ
/// result = offset ^ ((offset & YYY-mask) >> S)
/// ```
///
/// `Display` prints `Sw<B,M,S>`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{Int, Swizzle};
/// let sw = Swizzle::new(3, 4, 3).unwrap();
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// assert_eq!(sw.apply(Int::dynamic(200)).to_string(), "216");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    bits: i64,
    base: i64,
    shift: i64,
}

impl Swizzle {
    /// `Swizzle<B,M,S>` with `bits = B`, `base = M`, `shift = S`.
    ///
    /// # Preconditions
    /// `B >= 0`, `M >= 0`, `|S| >= B`, and every bit touched lies below bit 62
    /// (`B + M + |S| <= 62`), else `Err` (`Swizzle: |S| = 2 is below B = 3`).
    pub fn new(bits: i64, base: i64, shift: i64) -> Result<Swizzle> {
        const OP: &str = "Swizzle";
        if bits < 0 || base < 0 {
            return Err(Error::new(
                OP,
                format!("B = {bits} and M = {base} must not be negative"),
            ));
        }
        let abs_s = shift.checked_abs().unwrap_or(i64::MAX);
        if abs_s < bits {
            return Err(Error::new(OP, format!("|S| = {abs_s} is below B = {bits}")));
        }
        let top = bits.checked_add(base).and_then(|v| v.checked_add(abs_s));
        if top.is_none_or(|t| t > 62) {
            return Err(Error::new(
                OP,
                format!("B + M + |S| = {bits} + {base} + {abs_s} is above 62 bits"),
            ));
        }
        Ok(Swizzle { bits, base, shift })
    }

    /// `B`, the number of bits.
    pub fn bits(&self) -> i64 {
        self.bits
    }

    /// `M`, the number of least-significant bits kept.
    pub fn base(&self) -> i64 {
        self.base
    }

    /// `S`, the distance of the shift.
    pub fn shift(&self) -> i64 {
        self.shift
    }

    /// CuTe's `Swizzle<B,M,S>{}(offset)`: `offset ^ shiftr(offset & yyy_msk, S)`.
    ///
    /// The result is static iff `offset` is.
    pub fn apply(&self, offset: Int) -> Int {
        let mask = (1i64 << self.bits) - 1;
        let yyy = mask << (self.base + self.shift.max(0));
        let picked = offset.value & yyy;
        let moved = if self.shift >= 0 {
            picked >> self.shift
        } else {
            picked << (-self.shift)
        };
        Int::new(offset.value ^ moved, offset.is_static)
    }
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn sw(b: i64, m: i64, s: i64, x: i64) -> i64 {
        Swizzle::new(b, m, s).unwrap().apply(Int::dynamic(x)).value
    }

    #[test]
    fn values() {
        assert_eq!(sw(3, 4, 3, 200), 216);
        assert_eq!(sw(4, 2, 4, 556), 524);
        assert_eq!(sw(0, 3, -4, 377), 377);
        assert_eq!(sw(2, 0, -2, 0b1101), 0b1101 ^ (0b01 << 2));
        assert_eq!(sw(1, 0, 1, 2), 3);
    }

    #[test]
    fn preconditions() {
        assert_eq!(
            Swizzle::new(3, 4, 2).unwrap_err().to_string(),
            "Swizzle: |S| = 2 is below B = 3"
        );
        assert!(Swizzle::new(-1, 0, 1).is_err());
        assert!(Swizzle::new(30, 30, 30).is_err());
        assert!(Swizzle::new(1, 0, i64::MIN).is_err());
        assert_eq!("Sw<2,3,-3>".parse::<Swizzle>().unwrap().shift(), -3);
    }
}
