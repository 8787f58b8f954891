//! Utilities: port of `cute/util/`.

pub mod print;
pub mod print_layout;
pub mod print_tensor;
