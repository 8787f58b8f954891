//! `cute svg` and `cute banks`: pictures of layouts and MMA partitions, and the
//! shared-memory bank-conflict report, on the dynamic engine (`cute_core::util::print_svg`,
//! `cute_core::util::bank_report`).

use std::io::Write;

use cute_core::dynamic::{Layout, Swizzle};
use cute_core::util::bank_report::{make_layout_tv, smem_bank_report};
use cute_core::util::print_svg::{print_svg_banks, print_svg_layout, print_svg_mma, print_svg_tv};

use crate::eval::{eval_str, Value};

/// The usage lines of the two commands (appended to `cli::USAGE`).
pub const USAGE: &str = "\
cute svg EXPR [--swizzle Sw<B,M,S>] [-o FILE]
  an SVG of the layout EXPR (then the swizzle): its print_layout grid, each cell greyed by
  its offset as C++ print_latex does (CuTe 4.2 has print_svg only for TiledMMAs); of a
  TiledMMA (make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (32,32,16))): C++
  print_svg(TiledMMA); of a TiledCopy (make_tiled_copy(Copy_Atom<Op,T>, THR, VAL)): the
  cells of C++ print_latex(TiledCopy), source and destination; of a thread's partition of an
  identity tensor: the coordinates it holds
cute svg EXPR --banks BYTES [--swizzle Sw<B,M,S>] [-o FILE]
  the shared-memory bank (B0-B31) of each element of the smem layout EXPR, BYTES each
cute svg --tv TV M,N [-o FILE]      C++ print_latex_tv: each cell of the MxN tile T<t>/V<v>
cute svg --copy THR VAL [-o FILE]   the same for make_tiled_copy's thread and value layouts
cute svg --mma C_TV A_TV B_TV M,N,K [-o FILE]
  C++ print_svg(TiledMMA) from the TiledMMA's get_layoutC/A/B_TV() and tile_size_mnk
cute banks SMEM (--tv TV --tile M,N | --tv TILED_COPY | --thr THR [--val VAL])
           [--swizzle Sw<B,M,S>] [--bytes N] [--vec V]
  shared-memory wavefronts of each warp-wide access of a partition of the rank-2 smem
  layout SMEM (offsets in N-byte elements, default 4, then the swizzle): TV maps (thread,
  value) to a column-major index of an MxN tile, or THR/VAL are make_tiled_copy's thread and
  value layouts, or TILED_COPY a TiledCopy (make_tiled_copy(Copy_Atom<Op,T>, THR, VAL)) whose
  source TV layout and tile are used; V values (default 1) per lane per access; the tile
  repeats over SMEM.
";

fn layout(src: &str) -> Result<Layout, String> {
    match eval_str(src).map_err(|e| e.to_string())? {
        Value::Layout(l) => Ok(l),
        Value::Int(i) => Layout::from_int(i).map_err(|e| e.to_string()),
        Value::TiledMma(_) | Value::TiledCopy(_) | Value::ThrMma(_) | Value::ThrCopy(_) => Err(
            format!("{src} is not a layout: take one with .get_layoutC_TV() or similar"),
        ),
        other => Err(format!("{other} is not a layout")),
    }
}

fn pair(what: &str, s: &str, n: usize) -> Result<Vec<i64>, String> {
    let v: Vec<i64> = s
        .trim_matches(|c| c == '(' || c == ')')
        .split(',')
        .map(|x| x.trim().trim_start_matches('_').parse::<i64>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{what} '{s}' is not {n} comma-separated integers"))?;
    if v.len() != n || v.iter().any(|&x| x <= 0) {
        return Err(format!("{what} '{s}' is not {n} positive integers"));
    }
    Ok(v)
}

/// Splits `-o FILE` off `args`.
fn output(args: &[String]) -> Result<(Vec<&String>, Option<&String>), String> {
    let mut rest = Vec::new();
    let mut file = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "-o" {
            file = Some(it.next().ok_or("-o needs a file name")?);
        } else {
            rest.push(a);
        }
    }
    Ok((rest, file))
}

