//! The host side of Hopper's copy engine and clusters: `make_tma_copy` (the tensor map from
//! layouts, encoded by the driver's `cuTensorMapEncodeTiled`) and cluster launches
//! (`cuLaunchKernelEx` with a cluster dimension), through cudarc's driver bindings.
//!
//! The parameters are computed by
//! [`cute_core::atom::copy_traits_sm90_tma::make_tma_copy_params`] (pure, tested against C++
//! CuTe on machines without a GPU, `tests/tma_params.rs`); this module only hands them to the
//! driver. Kernels receive the encoded map by value as a [`TmaParam`] (see
//! `cute_core::arch::copy_sm90_tma` for how a Rust kernel reads it from parameter space).

use std::ffi::c_void;
use std::fmt::Display;

use cudarc::driver::sys;
use cudarc::driver::{CudaFunction, CudaStream, DeviceRepr, DriverError};

use cute_core::arch::copy_sm90_tma::{TmaDescriptor, TmaDescriptorParam};
use cute_core::atom::copy_traits_sm90_tma::{
    make_tma_copy_params, TmaCopyParams, TmaDataType, TmaOp, TmaSmemLayout,
};
use cute_core::dynamic::IntTuple;

use crate::error::Error;

/// The encoded tensor map as a kernel argument: 128 bytes, pushed by value (the kernel's
/// parameter is a `TmaDescriptorParam`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct TmaParam(pub TmaDescriptorParam);

// SAFETY: plain bytes with the layout of the kernel's `TmaDescriptorParam` parameter.
unsafe impl DeviceRepr for TmaParam {}

/// A TMA copy made on the host: the driver's tensor map and the parameters it was made from
/// (C++'s `Copy_Atom<Copy_Traits<SM90_TMA_LOAD, ...>>` on the host side).
#[derive(Clone, Debug)]
pub struct TmaCopy {
    /// The tensor map (`CUtensorMap`).
    pub desc: TmaDescriptor,
    /// What it was encoded from (and the TMA coordinate strides).
    pub params: TmaCopyParams,
}

impl TmaCopy {
    /// The kernel argument.
    pub fn param(&self) -> TmaParam {
        TmaParam(self.desc.into())
    }
}

/// `make_tma_copy(op, gtensor, slayout, cta_tile, cluster_size)`: the tensor map for copying
/// `cta_tile`-shaped tiles of the global tensor at `address` with layout
/// `gmem_shape:gmem_stride` (elements of `data_type`) to or from shared memory laid out as
/// `smem` (printed CuTe form of one stage, e.g. a typed `tile_to_shape` of a GMMA atom), split
/// over `multicast` CTAs.
///
/// # Errors
/// `Error::Shape` with the computation's sentence (`make_tma_copy: ...`) when the layouts
/// cannot be copied by TMA; `Error::Driver` when the driver rejects the map.
#[allow(clippy::too_many_arguments)]
pub fn make_tma_copy(
    op: TmaOp,
    data_type: TmaDataType,
    address: u64,
    gmem_shape: &IntTuple,
    gmem_stride: &IntTuple,
    smem: &(impl Display + ?Sized),
    cta_tile: &IntTuple,
    multicast: u32,
) -> Result<TmaCopy, Error> {
    let shape_err = |e: cute_core::dynamic::Error| Error::Shape {
        op: "make_tma_copy",
        expected: "layouts a TMA can copy".into(),
        got: e.to_string(),
    };
    let smem = TmaSmemLayout::parse(&smem.to_string()).map_err(shape_err)?;
    let params = make_tma_copy_params(
        op,
        data_type,
        address,
        gmem_shape,
        gmem_stride,
        &smem,
        cta_tile,
        multicast,
    )
    .map_err(shape_err)?;
    let desc = encode_tiled(&params)?;
    Ok(TmaCopy { desc, params })
}

