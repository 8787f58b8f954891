//! The one error type of the host layer.

use std::fmt;

use cudarc::cublas::result::CublasError;
use cudarc::driver::DriverError;

/// What can go wrong launching work on the GPU.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The CUDA driver reported an error.
    Driver(DriverError),
    /// cuBLAS reported an error.
    Cublas(CublasError),
    /// No usable GPU: the driver library is missing or sees no device. The text says which.
    NoDevice(String),
    /// The binary was built without PTX for the device's architecture.
    MissingPtx {
        /// The architecture the device needs, e.g. `sm_90a`.
        arch: String,
    },
    /// An argument's shape does not fit the operation, in CuTe notation.
    Shape {
        /// The operation, e.g. `sgemm`.
        op: &'static str,
        /// What the operation needs.
        expected: String,
        /// What it got.
        got: String,
    },
    /// A problem needs more GPU memory than is free.
    OutOfMemory {
        /// What needs it, e.g. `cute gemm (16384,128256,4096) bf16/f32/bf16`.
        what: String,
        /// Bytes it needs.
        needed: usize,
        /// Bytes free on the device.
        free: usize,
    },
    /// A problem needs more host memory than is available.
    OutOfHostMemory {
        /// What needs it, e.g. `hopper (16384,128256,4096) bf16/f32/bf16`.
        what: String,
        /// Bytes it needs.
        needed: usize,
        /// Bytes available (the system's `MemAvailable`).
        available: usize,
    },
    /// The benchmark could not run a part of itself (e.g. the C++ harness); the text says why.
    Bench(String),
    /// A result differs from its reference.
    Mismatch {
        /// The largest absolute (or relative, where said) error seen.
        max_abs_err: f64,
        /// The first index where the error exceeds the tolerance.
        index: usize,
    },
    /// A GEMM element is outside the error bound of its float64 reference (see
    /// [`crate::gemm::error_bound`]); the worst element.
    OutOfBound {
        /// Its row.
        m: usize,
        /// Its column.
        n: usize,
        /// The value computed.
        got: f64,
        /// The float64 reference.
        want: f64,
        /// The largest error allowed there.
        bound: f64,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Driver(e) => write!(f, "CUDA driver: {e}"),
            Error::Cublas(e) => write!(f, "cuBLAS: {e:?}"),
            Error::NoDevice(why) => write!(f, "no GPU: {why}"),
            Error::MissingPtx { arch } => match crate::ptx::MISSING {
                Some(why) => write!(f, "no PTX for {arch} in this build: {why}"),
                None => write!(f, "no PTX for {arch} in this build"),
            },
            Error::Shape { op, expected, got } => {
                write!(f, "{op}: expected {expected}, got {got}")
            }
            Error::OutOfMemory { what, needed, free } => write!(
                f,
                "{what} needs {needed} bytes ({:.2} GiB) of GPU memory, {free} ({:.2} GiB) are free",
                *needed as f64 / (1u64 << 30) as f64,
                *free as f64 / (1u64 << 30) as f64
            ),
            Error::OutOfHostMemory {
                what,
                needed,
                available,
            } => write!(
                f,
                "{what} needs {needed} bytes ({:.2} GiB) of host memory, {available} ({:.2} GiB) \
                 are available",
                *needed as f64 / (1u64 << 30) as f64,
                *available as f64 / (1u64 << 30) as f64
            ),
            Error::Bench(why) => write!(f, "bench: {why}"),
            Error::Mismatch { max_abs_err, index } => write!(
                f,
                "result differs from the reference: error {max_abs_err:e} at index {index}"
            ),
            Error::OutOfBound {
                m,
                n,
                got,
                want,
                bound,
            } => write!(
                f,
                "result differs from the reference: C({m},{n}) = {got:e}, the reference is \
                 {want:e}: error {:.3e} above the bound {bound:.3e}",
                (got - want).abs()
            ),
        }
    }
}

impl std::error::Error for Error {}

impl From<DriverError> for Error {
    fn from(e: DriverError) -> Self {
        Error::Driver(e)
    }
}
impl From<CublasError> for Error {
    fn from(e: CublasError) -> Self {
        Error::Cublas(e)
    }
}
