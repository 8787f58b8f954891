//! The epilogue's fusion ops (CUTLASS's `epilogue::fusion` operations): what the epilogue makes
//! of `x = alpha acc + beta C` before it stores D,
//!
//! ```text
//! D = act(alpha acc + beta C + bias) * scale,   Aux = alpha acc + beta C + bias
//! ```
//!
//! with `bias` a vector along D's rows or columns and `Aux` (the pre-activation, what training
//! keeps for the backward pass) an optional second output. The math runs on a thread's
//! register fragment, pair by pair (two adjacent columns), as [`TensorSsa`] values (the CuTe
//! DSL's register values): `x + bias` ([`FusionArgs::bias_at`]) and the aux output stored
//! ([`FusionArgs::store_aux`]) in one pass over the fragment, then `x.map(act) * scale`
//! ([`activate`]) in a second (short loops without branches, which unroll fully: the fragment
//! stays in registers), so that only the second, a few instructions an element, is compiled
//! once per activation (twice for the built-ins: [`TanhFamily`] and the erf GELU).
//!
//! An activation is any `Copy` closure `Fn(f32) -> f32` ([`Activation`]); the built-ins
//! ([`relu`], [`gelu_tanh`], [`gelu_erf`], [`silu`], [`identity`]) are such functions, and a
//! kernel entry may pass its own:
//!
//! ```
//! use cute_kernels::gemm::collective::fusion::{Activation, LinCombBiasEltActFn, fast};
//! // CLIP's "quick GELU", x sigmoid(1.702 x), as a closure
//! let quick_gelu = LinCombBiasEltActFn(|x: f32| x * fast::sigmoid(1.702 * x));
//! assert!((quick_gelu.0.apply(1.0) - 0.845_796).abs() < 1e-5);
//! ```
//!
//! The fusion op is the epilogue's type parameter: [`LinearCombination`] (`D = alpha acc + beta
//! C`, the plain kernels, none of the fusion's code in them), [`LinCombBiasEltAct`] (the
//! built-in activations, chosen per launch: one kernel for all of them, the choice made once per
//! fragment, [`FusionOp::with_activation`]) and [`LinCombBiasEltActFn`] (one closure, fixed in the
//! kernel). Which bias, which aux and which scale are the launch's [`FusionArgs`].

use cute_core::numeric::aliases::_2;
use cute_core::numeric::convert::NumericConverter;
use cute_core::tensor_ssa::TensorSsa;

/// An element-wise function of the epilogue (the activation): any `Copy` closure or function
/// `Fn(f32) -> f32`.
pub trait Activation: Copy {
    /// The function at `x`.
    fn apply(&self, x: f32) -> f32;
}
impl<F: Fn(f32) -> f32 + Copy> Activation for F {
    #[inline(always)]
    fn apply(&self, x: f32) -> f32 {
        self(x)
    }
}

/// Something to run with a fusion op's activation, monomorphic in it (Rust has no generic
/// closures, hence a trait): [`activate`]'s loop.
pub trait WithActivation {
    /// What the run returns.
    type Output;
    /// Runs with `act`.
    fn run<A: Activation>(self, act: A) -> Self::Output;
}

/// A fusion op: the epilogue's type parameter (see the module's documentation).
pub trait FusionOp: Copy {
    /// Whether the epilogue adds the bias, writes the aux output and applies the activation and
    /// the scale ([`FusionArgs`]); `false` for [`LinearCombination`], whose kernels have none of
    /// that code.
    const FUSED: bool;
    /// Runs `f` with this launch's activation.
    fn with_activation<W: WithActivation>(&self, f: W) -> W::Output;
}

/// `D = alpha acc + beta C` (CUTLASS's `LinearCombination`).
#[derive(Clone, Copy, Debug, Default)]
pub struct LinearCombination;
impl FusionOp for LinearCombination {
    const FUSED: bool = false;
    #[inline(always)]
    fn with_activation<W: WithActivation>(&self, f: W) -> W::Output {
        f.run(identity)
    }
}

