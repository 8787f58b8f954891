//! The warp-specialized persistent Hopper GEMM (`cute-kernels/src/hopper`): its host side.
//!
//! `C = alpha * A * B^T + beta * C` in the layouts of [`crate::gemm`] (TN: A `M x K` and B `N x K`
//! both k-major; NT, NN, TT: m/n-major operands; C m-major; tight leading dimensions), 16-bit inputs (`f16`/`bf16` bits in
//! `u16`), `f32` accumulation, output of the input's type or `f32`.
//!
//! The kernel computes `D(r, c) = sum_k X(r, k) Y(c, k)` with `D(r, c) = d[r * ldd + c]`
//! (columns contiguous). For C m-major it is run transposed: `X = B`, `Y = A`, `D = C^T`,
//! `ldd = M`: a thread's accumulator pairs are then consecutive in M, one 4-byte store.
//!
//! Tensor maps: built here with `cuTensorMapEncodeTiled` (2-D, K innermost, 128-byte swizzle,
//! boxes `64 x 128` and `64 x 256`) and copied to device memory, the kernel taking their
//! addresses. TMA needs every row's byte stride to be a multiple of 16: K a multiple of 8, and
//! M (N) too where A (B) is m-major (n-major).

use std::ffi::c_void;

use cudarc::driver::sys;
use cudarc::driver::{CudaFunction, CudaSlice, DevicePtr, DeviceRepr, LaunchConfig, PushKernelArg};

use crate::error::Error;
use crate::gemm::{GemmLayout, GemmShape};
use crate::gpu::Gpu;

/// Threads per CTA (a producer and two consumer warpgroups).
pub const THREADS: u32 = 384;
/// Pipeline stages of the instantiated configurations.
pub const STAGES: u32 = 4;
/// The output tile `(rows, columns)` of the kernel's D and its k-tile.
pub const TILE: (u32, u32, u32) = (128, 256, 64);

/// An input element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InType {
    /// IEEE half.
    F16,
    /// bfloat16.
    Bf16,
}

/// An output element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutType {
    /// The input's 16-bit type.
    Same,
    /// `f32`.
    F32,
}

/// Dynamic shared memory of `stages` stages (as `mainloop::smem_bytes`: the stages and their
/// barriers rounded up to 1 KiB, 32 KiB of epilogue staging, 1 KiB of alignment slack).
pub const fn smem_bytes(stages: u32) -> u32 {
    (stages * (TILE.0 + TILE.1) * TILE.2 * 2 + stages * 16).div_ceil(1024) * 1024 + 32768 + 1024
}

/// Ablation switches read once per plan, to measure what each part of the design is worth
/// (`benches/results/2026-11-24-h100-flagship`): `CUTE_HOPPER_GRID=tiles` launches one CTA per
/// tile instead of one per SM (not persistent), `CUTE_HOPPER_EPILOGUE=direct` stores from
/// registers to global memory instead of through shared memory and TMA.
fn ablation(var: &str, value: &str) -> bool {
    std::env::var(var).is_ok_and(|v| v == value)
}

/// Tile rows per group of the scheduler's order (`CUTE_HOPPER_GROUP` overrides it, to tune).
fn group() -> u32 {
    std::env::var("CUTE_HOPPER_GROUP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16)
}

/// The configuration table: the kernel for a layout and dtype pair (one tile shape and stage
/// count for now; shapes that want others get them here). `f32` output: TN only.
pub fn kernel_name(layout: GemmLayout, input: InType, output: OutType) -> Option<&'static str> {
    use GemmLayout::*;
    Some(match (layout, input, output) {
        (Tn, InType::Bf16, OutType::Same) => "hopper_gemm_tn_bf16_bf16",
        (Tn, InType::F16, OutType::Same) => "hopper_gemm_tn_f16_f16",
        (Tn, InType::Bf16, OutType::F32) => "hopper_gemm_tn_bf16_f32",
        (Tn, InType::F16, OutType::F32) => "hopper_gemm_tn_f16_f32",
        (Nt, InType::Bf16, OutType::Same) => "hopper_gemm_nt_bf16_bf16",
        (Nt, InType::F16, OutType::Same) => "hopper_gemm_nt_f16_f16",
        (Nn, InType::Bf16, OutType::Same) => "hopper_gemm_nn_bf16_bf16",
        (Nn, InType::F16, OutType::Same) => "hopper_gemm_nn_f16_f16",
        (Tt, InType::Bf16, OutType::Same) => "hopper_gemm_tt_bf16_bf16",
        (Tt, InType::F16, OutType::Same) => "hopper_gemm_tt_f16_f16",
        _ => return None,
    })
}

/// A 2-D tensor map of a `rows x k` row-major 16-bit matrix at `ptr` (`k` contiguous), box
/// `64 x box_rows`, 128-byte swizzle, out-of-bounds elements read as zero (and clipped on
/// stores).
fn tensor_map(
    input: InType,
    ptr: u64,
    rows: usize,
    k: usize,
    box_rows: u32,
) -> Result<[u8; 128], Error> {
    let dtype = match input {
        InType::F16 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        InType::Bf16 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
    };
    tensor_map_of(dtype, 2, ptr, rows, k, box_rows)
}

