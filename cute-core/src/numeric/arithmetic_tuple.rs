//! Scaled bases (`_1@0`) and arithmetic tuples: port of `cute/numeric/arithmetic_tuple.hpp`.