/// The built-in activations, by their number in [`LinCombBiasEltAct`] (a kernel argument).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum ActivationKind {
    /// [`identity`].
    Identity = 0,
    /// [`relu`].
    Relu = 1,
    /// [`gelu_tanh`].
    GeluTanh = 2,
    /// [`gelu_erf`].
    GeluErf = 3,
    /// [`silu`].
    Silu = 4,
}

impl ActivationKind {
    /// Every built-in, in number order.
    pub const ALL: [ActivationKind; 5] = [
        ActivationKind::Identity,
        ActivationKind::Relu,
        ActivationKind::GeluTanh,
        ActivationKind::GeluErf,
        ActivationKind::Silu,
    ];
    /// The built-in of number `k` (an unknown number: [`identity`]).
    #[inline(always)]
    pub fn from_u32(k: u32) -> ActivationKind {
        match k {
            1 => ActivationKind::Relu,
            2 => ActivationKind::GeluTanh,
            3 => ActivationKind::GeluErf,
            4 => ActivationKind::Silu,
            _ => ActivationKind::Identity,
        }
    }
    /// Its function at `x`.
    #[inline(always)]
    pub fn apply(self, x: f32) -> f32 {
        match self {
            ActivationKind::Identity => identity(x),
            ActivationKind::Relu => relu(x),
            ActivationKind::GeluTanh => gelu_tanh(x),
            ActivationKind::GeluErf => gelu_erf(x),
            ActivationKind::Silu => silu(x),
        }
    }
}

/// The bias, the activation of [`ActivationKind`] number `act` and the scale (CUTLASS's
/// `LinCombPerRowBiasEltAct` / `LinCombPerColBiasEltAct`, the bias's axis and the activation
/// chosen per launch).
#[derive(Clone, Copy, Debug)]
pub struct LinCombBiasEltAct {
    /// The activation's number.
    pub act: u32,
}
impl FusionOp for LinCombBiasEltAct {
    const FUSED: bool = true;
    #[inline(always)]
    fn with_activation<W: WithActivation>(&self, f: W) -> W::Output {
        // two loops over the fragment, not five: every built-in but the erf GELU is one
        // function of per-launch coefficients ([`TanhFamily`]); with a loop per activation a
        // 256-wide tile's registers spilled
        match ActivationKind::from_u32(self.act) {
            ActivationKind::GeluErf => f.run(gelu_erf),
            kind => {
                let family = TanhFamily::of(kind);
                f.run(move |x: f32| family.apply(x))
            }
        }
    }
}

/// The built-ins but the erf GELU as one function: `x (c0 + c1 tanh(x (a1 + a3 x^2)))`, or
/// `max(x, 0)` for ReLU (a select, no branch): identity `(1, 0, 0, 0)`, the tanh GELU `(1/2,
/// 1/2, sqrt(2/pi), 0.044715 sqrt(2/pi))`, SiLU `(1/2, 1/2, 1/2, 0)` (`sigmoid(x) = (1 +
/// tanh(x/2)) / 2`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TanhFamily {
    c0: f32,
    c1: f32,
    a1: f32,
    a3: f32,
    relu: bool,
}

impl TanhFamily {
    /// The coefficients of `kind` (the erf GELU is not of the family: identity's instead).
    #[inline(always)]
    pub fn of(kind: ActivationKind) -> TanhFamily {
        const K: f32 = 0.797_884_6; // sqrt(2 / pi)
        let (c0, c1, a1, a3) = match kind {
            ActivationKind::GeluTanh => (0.5, 0.5, K, 0.044_715 * K),
            ActivationKind::Silu => (0.5, 0.5, 0.5, 0.0),
            _ => (1.0, 0.0, 0.0, 0.0),
        };
        TanhFamily {
            c0,
            c1,
            a1,
            a3,
            relu: kind == ActivationKind::Relu,
        }
    }
    /// The function at `x`.
    #[inline(always)]
    pub fn apply(self, x: f32) -> f32 {
        let y = x * (self.c0 + self.c1 * fast::tanh(x * (self.a1 + self.a3 * x * x)));
        if self.relu {
            relu(x)
        } else {
            y
        }
    }
}

