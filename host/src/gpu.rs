//! A GPU context with the embedded kernels loaded: the few things cudarc cannot check.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use cudarc::cublas::sys::cublasMath_t;
use cudarc::cublas::CudaBlas;
use cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaStream};

use crate::error::Error;
use crate::ptx;

/// One GPU, its stream, and the modules of `cute-kernels` its architecture runs.
#[derive(Debug)]
pub struct Gpu {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    /// Loaded modules with their PTX text (to find which holds a kernel), searched in order.
    modules: Vec<(Arc<CudaModule>, String)>,
    arch: &'static str,
    name: String,
    /// The index in `modules` of each kernel looked up so far (`None`: in none of them).
    /// Searching the PTX text for a kernel took about 1 ms per launch with the SM80 kernels
    /// in the module (2.3 MB), which the benchmark's events measured as kernel time.
    found: Mutex<HashMap<String, Option<usize>>>,
    /// The cuBLAS handle of [`Gpu::f64_blas`], or why there is none; made on first use.
    f64_blas: OnceLock<Result<CudaBlas, String>>,
    /// The cuBLAS handle of [`Gpu::f32_blas`], or why there is none; made on first use.
    f32_blas: OnceLock<Result<CudaBlas, String>>,
    /// The SM count, read once ([`Gpu::sm_count`] is asked at every launch of `hopper`).
    sms: OnceLock<u32>,
}

impl Gpu {
    /// Opens device 0 and loads the kernels. Without a driver library or a device this returns
    /// `Error::NoDevice` saying why, so callers can skip GPU work with a reason; where the driver
    /// loads, any other error is returned as it is (a test must fail on it, not skip).
    pub fn new() -> Result<Gpu, Error> {
        // SAFETY: only probes whether the driver library can be opened.
        if !unsafe { cudarc::driver::sys::is_culib_present() } {
            return Err(Error::NoDevice(
                "the CUDA driver library (libcuda.so) is not installed".into(),
            ));
        }
        // The driver loads: only "no device" means there is nothing to run on; any other error
        // (a driver too old, a broken install) is a failure, not a reason to skip.
        let count = CudaContext::device_count().map_err(|e| {
            if e.0 == cudarc::driver::sys::cudaError_enum::CUDA_ERROR_NO_DEVICE {
                Error::NoDevice(format!("the CUDA driver reports {e}"))
            } else {
                Error::from(e)
            }
        })?;
        if count == 0 {
            return Err(Error::NoDevice("the CUDA driver sees no device".into()));
        }
        let ctx = CudaContext::new(0)?;
        let (major, minor) = ctx.compute_capability()?;
        let archs = ptx::archs_for(major, minor);
        let Some(&arch) = archs.first() else {
            return Err(Error::NoDevice(format!(
                "compute capability {major}.{minor} is older than sm_80"
            )));
        };
        let mut texts = Vec::new();
        // CUTE_PTX=FILE loads that PTX first, before the embedded modules, so its kernels take
        // precedence (to try a hand-edited or freshly built PTX on a GPU machine without
        // rebuilding the host).
        if let Some(path) = std::env::var_os("CUTE_PTX") {
            texts.push(std::fs::read_to_string(&path).map_err(|e| Error::Shape {
                op: "CUTE_PTX",
                expected: "a readable PTX file".into(),
                got: format!("{}: {e}", path.to_string_lossy()),
            })?);
        }
        texts.extend(
            archs
                .iter()
                .filter_map(|a| ptx::for_arch(a))
                .map(str::to_string),
        );
        if texts.is_empty() {
            return Err(Error::MissingPtx { arch: arch.into() });
        }
        let mut modules = Vec::new();
        for text in texts {
            let module = ctx.load_module(cudarc::nvrtc::Ptx::from_src(text.clone()))?;
            modules.push((module, text));
        }
        let stream = ctx.default_stream();
        let name = ctx.name()?;
        Ok(Gpu {
            ctx,
            stream,
            modules,
            arch,
            name,
            found: Mutex::new(HashMap::new()),
            f64_blas: OnceLock::new(),
            f32_blas: OnceLock::new(),
            sms: OnceLock::new(),
        })
    }

    /// The device's name, e.g. `NVIDIA H100 80GB HBM3`.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The device's architecture as the PTX modules name it (`sm_80` for any Ampere or
    /// Ada device, `sm_90a` for Hopper).
    pub fn arch(&self) -> &'static str {
        self.arch
    }
    /// The device's streaming multiprocessors.
    pub fn sm_count(&self) -> Result<u32, Error> {
        if let Some(&s) = self.sms.get() {
            return Ok(s);
        }
        let s = self.context().attribute(
            cudarc::driver::sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
        )? as u32;
        Ok(*self.sms.get_or_init(|| s))
    }
    /// Whether a loaded module has the kernel `name`.
    pub fn has_kernel(&self, name: &str) -> bool {
        self.module_of(name).is_some()
    }
    /// The index of the first loaded module that has the kernel `name` (remembered).
    fn module_of(&self, name: &str) -> Option<usize> {
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&i) = found.get(name) {
            return i;
        }
        let entry = format!(".entry {name}(");
        let i = self
            .modules
            .iter()
            .position(|(_, text)| text.contains(&entry));
        found.insert(name.to_string(), i);
        i
    }
    /// The stream work is launched on.
    pub fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }
    /// The context.
    pub fn context(&self) -> &Arc<CudaContext> {
        &self.ctx
    }
    /// The kernel named `name`, from the first loaded module that has it.
    pub fn function(&self, name: &str) -> Result<CudaFunction, Error> {
        let module = &self.modules[self.module_of(name).unwrap_or(0)].0;
        Ok(module.load_function(name)?)
    }

    /// A cuBLAS handle on [`Gpu::stream`] in pedantic math mode (the arithmetic of the type
    /// asked for, no emulation or reduced-precision shortcuts), for the float64 reference of
    /// the GEMM checks (`gemm::ReferenceSums::gpu`); made on first use. `Err` says why there is
    /// none (no cuBLAS library on this machine, or cuBLAS failed to start).
    pub fn f64_blas(&self) -> Result<&CudaBlas, String> {
        self.f64_blas
            .get_or_init(|| self.new_blas(cublasMath_t::CUBLAS_PEDANTIC_MATH))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// A cuBLAS handle on [`Gpu::stream`] in the default math mode (tensor cores for 16-bit
    /// inputs; the compute type of each call says its arithmetic), for the f32 reference of
    /// large GEMM checks ([`crate::blas_reference`]); made on first use. `Err` says why there is
    /// none.
    pub fn f32_blas(&self) -> Result<&CudaBlas, String> {
        self.f32_blas
            .get_or_init(|| self.new_blas(cublasMath_t::CUBLAS_DEFAULT_MATH))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// A cuBLAS handle on [`Gpu::stream`] in math mode `math`, or why there is none (no cuBLAS
    /// library on this machine, or cuBLAS failed to start).
    fn new_blas(&self, math: cublasMath_t) -> Result<CudaBlas, String> {
        // SAFETY: only probes whether the library can be opened.
        if !unsafe { cudarc::cublas::sys::is_culib_present() } {
            return Err("the cuBLAS library (libcublas.so) is not installed".into());
        }
        let blas = CudaBlas::new(self.stream.clone()).map_err(|e| format!("{e:?}"))?;
        // SAFETY: the handle is valid for the life of `blas`.
        unsafe {
            cudarc::cublas::sys::cublasSetMathMode(*blas.handle(), math)
                .result()
                .map_err(|e| format!("{e:?}"))?;
        }
        Ok(blas)
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
