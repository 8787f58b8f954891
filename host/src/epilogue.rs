//! Fused epilogues: `D = act(alpha A B^T + beta C + bias) * scale` with an optional aux output
//! `Aux = alpha A B^T + beta C + bias` (the pre-activation), computed by the Hopper members'
//! fused kernels (`cute-kernels/src/gemm/collective/fusion.rs`) on their accumulators before
//! D is stored: what follows almost every GEMM of a model, without a second pass over D.
//!
//! An [`EpilogueOp`] says what is fused, in the words of `cute gemm --epilogue`: `bias` (one
//! value per row of C, M values: cuBLASLt's `CUBLASLT_EPILOGUE_BIAS`, a linear layer's bias
//! when C is the layer's output transposed, `C = W X^T`), `colbias` (one per column, N values),
//! an activation (`relu`, `gelu` = `gelu_tanh`, `gelu_erf`, `silu`), `aux`, `scale=S`; e.g.
//! `bias,gelu` or `colbias,silu,aux,scale=0.5`. The bias and the aux output have C's element
//! type.
//!
//! # The error bound
//! The float64 reference applies the same ops to the float64 GEMM: `x = alpha dot + beta C0 +
//! bias`, `y = act(x) * scale`. The kernel forms `x` in `f32`, so its error is the GEMM's bound
//! ([`crate::gemm::error_bound`]) with an `f32` output, `e_x`, plus `2 u_f32 |bias|`. The
//! activation has a slope of at most [`SLOPE`] (GELU's largest, 1.13; ReLU's and SiLU's are
//! smaller), and the device's functions are approximations, off by at most
//! `ActivationKind::approx_error` times `|x|` ([`activation_error`]): the tanh forms use PTX's
//! `tanh.approx.f32` (relative error `2^-10.987`), erf Abramowitz and Stegun's 7.1.26 (`1.5e-7`)
//! with `ex2.approx`/`rcp.approx` (`2^-22`). So an element of D passes when
//!
//! ```text
//! |d - y| <= |scale| (SLOPE (e_x + 2 u_f32 |bias|) + approx |x|) + 2 u_out |y| + eta_out
//! ```
//!
//! and an element of the aux output when `|aux - x| <= e_x + 2 u_f32 |bias| + 2 u_out |x| +
//! eta_out` (it is `x` rounded to the output type).

use std::fmt;
use std::str::FromStr;

use cute_kernels::gemm::collective::fusion::bias_axis;
pub use cute_kernels::gemm::collective::fusion::ActivationKind;

use crate::error::Error;
use crate::gemm::{
    check_problem, check_result_len, error_bound, fits_in_memory, gemm_fused, operand_bytes, tally,
    CheckReport, CheckScope, DeviceMatrix, Dtype, GemmInputs, GemmRun, GemmShape, GemmTypes,
    Kernel, Operand, OperandMut, ReferenceSums, Rng,
};
use crate::gpu::Gpu;

/// An upper bound of `|act'(x)|` over every built-in activation: GELU's, `1.1289`.
pub const SLOPE: f64 = 1.13;

/// Along which mode of C (`M x N`, m-major) the bias runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BiasAxis {
    /// One value per row of C: M values (`bias`; cuBLASLt's bias).
    Rows,
    /// One value per column of C: N values (`colbias`).
    Columns,
}

impl BiasAxis {
    /// The bias's length for a problem of `shape`.
    pub fn len(self, shape: GemmShape) -> usize {
        match self {
            BiasAxis::Rows => shape.m,
            BiasAxis::Columns => shape.n,
        }
    }
    /// The kernel's `bias_axis` (it computes `C^T`: C's rows are its columns).
    pub fn kernel_axis(self) -> u32 {
        match self {
            BiasAxis::Rows => bias_axis::COLUMNS,
            BiasAxis::Columns => bias_axis::ROWS,
        }
    }
    /// The bias of element `(m, n)` of C.
    pub fn index(self, m: usize, n: usize) -> usize {
        match self {
            BiasAxis::Rows => m,
            BiasAxis::Columns => n,
        }
    }
}

