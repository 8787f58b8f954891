//! Utilities: port of `cute/util/`.

pub mod bank_conflicts;
pub mod print;
pub mod print_layout;
pub mod print_tensor;
