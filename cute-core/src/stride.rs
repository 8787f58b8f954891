//! Coordinates and strides: port of `cute/stride.hpp` (`idx2crd`, `compact_col_major`, `compact_row_major`, `compact_order`).
