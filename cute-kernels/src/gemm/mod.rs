//! The GEMM of this crate, written in the algebra and split as CUTLASS 3 splits one:
//!
//! - [`config`]: a configuration as CuTe types (tile shape, schedule, element types, majors,
//!   stages; the shared-memory layouts `tile_to_shape` of GMMA atoms and the `wgmma` that
//!   `ss_op_selector` picks, computed from them);
//! - [`pipeline`]: the full/empty `mbarrier` ring between the TMA producer and the consumers;
//! - [`collective`]: the mainloop and the epilogue, each a trait with its SM90 implementation;
//! - [`tile_scheduler`]: which tiles a CTA computes, in which order;
//! - [`kernel`]: `gemm_universal`, generic over the mainloop, the epilogue and the scheduler;
//! - [`members`]: the family's members, each one declaration, and their kernel entries;
//! - `pad` (device only): copies of operands whose rows TMA cannot address;
//! - [`split_k`]: the workspace in which split-K's units add up their partial sums.
//!
//! Everything but the device code compiles on the host too, where the configurations'
//! layouts, descriptors and shared-memory sizes are tested and read by `cute-host`.

pub mod collective;
pub mod config;
pub mod kernel;
pub mod members;
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub mod pad;
pub mod pipeline;
pub mod split_k;
pub mod tile_scheduler;