/// What the host knows of a built-in activation: its name, its float64 reference and the
/// device approximation's error.
pub trait ActivationReference {
    /// Its name in `--epilogue` (`relu`, `gelu`, `gelu_erf`, `silu`, `identity`).
    fn name(self) -> &'static str;
    /// Its exact value at `x`, in float64.
    fn reference(self, x: f64) -> f64;
    /// The device function's largest error at `x`, as a coefficient of `|x|` (see the module
    /// docs).
    fn approx_error(self) -> f64;
}

impl ActivationReference for ActivationKind {
    fn name(self) -> &'static str {
        match self {
            ActivationKind::Identity => "identity",
            ActivationKind::Relu => "relu",
            ActivationKind::GeluTanh => "gelu",
            ActivationKind::GeluErf => "gelu_erf",
            ActivationKind::Silu => "silu",
        }
    }
    fn reference(self, x: f64) -> f64 {
        match self {
            ActivationKind::Identity => x,
            ActivationKind::Relu => x.max(0.0),
            ActivationKind::GeluTanh => {
                let k = (2.0 / std::f64::consts::PI).sqrt();
                0.5 * x * (1.0 + (k * (x + 0.044715 * x * x * x)).tanh())
            }
            ActivationKind::GeluErf => 0.5 * x * (1.0 + libm::erf(x / std::f64::consts::SQRT_2)),
            ActivationKind::Silu => x / (1.0 + (-x).exp()),
        }
    }
    fn approx_error(self) -> f64 {
        match self {
            ActivationKind::Identity | ActivationKind::Relu => 0.0,
            // x/2 times tanh's error (2^-10.987 relative, |tanh| <= 1), and f32's rounding of
            // the formula
            ActivationKind::GeluTanh | ActivationKind::Silu => (-10.0f64).exp2(),
            // x/2 times erf's error: 1.5e-7 and the approximate exp and reciprocal
            ActivationKind::GeluErf => 1e-6,
        }
    }
}

/// The largest error of the device's activation `act` at `x` ([`ActivationReference`]).
pub fn activation_error(act: ActivationKind, x: f64) -> f64 {
    act.approx_error() * x.abs()
}

/// The allowed error of the pre-activation `x + bias` formed in `f32`, from `e_x`, that of the
/// GEMM's `x = alpha dot + beta C0` (see the module docs).
pub fn pre_activation_bound(e_x: f64, bias: f64) -> f64 {
    e_x + 2.0 * Dtype::F32.unit_roundoff() * bias.abs()
}

/// The allowed error of a fused element `y = act(x) * scale` of output type `out`, from the
/// pre-activation `x` (bias included), its allowed error `e_pre` ([`pre_activation_bound`])
/// and the device activation's error coefficient `approx_error` (see the module docs).
pub fn fused_bound(e_pre: f64, x: f64, y: f64, scale: f64, approx_error: f64, out: Dtype) -> f64 {
    scale.abs() * (SLOPE * e_pre + approx_error * x.abs())
        + 2.0 * out.unit_roundoff() * y.abs()
        + out.underflow_unit()
}

/// What an epilogue fuses (see the module docs); [`EpilogueOp::NONE`] fuses nothing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EpilogueOp {
    /// The bias and its axis, if any.
    pub bias: Option<BiasAxis>,
    /// The activation.
    pub act: ActivationKind,
    /// Whether the pre-activation is written to an aux output.
    pub aux: bool,
    /// The scale of D.
    pub scale: f32,
}

impl EpilogueOp {
    /// `D = alpha A B^T + beta C`.
    pub const NONE: EpilogueOp = EpilogueOp {
        bias: None,
        act: ActivationKind::Identity,
        aux: false,
        scale: 1.0,
    };
    /// Whether it fuses nothing.
    pub fn is_none(&self) -> bool {
        *self == EpilogueOp::NONE
    }
    /// The fused element `act(x + bias) * scale` in float64, from `x = alpha dot + beta C0`.
    pub fn reference(&self, x: f64, bias: f64) -> f64 {
        self.act.reference(x + bias) * self.scale as f64
    }
}

