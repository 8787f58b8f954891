//! `composition` of layouts, with tilers and shapes (part of `cute/layout.hpp`).
