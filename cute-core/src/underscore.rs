//! The slice marker `_` (spelled [`X`] / [`Underscore`] in Rust, as C++ CuTe also allows): port of `cute/underscore.hpp` (`slice`, `dice` on IntTuples).
