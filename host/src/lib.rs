pub use cute_core;
