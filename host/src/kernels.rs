//! One safe function per kernel of `cute-kernels`: each checks its arguments, then does the
//! only `unsafe` launch.

use cudarc::driver::{CudaSlice, LaunchConfig, PushKernelArg};

use crate::error::Error;
use crate::gpu::Gpu;

/// Runs `layout_eval`: `out[i] = L(i % 128)` for the static layout
/// `((_4,_2),(_8,_2)):((_2,_64),(_8,_1))` (see the kernel).
pub fn layout_eval(gpu: &Gpu, out: &mut CudaSlice<i32>) -> Result<(), Error> {
    let n = i32::try_from(out.len()).map_err(|_| Error::Shape {
        op: "layout_eval",
        expected: "at most 2^31-1 elements".into(),
        got: out.len().to_string(),
    })?;
    let f = gpu.function("layout_eval")?;
    let cfg = LaunchConfig::for_num_elems(n as u32);
    let mut launch = gpu.stream().launch_builder(&f);
    launch.arg(out).arg(&n);
    // SAFETY: `layout_eval(out: *mut i32, n: i32)` writes out[i] for i < n, and `out` holds
    // n elements; the argument types and order match the kernel's signature.
    unsafe { launch.launch(cfg) }?;
    Ok(())
}
