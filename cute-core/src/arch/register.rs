//! Loads and stores of register-typed values (several consecutive elements as one value, e.g.
//! four `f32` as a 128-bit `Uint128`): aligned on the device, one vector access; unaligned on
//! the host, where test buffers need not be aligned. The memory spaces' own loads
//! ([`global`](super::global), [`smem`](super::smem)) fall back to these, and so do the
//! iterators and atoms above them.

/// Reads a register-typed value: aligned on the device (one vector load), unaligned on the
/// host (where test buffers need not be aligned).
#[inline(always)]
pub(crate) unsafe fn read_register<R: Copy>(p: *const R) -> R {
    // SAFETY: forwarded from the caller.
    unsafe {
        if cfg!(target_arch = "nvptx64") {
            p.read()
        } else {
            p.read_unaligned()
        }
    }
}

/// Writes a register-typed value, as [`read_register`] reads.
#[inline(always)]
pub(crate) unsafe fn write_register<R: Copy>(p: *mut R, v: R) {
    // SAFETY: forwarded from the caller.
    unsafe {
        if cfg!(target_arch = "nvptx64") {
            p.write(v)
        } else {
            p.write_unaligned(v)
        }
    }
}
