//! Swizzles meeting layouts: port of `cute/swizzle_layout.hpp`.