/// `cute svg ...`: `Err` is a usage error; `Ok(Err)` a failed picture.
pub fn svg_args(args: &[String]) -> Result<Result<(String, Option<String>), String>, String> {
    let (rest, file) = output(args)?;
    let file = file.cloned();
    let svg = match rest.as_slice() {
        [e] if !e.starts_with("--") => crate::draw::svg_of(e),
        [e, flag, sw] if !e.starts_with("--") && *flag == "--swizzle" => (|| {
            let sw: Swizzle = sw.parse().map_err(|e: cute_core::dynamic::Error| e.to_string())?;
            print_svg_layout(&layout(e)?, Some(&sw)).map_err(|e| e.to_string())
        })(),
        [e, flag, bytes, rest @ ..] if !e.starts_with("--") && *flag == "--banks" => (|| {
            let sw = match rest {
                [] => None,
                [f, sw] if *f == "--swizzle" => Some(
                    sw.parse::<Swizzle>().map_err(|e| e.to_string())?,
                ),
                _ => return Err("--banks BYTES takes only --swizzle S after it".to_string()),
            };
            let bytes: i64 = bytes
                .parse()
                .ok()
                .filter(|b| (1..=16).contains(b))
                .ok_or_else(|| format!("--banks '{bytes}' is not an element size in 1..16 bytes"))?;
            print_svg_banks(&layout(e)?, sw.as_ref(), bytes).map_err(|e| e.to_string())
        })(),
        [flag, tv, mn] if *flag == "--tv" => (|| {
            let t = pair("M,N", mn, 2)?;
            print_svg_tv(&layout(tv)?, (t[0], t[1])).map_err(|e| e.to_string())
        })(),
        [flag, thr, val] if *flag == "--copy" => (|| {
            let (tv, mn) = make_layout_tv(&layout(thr)?, &layout(val)?).map_err(|e| e.to_string())?;
            print_svg_tv(&tv, mn).map_err(|e| e.to_string())
        })(),
        [flag, c, a, b, mnk] if *flag == "--mma" => (|| {
            let (c, a, b) = (layout(c)?, layout(a)?, layout(b)?);
            let t = pair("M,N,K", mnk, 3)?;
            print_svg_mma(&c, &a, &b, (t[0], t[1], t[2])).map_err(|e| e.to_string())
        })(),
        _ => {
            return Err(
                "svg takes EXPR [--swizzle S], --tv TV M,N, --copy THR VAL, or --mma C_TV A_TV B_TV M,N,K"
                    .into(),
            )
        }
    };
    Ok(svg.map(|s| (s, file)))
}

/// Runs `cute svg`; returns the exit status, or `Err(why)` for a usage error.
pub fn svg_command(args: &[String], out: &mut dyn Write) -> Result<std::io::Result<i32>, String> {
    Ok(match svg_args(args)? {
        Ok((svg, None)) => write!(out, "{svg}").map(|()| crate::status::OK),
        Ok((svg, Some(f))) => match std::fs::write(&f, svg) {
            Ok(()) => writeln!(out, "wrote {f}").map(|()| crate::status::OK),
            Err(e) => writeln!(out, "error: cannot write {f}: {e}").map(|()| crate::status::FAILED),
        },
        Err(e) => writeln!(out, "error: {e}").map(|()| crate::status::FAILED),
    })
}

struct BanksArgs {
    smem: String,
    tv: Option<String>,
    tile: Option<String>,
    thr: Option<String>,
    val: Option<String>,
    swizzle: Option<String>,
    bytes: usize,
    vec: usize,
}

