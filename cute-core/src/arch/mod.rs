//! Raw GPU operations: port of `cute/arch/`.
//!
//! Everything here is a thin wrapper over one PTX instruction. The functions exist on every
//! target so that code using them type-checks on the host; only on `nvptx64` do they emit
//! their instruction (the host versions panic naming the instruction, since no host code
//! should reach them). `arch` uses nothing above `numeric/`.

/// `$op` (an `ld` instruction without its type, e.g. `"ld.shared"`) of a `$T` at the 64-bit
/// address `$a`, returned from the enclosing function, for values of 4, 8 or 16 bytes (`.b32`,
/// `.b64`, `.v4.b32`); other sizes fall through. Device only; an `unsafe` context whose caller
/// guarantees the address is valid and aligned for `$T`.
#[cfg(target_arch = "nvptx64")]
macro_rules! load_by_size {
    ($op:literal, $T:ty, $a:expr) => {{
        let a: u64 = $a;
        match core::mem::size_of::<$T>() {
            4 => {
                let v: u32;
                core::arch::asm!(concat!($op, ".b32 {v}, [{a}];"), v = out(reg32) v,
                                 a = in(reg64) a, options(pure, readonly, nostack, preserves_flags));
                return core::mem::transmute_copy(&v);
            }
            8 => {
                let v: u64;
                core::arch::asm!(concat!($op, ".b64 {v}, [{a}];"), v = out(reg64) v,
                                 a = in(reg64) a, options(pure, readonly, nostack, preserves_flags));
                return core::mem::transmute_copy(&v);
            }
            16 => {
                let (x, y, z, w): (u32, u32, u32, u32);
                core::arch::asm!(concat!($op, ".v4.b32 {{{x}, {y}, {z}, {w}}}, [{a}];"),
                                 x = out(reg32) x, y = out(reg32) y, z = out(reg32) z,
                                 w = out(reg32) w, a = in(reg64) a,
                                 options(pure, readonly, nostack, preserves_flags));
                return core::mem::transmute_copy(&[x, y, z, w]);
            }
            _ => {}
        }
    }};
}

pub mod cluster_sm90;
pub mod copy;
pub mod copy_sm75;
pub mod copy_sm80;
pub mod copy_sm90_tma;
pub mod copy_sm90_tma_store;
pub mod generic_barrier;
pub mod global;
pub mod grid_dependency_control;
pub mod mma;
pub mod mma_sm80;
pub mod mma_sm90;
pub mod mma_sm90_desc;
pub mod mma_sm90_gmma;
pub mod reg_reconfig_sm90;
pub(crate) mod register;
pub mod smem;
pub mod thread;
