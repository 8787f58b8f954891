pub use cute_core;
pub mod ptx;