impl fmt::Display for EpilogueOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        match self.bias {
            Some(BiasAxis::Rows) => parts.push("bias".into()),
            Some(BiasAxis::Columns) => parts.push("colbias".into()),
            None => {}
        }
        if self.act != ActivationKind::Identity {
            parts.push(self.act.name().into());
        }
        if self.aux {
            parts.push("aux".into());
        }
        if self.scale != 1.0 {
            parts.push(format!("scale={}", self.scale));
        }
        if parts.is_empty() {
            parts.push("none".into());
        }
        f.write_str(&parts.join(","))
    }
}

impl FromStr for EpilogueOp {
    type Err = String;
    /// A comma-separated list of `bias`, `colbias`, an activation, `aux`, `scale=S` (or
    /// `none`), each at most once.
    fn from_str(s: &str) -> Result<EpilogueOp, String> {
        let mut op = EpilogueOp::NONE;
        let mut act = false;
        let mut scale = false;
        for part in s.split(',').map(str::trim) {
            let repeated = || format!("epilogue {s:?}: {part:?} given twice");
            match part {
                "none" => {}
                "bias" | "colbias" => {
                    if op.bias.is_some() {
                        return Err(format!("epilogue {s:?}: one bias at most"));
                    }
                    op.bias = Some(if part == "bias" {
                        BiasAxis::Rows
                    } else {
                        BiasAxis::Columns
                    });
                }
                "aux" => {
                    if op.aux {
                        return Err(repeated());
                    }
                    op.aux = true;
                }
                _ => {
                    if let Some(v) = part.strip_prefix("scale=") {
                        if scale {
                            return Err(repeated());
                        }
                        scale = true;
                        op.scale =
                            v.parse::<f32>()
                                .ok()
                                .filter(|x| x.is_finite())
                                .ok_or_else(|| {
                                    format!("epilogue {s:?}: scale {v:?} is not a finite number")
                                })?;
                        continue;
                    }
                    let k = match part {
                        "relu" => ActivationKind::Relu,
                        "gelu" | "gelu_tanh" => ActivationKind::GeluTanh,
                        "gelu_erf" => ActivationKind::GeluErf,
                        "silu" => ActivationKind::Silu,
                        "identity" => ActivationKind::Identity,
                        _ => {
                            return Err(format!(
                                "epilogue {s:?}: unknown part {part:?} (bias, colbias, relu, \
                                 gelu, gelu_erf, silu, aux, scale=S)"
                            ))
                        }
                    };
                    if act {
                        return Err(format!("epilogue {s:?}: one activation at most"));
                    }
                    act = true;
                    op.act = k;
                }
            }
        }
        Ok(op)
    }
}

/// A fused epilogue's operation and device buffers: the bias (M or N values, by its axis) and
/// the aux output (M x N, m-major), both of C's type, present exactly when `op` says.
#[derive(Debug)]
pub struct Epilogue<'a> {
    /// What is fused.
    pub op: EpilogueOp,
    /// The bias vector.
    pub bias: Option<Operand<'a>>,
    /// The aux output.
    pub aux: Option<OperandMut<'a>>,
}

