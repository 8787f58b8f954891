//! Static and dynamic integers: port of `cute/numeric/integral_constant.hpp`.
//!
//! A static integer is the zero-sized type [`C<N>`] (CuTe's `Int<N>`), where `N` is a typenum
//! signed integer; a dynamic integer is a plain `i32` or `i64`. Both implement [`Integral`], and
//! every arithmetic trait here ([`IntAdd`], [`IntMul`], ...) is implemented for every mix:
//! the result is static exactly when both operands are. This is the only module (with its
//! siblings under `numeric/`) that names typenum.

use core::fmt;
use core::marker::PhantomData;

use typenum::{Bit, Integer, B0, B1};

/// A static integer, CuTe's `Int<N>` / `C<N>`: a zero-sized type whose value is `N`.
///
/// Use the aliases (`_4`, `_m1`, ...) rather than spelling `N`: each alias is both a type and
/// a value.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let x = _4 * _8;
/// assert_eq!(x.to_string(), "_32");
/// assert_eq!(core::mem::size_of_val(&x), 0);
/// ```
pub struct C<N>(PhantomData<N>);

/// CuTe's spelling of a static integer type.
pub type Int<N> = C<N>;

impl<N> C<N> {
    /// The (only) value of this static integer type.
    pub const fn new() -> Self {
        C(PhantomData)
    }
}
impl<N> Clone for C<N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N> Copy for C<N> {}
impl<N> Default for C<N> {
    fn default() -> Self {
        C::new()
    }
}
impl<N: Integer> PartialEq for C<N> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<N: Integer> Eq for C<N> {}
impl<N: Integer> fmt::Display for C<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", N::I64)
    }
}
impl<N: Integer> fmt::Debug for C<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", N::I64)
    }
}

/// An integer leaf of an IntTuple: a static [`C<N>`] or a dynamic `i32`/`i64`.
///
/// `IsStatic` is `B1` for static integers; `STATIC` holds their value. Generic code decides at
/// compile time with `IsStatic` and reads run-time values with [`Integral::value`].
pub trait Integral: Copy + Default + fmt::Debug + fmt::Display + 'static {
    /// `B1` for a static integer, `B0` for a dynamic one.
    type IsStatic: Bit;
    /// `Some(value)` for a static integer, `None` for a dynamic one.
    const STATIC: Option<i64>;
    /// The value, static or not.
    fn value(self) -> i64;
}

impl<N: Integer + 'static> Integral for C<N> {
    type IsStatic = B1;
    const STATIC: Option<i64> = Some(N::I64);
    #[inline(always)]
    fn value(self) -> i64 {
        N::I64
    }
}

/// A dynamic integer type: `i32` (CuTe's `int`) or `i64`.
pub trait DynInt: Integral + Ord {
    /// Converts from an `i64` (truncating, as a C++ conversion would).
    fn from_i64(v: i64) -> Self;
}

macro_rules! dyn_integral {
    ($($t:ty),*) => {$(
        impl Integral for $t {
            type IsStatic = B0;
            const STATIC: Option<i64> = None;
            #[inline(always)]
            fn value(self) -> i64 {
                self as i64
            }
        }
        impl DynInt for $t {
            #[inline(always)]
            fn from_i64(v: i64) -> Self {
                v as $t
            }
        }
    )*};
}
dyn_integral!(i32, i64);

/// A type-level boolean's value and its choice between two types.
pub trait Bool: Bit {
    /// `T` for `B1`, `F` for `B0`.
    type If<T, F>;
}
impl Bool for B1 {
    type If<T, F> = T;
}
impl Bool for B0 {
    type If<T, F> = F;
}

/// The typenum unsigned integer equal to a non-negative static integer, for APIs whose
/// lengths are typenum types: `generic_array::GenericArray<T, UnsignedOf<SizeOf<S>>>` is an
/// array of `size(S)` elements.
///
/// # Example
/// ```
/// use cute_core::int_tuple::SizeOf;
/// use cute_core::numeric::integral_constant::UnsignedOf;
/// use cute_core::prelude::*;
/// use generic_array::GenericArray;
/// let a: GenericArray<f32, UnsignedOf<SizeOf<(_4, (_2, _3))>>> = GenericArray::default();
/// assert_eq!(a.len(), 24);
/// ```
pub trait ToUnsigned {
    /// The typenum unsigned integer (it is a `generic_array::ArrayLength`).
    type Output: typenum::Unsigned + generic_array::ArrayLength;
}
/// The type of [`ToUnsigned`] of a non-negative static integer.
pub type UnsignedOf<T> = <T as ToUnsigned>::Output;
impl ToUnsigned for C<typenum::Z0> {
    type Output = typenum::U0;
}
impl<U> ToUnsigned for C<typenum::PInt<U>>
where
    U: typenum::Unsigned + typenum::NonZero + generic_array::ArrayLength,
{
    type Output = U;
}
