//! The swizzle functor `Sw<B,M,S>`: port of `cute/swizzle.hpp`.