/// The bias, the activation `F` (a closure of the kernel) and the scale.
#[derive(Clone, Copy, Debug)]
pub struct LinCombBiasEltActFn<F>(pub F);
impl<F: Activation> FusionOp for LinCombBiasEltActFn<F> {
    const FUSED: bool = true;
    #[inline(always)]
    fn with_activation<W: WithActivation>(&self, f: W) -> W::Output {
        f.run(self.0)
    }
}

/// Along which of D's modes the bias runs (a kernel argument).
pub mod bias_axis {
    /// No bias.
    pub const NONE: u32 = 0;
    /// One value per column of the kernel's D (`bias[c]`).
    pub const COLUMNS: u32 = 1;
    /// One value per row of the kernel's D (`bias[r]`).
    pub const ROWS: u32 = 2;
}

/// A fused launch's arguments: the bias vector (elements of D's type) and its axis
/// ([`bias_axis`]), the aux output (null: none; D's type and extents, rows `ldaux` apart) and
/// the scale. Ignored by [`LinearCombination`].
#[derive(Debug)]
pub struct FusionArgs<TD> {
    /// The bias vector: `n` values (axis `COLUMNS`) or `m` (axis `ROWS`), the first aligned to
    /// two of them.
    pub bias: *const TD,
    /// [`bias_axis`].
    pub bias_axis: u32,
    /// The aux output, `aux[r * ldaux + c]`, or null.
    pub aux: *mut TD,
    /// Elements between rows of the aux output.
    pub ldaux: u32,
    /// The scale of D.
    pub scale: f32,
}
impl<TD> Clone for FusionArgs<TD> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<TD> Copy for FusionArgs<TD> {}

impl<TD> FusionArgs<TD> {
    /// No bias, no aux, scale 1.
    pub const NONE: FusionArgs<TD> = FusionArgs {
        bias: core::ptr::null(),
        bias_axis: bias_axis::NONE,
        aux: core::ptr::null_mut(),
        ldaux: 0,
        scale: 1.0,
    };
}

/// A thread's fragment in the epilogue: the pair of values at `(r, c)`, `(r, c + 1)`.
pub type Pair = TensorSsa<f32, _2>;

/// `values = act(values) * scale` pair by pair, `act` the fusion's activation of this launch.
#[inline(always)]
pub fn activate<F: FusionOp>(fusion: &F, values: &mut [f32], scale: f32) {
    /// The loop, monomorphic in the activation.
    struct Activate<'a> {
        values: &'a mut [f32],
        scale: f32,
    }
    impl WithActivation for Activate<'_> {
        type Output = ();
        #[inline(always)]
        fn run<A: Activation>(self, act: A) {
            let v = self.values;
            // indices that are constants once the loop unrolls: the fragment stays in registers
            for i in (0..v.len()).step_by(2) {
                let x: Pair = TensorSsa::new(_2, [v[i], v[i + 1]]);
                let y = x.map(|e| act.apply(e)) * self.scale;
                let y = y.as_slice();
                (v[i], v[i + 1]) = (y[0], y[1]);
            }
        }
    }
    fusion.with_activation(Activate { values, scale })
}

impl<TD: NumericConverter> FusionArgs<TD> {
    /// The bias of the pair at `(r, c)` of an `m x n` D (zeros outside D and without a bias:
    /// nothing is read there).
    ///
    /// # Safety
    /// `bias` holds the values of its axis (inside D) or is null.
    #[inline(always)]
    pub unsafe fn bias_at(&self, r: u32, c: u32, m: u32, n: u32) -> Pair {
        // `&` and `|`, not `&&` and `||`: predicates, not branches (a branch per pair breaks
        // the unrolled fragment into blocks, and the registers spill)
        let has = !self.bias.is_null();
        let (cols, rows) = (
            has & (self.bias_axis == bias_axis::COLUMNS),
            has & (self.bias_axis == bias_axis::ROWS),
        );
        // one load per distinct address (the loads are pure: the bias is read-only while the
        // kernel runs)
        let (i0, i1) = if cols { (c, c + 1) } else { (r, r) };
        let row = r < m;
        let ok0 = (cols & row & (c < n)) | (rows & row);
        let ok1 = (cols & row & (c + 1 < n)) | (rows & row);
        // SAFETY: each load only where its index lies inside the bias (the caller's length).
        unsafe {
            TensorSsa::new(
                _2,
                [
                    predicated::load_nc(self.bias, i0, ok0),
                    predicated::load_nc(self.bias, i1, ok1),
                ],
            )
        }
    }

