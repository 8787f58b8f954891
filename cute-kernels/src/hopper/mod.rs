//! The warp-specialized, persistent Hopper GEMM (issue 12), split as CUTLASS 3 splits a
//! kernel: [`pipeline`] (the full/empty `mbarrier` ring and its phase arithmetic),
//! [`mainloop`] (TMA producer, `wgmma` consumers), [`epilogue`] (registers to global with
//! alpha/beta), [`scheduler`] (the persistent grouped tile order) and [`kernel`], which
//! composes them; [`pad`] copies an operand whose rows TMA cannot address (M or N not a
//! multiple of 8 where it is contiguous) to a padded leading dimension. The pure index logic of each part compiles on the host too and is tested
//! there; the device code is under feature `sm90` (`sm_90a` PTX).

pub mod epilogue;
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub mod kernel;
pub mod mainloop;
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub mod pad;
pub mod pipeline;
pub mod scheduler;
