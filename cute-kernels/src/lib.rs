//! GPU kernels written in Rust against `cute-core`, compiled to PTX.
//!
//! `host/build.rs` builds this crate for `nvptx64-nvidia-cuda` with `-Zbuild-std=core` once per
//! PTX module and embeds the PTX in the `cute` tool: feature `sm80` (built for `sm_80`, loaded
//! on Ampere and Hopper) holds the SGEMMs and the SM80 tensor-core kernels, feature `sm90`
//! (built for `sm_90a`) the kernels that need Hopper; `device.rs`'s small kernels are in both.
//! [`tutorial`] holds the ports of CuTe's tutorials, [`gemm`] the Hopper GEMM family. On any
//! other target the crate has no kernels: kernels only exist on the device.
#![no_std]
// The device build type-checks this crate with rustc's next trait solver (host/build.rs),
// which counts the depth of the algebra's nested trait goals against this limit: 128 (the
// default) overflows on the tutorial ports' partitions.
#![recursion_limit = "256"]
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

// The Hopper GEMM family: on the host (its configurations and member table are read and
// tested there) and in the sm_90a module; the sm_80 module has none of its kernels, so it does
// not type-check the family's configurations either.
#[cfg(any(not(target_arch = "nvptx64"), feature = "sm90"))]
pub mod gemm;
#[cfg(all(target_arch = "nvptx64", feature = "sm80"))]
pub mod hgemm_sm80;
/// The shared-memory layouts of `hgemm_sm80` (on every target: host tests check them).
pub mod hgemm_sm80_smem;
#[cfg(all(target_arch = "nvptx64", feature = "sm80"))]
pub mod sm80_ops;
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub mod sm90_atoms;
pub mod tutorial;
