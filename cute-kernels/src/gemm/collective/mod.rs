//! The collectives of the GEMM: [`mainloop`] (loads and MMAs of one output tile over its
//! k-tiles) and [`epilogue`] (the tile's accumulators to D), each a trait and its SM90
//! warp-specialized implementation (CUTLASS's `collective/`), and the epilogue's [`fusion`]
//! ops (bias, activation, aux output, scale).

pub mod epilogue;
pub mod fusion;
pub mod mainloop;
