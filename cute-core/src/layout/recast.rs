//! `upcast`, `downcast`, `max_common_vector`, `max_common_layout` (part of `cute/layout.hpp`).