    /// Stores the pair `x` at `(r, c)` of the aux output, inside the `m x n` D, if there is
    /// one.
    ///
    /// # Safety
    /// `aux` covers `m x n` with row stride `ldaux`, or is null.
    #[inline(always)]
    pub unsafe fn store_aux(&self, x: Pair, r: u32, c: u32, m: u32, n: u32) {
        let row = !self.aux.is_null() & (r < m);
        let (ok0, ok1) = (row & (c < n), row & (c + 1 < n));
        let at = r as usize * self.ldaux as usize + c as usize;
        // SAFETY: each store inside the caller's `m x n` aux output.
        unsafe {
            let v = x.as_slice();
            predicated::store(self.aux, at, v[0], ok0);
            predicated::store(self.aux, at + 1, v[1], ok1);
        }
    }
}

/// Fast approximations of the functions the activations need: on the device PTX's
/// `tanh.approx.f32` (maximum relative error `2^-10.7`), `ex2.approx.ftz.f32` and
/// `rcp.approx.ftz.f32` (about `2^-22`), one multi-function-unit instruction each; elsewhere
/// `libm`'s (for the host's tests of the formulas).
pub mod fast {
    /// `tanh(x)`.
    #[inline(always)]
    pub fn tanh(x: f32) -> f32 {
        #[cfg(target_arch = "nvptx64")]
        {
            let y: f32;
            // SAFETY: arithmetic only.
            unsafe {
                core::arch::asm!("tanh.approx.f32 {y}, {x};", y = out(reg32) y, x = in(reg32) x,
                    options(pure, nomem, nostack))
            };
            y
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            libm::tanhf(x)
        }
    }
    /// `2^x`.
    #[inline(always)]
    pub fn exp2(x: f32) -> f32 {
        #[cfg(target_arch = "nvptx64")]
        {
            let y: f32;
            // SAFETY: arithmetic only.
            unsafe {
                core::arch::asm!("ex2.approx.ftz.f32 {y}, {x};", y = out(reg32) y, x = in(reg32) x,
                    options(pure, nomem, nostack))
            };
            y
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            libm::exp2f(x)
        }
    }
    /// `1 / x`.
    #[inline(always)]
    pub fn rcp(x: f32) -> f32 {
        #[cfg(target_arch = "nvptx64")]
        {
            let y: f32;
            // SAFETY: arithmetic only.
            unsafe {
                core::arch::asm!("rcp.approx.ftz.f32 {y}, {x};", y = out(reg32) y, x = in(reg32) x,
                    options(pure, nomem, nostack))
            };
            y
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            1.0 / x
        }
    }
    /// `1 / (1 + e^-x)`, as `(1 + tanh(x / 2)) / 2` (one instruction of the unit).
    #[inline(always)]
    pub fn sigmoid(x: f32) -> f32 {
        0.5 + 0.5 * tanh(0.5 * x)
    }
    /// `erf(x)` by Abramowitz and Stegun's 7.1.26 (absolute error at most `1.5e-7`, then the
    /// approximate `exp` and reciprocal): `1 - t (a1 + t (a2 + ...)) e^(-x^2)`, `t = 1 / (1 +
    /// p |x|)`, the sign of `x`.
    #[inline(always)]
    pub fn erf(x: f32) -> f32 {
        const P: f32 = 0.327_591_1;
        const A: [f32; 5] = [
            0.254_829_6,
            -0.284_496_74,
            1.421_413_7,
            -1.453_152_1,
            1.061_405_4,
        ];
        let ax = x.abs();
        let t = rcp(1.0 + P * ax);
        let poly = t * (A[0] + t * (A[1] + t * (A[2] + t * (A[3] + t * A[4]))));
        // e^(-x^2) = 2^(-x^2 log2(e))
        let y = 1.0 - poly * exp2(-ax * ax * core::f32::consts::LOG2_E);
        y.copysign(x)
    }
}