fn banks_args(args: &[String]) -> Result<BanksArgs, String> {
    let mut o = BanksArgs {
        smem: String::new(),
        tv: None,
        tile: None,
        thr: None,
        val: None,
        swizzle: None,
        bytes: 4,
        vec: 1,
    };
    let mut smem = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if !a.starts_with("--") {
            if smem.replace(a.clone()).is_some() {
                return Err(format!("banks takes one smem layout; '{a}' is a second"));
            }
            continue;
        }
        let v = it
            .next()
            .ok_or_else(|| format!("{a} needs a value"))?
            .clone();
        let num = |v: &str| {
            v.parse::<usize>()
                .ok()
                .filter(|&n| n > 0 && n <= 16)
                .ok_or_else(|| format!("{a} '{v}' is not an integer in 1..16"))
        };
        match a.as_str() {
            "--tv" => o.tv = Some(v),
            "--tile" => o.tile = Some(v),
            "--thr" => o.thr = Some(v),
            "--val" => o.val = Some(v),
            "--swizzle" => o.swizzle = Some(v),
            "--bytes" => o.bytes = num(&v)?,
            "--vec" => o.vec = num(&v)?,
            _ => return Err(format!("unknown option '{a}'")),
        }
    }
    o.smem = smem.ok_or("banks needs a shared-memory layout")?;
    match (&o.tv, &o.tile, &o.thr) {
        (Some(_), _, None) | (None, None, Some(_)) => Ok(o),
        _ => {
            Err("banks takes --tv TV --tile M,N, --tv TILED_COPY, or --thr THR [--val VAL]".into())
        }
    }
}

/// Runs `cute banks`; returns the exit status, or `Err(why)` for a usage error.
pub fn banks_command(args: &[String], out: &mut dyn Write) -> Result<std::io::Result<i32>, String> {
    let o = banks_args(args)?;
    let report = (|| {
        let smem = layout(&o.smem)?;
        let swizzle = o
            .swizzle
            .as_deref()
            .map(|s| s.parse::<Swizzle>().map_err(|e| e.to_string()))
            .transpose()?;
        let (tv, tile) = match (&o.tv, &o.tile, &o.thr) {
            (Some(tv), Some(tile), _) => {
                let t = pair("--tile", tile, 2)?;
                (layout(tv)?, (t[0], t[1]))
            }
            // a TiledCopy: its source TV layout over its tile (make_tiled_copy(...))
            (Some(tv), None, _) => match eval_str(tv).map_err(|e| e.to_string())? {
                Value::TiledCopy(c) => {
                    let e = |e: cute_core::dynamic::Error| e.to_string();
                    (c.get_layout_s_tv().map_err(e)?, c.tile_mn().map_err(e)?)
                }
                _ => return Err(format!("--tv {tv} without --tile must be a TiledCopy")),
            },
            (_, _, Some(thr)) => {
                let val = match &o.val {
                    Some(v) => layout(v)?,
                    None => layout("(1,1):(0,0)")?,
                };
                make_layout_tv(&layout(thr)?, &val).map_err(|e| e.to_string())?
            }
            _ => unreachable!("banks_args checked the options"),
        };
        let r = smem_bank_report(&smem, swizzle.as_ref(), &tv, tile, o.bytes, o.vec)
            .map_err(|e| e.to_string())?;
        Ok::<_, String>((smem, swizzle, tv, tile, r))
    })();
    Ok((|| match report {
        Ok((smem, swizzle, tv, tile, r)) => {
            let sw = swizzle.map(|s| format!(" o {s}")).unwrap_or_default();
            writeln!(out, "smem {smem}{sw}, {} B elements; TV {tv} over a ({},{}) tile; {} value(s) per access", o.bytes, tile.0, tile.1, o.vec)?;
            writeln!(out, "warp  access  wavefronts  ideal  conflicts")?;
            for a in &r.accesses {
                writeln!(
                    out,
                    "{:>4}  {:>6}  {:>10}  {:>5}  {:>9}",
                    a.warp,
                    a.step,
                    a.wavefronts.wavefronts,
                    a.wavefronts.ideal,
                    a.wavefronts.conflicts()
                )?;
            }
            writeln!(
                out,
                "total: {} accesses, {} wavefronts, ideal {}, conflicts {}",
                r.accesses.len(),
                r.wavefronts,
                r.ideal,
                r.conflicts()
            )?;
            Ok(crate::status::OK)
        }
        Err(e) => writeln!(out, "error: {e}").map(|()| crate::status::FAILED),
    })())
}
