//! Evaluation of `cute eval` expressions over the run-time-structured algebra
//! ([`cute_core::dynamic`]).
//!
//! # Functions
//! CuTe's names and argument order:
//!
//! | call | result |
//! |---|---|
//! | `size(x)`, `size<I...>(x)` | size of a layout, or product of an integer tuple (of mode `I...`) |
//! | `cosize(L)`, `rank(x)`, `depth(x)` | as in CuTe (`rank`/`depth` also take integer tuples) |
//! | `shape(L)`, `stride(L)`, `shape<I...>(L)`, `stride<I...>(L)` | shape / stride (of a mode) |
//! | `get<I...>(x)`, `layout<I...>(L)` | element / mode `I...` of a tuple or layout |
//! | `coalesce(L[, profile])`, `filter(L[, profile])` | |
//! | `composition(A, B)` | `B` a layout, an integer `n` (= `n:1`) or a tuple tiler |
//! | `complement(L[, cotarget])` | cotarget defaults to `cosize(L)` |
//! | `right_inverse(L)`, `left_inverse(L)` | |
//! | `logical_divide`, `zipped_divide`, `tiled_divide`, `flat_divide` `(A, B)` | |
//! | `logical_product`, `zipped_product`, `tiled_product`, `flat_product` `(A, B)` | |
//! | `blocked_product(A, B)`, `raked_product(A, B)` | CUTLASS 4.2 forms |
//! | `slice(crd, L)`, `slice_and_offset(crd, L)` | the latter gives `(layout,offset)` |
//! | `crd2idx(crd, shape[, stride])`, `idx2crd(idx, shape)` | default stride: compact column-major |
//! | `shape_div(a, b)`, `ceil_div(a, b)`, `prefix_product(a[, init])`, `inner_product(a, b)` | |
//! | `product(t)`, `flatten(t)` | |
//! | `make_layout(shape[, stride])`, `make_layout(L0, L1, ...)` | |
//! | `upcast<N>(L)`, `downcast<N>(L)` (or `upcast(L, N)`) | |
//! | `L(i)`, `L(c0, c1, ...)`, `L(crd)` | layout at an index or coordinate; a coordinate with `_` slices |
//! | `Sw<B,M,S>(x)` | swizzle of an offset |
//!
//! # Atoms, TiledMMA and TiledCopy
//! An atom is written as its C++ type: an MMA op (`SM80_16x8x16_F32F16F16F32_TN`,
//! `SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>`, the 8-bit float GMMA ops with
//! their optional scales (`SM90_64x128x32_F32E4M3E5M2_RS_TN`,
//! `SM90_64x64x32_F16E5M2E5M2_SS_TN<GMMA::ScaleIn::Neg,GMMA::ScaleIn::One>`), `UniversalFMA<float>`,
//! `MMA_Atom<...>`) or `Copy_Atom<Op, T>` (`Copy_Atom<SM75_U32x4_LDSM_N, half_t>`,
//! `Copy_Atom<UniversalCopy<uint128_t>, float>`); a bare copy op copies its source type, and
//! `UniversalCopy<uint128_t,float>` is read as `Copy_Atom<UniversalCopy<uint128_t>, float>`
//! (C++ rejects copy ops whose two types differ in size). A trailing `{}` is allowed.
//! `x.f(a, ...)` is `f(x, a, ...)`, so C++'s member calls read as in C++.
//!
//! | call | result |
//! |---|---|
//! | `make_tiled_mma(atom[, thr_layout[, permutation]])` | a TiledMMA; `thr_layout` a layout or a shape (`(2,2,1)`), `permutation` a tuple of integers, layouts or `_`; both padded to rank 3 and made static, as C++ does |
//! | `make_tiled_copy(copy_atom, thr_layout[, val_layout])` | a TiledCopy (layouts made static) |
//! | `make_tiled_copy_A/B/C(copy_atom, mma)` | the TiledCopy of the TiledMMA's A, B or C partition |
//! | `make_identity_tensor(shape)` | `ArithTuple(_0,_0) o (M,N):(_1@0,_1@1)` |
//! | `get_layoutA_TV(mma)`, `..B..`, `..C..`, `get_layoutS_TV(copy)`, `..D..`, `get_thr_layout_vmnk(mma)` | layouts |
//! | `tile_size<I>(mma)`, `tile_shape(mma)`, `size(mma)`, `size(copy)` | tile extents, threads |
//! | `get_slice(tiled, thr_idx)` (`get_thread_slice`) | a ThrMMA / ThrCopy |
//! | `partition_A/B/C(thr_mma, t)`, `partition_S/D(thr_copy, t)` | `t` an identity tensor (result: a tensor) or a layout (result: `(layout,offset)`) |
//! | `thrfrg_A/B/C(mma, layout)`, `tidfrg_S/D(copy, layout)` | the whole partition |
//! | `t(c)` for an identity tensor `t` | the coordinate at `c`; with `_`, the slice |
//!
//! TiledMMA, TiledCopy, their thread slices and atoms print on several lines, as C++ `print`.
//!
//! # The oracle's operations as expressions
//! `eval L i` is `L(i)`; `swizzle B M S x` is `Sw<B,M,S>(x)`; `coalesce_profile L p` is
//! `coalesce(L, p)`; `slice L crd` is `slice(crd, L)`; `slice_offset L crd` is
//! `get<1>(slice_and_offset(crd, L))`; every other operation is the call of the same name
//! with the vector's arguments in order.

use std::fmt;

use cute_core::dynamic::{
    self as dy, atoms, Coord, CopyAtom, IdentityTensor, Int, IntTuple, Layout, MmaAtom,
    Partitionable, Partitioned, Permutation, Swizzle, ThrCopy, ThrMma, TiledCopy, TiledMma, Tiler,
};

