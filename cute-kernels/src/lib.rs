//! GPU kernels written in Rust against `cute-core`, compiled to PTX.
//!
//! `host/build.rs` builds this crate for `nvptx64-nvidia-cuda` once per architecture (`sm_80`,
//! `sm_90a`) with `-Zbuild-std=core` and embeds the PTX in the `cute` tool. On any other
//! target the crate is empty: kernels only exist on the device.
#![no_std]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx, asm_experimental_arch))]

// On the host the crate has no kernels; std supplies the panic handler a cdylib needs.
#[cfg(not(target_arch = "nvptx64"))]
extern crate std;

#[cfg(target_arch = "nvptx64")]
mod device;

#[cfg(target_arch = "nvptx64")]
pub use device::*;

#[cfg(target_arch = "nvptx64")]
pub mod sgemm_1;
#[cfg(target_arch = "nvptx64")]
pub mod sgemm_2;
#[cfg(target_arch = "nvptx64")]
mod sgemm_common;
