//! Utilities: port of `cute/util/`.

pub mod bank_conflicts;
#[cfg(feature = "std")]
pub mod bank_report;
pub mod print;
pub mod print_layout;
#[cfg(feature = "std")]
pub mod print_svg;
pub mod print_tensor;
