//! Raw GPU operations: port of `cute/arch/`.
//!
//! Everything here is a thin wrapper over one PTX instruction. The functions exist on every
//! target so that code using them type-checks on the host; only on `nvptx64` do they emit
//! their instruction (the host versions panic naming the instruction, since no host code
//! should reach them). `arch` uses nothing above `numeric/`.

pub mod copy;
pub mod global;
pub mod mma;
pub mod mma_sm80;
pub mod smem;
pub mod thread;