impl Epilogue<'_> {
    /// An error unless the buffers match `op` for a problem of `shape` with output `out`: each
    /// present exactly when `op` says, of type `out`, long enough.
    pub fn check(&self, op_name: &'static str, shape: GemmShape, out: Dtype) -> Result<(), Error> {
        let err = |expected: String, got: String| Error::Shape {
            op: op_name,
            expected,
            got,
        };
        match (self.op.bias, &self.bias) {
            (Some(axis), Some(b)) => {
                let need = axis.len(shape);
                if b.dtype() != out {
                    return Err(err(
                        format!("a bias of {} (the output's type)", out.cute_name()),
                        b.dtype().cute_name().into(),
                    ));
                }
                if b.len() < need {
                    return Err(err(
                        format!("a bias of {need} elements for (M,N,K) = {shape}"),
                        format!("{} elements", b.len()),
                    ));
                }
            }
            (None, None) => {}
            (Some(_), None) => {
                return Err(err(
                    "a bias vector (the epilogue has a bias)".into(),
                    "none".into(),
                ))
            }
            (None, Some(_)) => {
                return Err(err(
                    "no bias vector (the epilogue has no bias)".into(),
                    "one".into(),
                ))
            }
        }
        match (self.op.aux, &self.aux) {
            (true, Some(a)) => {
                let need = shape.m.saturating_mul(shape.n);
                if a.dtype() != out {
                    return Err(err(
                        format!("an aux output of {} (the output's type)", out.cute_name()),
                        a.dtype().cute_name().into(),
                    ));
                }
                if a.len() < need {
                    return Err(err(
                        format!("an aux output of {need} elements for (M,N,K) = {shape}"),
                        format!("{} elements", a.len()),
                    ));
                }
            }
            (false, None) => {}
            (true, None) => {
                return Err(err(
                    "an aux output (the epilogue has one)".into(),
                    "none".into(),
                ))
            }
            (false, Some(_)) => {
                return Err(err(
                    "no aux output (the epilogue has none)".into(),
                    "one".into(),
                ))
            }
        }
        if !self.op.scale.is_finite() {
            return Err(err(
                "a finite scale".into(),
                format!("scale = {}", self.op.scale),
            ));
        }
        Ok(())
    }
}

/// What [`run_fused`] found: the GEMM's run (D's check and the times) and the aux output's
/// check (when the epilogue has one and the run checked).
#[derive(Debug, Clone)]
pub struct FusedRun {
    /// D's check and the timed runs.
    pub run: GemmRun,
    /// The aux output's check.
    pub aux_check: Option<CheckReport>,
}

/// A random bias for `op` and `inp` (values in `[-1, 1)` rounded to C's type; empty without a
/// bias).
pub fn random_bias(rng: &mut Rng, op: &EpilogueOp, inp: &GemmInputs) -> Vec<f32> {
    match op.bias {
        Some(axis) => (0..axis.len(inp.shape))
            .map(|_| inp.types.output.round(rng.uniform()))
            .collect(),
        None => Vec::new(),
    }
}

/// Uploads `inp` and `bias` (C and the aux output NaN where they are not read: every element
/// must be written), runs the fused GEMM `op` once and (with `check`) compares D and the aux
/// output with the float64 reference, every element ([`check_fused`]), then times `iters`
/// runs after 2 warm-up runs.
pub fn run_fused(
    gpu: &Gpu,
    kernel: Kernel,
    inp: &GemmInputs,
    op: &EpilogueOp,
    bias: &[f32],
    check: bool,
    iters: usize,
) -> Result<FusedRun, Error> {
    let p = inp.problem();
    check_problem(kernel, &p)?;
    let (free, _) = gpu.context().mem_get_info()?;
    let aux_bytes = if op.aux {
        inp.shape.m * inp.shape.n * p.types.output.bytes()
    } else {
        0
    };
    let what = format!("{kernel} {} {} with epilogue {op}", p.shape, p.types);
    fits_in_memory(&what, operand_bytes(&p) + aux_bytes, free)?;
    let stream = gpu.stream();
    let out = p.types.output;
    let a = DeviceMatrix::upload(stream, p.types.input, &inp.a)?;
    let b = DeviceMatrix::upload(stream, p.types.input, &inp.b)?;
    let mn = p.shape.m * p.shape.n;
    let mut c = if p.beta == 0.0 {
        DeviceMatrix::nan(stream, out, mn)?
    } else {
        DeviceMatrix::upload(stream, out, &inp.c)?
    };
    let bias_d = match op.bias {
        Some(_) => Some(DeviceMatrix::upload(stream, out, bias)?),
        None => None,
    };
    let mut aux = match op.aux {
        true => Some(DeviceMatrix::nan(stream, out, mn)?),
        false => None,
    };
    let launch = |c: &mut DeviceMatrix, aux: &mut Option<DeviceMatrix>| {
        let e = Epilogue {
            op: *op,
            bias: bias_d.as_ref().map(DeviceMatrix::operand),
            aux: aux.as_mut().map(DeviceMatrix::operand_mut),
        };
        gemm_fused(
            gpu,
            kernel,
            &p,
            a.operand(),
            b.operand(),
            c.operand_mut(),
            e,
        )
    };
    launch(&mut c, &mut aux)?;
    let got = c.download(stream)?;
    let got_aux = aux.as_ref().map(|x| x.download(stream)).transpose()?;
    let (report, aux_check) = if check {
        let sums = match ReferenceSums::gpu(gpu, inp)? {
            Some(s) => s,
            None => ReferenceSums::cpu(inp)?,
        };
        let (d, x) = check_fused(inp, op, bias, &sums, &got, got_aux.as_deref())?;
        (Some(d), x)
    } else {
        (None, None)
    };
    let times_ms = if iters == 0 {
        Vec::new()
    } else {
        gpu.time_ms(2, iters, || launch(&mut c, &mut aux))?
    };
    Ok(FusedRun {
        run: GemmRun {
            check: report,
            times_ms,
        },
        aux_check,
    })
}

