//! `coalesce`, `filter`, `filter_zeros` (part of `cute/layout.hpp`).