use crate::expr::{parse, Expr, SyntaxError, TypeArg, TypeName};

/// The value of an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer.
    Int(Int),
    /// `_`.
    Underscore,
    /// A tuple of values (an integer tuple, a coordinate, a tiler, or a pair such as the
    /// result of `slice_and_offset`).
    Tuple(Vec<Value>),
    /// A layout.
    Layout(Layout),
    /// A swizzle functor.
    Swizzle(Swizzle),
    /// An MMA atom.
    MmaAtom(Box<MmaAtom>),
    /// A copy atom.
    CopyAtom(Box<CopyAtom>),
    /// A TiledMMA.
    TiledMma(Box<TiledMma>),
    /// A TiledCopy.
    TiledCopy(Box<TiledCopy>),
    /// A TiledMMA's thread slice.
    ThrMma(Box<ThrMma>),
    /// A TiledCopy's thread slice.
    ThrCopy(Box<ThrCopy>),
    /// An identity (coordinate) tensor or a partition of one.
    Tensor(Box<IdentityTensor>),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Underscore => f.write_str("_"),
            Value::Layout(l) => write!(f, "{l}"),
            Value::Swizzle(s) => write!(f, "{s}"),
            Value::MmaAtom(a) => write!(f, "{a}"),
            Value::CopyAtom(a) => write!(f, "{a}"),
            Value::TiledMma(a) => write!(f, "{a}"),
            Value::TiledCopy(a) => write!(f, "{a}"),
            Value::ThrMma(a) => write!(f, "{a}"),
            Value::ThrCopy(a) => write!(f, "{a}"),
            Value::Tensor(t) => write!(f, "{t}"),
            Value::Tuple(v) => {
                f.write_str("(")?;
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl From<IntTuple> for Value {
    fn from(t: IntTuple) -> Value {
        match t {
            IntTuple::Int { value, is_static } => Value::Int(Int::new(value, is_static)),
            IntTuple::Tuple(v) => Value::Tuple(v.into_iter().map(Value::from).collect()),
        }
    }
}

/// Why an expression has no value: one sentence, `<op>: <condition>` or `syntax: ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError(pub String);

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EvalError {}

impl From<dy::Error> for EvalError {
    fn from(e: dy::Error) -> Self {
        EvalError(e.to_string())
    }
}

impl From<SyntaxError> for EvalError {
    fn from(e: SyntaxError) -> Self {
        EvalError(e.to_string())
    }
}

type R<T> = Result<T, EvalError>;

fn fail<T>(op: &str, what: impl fmt::Display) -> R<T> {
    Err(EvalError(format!("{op}: {what}")))
}

/// Parse and evaluate one expression.
///
/// # Example
/// ```
/// use cute_host::eval::eval_str;
/// assert_eq!(eval_str("complement((2,4):(1,2), 16)").unwrap().to_string(), "2:8");
/// assert_eq!(eval_str("(2,4):(2,2)(5)").unwrap().to_string(), "6");
/// assert_eq!(eval_str("shape_div(3, 2)").unwrap_err().to_string(), "shape_div: 3 and 2 do not divide one another");
/// ```
pub fn eval_str(src: &str) -> R<Value> {
    eval(&parse(src)?)
}

/// Evaluate a syntax tree.
pub fn eval(e: &Expr) -> R<Value> {
    match e {
        Expr::Int(v, s) => Ok(Value::Int(Int::new(*v, *s))),
        Expr::Underscore => Ok(Value::Underscore),
        Expr::Tuple(es) => es.iter().map(eval).collect::<R<Vec<_>>>().map(Value::Tuple),
        Expr::Layout(s, d) => {
            let (s, d) = (eval(s)?, eval(d)?);
            let shape = int_tuple(&s, "make_layout", "shape")?;
            let stride = int_tuple(&d, "make_layout", "stride")?;
            Ok(Value::Layout(Layout::new(shape, stride)?))
        }
        Expr::Swizzle(b, m, s) => Ok(Value::Swizzle(Swizzle::new(*b, *m, *s)?)),
        Expr::Call { name, targs, args } => {
            let vals = args.iter().map(eval).collect::<R<Vec<_>>>()?;
            call(name, targs, vals)
        }
        Expr::Type(t) => atom(t),
        Expr::Apply(f, args) => {
            let f = eval(f)?;
            let mut vals = args.iter().map(eval).collect::<R<Vec<_>>>()?;
            let crd = if vals.len() == 1 {
                vals.remove(0)
            } else {
                Value::Tuple(vals)
            };
            apply(f, crd)
        }
    }
}

fn int_tuple(v: &Value, op: &str, what: &str) -> R<IntTuple> {
    fn go(v: &Value) -> Option<IntTuple> {
        match v {
            Value::Int(i) => Some(IntTuple::from(*i)),
            Value::Tuple(es) => es
                .iter()
                .map(go)
                .collect::<Option<Vec<_>>>()
                .map(IntTuple::Tuple),
            _ => None,
        }
    }
    go(v).map_or_else(
        || {
            fail(
                op,
                format!("the {what} must be an integer tuple, not {}", kind(v)),
            )
        },
        Ok,
    )
}

fn integer(v: &Value, op: &str, what: &str) -> R<i64> {
    match v {
        Value::Int(i) => Ok(i.value),
        _ => fail(
            op,
            format!("the {what} must be an integer, not {}", kind(v)),
        ),
    }
}

fn coord(v: &Value, op: &str) -> R<Coord> {
    fn go(v: &Value) -> Option<Coord> {
        match v {
            Value::Int(i) => Some(Coord::Int(*i)),
            Value::Underscore => Some(Coord::Underscore),
            Value::Tuple(es) => es
                .iter()
                .map(go)
                .collect::<Option<Vec<_>>>()
                .map(Coord::Tuple),
            _ => None,
        }
    }
    go(v).map_or_else(
        || {
            fail(
                op,
                format!("the coordinate must hold integers and '_', not {}", kind(v)),
            )
        },
        Ok,
    )
}

fn layout(v: &Value, op: &str) -> R<Layout> {
    match v {
        Value::Layout(l) => Ok(l.clone()),
        _ => fail(
            op,
            format!("expected a layout (shape:stride), not {}", kind(v)),
        ),
    }
}

fn tiler(v: &Value, op: &str) -> R<Tiler> {
    match v {
        Value::Layout(l) => Ok(Tiler::Layout(l.clone())),
        Value::Int(i) => {
            Ok(Tiler::Layout(Layout::from_int(*i).map_err(|e| {
                EvalError(format!("{op}: {}", e.condition()))
            })?))
        }
        Value::Tuple(es) => es
            .iter()
            .map(|e| tiler(e, op))
            .collect::<R<Vec<_>>>()
            .map(Tiler::Tuple),
        _ => fail(op, format!("expected a layout or a tiler, not {}", kind(v))),
    }
}

/// Element `i` of a value, as CuTe's `get<i>` (a layout's element is its mode).
fn element(v: &Value, i: i64, op: &str) -> R<Value> {
    let out = usize::try_from(i).ok().and_then(|k| match v {
        Value::Tuple(es) => es.get(k).cloned(),
        Value::Layout(l) => l.mode(k).map(Value::Layout),
        Value::Int(_) | Value::Underscore | Value::Swizzle(_) => (k == 0).then(|| v.clone()),
        _ => None,
    });
    out.map_or_else(
        || fail(op, format!("index {i} is out of range for {}", kind(v))),
        Ok,
    )
}

fn select(v: &Value, targs: &[i64], op: &str) -> R<Value> {
    let mut cur = v.clone();
    for &i in targs {
        cur = element(&cur, i, op)?;
    }
    Ok(cur)
}

fn apply(f: Value, crd: Value) -> R<Value> {
    const OP: &str = "layout";
    match f {
        Value::Layout(l) => at(&l, &crd),
        Value::Tensor(t) => {
            let c = coord(&crd, "tensor")?;
            if c.has_underscore() {
                return Ok(Value::Tensor(Box::new(t.slice(&c)?)));
            }
            Ok(Value::from(t.at(&int_tuple(
                &crd,
                "tensor",
                "coordinate",
            )?)?))
        }
        Value::Swizzle(sw) => match crd {
            Value::Int(i) => Ok(Value::Int(sw.apply(i))),
            _ => fail(
                "Swizzle",
                format!("{sw} takes an integer offset, not {}", kind(&crd)),
            ),
        },
        Value::Tuple(ref es)
            if !es.is_empty() && es.iter().all(|e| matches!(e, Value::Layout(_))) =>
        {
            let modes: Vec<Layout> = es
                .iter()
                .filter_map(|e| match e {
                    Value::Layout(l) => Some(l.clone()),
                    _ => None,
                })
                .collect();
            at(&dy::make_layout(&modes), &crd)
        }
        _ => fail(
            OP,
            format!(
                "{} cannot be evaluated at {}: only layouts, swizzles and tensors can",
                kind(&f),
                kind(&crd)
            ),
        ),
    }
}

fn at(l: &Layout, crd: &Value) -> R<Value> {
    let c = coord(crd, "layout")?;
    if c.has_underscore() {
        return Ok(Value::Layout(dy::slice(&c, l)?));
    }
    let t = int_tuple(crd, "layout", "coordinate")?;
    Ok(Value::Int(l.eval_coord(&t)?))
}

fn arity(op: &str, args: &[Value], lo: usize, hi: usize) -> R<()> {
    let n = args.len();
    if n >= lo && n <= hi {
        return Ok(());
    }
    let want = match (lo, hi) {
        (a, b) if a == b => format!("{a}"),
        (a, usize::MAX) => format!("at least {a}"),
        (a, b) => format!("{a} to {b}"),
    };
    let plural = if hi == 1 { "argument" } else { "arguments" };
    fail(op, format!("takes {want} {plural}, not {n}"))
}

const TEMPLATED: &[&str] = &[
    "get",
    "layout",
    "shape",
    "stride",
    "size",
    "rank",
    "depth",
    "cosize",
    "upcast",
    "downcast",
    "tile_size",
];

fn call(name: &str, targs: &[i64], args: Vec<Value>) -> R<Value> {
    if !targs.is_empty() && !TEMPLATED.contains(&name) {
        return fail(name, "takes no template arguments");
    }
    let op = name;
    let l0 = |args: &[Value]| layout(&args[0], op);
    let t = |args: &[Value], k: usize, what: &str| int_tuple(&args[k], op, what);
    let lay = |l: dy::Result<Layout>| l.map(Value::Layout).map_err(EvalError::from);
    let two = |args: &[Value], f: fn(&Layout, &Tiler) -> dy::Result<Layout>| -> R<Value> {
        arity(op, args, 2, 2)?;
        lay(f(&l0(args)?, &tiler(&args[1], op)?))
    };
    if let Some(v) = tiled_call(name, targs, &args)? {
        return Ok(v);
    }
    match name {
        "size" | "rank" | "depth" | "cosize" => {
            arity(op, &args, 1, 1)?;
            let x = select(&args[0], targs, op)?;
            match (name, &x) {
                ("size", Value::Layout(l)) => Ok(Value::Int(dy::size(l)?)),
                ("rank", Value::Layout(l)) => Ok(Value::Int(dy::rank(l))),
                ("depth", Value::Layout(l)) => Ok(Value::Int(dy::depth(l))),
                ("cosize", _) => Ok(Value::Int(dy::cosize(&layout(&x, op)?)?)),
                _ => {
                    let it = int_tuple(&x, op, "argument")?;
                    let st = it.is_static();
                    Ok(Value::Int(match name {
                        "size" => it.product()?,
                        "rank" => Int::new(it.rank() as i64, st),
                        _ => Int::new(it.depth() as i64, st),
                    }))
                }
            }
        }
        "shape" | "stride" => {
            arity(op, &args, 1, 1)?;
            let l = layout(&select(&args[0], targs, op)?, op)?;
            Ok(Value::from(if name == "shape" {
                dy::shape(&l)
            } else {
                dy::stride(&l)
            }))
        }
        "get" | "layout" => {
            arity(op, &args, 1, 1)?;
            if targs.is_empty() {
                return fail(op, format!("needs indices: {name}<I...>(x)"));
            }
            let v = select(&args[0], targs, op)?;
            if name == "layout" {
                layout(&v, op)?;
            }
            Ok(v)
        }
        "coalesce" | "filter" => {
            arity(op, &args, 1, 2)?;
            let l = l0(&args)?;
            match (name, args.get(1)) {
                ("coalesce", None) => lay(dy::coalesce(&l)),
                ("coalesce", Some(_)) => lay(dy::coalesce_profile(&l, &t(&args, 1, "profile")?)),
                (_, None) => lay(dy::filter(&l)),
                (_, Some(_)) => lay(dy::filter_profile(&l, &t(&args, 1, "profile")?)),
            }
        }
        "composition" => two(&args, dy::composition),
        "logical_divide" => two(&args, dy::logical_divide),
        "zipped_divide" => two(&args, dy::zipped_divide),
        "tiled_divide" => two(&args, dy::tiled_divide),
        "flat_divide" => two(&args, dy::flat_divide),
        "logical_product" => two(&args, dy::logical_product),
        "zipped_product" => two(&args, dy::zipped_product),
        "tiled_product" => two(&args, dy::tiled_product),
        "flat_product" => two(&args, dy::flat_product),
        "blocked_product" | "raked_product" => {
            arity(op, &args, 2, 2)?;
            let (a, b) = (l0(&args)?, layout(&args[1], op)?);
            lay(if name == "blocked_product" {
                dy::blocked_product(&a, &b)
            } else {
                dy::raked_product(&a, &b)
            })
        }
        "tile_to_shape" => {
            arity(op, &args, 2, 2)?;
            lay(dy::tile_to_shape(
                &l0(&args)?,
                &t(&args, 1, "target shape")?,
            ))
        }
        "complement" => {
            arity(op, &args, 1, 2)?;
            let l = l0(&args)?;
            let cotarget = match args.get(1) {
                Some(_) => t(&args, 1, "cotarget")?,
                None => IntTuple::from(dy::cosize(&l)?),
            };
            lay(dy::complement(&l, &cotarget))
        }
        "right_inverse" | "left_inverse" => {
            arity(op, &args, 1, 1)?;
            let l = l0(&args)?;
            lay(if name == "right_inverse" {
                dy::right_inverse(&l)
            } else {
                dy::left_inverse(&l)
            })
        }
        "slice" | "slice_and_offset" => {
            arity(op, &args, 2, 2)?;
            let (c, l) = (coord(&args[0], op)?, layout(&args[1], op)?);
            if name == "slice" {
                return lay(dy::slice(&c, &l));
            }
            let (s, off) = dy::slice_and_offset(&c, &l)?;
            Ok(Value::Tuple(vec![Value::Layout(s), Value::Int(off)]))
        }
        "crd2idx" => {
            arity(op, &args, 2, 3)?;
            let (c, s) = (t(&args, 0, "coordinate")?, t(&args, 1, "shape")?);
            let d = match args.get(2) {
                Some(_) => t(&args, 2, "stride")?,
                None => Layout::compact(&s)?.stride().clone(),
            };
            Ok(Value::Int(dy::crd2idx(&c, &s, &d)?))
        }
        "idx2crd" => {
            arity(op, &args, 2, 2)?;
            Ok(Value::from(dy::idx2crd(
                &t(&args, 0, "index")?,
                &t(&args, 1, "shape")?,
            )?))
        }
        "shape_div" | "ceil_div" | "inner_product" => {
            arity(op, &args, 2, 2)?;
            let (a, b) = (
                t(&args, 0, "first argument")?,
                t(&args, 1, "second argument")?,
            );
            Ok(match name {
                "shape_div" => Value::from(dy::shape_div(&a, &b)?),
                "ceil_div" => Value::from(dy::ceil_div(&a, &b)?),
                _ => Value::Int(dy::inner_product(&a, &b)?),
            })
        }
        "prefix_product" => {
            arity(op, &args, 1, 2)?;
            let a = t(&args, 0, "argument")?;
            let init = match args.get(1) {
                Some(_) => t(&args, 1, "init")?,
                None => IntTuple::from(Int::new(1, a.is_static())),
            };
            Ok(Value::from(dy::prefix_product(&a, &init)?))
        }
        "product" | "flatten" => {
            arity(op, &args, 1, 1)?;
            let a = t(&args, 0, "argument")?;
            Ok(if name == "product" {
                Value::Int(dy::product(&a)?)
            } else {
                Value::from(dy::flatten(&a))
            })
        }
        "make_layout" => make_layout(args),
        "upcast" | "downcast" => {
            let n = match (targs, args.len()) {
                ([n], 1) => *n,
                ([], 2) => integer(&args[1], op, "factor")?,
                _ => {
                    return fail(
                        op,
                        format!("is written {name}<N>(layout) or {name}(layout, N)"),
                    )
                }
            };
            let l = l0(&args)?;
            lay(if name == "upcast" {
                dy::upcast(&l, n)
            } else {
                dy::downcast(&l, n)
            })
        }
        _ => fail(name, "unknown function"),
    }
}

/// The element type names a template argument spells.
fn type_text(a: &TypeArg) -> String {
    match a {
        TypeArg::Int(v) => v.to_string(),
        TypeArg::Type(t) => t.to_string(),
    }
}

fn type_arg(t: &TypeName, i: usize) -> R<&TypeName> {
    match t.args.get(i) {
        Some(TypeArg::Type(a)) => Ok(a),
        _ => fail(
            &t.name,
            format!("{t} needs a type as template argument {i}"),
        ),
    }
}

fn last(name: &str) -> &str {
    name.rsplit("::").next().unwrap_or(name)
}

/// A C++ type naming an atom.
fn atom(t: &TypeName) -> R<Value> {
    let texts = |t: &TypeName| t.args.iter().map(type_text).collect::<Vec<_>>();
    match last(&t.name) {
        "MMA_Atom" => match (t.args.len(), atom(type_arg(t, 0)?)?) {
            (1, a @ Value::MmaAtom(_)) => Ok(a),
            _ => fail("MMA_Atom", format!("{t} takes one MMA operation")),
        },
        "Copy_Atom" => {
            if t.args.len() != 2 {
                return fail(
                    "Copy_Atom",
                    format!("{t} takes a copy operation and a value type"),
                );
            }
            let (op, val) = (type_arg(t, 0)?, type_arg(t, 1)?);
            let a = atoms::copy_atom(&op.name, &texts(op), &val.to_string())?;
            Ok(Value::CopyAtom(Box::new(a)))
        }
        name => {
            let args = texts(t);
            let copy_op = name.starts_with("UniversalCopy")
                || name.starts_with("SM80_CP_ASYNC")
                || name.contains("LDSM");
            if !copy_op {
                return Ok(Value::MmaAtom(Box::new(atoms::mma_atom(&t.name, &args)?)));
            }
            // A bare copy op copies its source type; UniversalCopy<S,T> with T of another
            // width (invalid C++) is read as Copy_Atom<UniversalCopy<S>, T>.
            let a = match &args[..] {
                [s, d]
                    if name == "UniversalCopy"
                        && atoms::sizeof_bits(s) != atoms::sizeof_bits(d) =>
                {
                    atoms::copy_atom(&t.name, &args[..1], d)?
                }
                [s, ..] => atoms::copy_atom(&t.name, &args, s)?,
                [] => {
                    return fail(
                        "Copy_Atom",
                        format!("{t} needs a value type: Copy_Atom<{t}, half_t>"),
                    )
                }
            };
            Ok(Value::CopyAtom(Box::new(a)))
        }
    }
}

/// A layout argument made static (C++ requires TiledMMA / TiledCopy layouts static).
fn static_layout(v: &Value, op: &str, what: &str) -> R<Layout> {
    let l = match v {
        Value::Layout(l) => l.clone(),
        Value::Int(_) | Value::Tuple(_) => Layout::compact(&int_tuple(v, op, what)?)?,
        _ => {
            return fail(
                op,
                format!("the {what} must be a layout or a shape, not {}", kind(v)),
            )
        }
    };
    Ok(Layout::new(
        l.shape().with_static(true),
        l.stride().with_static(true),
    )?)
}

fn tiled_mma_of(v: &Value, op: &str) -> R<TiledMma> {
    match v {
        Value::TiledMma(m) => Ok((**m).clone()),
        Value::ThrMma(t) => Ok(t.tiled.clone()),
        Value::MmaAtom(a) => {
            let p = [
                Permutation::Underscore,
                Permutation::Underscore,
                Permutation::Underscore,
            ];
            Ok(dy::make_tiled_mma(
                a,
                &"(_1,_1,_1):(_0,_0,_0)".parse()?,
                &p,
            )?)
        }
        _ => fail(op, format!("expected a TiledMMA, not {}", kind(v))),
    }
}

fn tiled_copy_of(v: &Value, op: &str) -> R<TiledCopy> {
    match v {
        Value::TiledCopy(c) => Ok((**c).clone()),
        Value::ThrCopy(t) => Ok(t.tiled.clone()),
        _ => fail(op, format!("expected a TiledCopy, not {}", kind(v))),
    }
}

/// What a value is, for errors (a TiledMMA's print is many lines).
fn kind(v: &Value) -> String {
    match v {
        Value::MmaAtom(a) => format!("the MMA atom {}", a.name),
        Value::CopyAtom(a) => format!("the copy atom {}", a.name),
        Value::TiledMma(_) => "a TiledMMA".into(),
        Value::TiledCopy(_) => "a TiledCopy".into(),
        Value::ThrMma(_) => "a ThrMMA".into(),
        Value::ThrCopy(_) => "a ThrCopy".into(),
        v => v.to_string(),
    }
}

fn partitionable(v: &Value, op: &str) -> R<Partitionable> {
    match v {
        Value::Tensor(t) => Ok(Partitionable::Identity((**t).clone())),
        Value::Layout(l) => Ok(Partitionable::Layout(l.clone())),
        _ => fail(
            op,
            format!(
                "expected a tensor (make_identity_tensor(shape)) or a layout, not {}",
                kind(v)
            ),
        ),
    }
}

fn partitioned(p: Partitioned) -> Value {
    match p {
        Partitioned::Identity(t) => Value::Tensor(Box::new(t)),
        Partitioned::Layout(l, off) => Value::Tuple(vec![Value::Layout(l), Value::Int(off)]),
    }
}

/// The TiledMMA / TiledCopy functions; `None` if `name` is not one of them.
fn tiled_call(name: &str, targs: &[i64], args: &[Value]) -> R<Option<Value>> {
    let op = name;
    let v = match name {
        "make_tiled_mma" => {
            arity(op, args, 1, 3)?;
            let Value::MmaAtom(a) = &args[0] else {
                return fail(op, format!("expected an MMA atom, not {}", kind(&args[0])));
            };
            let thr = match args.get(1) {
                Some(v) => static_layout(v, op, "atom layout")?,
                None => "(_1,_1,_1):(_0,_0,_0)".parse()?,
            };
            let perm = match args.get(2) {
                None => vec![Permutation::Underscore; 3],
                Some(Value::Tuple(es)) => es
                    .iter()
                    .map(|e| match e {
                        Value::Underscore => Ok(Permutation::Underscore),
                        Value::Int(i) => Ok(Permutation::Int(Int::constant(i.value))),
                        Value::Layout(_) => {
                            Ok(Permutation::Layout(static_layout(e, op, "permutation")?))
                        }
                        _ => fail(
                            op,
                            format!("a permutation is an integer, a layout or _, not {e}"),
                        ),
                    })
                    .collect::<R<Vec<_>>>()?,
                Some(v) => {
                    return fail(
                        op,
                        format!("the permutation must be a tuple (M,N,K), not {}", kind(v)),
                    )
                }
            };
            Value::TiledMma(Box::new(dy::make_tiled_mma(a, &thr, &perm)?))
        }
        "make_tiled_copy" => {
            arity(op, args, 2, 3)?;
            let Value::CopyAtom(a) = &args[0] else {
                return fail(op, format!("expected a copy atom, not {}", kind(&args[0])));
            };
            let thr = static_layout(&args[1], op, "thread layout")?;
            let val = match args.get(2) {
                Some(v) => static_layout(v, op, "value layout")?,
                None => "_1:_0".parse()?,
            };
            Value::TiledCopy(Box::new(dy::make_tiled_copy(a, &thr, &val)?))
        }
        "make_tiled_copy_A" | "make_tiled_copy_B" | "make_tiled_copy_C" => {
            arity(op, args, 2, 2)?;
            let Value::CopyAtom(a) = &args[0] else {
                return fail(op, format!("expected a copy atom, not {}", kind(&args[0])));
            };
            let m = tiled_mma_of(&args[1], op)?;
            let which = match name {
                "make_tiled_copy_A" => 0,
                "make_tiled_copy_B" => 1,
                _ => 2,
            };
            Value::TiledCopy(Box::new(dy::make_tiled_copy_mma(a, &m, which)?))
        }
        "make_identity_tensor" => {
            arity(op, args, 1, 1)?;
            let s = int_tuple(&args[0], op, "shape")?;
            Value::Tensor(Box::new(IdentityTensor::new(&s)?))
        }
        "get_layoutA_TV"
        | "get_layoutB_TV"
        | "get_layoutC_TV"
        | "get_thr_layout_vmnk"
        | "tile_shape"
        | "thrfrg_A"
        | "thrfrg_B"
        | "thrfrg_C" => {
            let lay = if name.starts_with("thrfrg") { 2 } else { 1 };
            arity(op, args, lay, lay)?;
            let m = tiled_mma_of(&args[0], op)?;
            match name {
                "get_layoutA_TV" => Value::Layout(m.get_layout_a_tv()?),
                "get_layoutB_TV" => Value::Layout(m.get_layout_b_tv()?),
                "get_layoutC_TV" => Value::Layout(m.get_layout_c_tv()?),
                "get_thr_layout_vmnk" => Value::Layout(m.thr_layout_vmnk.clone()),
                "tile_shape" => Value::Tuple(
                    (0..3)
                        .map(|i| m.tile_size_mnk(i).map(Value::Int))
                        .collect::<dy::Result<Vec<_>>>()?,
                ),
                _ => {
                    let l = layout(&args[1], op)?;
                    Value::Layout(match name {
                        "thrfrg_A" => m.thrfrg_a(&l)?,
                        "thrfrg_B" => m.thrfrg_b(&l)?,
                        _ => m.thrfrg_c(&l)?,
                    })
                }
            }
        }
        "tile_size" => {
            arity(op, args, 1, 1)?;
            let m = tiled_mma_of(&args[0], op)?;
            match targs {
                [i @ 0..=2] => Value::Int(m.tile_size_mnk(*i as usize)?),
                _ => return fail(op, "is written tile_size<I>(mma), I in 0..2"),
            }
        }
        "get_layoutS_TV" | "get_layoutD_TV" | "tidfrg_S" | "tidfrg_D" => {
            let lay = if name.starts_with("tidfrg") { 2 } else { 1 };
            arity(op, args, lay, lay)?;
            let c = tiled_copy_of(&args[0], op)?;
            Value::Layout(match name {
                "get_layoutS_TV" => c.get_layout_s_tv()?,
                "get_layoutD_TV" => c.get_layout_d_tv()?,
                "tidfrg_S" => c.tidfrg_s(&layout(&args[1], op)?)?,
                _ => c.tidfrg_d(&layout(&args[1], op)?)?,
            })
        }
        "get_slice" | "get_thread_slice" => {
            arity(op, args, 2, 2)?;
            let Value::Int(t) = args[1] else {
                return fail(
                    op,
                    format!(
                        "the thread index must be an integer, not {}",
                        kind(&args[1])
                    ),
                );
            };
            match &args[0] {
                Value::TiledCopy(c) => Value::ThrCopy(Box::new(c.get_slice(t)?)),
                v => Value::ThrMma(Box::new(tiled_mma_of(v, op)?.get_slice(t)?)),
            }
        }
        "partition_A" | "partition_B" | "partition_C" => {
            arity(op, args, 2, 2)?;
            let Value::ThrMma(thr) = &args[0] else {
                return fail(
                    op,
                    format!(
                        "expected a ThrMMA (mma.get_slice(thr_idx)), not {}",
                        kind(&args[0])
                    ),
                );
            };
            let t = partitionable(&args[1], op)?;
            partitioned(match name {
                "partition_A" => thr.partition_a(&t)?,
                "partition_B" => thr.partition_b(&t)?,
                _ => thr.partition_c(&t)?,
            })
        }
        "partition_S" | "partition_D" => {
            arity(op, args, 2, 2)?;
            let Value::ThrCopy(thr) = &args[0] else {
                return fail(
                    op,
                    format!(
                        "expected a ThrCopy (copy.get_slice(thr_idx)), not {}",
                        kind(&args[0])
                    ),
                );
            };
            let t = partitionable(&args[1], op)?;
            partitioned(if name == "partition_S" {
                thr.partition_s(&t)?
            } else {
                thr.partition_d(&t)?
            })
        }
        "size" if args.len() == 1 && targs.is_empty() => match &args[0] {
            Value::TiledMma(_) | Value::ThrMma(_) => {
                Value::Int(tiled_mma_of(&args[0], op)?.size()?)
            }
            Value::TiledCopy(_) | Value::ThrCopy(_) => {
                Value::Int(tiled_copy_of(&args[0], op)?.size()?)
            }
            _ => return Ok(None),
        },
        _ => return Ok(None),
    };
    Ok(Some(v))
}

fn make_layout(args: Vec<Value>) -> R<Value> {
    const OP: &str = "make_layout";
    if args.iter().all(|a| matches!(a, Value::Layout(_))) && !args.is_empty() {
        let ls: Vec<Layout> = args
            .into_iter()
            .filter_map(|a| match a {
                Value::Layout(l) => Some(l),
                _ => None,
            })
            .collect();
        return Ok(Value::Layout(dy::make_layout(&ls)));
    }
    match &args[..] {
        [s] => Ok(Value::Layout(Layout::compact(&int_tuple(s, OP, "shape")?)?)),
        [s, d] => Ok(Value::Layout(Layout::new(
            int_tuple(s, OP, "shape")?,
            int_tuple(d, OP, "stride")?,
        )?)),
        _ => fail(OP, "takes a shape, a shape and a stride, or layouts"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(s: &str) -> String {
        match eval_str(s) {
            Ok(v) => v.to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn design_examples() {
        assert_eq!(ev("composition((4,8):(1,4), (2,4):(1,2))"), "(2,4):(1,2)");
        assert_eq!(ev("complement((2,4):(1,2), 16)"), "2:8");
        assert_eq!(ev("slice((1,_), (4,8):(8,1))"), "(8):(1)");
        assert_eq!(ev("((2,2,2):(4,2,1))(5)"), "5");
        assert_eq!(ev("Sw<3,4,3>(200)"), "216");
    }

    #[test]
    fn static_notation() {
        assert_eq!(ev("coalesce((_2,_1):(_3,_1))"), "_2:_3");
        assert_eq!(ev("size((_4,_8):(_1,_4))"), "_32");
        assert_eq!(ev("size<1>((_4,(2,_3)):(_1,(_4,8)))"), "6");
        assert_eq!(ev("rank((_4,_8):(_1,_4))"), "_2");
        assert_eq!(ev("(_4,_8):(_1,_4)(_1,_2)"), "_9");
        assert_eq!(ev("make_layout((_2,_1,_4))"), "(_2,_1,_4):(_1,_0,_2)");
    }

    #[test]
    fn evaluation_forms() {
        assert_eq!(ev("(4,8):(8,1)(1,2)"), "10");
        assert_eq!(ev("(4,8):(8,1)((1,2))"), "10");
        assert_eq!(ev("(4,8):(8,1)(_,2)"), "(4):(8)");
        assert_eq!(
            ev("(2,4):(2,2)(8)"),
            "error: layout: the index 8 is out of range for (2,4):(2,2) of size 8"
        );
        assert_eq!(
            ev("(4,8)(1)"),
            "error: layout: (4,8) cannot be evaluated at 1: only layouts, swizzles and tensors can"
        );
        assert_eq!(
            ev("Sw<3,4,3>((1,2))"),
            "error: Swizzle: Sw<3,4,3> takes an integer offset, not (1,2)"
        );
        assert_eq!(ev("Sw<3,4,3>"), "Sw<3,4,3>");
    }

    #[test]
    fn pairs_and_templates() {
        assert_eq!(
            ev("slice_and_offset((1,_),(_4,_8):(_8,_1))"),
            "((_8):(_1),8)"
        );
        assert_eq!(ev("get<1>(slice_and_offset((1,_),(4,8):(8,1)))"), "8");
        assert_eq!(ev("get<0,1>(((1,2),3))"), "2");
        assert_eq!(ev("layout<1>((4,8):(8,1))"), "8:1");
        assert_eq!(ev("shape<1>((4,(2,3)):(1,(4,8)))"), "(2,3)");
        assert_eq!(ev("upcast<2>((_4,_8):(_1,_4))"), "(_2,_8):(_1,_2)");
        assert_eq!(ev("downcast((4,8):(8,1), 2)"), "(4,16):(16,1)");
        assert_eq!(
            ev("get<5>((1,2))"),
            "error: get: index 5 is out of range for (1,2)"
        );
        assert_eq!(
            ev("coalesce<1>(4:1)"),
            "error: coalesce: takes no template arguments"
        );
    }

    #[test]
    fn helpers() {
        assert_eq!(ev("crd2idx((1,2),(4,8))"), "9");
        assert_eq!(ev("idx2crd(9,(4,8))"), "(1,2)");
        assert_eq!(ev("prefix_product((2,3,4))"), "(1,2,6)");
        assert_eq!(ev("make_layout((2,4):(1,2), 2:8)"), "((2,4),2):((1,2),8)");
        assert_eq!(ev("make_layout((2,4),(4,1))"), "(2,4):(4,1)");
        assert_eq!(ev("complement(4:2)"), "2:1");
        assert_eq!(ev("flatten(((1,2),(3)))"), "(1,2,3)");
    }

    /// Every case of `tests/cpp/tiled.cpp`: the expression, evaluated, prints what C++ CuTe
    /// 4.2 prints for the same TiledMMA, TiledCopy, TV layout or partition.
    #[test]
    fn tiled_values_print_as_cute() {
        let expected = include_str!("../tests/data/tiled.expected");
        let mut n = 0;
        for case in expected.split("@@ ").skip(1) {
            let (expr, want) = case.split_once('\n').expect("a case has a line");
            assert_eq!(ev(expr), want.trim_end(), "{expr}");
            n += 1;
        }
        assert_eq!(n, 42);
    }

    #[test]
    fn tiled_errors_are_one_sentence() {
        for (e, want) in [
            ("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1,1))", "error: make_tiled_mma: TiledMMA requires rank-3 AtomLayoutMNK, not (_2,_2,_1,_1):(_1,_2,_0,_0)"),
            ("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (32,32,16,1))", "error: make_tiled_mma: TiledMMA requires rank-3 PermutationMNK, not 4 elements"),
            ("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (24,32,16))", "error: make_tiled_mma: the tile size _24 of mode 0 is not a multiple of the atom's extent _16"),
            ("make_tiled_mma(SM90_64x64x16_F16F16F16_RS<GMMA::Major::MN,GMMA::Major::K>)", "error: MMA_Atom: SM90_64x64x16_F16F16F16_RS is not an MMA atom of this project (known: UniversalFMA<T>, SM80_16x8x{8,16}_{F16F16F16F16,F32F16F16F32,F32BF16BF16F32}_TN, SM80_16x8x{4,8}_F32TF32TF32F32_TN, SM80_8x8x4_F64F64F64F64_TN, SM80_16x8x32_S32S8S8S32_TN, SM90_64xNx16_{F16F16F16,F32F16F16,F32BF16BF16}_{SS,RS}<GMMA::Major::A,GMMA::Major::B> (N in 8,16,32,64,96,128,192,256), SM90_64xNx32_{F16,F32}{E4M3,E5M2}{E4M3,E5M2}_{SS,RS}_TN (N in 8,16,32,64,96,128,192,256; with feature sm90-extended-mma-shapes every multiple of 8 up to 256))"),
            ("SM90_64x64x16_F32F16F16_RS<GMMA::Major::MN,GMMA::Major::K>", "error: MMA_Atom: SM90_64x64x16_F32F16F16_RS reads A from registers, which must be GMMA::Major::K"),
            ("SM90_64x64x16_F32F16F16_SS", "error: MMA_Atom: SM90_64x64x16_F32F16F16_SS takes <GMMA::Major::K|MN, GMMA::Major::K|MN[, GMMA::ScaleIn::One|Neg, ...]>"),
            ("make_tiled_copy(SM75_U32x4_LDSM_N, (32,1))", "error: Copy_Atom: SM75_U32x4_LDSM_N needs a value type: Copy_Atom<SM75_U32x4_LDSM_N, half_t>"),
            ("Copy_Atom<UniversalCopy<uint128_t>, quux>", "error: Copy_Atom: unknown value type quux"),
            ("make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, (16,1))", "error: make_tiled_copy: TiledCopy uses too few thrs (_16) for selected CopyAtom (_32)"),
            ("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN).get_slice(32)", "error: get_slice: the thread index 32 is out of range for _32 threads"),
            ("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN).partition_C((16,8))", "error: partition_C: expected a ThrMMA (mma.get_slice(thr_idx)), not a TiledMMA"),
            ("make_identity_tensor((4,8,2,2))", "error: make_identity_tensor: the shape (4,8,2,2) is not a tuple of 1 to 3 integers"),
            ("get_layoutA_TV((4,8))", "error: get_layoutA_TV: expected a TiledMMA, not (4,8)"),
            ("get<0>(make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN))", "error: get: index 0 is out of range for a TiledMMA"),
            ("size<0>(make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN))", "error: size: index 0 is out of range for a TiledMMA"),
            ("make_identity_tensor((4,8))(40)", "error: layout: the index 40 is out of range for ArithTuple(_0,_0) o (4,8):(_1@0,_1@1) of size 32"),
            ("MMA_Atom<Copy_Atom<UniversalCopy<float>,float>>", "error: MMA_Atom: MMA_Atom<Copy_Atom<UniversalCopy<float>,float>> takes one MMA operation"),
            ("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(UniversalFMA<float>, (16,16,1)))", "error: make_tiled_copy_A: TiledCopy uses too few vals (_1) for selected CopyAtom (_8)"),
        ] {
            assert_eq!(ev(e), want, "{e}");
        }
    }

    #[test]
    fn errors_are_one_sentence() {
        assert_eq!(
            ev("composition(4:1)"),
            "error: composition: takes 2 arguments, not 1"
        );
        assert_eq!(ev("frobnicate(1)"), "error: frobnicate: unknown function");
        assert_eq!(
            ev("size(Sw<1,2,3>)"),
            "error: size: the argument must be an integer tuple, not Sw<1,2,3>"
        );
        assert_eq!(
            ev("composition((2,4):(1,2), (2,0))"),
            "error: composition: the shape 0 has the extent 0, which is not positive"
        );
        assert_eq!(
            ev("(2,4):(1)"),
            "error: make_layout: the shape (2,4) and the stride (1) are not congruent"
        );
        assert!(ev("shape_div(3,2)").starts_with("error: shape_div: "));
        assert!(ev("(1,").starts_with("error: syntax: "));
    }
}
