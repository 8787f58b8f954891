//! Slicing layouts with `_`: `slice`, `dice`, `slice_and_offset`, `domain_offset` (part of `cute/layout.hpp`).
