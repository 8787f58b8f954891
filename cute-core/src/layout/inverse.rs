//! `right_inverse`, `left_inverse`, `nullspace` (part of `cute/layout.hpp`).