/// [`tensor_map`] for any element type of `bytes` bytes: box `128 / bytes x box_rows` (128-byte
/// rows, as the swizzle wants).
fn tensor_map_of(
    dtype: sys::CUtensorMapDataType,
    bytes: usize,
    ptr: u64,
    rows: usize,
    k: usize,
    box_rows: u32,
) -> Result<[u8; 128], Error> {
    let mut map = std::mem::MaybeUninit::<sys::CUtensorMap>::zeroed();
    let dims = [k as u64, rows as u64];
    let strides = [(k * bytes) as u64];
    let boxes = [(128 / bytes) as u32, box_rows];
    let elem = [1u32, 1];
    // SAFETY: every array has the rank's length (strides rank-1); the map is written in place.
    let r = unsafe {
        sys::cuTensorMapEncodeTiled(
            map.as_mut_ptr(),
            dtype,
            2,
            ptr as *mut c_void,
            dims.as_ptr(),
            strides.as_ptr(),
            boxes.as_ptr(),
            elem.as_ptr(),
            sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B,
            sys::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
            sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    r.result()?;
    // SAFETY: initialized by the call above; CUtensorMap is 128 plain bytes.
    Ok(unsafe { std::mem::transmute::<sys::CUtensorMap, [u8; 128]>(map.assume_init()) })
}

/// Device-side state of one problem: its tensor maps (in device memory).
#[derive(Debug)]
pub struct Plan {
    maps: CudaSlice<u8>,
    /// Whether `maps` holds a third map, for C (TMA stores; M a multiple of 8 for 16-bit C, 4 for f32).
    store_map: bool,
    input: InType,
    output: OutType,
    /// The C buffer whose map is in `maps` (re-encoded when another is passed).
    mapped_c: std::cell::Cell<u64>,
    func: CudaFunction,
    sms: u32,
    group: u32,
    shape: GemmShape,
}

impl Plan {
    /// Builds the tensor maps of A and B for `shape` and picks the kernel.
    pub fn new(
        gpu: &Gpu,
        layout: GemmLayout,
        input: InType,
        output: OutType,
        shape: GemmShape,
        a: &CudaSlice<u16>,
        b: &CudaSlice<u16>,
    ) -> Result<Plan, Error> {
        const OP: &str = "hopper_gemm";
        if shape.k == 0 || shape.k % 8 != 0 {
            return Err(Error::Shape {
                op: OP,
                expected:
                    "K a positive multiple of 8 (TMA: each row of A and B a multiple of 16 bytes)"
                        .into(),
                got: format!("(M,N,K) = {shape}"),
            });
        }
        if shape.m == 0 || shape.n == 0 {
            return Err(Error::Shape {
                op: OP,
                expected: "M and N positive".into(),
                got: format!("(M,N,K) = {shape}"),
            });
        }
        let (la, lb, _) = shape.lens();
        if a.len() < la || b.len() < lb {
            return Err(Error::Shape {
                op: OP,
                expected: format!("A of {la} and B of {lb} elements for (M,N,K) = {shape}"),
                got: format!("{} and {}", a.len(), b.len()),
            });
        }
        if shape.m.max(shape.n).max(shape.k) > (1 << 31) - 1
            || shape.m * shape.n > (1usize << 32) - 1
        {
            return Err(Error::Shape {
                op: OP,
                expected: "M, N, K and M*N under 2^31 / 2^32".into(),
                got: shape.to_string(),
            });
        }
        let stream = gpu.stream();
        let (pa, _ra) = a.device_ptr(stream);
        let (pb, _rb) = b.device_ptr(stream);
        // the kernel's X operand (128-row tiles) is B, its Y operand (256-row tiles) is A;
        // k-major: boxes 64 (K) x rows; m/n-major: boxes 64 (M or N) x 64 (K)
        let (a_kmajor, b_kmajor) = match layout {
            GemmLayout::Tn => (true, true),
            GemmLayout::Nt => (false, false),
            GemmLayout::Nn => (false, true),
            GemmLayout::Tt => (true, false),
        };
        if (!a_kmajor && shape.m % 8 != 0) || (!b_kmajor && shape.n % 8 != 0) {
            return Err(Error::Shape {
                op: OP,
                expected: format!("M (m-major A) and N (n-major B) multiples of 8 for layout {layout} (TMA: 16-byte strides)"),
                got: format!("(M,N,K) = {shape}"),
            });
        }
        let mx = if b_kmajor {
            tensor_map(input, pb, shape.n, shape.k, TILE.0)?
        } else {
            tensor_map(input, pb, shape.k, shape.n, 64)?
        };
        let my = if a_kmajor {
            tensor_map(input, pa, shape.m, shape.k, TILE.1)?
        } else {
            tensor_map(input, pa, shape.k, shape.m, 64)?
        };
        let mut bytes = mx.to_vec();
        bytes.extend_from_slice(&my);
        bytes.extend_from_slice(&[0u8; 128]);
        let maps = stream.clone_htod(&bytes)?;
        // TMA stores need C's rows 16-byte aligned: M a multiple of 8 (16-bit) or 4 (f32)
        let store_map = match output {
            OutType::Same => shape.m % 8 == 0,
            OutType::F32 => shape.m % 4 == 0,
        } && !ablation("CUTE_HOPPER_EPILOGUE", "direct");
        let Some(name) = kernel_name(layout, input, output) else {
            return Err(Error::Shape {
                op: OP,
                expected: "f32 output with layout tn only".into(),
                got: format!("layout {layout}"),
            });
        };
        if !gpu.has_kernel(name) {
            return Err(Error::Shape {
                op: OP,
                expected: "a kernel of this build".into(),
                got: format!("{name}, not in the PTX loaded for {}", gpu.arch()),
            });
        }
        // looked up once: `Gpu::function` searches the PTX text, tens of microseconds, which
        // showed as a 2x slower f16 kernel at 2048^3 when done per launch
        let func = gpu.function(name)?;
        func.set_attribute(
            sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            smem_bytes(STAGES) as i32,
        )?;
        let sms = gpu
            .context()
            .attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?
            as u32;
        let sms = if ablation("CUTE_HOPPER_GRID", "tiles") {
            u32::MAX
        } else {
            sms
        };
        Ok(Plan {
            maps,
            store_map,
            input,
            output,
            mapped_c: std::cell::Cell::new(0),
            func,
            sms,
            group: group(),
            shape,
        })
    }

    /// Launches `C = alpha * A * B^T + beta * C` (asynchronous), `c` of `M*N` elements of the
    /// output type (`u16` bits or `f32`).
    pub fn launch<T: DeviceRepr>(
        &self,
        gpu: &Gpu,
        alpha: f32,
        beta: f32,
        c: &mut CudaSlice<T>,
    ) -> Result<(), Error> {
        let (_, _, lc) = self.shape.lens();
        let elem = match self.output {
            OutType::Same => 2,
            OutType::F32 => 4,
        };
        if std::mem::size_of::<T>() != elem {
            return Err(Error::Shape {
                op: "hopper_gemm",
                expected: format!("C of {elem}-byte elements (the plan's output type)"),
                got: format!("{}-byte elements", std::mem::size_of::<T>()),
            });
        }
        if c.len() < lc {
            return Err(Error::Shape {
                op: "hopper_gemm",
                expected: format!("C of {lc} elements"),
                got: c.len().to_string(),
            });
        }
        let (f, sms, group) = (&self.func, self.sms, self.group);
        let smem = smem_bytes(STAGES);
        let (rows, cols) = (self.shape.n as u32, self.shape.m as u32);
        let tiles = rows.div_ceil(TILE.0) * cols.div_ceil(TILE.1);
        let stream = gpu.stream();
        let (pm, _rm) = self.maps.device_ptr(stream);
        let (mx, my) = (pm, pm + 128);
        // C's map depends on the buffer: encoded per launch (D = C^T: M contiguous, N rows)
        let md = if self.store_map {
            let (pc, _rc) = c.device_ptr(stream);
            if self.mapped_c.get() != pc {
                let map = match self.output {
                    OutType::Same => tensor_map(self.input, pc, self.shape.n, self.shape.m, 64)?,
                    OutType::F32 => tensor_map_of(
                        sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
                        4,
                        pc,
                        self.shape.n,
                        self.shape.m,
                        64,
                    )?,
                };
                stream.synchronize()?;
                // SAFETY: 128 bytes into the third slot of `maps`, synchronously, while no
                // kernel of this stream runs.
                unsafe {
                    sys::cuMemcpyHtoD_v2(pm + 256, map.as_ptr() as *const c_void, 128).result()?;
                }
                self.mapped_c.set(pc);
            }
            pm + 256
        } else {
            0
        };
        let k = self.shape.k as u32;
        let ldd = self.shape.m as u32;
        let cfg = LaunchConfig {
            grid_dim: (tiles.min(sms), 1, 1),
            block_dim: (THREADS, 1, 1),
            shared_mem_bytes: smem,
        };
        let mut l = stream.launch_builder(f);
        l.arg(&mx)
            .arg(&my)
            .arg(&md)
            .arg(c)
            .arg(&rows)
            .arg(&cols)
            .arg(&k)
            .arg(&ldd)
            .arg(&alpha)
            .arg(&beta)
            .arg(&group);
        // SAFETY: the kernel's signature is (tma_x, tma_y, tma_d: *const CUtensorMap, d: *mut
        // Out, m, n, k, ldd: u32, alpha, beta: f32, group: u32), pushed in that order; the maps
        // cover A and B (checked in `new`), tma_d is null or maps this C; the kernel touches
        // D(r, c) for r < N, c < M only, at c[r*M + c] < M*N <= c.len(), elements of the
        // output type's size (checked above); 384 threads and `smem` bytes as it needs.
        unsafe { l.launch(cfg) }?;
        Ok(())
    }
}