/// `x`.
#[inline(always)]
pub fn identity(x: f32) -> f32 {
    x
}

/// `max(x, 0)`.
#[inline(always)]
pub fn relu(x: f32) -> f32 {
    x.max(0.0)
}

/// GELU, tanh form (cuBLASLt's `CUBLASLT_EPILOGUE_GELU`, PyTorch's `approximate="tanh"`):
/// `x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))`.
#[inline(always)]
pub fn gelu_tanh(x: f32) -> f32 {
    const K: f32 = 0.797_884_6; // sqrt(2 / pi)
    let u = K * (x + 0.044_715 * x * x * x);
    0.5 * x * (1.0 + fast::tanh(u))
}

/// GELU, erf form (PyTorch's default): `x/2 (1 + erf(x / sqrt(2)))`.
#[inline(always)]
pub fn gelu_erf(x: f32) -> f32 {
    0.5 * x * (1.0 + fast::erf(x * core::f32::consts::FRAC_1_SQRT_2))
}

/// SiLU (swish): `x sigmoid(x)`.
#[inline(always)]
pub fn silu(x: f32) -> f32 {
    x * fast::sigmoid(x)
}

/// The device's predicated loads and stores of the epilogue (plain Rust off the device, for
/// tests).
pub mod predicated {
    use cute_core::numeric::convert::NumericConverter;

    /// `p[i]` as `f32` if `ok`, else 0, read through the non-coherent (read-only) cache; pure,
    /// so that loads of one address are one load.
    ///
    /// # Safety
    /// With `ok`, `p[i]` is readable and unchanged while the kernel runs.
    #[inline(always)]
    pub unsafe fn load_nc<T: NumericConverter>(p: *const T, i: u32, ok: bool) -> f32 {
        #[cfg(target_arch = "nvptx64")]
        {
            let q = p.wrapping_add(i as usize);
            // SAFETY: the load runs only with `ok` (the caller's guarantee).
            unsafe {
                match core::mem::size_of::<T>() {
                    2 => {
                        let mut v: u16 = 0;
                        core::arch::asm!(
                            "{{ .reg .pred p; setp.ne.b32 p, {ok}, 0; @p ld.global.nc.b16 {v}, [{q}]; }}",
                            v = inout(reg16) v, q = in(reg64) q, ok = in(reg32) ok as u32,
                            options(pure, nomem, nostack));
                        // zero bits where nothing was read: 0.0 in every type
                        core::mem::transmute_copy::<u16, T>(&v).to_f32()
                    }
                    4 => {
                        let mut v: u32 = 0;
                        core::arch::asm!(
                            "{{ .reg .pred p; setp.ne.b32 p, {ok}, 0; @p ld.global.nc.b32 {v}, [{q}]; }}",
                            v = inout(reg32) v, q = in(reg64) q, ok = in(reg32) ok as u32,
                            options(pure, nomem, nostack));
                        core::mem::transmute_copy::<u32, T>(&v).to_f32()
                    }
                    _ => unreachable!(),
                }
            }
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            // SAFETY: as above.
            if ok {
                unsafe { (*p.add(i as usize)).to_f32() }
            } else {
                0.0
            }
        }
    }

