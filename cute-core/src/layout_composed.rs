//! `ComposedLayout`, printed `A o offset o B`: port of `cute/layout_composed.hpp`.
