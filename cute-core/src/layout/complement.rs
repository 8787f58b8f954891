//! `complement` (part of `cute/layout.hpp`).
