//! GPU kernels written in Rust against `cute-core`, compiled to PTX.
//!
//! `host/build.rs` builds this crate for `nvptx64-nvidia-cuda` with `-Zbuild-std=core` once per
//! PTX module and embeds the PTX in the `cute` tool: feature `sm80` (built for `sm_80`, loaded
//! on Ampere and Hopper) holds the SGEMMs, feature `sm90` (built for `sm_90a`) the kernels
//! that need Hopper; `device.rs`'s small kernels are in both. On any other
//! target the crate is empty: kernels only exist on the device.
#![no_std]
#![cfg_attr(
    target_arch = "nvptx64",
    feature(abi_ptx, asm_experimental_arch, macro_metavar_expr_concat)
)]

// On the host the crate has no kernels; std supplies the panic handler a cdylib needs.
#[cfg(not(target_arch = "nvptx64"))]
extern crate std;

#[cfg(target_arch = "nvptx64")]
mod device;

#[cfg(target_arch = "nvptx64")]
pub use device::*;

pub mod gemm;
#[cfg(all(target_arch = "nvptx64", feature = "sm80"))]
pub mod hgemm_sm80;
/// The shared-memory layouts of `hgemm_sm80` (on every target: host tests check them).
pub mod hgemm_sm80_smem;
#[cfg(all(target_arch = "nvptx64", feature = "sm80"))]
pub mod sgemm_1;
#[cfg(all(target_arch = "nvptx64", feature = "sm80"))]
pub mod sgemm_2;
#[cfg(all(target_arch = "nvptx64", any(feature = "sm80", feature = "sm90")))]
mod sgemm_common;
#[cfg(all(target_arch = "nvptx64", feature = "sm80"))]
pub mod sgemm_sm80;
#[cfg(all(target_arch = "nvptx64", feature = "sm80"))]
pub mod sm80_ops;
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub mod sm90_atoms;
pub mod tile_order;
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub mod wgmma_sm90;
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub mod wgmma_tma_sm90;