    /// `p[i]` as `f32` if `ok`, else 0: a predicated load (coherent: D, which the kernel
    /// writes), no branch.
    ///
    /// # Safety
    /// With `ok`, `p[i]` is readable.
    #[inline(always)]
    pub unsafe fn load<T: NumericConverter>(p: *const T, i: usize, ok: bool) -> f32 {
        #[cfg(target_arch = "nvptx64")]
        {
            let q = p.wrapping_add(i);
            // SAFETY: the load runs only with `ok` (the caller's guarantee).
            unsafe {
                match core::mem::size_of::<T>() {
                    2 => {
                        let mut v: u16 = 0;
                        core::arch::asm!(
                            "{{ .reg .pred p; setp.ne.b32 p, {ok}, 0; @p ld.global.b16 {v}, [{q}]; }}",
                            v = inout(reg16) v, q = in(reg64) q, ok = in(reg32) ok as u32,
                            options(pure, readonly, nostack));
                        core::mem::transmute_copy::<u16, T>(&v).to_f32()
                    }
                    4 => {
                        let mut v: u32 = 0;
                        core::arch::asm!(
                            "{{ .reg .pred p; setp.ne.b32 p, {ok}, 0; @p ld.global.b32 {v}, [{q}]; }}",
                            v = inout(reg32) v, q = in(reg64) q, ok = in(reg32) ok as u32,
                            options(pure, readonly, nostack));
                        core::mem::transmute_copy::<u32, T>(&v).to_f32()
                    }
                    _ => unreachable!(),
                }
            }
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            // SAFETY: as above.
            if ok {
                unsafe { (*p.add(i)).to_f32() }
            } else {
                0.0
            }
        }
    }

