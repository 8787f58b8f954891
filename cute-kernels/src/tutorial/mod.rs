//! Ports of CuTe's tutorials (CUTLASS 4.2, `examples/cute/tutorial`), one module per `.cu`
//! file: `sgemm_1`, `sgemm_2`, `sgemm_sm80`, `wgmma_sm90` (`hopper/wgmma_sm90.cu`) and
//! `wgmma_tma_sm90` (`hopper/wgmma_tma_sm90.cu`). Each keeps its tutorial's `gemm_device`
//! line by line where Rust allows, and says where it goes past it (predication for any M, N, K,
//! vector copies, the order of the tiles).
//!
//! They use `cute-core` and nothing else: no code is shared with the Hopper GEMM family
//! ([`crate::gemm`]), so either can change without the other. `sgemm_common` (predicated
//! copies and epilogues over identity tensors) and [`tile_order`] (the grouped order of the
//! Hopper ports' tiles) serve only the tutorials.
//!
//! The kernels' names (`#[no_mangle]`) are what the host loads (`host/src/kernels`, and
//! `host/build.rs` for the launch bounds); `sgemm_*` are in the `sm80` PTX module, `wgmma_*`
//! in `sm90`.
//!
//! # Generic functions and macros
//! C++ writes `gemm_device` once, as a template, and each host function (`gemm_nt`,
//! `gemm_tn`) instantiates it with its strides, layouts, copies and MMA. In Rust:
//! - `wgmma_tma_sm90` is a generic function, `wgmma_tma_device<C: Config>`, over a small
//!   configuration trait (the operands' major and the element type): the algebra it runs on
//!   types depends on the configuration only through two 16-bit layout atoms, which the trait's
//!   bounds make concrete, so the generic body type-checks once.
//! - `sgemm_1`, `sgemm_2`, `sgemm_sm80` and `wgmma_sm90` run the whole tutorial in the
//!   layout algebra, whose results' types are computed from the arguments' types (`local_tile`
//!   of an `(M,K):(_1,ldA)` tensor has another type than that of an `(M,K):(ldA,_1)` one). In
//!   a function generic over a configuration `C` such a result is an unnormalized projection,
//!   `<Layout<(i32,i32), C::StrideA> as Partition<..>>::Output`, which the next operation (one
//!   that takes a `Tensor<E, L>`) rejects: a generic `sgemm_1` body of three lines (`make_tensor`,
//!   `local_tile`, `local_partition` with the configuration's stride and thread layout) fails
//!   with E0277 (`C::StrideA: Split`, needed by `local_tile`'s `Partition` bound) and E0308
//!   (`local_partition` expected `Layout<_, _>`, found an associated type). It would compile
//!   only with a where-clause naming the type of every tile, partition, slice and fragment of
//!   the body, which are the types rustc computes for each concrete configuration: unreadable,
//!   and rustc's slow path (docs/ARCHITECTURE.md, "Build time", rules 1 and 7). So each of these
//!   ports is one `macro_rules!` body holding C++'s `gemm_device`, expanded once per kernel.
//!
//! Either way each kernel is an `extern "ptx-kernel"` entry that only calls the body: Rust
//! cannot give a generic function's instance a chosen symbol name, so the entries of a
//! configuration list are written out (or stamped out by a macro).

#[cfg(all(target_arch = "nvptx64", feature = "sm80"))]
pub mod sgemm_1;
#[cfg(all(target_arch = "nvptx64", feature = "sm80"))]
pub mod sgemm_2;
#[cfg(all(target_arch = "nvptx64", any(feature = "sm80", feature = "sm90")))]
pub mod sgemm_common;
#[cfg(all(target_arch = "nvptx64", feature = "sm80"))]
pub mod sgemm_sm80;
pub mod tile_order;
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub mod wgmma_sm90;
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub mod wgmma_tma_sm90;