/// `cuTensorMapEncodeTiled` of the parameters.
pub fn encode_tiled(p: &TmaCopyParams) -> Result<TmaDescriptor, Error> {
    let e = &p.encode;
    let mut map = sys::CUtensorMap { opaque: [0; 16] };
    // The driver's enums, from the numbers `make_tma_copy_params` chose (the driver's own).
    // SAFETY: each value is a valid discriminant of the 32-bit C enum (cudarc's enums are
    // `repr(u32)` with the driver's values; the values come from the same header numbering).
    let (dtype, interleave, swizzle, l2, oob) = unsafe {
        (
            std::mem::transmute::<u32, sys::CUtensorMapDataType>(e.data_type as u32),
            std::mem::transmute::<u32, sys::CUtensorMapInterleave>(e.interleave),
            std::mem::transmute::<u32, sys::CUtensorMapSwizzle>(e.swizzle as u32),
            std::mem::transmute::<u32, sys::CUtensorMapL2promotion>(e.l2_promotion),
            std::mem::transmute::<u32, sys::CUtensorMapFloatOOBfill>(e.oob_fill),
        )
    };
    // SAFETY: the arrays hold 5 entries (at least `rank`, at least `rank - 1` strides);
    // `map` is a writable CUtensorMap; the address is a device pointer the caller owns.
    unsafe {
        sys::cuTensorMapEncodeTiled(
            &mut map,
            dtype,
            e.rank,
            e.global_address as *mut c_void,
            e.global_dim.as_ptr(),
            e.global_strides.as_ptr(),
            e.box_dim.as_ptr(),
            e.element_strides.as_ptr(),
            interleave,
            swizzle,
            l2,
            oob,
        )
    }
    .result()
    .map_err(Error::Driver)?;
    Ok(TmaDescriptor(map.opaque))
}

/// A grid, its blocks and its clusters (all `(x, y, z)`), with dynamic shared memory bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClusterLaunchConfig {
    /// Blocks in the grid (each a multiple of the cluster's extent).
    pub grid_dim: (u32, u32, u32),
    /// Threads per block.
    pub block_dim: (u32, u32, u32),
    /// Blocks per cluster.
    pub cluster_dim: (u32, u32, u32),
    /// Dynamic shared memory per block.
    pub shared_mem_bytes: u32,
}

/// Launches `f` on `stream` with clusters (`cuLaunchKernelEx` with
/// `CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION`, what `cutlass::launch_kernel_on_cluster` does),
/// first raising the function's dynamic shared-memory limit to `shared_mem_bytes` and allowing
/// non-portable cluster sizes (as `cutlass::ClusterLauncher::init` does).
///
/// # Safety
/// `args` points at one value per kernel parameter, of its type, in order (as
/// `cuLaunchKernel`'s `kernelParams`); the kernel's accesses stay in bounds.
pub unsafe fn launch_on_cluster(
    stream: &CudaStream,
    f: &CudaFunction,
    cfg: ClusterLaunchConfig,
    args: &mut [*mut c_void],
) -> Result<(), DriverError> {
    f.set_attribute(
        sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        cfg.shared_mem_bytes as i32,
    )?;
    // As `cutlass::ClusterLauncher::init`: cluster sizes past the portable 8 allowed.
    f.set_attribute(
        sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
        1,
    )?;
    // SAFETY: an all-zero attribute value is valid (a union of plain integers).
    let mut attr: sys::CUlaunchAttribute = unsafe { std::mem::zeroed() };
    attr.id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim.x = cfg.cluster_dim.0;
    attr.value.clusterDim.y = cfg.cluster_dim.1;
    attr.value.clusterDim.z = cfg.cluster_dim.2;
    let config = sys::CUlaunchConfig {
        gridDimX: cfg.grid_dim.0,
        gridDimY: cfg.grid_dim.1,
        gridDimZ: cfg.grid_dim.2,
        blockDimX: cfg.block_dim.0,
        blockDimY: cfg.block_dim.1,
        blockDimZ: cfg.block_dim.2,
        sharedMemBytes: cfg.shared_mem_bytes,
        hStream: stream.cu_stream(),
        attrs: &mut attr,
        numAttrs: 1,
    };
    // SAFETY: the caller's contract on `args`; `config` and `attr` outlive the call.
    unsafe {
        sys::cuLaunchKernelEx(
            &config,
            f.cu_function(),
            args.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    }
    .result()
}