    /// `p[i] = x` (rounded to `T`) if `ok`: a predicated store, no branch.
    ///
    /// # Safety
    /// With `ok`, `p[i]` is writable.
    #[inline(always)]
    pub unsafe fn store<T: NumericConverter>(p: *mut T, i: usize, x: f32, ok: bool) {
        #[cfg(target_arch = "nvptx64")]
        {
            let q = p.wrapping_add(i);
            let v = T::from_f32(x);
            // SAFETY: the store runs only with `ok` (the caller's guarantee).
            unsafe {
                match core::mem::size_of::<T>() {
                    2 => {
                        let v: u16 = core::mem::transmute_copy(&v);
                        core::arch::asm!(
                            "{{ .reg .pred p; setp.ne.b32 p, {ok}, 0; @p st.global.b16 [{q}], {v}; }}",
                            v = in(reg16) v, q = in(reg64) q, ok = in(reg32) ok as u32,
                            options(nostack));
                    }
                    4 => {
                        let v: u32 = core::mem::transmute_copy(&v);
                        core::arch::asm!(
                            "{{ .reg .pred p; setp.ne.b32 p, {ok}, 0; @p st.global.b32 [{q}], {v}; }}",
                            v = in(reg32) v, q = in(reg64) q, ok = in(reg32) ok as u32,
                            options(nostack));
                    }
                    _ => unreachable!(),
                }
            }
        }
        #[cfg(not(target_arch = "nvptx64"))]
        if ok {
            // SAFETY: the caller's element.
            unsafe { *p.add(i) = T::from_f32(x) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn erf64(x: f64) -> f64 {
        libm::erf(x)
    }

    /// The approximations against float64's functions, over `[-8, 8]`: the formulas (with
    /// `libm`'s `tanh`/`exp2` here; the device's approximate instructions add their own error,
    /// which the host's bound states).
    #[test]
    fn activations_follow_their_definitions() {
        let mut worst = [0f64; 4];
        for i in -8000..=8000 {
            let x = i as f32 / 1000.0;
            let xd = x as f64;
            let gelu_t = 0.5
                * xd
                * (1.0
                    + ((2.0 / core::f64::consts::PI).sqrt() * (xd + 0.044715 * xd.powi(3))).tanh());
            let gelu_e = 0.5 * xd * (1.0 + erf64(xd / 2f64.sqrt()));
            let silu_x = xd / (1.0 + (-xd).exp());
            let errs = [
                (gelu_tanh(x) as f64 - gelu_t).abs(),
                (gelu_erf(x) as f64 - gelu_e).abs(),
                (silu(x) as f64 - silu_x).abs(),
                (fast::erf(x) as f64 - erf64(xd)).abs(),
            ];
            for (w, e) in worst.iter_mut().zip(errs) {
                *w = w.max(e / (1.0 + xd.abs()));
            }
            assert_eq!(relu(x), if x > 0.0 { x } else { 0.0 });
            assert_eq!(identity(x), x);
        }
        // f32 rounding of the formulas, and 7.1.26's 1.5e-7 for erf
        assert!(worst.iter().all(|&w| w < 1e-6), "{worst:?}");
    }

    /// The built-ins by number, and the runtime choice runs the function of that number.
    #[test]
    fn activation_kinds_dispatch_to_their_functions() {
        struct At(f32);
        impl WithActivation for At {
            type Output = f32;
            fn run<A: Activation>(self, act: A) -> f32 {
                act.apply(self.0)
            }
        }
        for (i, k) in ActivationKind::ALL.into_iter().enumerate() {
            assert_eq!(ActivationKind::from_u32(i as u32), k);
            let op = LinCombBiasEltAct { act: i as u32 };
            for x in [-2.5f32, -0.5, 0.0, 0.75, 3.0] {
                assert_eq!(op.with_activation(At(x)), k.apply(x), "{k:?} at {x}");
            }
        }
        assert_eq!(LinearCombination.with_activation(At(-3.0)), -3.0);
        // the family's coefficients give the functions (to f32 rounding)
        for k in [
            ActivationKind::Identity,
            ActivationKind::Relu,
            ActivationKind::GeluTanh,
            ActivationKind::Silu,
        ] {
            for i in -800..=800 {
                let x = i as f32 / 100.0;
                let (got, want) = (TanhFamily::of(k).apply(x), k.apply(x));
                assert!((got - want).abs() <= 1e-6 * (1.0 + x.abs()), "{k:?} at {x}");
            }
        }
        assert_eq!(TanhFamily::of(ActivationKind::Identity).apply(1e-30), 1e-30);
        assert_eq!(TanhFamily::of(ActivationKind::Relu).apply(-1e-30), 0.0);
        assert_eq!(
            LinCombBiasEltActFn(|x: f32| 2.0 * x).with_activation(At(4.0)),
            8.0
        );
    }

    /// The fused pair: bias by axis, aux stored inside D only, then the activation and scale.
    #[test]
    fn fused_pairs_add_the_bias_store_the_aux_and_activate() {
        // SAFETY: host arrays of the sizes the arguments say.
        unsafe fn apply<A: Activation + 'static>(
            args: &FusionArgs<f32>,
            act: A,
            x: Pair,
            (r, c): (u32, u32),
            (m, n): (u32, u32),
        ) -> Pair {
            let x = x + unsafe { args.bias_at(r, c, m, n) };
            unsafe { args.store_aux(x, r, c, m, n) };
            let mut v = [x.as_slice()[0], x.as_slice()[1]];
            activate(&LinCombBiasEltActFn(act), &mut v, args.scale);
            TensorSsa::new(_2, v)
        }
        let bias = [10f32, 20., 30., 40.];
        let mut aux = [f32::NAN; 12]; // 3 x 4, rows 4 apart
        let args = FusionArgs {
            bias: bias.as_ptr(),
            bias_axis: bias_axis::COLUMNS,
            aux: aux.as_mut_ptr(),
            ldaux: 4,
            scale: 0.5,
        };
        let x = TensorSsa::new(_2, [-15f32, 1.0]);
        // SAFETY: host arrays of the sizes the arguments say.
        let y = unsafe { apply(&args, relu, x, (1, 0), (3, 4)) };
        assert_eq!(y.as_slice(), &[0.0, 10.5]);
        assert_eq!(&aux[4..6], &[-5.0, 21.0]);
        // the pair straddles the last column (n = 3): one value of bias, one of aux
        // SAFETY: as above.
        let y = unsafe { apply(&args, identity, x, (2, 2), (3, 3)) };
        assert_eq!(y.as_slice(), &[7.5, 0.5]);
        assert_eq!(aux[10], 15.0);
        assert!(aux[11].is_nan());
        // rows: one value for the pair; outside D nothing is read or written
        let rows = FusionArgs {
            bias_axis: bias_axis::ROWS,
            ..args
        };
        // SAFETY: as above.
        let y = unsafe { apply(&rows, identity, x, (3, 0), (3, 4)) };
        assert_eq!(y.as_slice(), &[-7.5, 0.5]);
        // SAFETY: as above.
        let y = unsafe { apply(&rows, identity, x, (2, 0), (3, 4)) };
        assert_eq!(y.as_slice(), &[7.5, 15.5]);
        assert_eq!(&aux[8..10], &[15.0, 31.0]);
    }
}
