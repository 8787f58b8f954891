//! The GMMA shared-memory matrix descriptor: port of `cute/arch/mma_sm90_desc.hpp`.
//!
//! A `wgmma.mma_async` operand in shared memory is passed as a 64-bit descriptor (PTX ISA,
//! "Matrix Descriptor Format"); [`GmmaDescriptor`] holds it and names its fields. The
//! descriptor of a layout is built by
//! [`make_gmma_desc`](crate::atom::mma_traits_sm90_gmma::make_gmma_desc).

use core::fmt;

/// `GMMA::LayoutType`: the swizzle of a descriptor's canonical layout (bits 62..64).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum LayoutType {
    /// `INTERLEAVE` (no swizzle, 8x16-byte core matrices).
    Interleave = 0,
    /// `B128`: 128-byte swizzle.
    B128 = 1,
    /// `B64`: 64-byte swizzle.
    B64 = 2,
    /// `B32`: 32-byte swizzle.
    B32 = 3,
}

impl LayoutType {
    /// The layout type of these two bits.
    #[inline(always)]
    pub const fn from_bits(bits: u8) -> Self {
        match bits & 3 {
            0 => LayoutType::Interleave,
            1 => LayoutType::B128,
            2 => LayoutType::B64,
            _ => LayoutType::B32,
        }
    }
    /// C++'s `to_string(LayoutType)`.
    pub const fn as_str(self) -> &'static str {
        match self {
            LayoutType::Interleave => "INTERLEAVE",
            LayoutType::B128 => "B128",
            LayoutType::B64 => "B64",
            LayoutType::B32 => "B32",
        }
    }
}

impl fmt::Display for LayoutType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `GmmaDescriptor`: the 64-bit shared-memory matrix descriptor of `wgmma.mma_async`.
///
/// Fields (bit ranges of the 64-bit value; addresses and offsets in units of 16 bytes):
/// start address `[0,14)`, leading byte offset `[16,30)`, stride byte offset `[32,46)`,
/// base offset `[49,52)`, layout type `[62,64)`.
///
/// # Example
/// C++'s `print(GmmaDescriptor)`, as `Display`:
/// ```
/// use cute_core::arch::mma_sm90_desc::{GmmaDescriptor, LayoutType};
/// let mut d = GmmaDescriptor::new(0);
/// d.set_start_address(0x0400);
/// d.set_leading_byte_offset(1);
/// d.set_stride_byte_offset(64);
/// d.set_layout_type(LayoutType::B128);
/// assert_eq!(d.to_string(), "GmmaDescriptor: 0x4000004000010400\n  start_addr :  0x0400\n  \
///     leading_off:  0x0001 (1)\n  stride_off :  0x0040 (64)\n  base_offset:  0x0\n  \
///     layout_type:  0x1 (B128)\n");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct GmmaDescriptor {
    /// The descriptor as the instruction takes it.
    pub desc: u64,
}

macro_rules! field {
    ($get:ident, $set:ident, $t:ty, $lo:expr, $bits:expr, $doc:literal) => {
        #[doc = concat!("The ", $doc, " field.")]
        #[inline(always)]
        pub const fn $get(&self) -> $t {
            ((self.desc >> $lo) & ((1u64 << $bits) - 1)) as $t
        }
        #[doc = concat!("Sets the ", $doc, " field (its low bits; higher bits are dropped, as C++'s bit field does).")]
        #[inline(always)]
        pub fn $set(&mut self, v: $t) {
            let mask = ((1u64 << $bits) - 1) << $lo;
            self.desc = (self.desc & !mask) | (((v as u64) << $lo) & mask);
        }
    };
}

impl GmmaDescriptor {
    /// The descriptor with these 64 bits.
    #[inline(always)]
    pub const fn new(desc: u64) -> Self {
        GmmaDescriptor { desc }
    }
    field!(
        start_address,
        set_start_address,
        u16,
        0,
        14,
        "start address (shared-memory byte address >> 4)"
    );
    field!(
        leading_byte_offset,
        set_leading_byte_offset,
        u16,
        16,
        14,
        "leading byte offset (>> 4)"
    );
    field!(
        stride_byte_offset,
        set_stride_byte_offset,
        u16,
        32,
        14,
        "stride byte offset (>> 4)"
    );
    field!(base_offset, set_base_offset, u8, 49, 3, "base offset");
    /// The layout type field.
    #[inline(always)]
    pub const fn layout_type(&self) -> LayoutType {
        LayoutType::from_bits((self.desc >> 62) as u8)
    }
    /// Sets the layout type field.
    #[inline(always)]
    pub fn set_layout_type(&mut self, t: LayoutType) {
        self.desc = (self.desc & !(3u64 << 62)) | ((t as u64) << 62);
    }
    /// The low 32 bits (C++'s `reg32_[0]`: the start address and the leading byte offset).
    #[inline(always)]
    pub const fn lo(&self) -> u32 {
        self.desc as u32
    }
    /// The high 32 bits (C++'s `reg32_[1]`).
    #[inline(always)]
    pub const fn hi(&self) -> u32 {
        (self.desc >> 32) as u32
    }
    /// C++'s `DescriptorIterator + offset`: the descriptor with `offset` added to its low 32
    /// bits (moving the start address by `offset * 16` bytes).
    #[inline(always)]
    pub const fn offset(self, offset: u32) -> Self {
        GmmaDescriptor {
            desc: (self.desc & !0xffff_ffff) | self.lo().wrapping_add(offset) as u64,
        }
    }
}

impl From<GmmaDescriptor> for u64 {
    #[inline(always)]
    fn from(d: GmmaDescriptor) -> u64 {
        d.desc
    }
}

/// C++'s `print(GmmaDescriptor)`, line for line.
impl fmt::Display for GmmaDescriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "GmmaDescriptor: 0x{:016x}", self.desc)?;
        writeln!(f, "  start_addr :  0x{:04x}", self.start_address())?;
        let (l, s) = (self.leading_byte_offset(), self.stride_byte_offset());
        writeln!(f, "  leading_off:  0x{l:04x} ({l})")?;
        writeln!(f, "  stride_off :  0x{s:04x} ({s})")?;
        writeln!(f, "  base_offset:  0x{:01x}", self.base_offset())?;
        let t = self.layout_type();
        writeln!(f, "  layout_type:  0x{:01x} ({})", t as u8, t)
    }
}
impl fmt::Debug for GmmaDescriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    // Expected: tests/cpp/gmma.cpp, case "desc MN_SW64 m0 k0 stage0".
    #[test]
    fn fields_round_trip_and_print_as_cute() {
        let d = GmmaDescriptor::new(0x8000008000200000);
        assert_eq!(d.leading_byte_offset(), 32);
        assert_eq!(d.stride_byte_offset(), 128);
        assert_eq!(d.layout_type(), LayoutType::B64);
        assert_eq!(
            d.to_string(),
            "GmmaDescriptor: 0x8000008000200000\n  start_addr :  0x0000\n  leading_off:  0x0020 (32)\n  stride_off :  0x0080 (128)\n  base_offset:  0x0\n  layout_type:  0x2 (B64)\n"
        );
        let mut e = d;
        e.set_base_offset(5);
        assert_eq!(e.base_offset(), 5);
        assert_eq!(e.desc, d.desc | (5u64 << 49));
        assert_eq!(d.offset(3).start_address(), 3);
    }
}
