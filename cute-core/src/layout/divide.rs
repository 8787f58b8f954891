//! `logical_divide`, `zipped_divide`, `tiled_divide`, `flat_divide` (part of `cute/layout.hpp`).