/// Compares D (`got`, m-major) and the aux output (when given) of the fused GEMM `op` of `inp`
/// and `bias` with the float64 reference from `sums`, every element, within the bounds of the
/// module docs; the failure names the worst element.
pub fn check_fused(
    inp: &GemmInputs,
    op: &EpilogueOp,
    bias: &[f32],
    sums: &ReferenceSums,
    got: &[f32],
    aux: Option<&[f32]>,
) -> Result<(CheckReport, Option<CheckReport>), Error> {
    let act = Activation {
        reference: &|x| op.act.reference(x),
        approx_error: op.act.approx_error(),
    };
    check_fused_with(inp, op, act, bias, sums, got, aux)
}

/// An activation as [`check_fused_with`] judges it: its float64 reference and the device
/// function's error as a coefficient of `|x|` (a user-written one's, e.g. the closure example
/// `QUICK_GELU_ENTRY` of `cute_kernels::gemm::members`); its slope at most [`SLOPE`].
#[derive(Clone, Copy)]
pub struct Activation<'a> {
    /// The exact function.
    pub reference: &'a (dyn Fn(f64) -> f64 + Sync),
    /// The device function's error, times `|x|`.
    pub approx_error: f64,
}

/// [`check_fused`] with the activation `act` instead of `op.act`.
pub fn check_fused_with(
    inp: &GemmInputs,
    op: &EpilogueOp,
    act: Activation<'_>,
    bias: &[f32],
    sums: &ReferenceSums,
    got: &[f32],
    aux: Option<&[f32]>,
) -> Result<(CheckReport, Option<CheckReport>), Error> {
    let GemmShape { m, n, k } = inp.shape;
    let short = |what: &str, need: usize, have: usize| Error::Shape {
        op: "check",
        expected: format!("{need} {what}"),
        got: have.to_string(),
    };
    let len = sums.dot.len().min(sums.mag.len()).min(sums.sq.len());
    if len < m * n {
        return Err(short("reference sums of each kind", m * n, len));
    }
    check_result_len(inp.shape, got)?;
    if let Some(aux) = aux {
        check_result_len(inp.shape, aux)?;
    }
    if let Some(axis) = op.bias {
        if bias.len() < axis.len(inp.shape) {
            return Err(short("bias values", axis.len(inp.shape), bias.len()));
        }
    }
    let (alpha, beta) = (inp.alpha as f64, inp.beta as f64);
    let out = inp.types.output;
    // x = alpha dot + beta C0 + bias is formed in f32: the GEMM's bound with an f32 output
    let x_bound = error_bound(
        GemmTypes {
            output: Dtype::F32,
            ..inp.types
        },
        k,
    );
    let (u_out, eta_out) = (out.unit_roundoff(), out.underflow_unit());
    let scale = op.scale as f64;
    // an element's x, its allowed error and its scale (for the relative error)
    let pre = |i: usize, j: usize| {
        let at = i + j * m;
        let (dot, mag, sq) = (sums.dot[at], sums.mag[at], sums.sq[at]);
        let c0 = if beta == 0.0 { 0.0 } else { inp.c[at] as f64 };
        let b = op.bias.map_or(0.0, |axis| bias[axis.index(i, j)] as f64);
        let e_x = x_bound.tolerance(
            (alpha * dot).abs(),
            (beta * c0).abs(),
            alpha.abs() * mag,
            alpha.abs() * sq.sqrt(),
        );
        let tol = pre_activation_bound(e_x, b);
        let x = alpha * dot + beta * c0 + b;
        (x, tol, alpha.abs() * mag + (beta * c0).abs() + b.abs())
    };
    let d = tally(inp, got, CheckScope::All, 0..n, |i, j| {
        let (x, tol_x, mag) = pre(i, j);
        let y = (act.reference)(x) * scale;
        let tol = fused_bound(tol_x, x, y, scale, act.approx_error, out);
        (y, tol, scale.abs() * SLOPE * mag)
    })
    .report(m, sums.reference)?;
    let aux = match aux {
        Some(aux) if op.aux => Some(
            tally(inp, aux, CheckScope::All, 0..n, |i, j| {
                let (x, tol_x, mag) = pre(i, j);
                (x, tol_x + 2.0 * u_out * x.abs() + eta_out, mag)
            })
            .report(m, sums.reference)?,
        ),
        _ => None,
    };
    Ok((d, aux))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epilogue_ops_parse_and_print() {
        let op: EpilogueOp = "bias,gelu".parse().unwrap();
        assert_eq!(
            op,
            EpilogueOp {
                bias: Some(BiasAxis::Rows),
                act: ActivationKind::GeluTanh,
                ..EpilogueOp::NONE
            }
        );
        assert_eq!(op.to_string(), "bias,gelu");
        let op: EpilogueOp = "colbias, silu ,aux,scale=0.5".parse().unwrap();
        assert_eq!(op.to_string(), "colbias,silu,aux,scale=0.5");
        assert_eq!(op.to_string().parse::<EpilogueOp>().unwrap(), op);
        assert!("none".parse::<EpilogueOp>().unwrap().is_none());
        for (bad, says) in [
            ("bias,colbias", "one bias at most"),
            ("relu,gelu", "one activation at most"),
            ("aux,aux", "given twice"),
            ("scale=x", "not a finite number"),
            ("scale=inf", "not a finite number"),
            ("tanh", "unknown part \"tanh\""),
        ] {
            let e = bad.parse::<EpilogueOp>().unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    /// The references are the activations' definitions, and the device's functions (the
    /// same formulas, here with exact `tanh`/`exp`) are within the stated error of them.
    #[test]
    fn references_and_device_formulas_agree_within_the_stated_error() {
        use cute_kernels::gemm::collective::fusion as dev;
        for i in -6000..=6000 {
            let x = i as f32 / 1000.0;
            for k in ActivationKind::ALL {
                let want = k.reference(x as f64);
                let got = k.apply(x) as f64;
                // the host's formulas differ from the device's only in tanh/exp/rcp, which
                // are exact here: f32 rounding of the formula, far inside the allowance
                let allowed = activation_error(k, x as f64) + 1e-6 * (1.0 + want.abs());
                assert!(
                    (got - want).abs() <= allowed,
                    "{} at {x}: {got} vs {want}",
                    k.name()
                );
            }
            assert_eq!(
                ActivationKind::Relu.reference(x as f64),
                dev::relu(x) as f64
            );
        }
        // GELU's slope peaks at 1.1289 near x = 1.5
        let slope = |x: f64| {
            let h = 1e-6;
            (ActivationKind::GeluErf.reference(x + h) - ActivationKind::GeluErf.reference(x - h))
                / (2.0 * h)
        };
        let max = (0..4000)
            .map(|i| slope(i as f64 / 1000.0))
            .fold(0.0, f64::max);
        assert!(max < SLOPE && max > 1.12, "{max}");
    }

    /// What a kernel computes, on the CPU in `f32` with the device's formulas: D and the aux
    /// output rounded to the output type.
    fn fused_naive(inp: &GemmInputs, op: &EpilogueOp, bias: &[f32]) -> (Vec<f32>, Vec<f32>) {
        let c = crate::gemm::tests::naive(&GemmInputs {
            types: GemmTypes {
                output: Dtype::F32,
                ..inp.types
            },
            ..inp.clone()
        });
        let out = inp.types.output;
        let m = inp.shape.m;
        let mut d = vec![0f32; c.len()];
        let mut aux = vec![0f32; c.len()];
        for (at, &x) in c.iter().enumerate() {
            let b = op.bias.map_or(0.0, |axis| bias[axis.index(at % m, at / m)]);
            let x = x + b;
            aux[at] = out.round(x);
            d[at] = out.round(op.act.apply(x) * op.scale);
        }
        (d, aux)
    }

    /// The check passes what a kernel computes, for every activation and bias axis, and fails
    /// a wrong activation, a missing bias, a wrong aux element and a NaN.
    #[test]
    fn the_fused_check_accepts_the_fused_product_and_rejects_wrong_ones() {
        let mut rng = Rng::new(7);
        let shape = GemmShape { m: 13, n: 9, k: 40 };
        for (types, beta) in [
            (GemmTypes::BF16_F32_BF16, 0.0),
            (GemmTypes::F16_F32_F16, -0.5),
        ] {
            let inp = GemmInputs::random_typed(
                &mut rng,
                types,
                shape,
                crate::gemm::GemmLayout::Tn,
                1.5,
                beta,
            );
            let sums = ReferenceSums::cpu(&inp).unwrap();
            for act in ActivationKind::ALL {
                for bias in [None, Some(BiasAxis::Rows), Some(BiasAxis::Columns)] {
                    let op = EpilogueOp {
                        bias,
                        act,
                        aux: true,
                        scale: 0.75,
                    };
                    let b = random_bias(&mut rng, &op, &inp);
                    let (d, aux) = fused_naive(&inp, &op, &b);
                    let (rd, ra) = check_fused(&inp, &op, &b, &sums, &d, Some(&aux))
                        .unwrap_or_else(|e| panic!("{op} {types}: {e}"));
                    assert_eq!(rd.checked, 13 * 9);
                    assert!(rd.max_bound_ratio <= 1.0);
                    assert_eq!(ra.map(|r| r.checked), Some(13 * 9));
                }
            }
            let op: EpilogueOp = "bias,gelu,aux".parse().unwrap();
            let b = random_bias(&mut rng, &op, &inp);
            let (d, aux) = fused_naive(&inp, &op, &b);
            // the wrong activation, the bias left out, one aux element off, a NaN
            let silu = EpilogueOp {
                act: ActivationKind::Silu,
                ..op
            };
            assert!(check_fused(&inp, &silu, &b, &sums, &d, None).is_err());
            let (no_bias, _) = fused_naive(&inp, &EpilogueOp { bias: None, ..op }, &b);
            assert!(check_fused(&inp, &op, &b, &sums, &no_bias, None).is_err());
            let mut bad = aux.clone();
            bad[17] += 0.05 * (1.0 + bad[17].abs());
            assert!(check_fused(&inp, &op, &b, &sums, &d, Some(&bad)).is_err());
            let mut nan = d.clone();
            nan[3] = f32::NAN;
            assert!(check_fused(&inp, &op, &b, &sums, &nan, None).is_err());
            // short buffers are errors, not panics
            assert!(check_fused(&inp, &op, &b[..3], &sums, &d, None).is_err());
            assert!(check_fused(&inp, &op, &b, &sums, &d[..5], None).is_err());
        }
    }

    #[test]
    fn bias_axes_are_the_kernels_transposed() {
        let s = GemmShape { m: 3, n: 5, k: 7 };
        assert_eq!(BiasAxis::Rows.len(s), 3);
        assert_eq!(BiasAxis::Columns.len(s), 5);
        assert_eq!(BiasAxis::Rows.kernel_axis(), bias_axis::COLUMNS);
        assert_eq!(BiasAxis::Columns.kernel_axis(), bias_axis::ROWS);
        assert_eq!(BiasAxis::Rows.index(2, 4), 2);
        assert_eq!(BiasAxis::Columns.index(2, 4), 4);
    }
}
