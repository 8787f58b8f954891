//! `print_layout`: a layout as a 2-D grid of offsets, port of `cute/util/print_layout.hpp`.
