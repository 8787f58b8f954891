//! A GPU context with the embedded kernels loaded: the few things cudarc cannot check.

use std::sync::Arc;

use cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaStream};

use crate::error::Error;
use crate::ptx;

/// One GPU, its stream, and the module of `cute-kernels` built for its architecture.
#[derive(Debug)]
pub struct Gpu {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    module: Arc<CudaModule>,
    arch: &'static str,
    name: String,
}

impl Gpu {
    /// Opens device 0 and loads the kernels. Without a driver or a device this returns
    /// `Error::NoDevice` saying why, so callers can skip GPU work with a reason.
    pub fn new() -> Result<Gpu, Error> {
        // SAFETY: only probes whether the driver library can be opened.
        if !unsafe { cudarc::driver::sys::is_culib_present() } {
            return Err(Error::NoDevice(
                "the CUDA driver library (libcuda.so) is not installed".into(),
            ));
        }
        let count = CudaContext::device_count()
            .map_err(|e| Error::NoDevice(format!("the CUDA driver reports {e}")))?;
        if count == 0 {
            return Err(Error::NoDevice("the CUDA driver sees no device".into()));
        }
        let ctx = CudaContext::new(0)?;
        let (major, minor) = ctx.compute_capability()?;
        let arch = match (major, minor) {
            (9, 0) => "sm_90a",
            (m, _) if m >= 8 => "sm_80",
            _ => {
                return Err(Error::NoDevice(format!(
                    "compute capability {major}.{minor} is older than sm_80"
                )))
            }
        };
        // CUTE_PTX=FILE loads that PTX instead of the embedded one (to try a hand-edited or
        // freshly built PTX on a GPU machine without rebuilding the host).
        let text = match std::env::var_os("CUTE_PTX") {
            Some(path) => std::fs::read_to_string(&path).map_err(|e| {
                Error::NoDevice(format!("CUTE_PTX={}: {e}", path.to_string_lossy()))
            })?,
            None => ptx::for_arch(arch)
                .ok_or(Error::MissingPtx { arch: arch.into() })?
                .to_string(),
        };
        let module = ctx.load_module(cudarc::nvrtc::Ptx::from_src(text))?;
        let stream = ctx.default_stream();
        let name = ctx.name()?;
        Ok(Gpu {
            ctx,
            stream,
            module,
            arch,
            name,
        })
    }

    /// The device's name, e.g. `NVIDIA H100 80GB HBM3`.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The architecture whose PTX was loaded (`sm_80` or `sm_90a`).
    pub fn arch(&self) -> &'static str {
        self.arch
    }
    /// The stream work is launched on.
    pub fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }
    /// The context.
    pub fn context(&self) -> &Arc<CudaContext> {
        &self.ctx
    }
    /// The kernel named `name` in the embedded module.
    pub fn function(&self, name: &str) -> Result<CudaFunction, Error> {
        Ok(self.module.load_function(name)?)
    }

    /// Times `work` with CUDA events: `warmup` untimed runs, then `iters` timed runs, each
    /// between its own pair of events; returns the milliseconds of each timed run.
    pub fn time_ms(
        &self,
        warmup: usize,
        iters: usize,
        mut work: impl FnMut() -> Result<(), Error>,
    ) -> Result<Vec<f32>, Error> {
        for _ in 0..warmup {
            work()?;
        }
        let flags = Some(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT);
        let mut times = Vec::with_capacity(iters);
        for _ in 0..iters {
            let start = self.ctx.new_event(flags)?;
            let end = self.ctx.new_event(flags)?;
            start.record(&self.stream)?;
            work()?;
            end.record(&self.stream)?;
            times.push(start.elapsed_ms(&end)?);
        }
        Ok(times)
    }
}

/// The median of some timings (the benchmark's statistic).
pub fn median(times: &[f32]) -> f32 {
    let mut v = times.to_vec();
    v.sort_by(f32::total_cmp);
    let n = v.len();
    if n == 0 {
        f32::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}
