//! Every oracle vector (`../shared/oracle/public.jsonl`) through the Rust API
//! (`cute_core::dynamic`), compared in Rust and cross-checked with `check.py`.

use std::path::Path;

use cute_core::dynamic::{
    blocked_product, ceil_div, coalesce, coalesce_profile, complement, composition, cosize,
    crd2idx, depth, filter, idx2crd, inner_product, left_inverse, logical_divide, logical_product,
    prefix_product, raked_product, rank, right_inverse, shape_div, size, slice, slice_and_offset,
    tiled_divide, tiled_product, zipped_divide, zipped_product, Coord, Int, IntTuple, Layout,
    Swizzle, Tiler,
};
use cute_tests::{compare, load_vectors, run_check_py, write_answers, Vector, PUBLIC_VECTORS};

fn answer(v: &Vector) -> Result<String, String> {
    let a = &v.args;
    let s = |k: usize| {
        a.get(k)
            .map(String::as_str)
            .ok_or(format!("{} needs argument {k}", v.op))
    };
    let lay =
        |k: usize| -> Result<Layout, String> { s(k)?.parse::<Layout>().map_err(|e| e.to_string()) };
    let tup = |k: usize| -> Result<IntTuple, String> {
        s(k)?.parse::<IntTuple>().map_err(|e| e.to_string())
    };
    let int = |k: usize| -> Result<i64, String> { s(k)?.parse::<i64>().map_err(|e| e.to_string()) };
    let tiler = |k: usize| -> Result<Tiler, String> {
        match v.types.get(k).map(String::as_str) {
            Some("layout") => lay(k).map(Tiler::Layout),
            _ => s(k)?.parse::<Tiler>().map_err(|e| e.to_string()),
        }
    };
    let coord =
        |k: usize| -> Result<Coord, String> { s(k)?.parse::<Coord>().map_err(|e| e.to_string()) };
    let e = |x: cute_core::dynamic::Error| x.to_string();
    Ok(match v.op.as_str() {
        "eval" => lay(0)?.eval(int(1)?).map_err(e)?.to_string(),
        "crd2idx" => crd2idx(&tup(0)?, &tup(1)?, &tup(2)?)
            .map_err(e)?
            .to_string(),
        "idx2crd" => idx2crd(&tup(0)?, &tup(1)?).map_err(e)?.to_string(),
        "size" => size(&lay(0)?).map_err(e)?.to_string(),
        "cosize" => cosize(&lay(0)?).map_err(e)?.to_string(),
        "depth" => depth(&lay(0)?).to_string(),
        "rank" => rank(&lay(0)?).to_string(),
        "coalesce" => coalesce(&lay(0)?).map_err(e)?.to_string(),
        "coalesce_profile" => coalesce_profile(&lay(0)?, &tup(1)?).map_err(e)?.to_string(),
        "filter" => filter(&lay(0)?).map_err(e)?.to_string(),
        "composition" => composition(&lay(0)?, &tiler(1)?).map_err(e)?.to_string(),
        "complement" => complement(&lay(0)?, &tup(1)?).map_err(e)?.to_string(),
        "right_inverse" => right_inverse(&lay(0)?).map_err(e)?.to_string(),
        "left_inverse" => left_inverse(&lay(0)?).map_err(e)?.to_string(),
        "logical_divide" => logical_divide(&lay(0)?, &tiler(1)?).map_err(e)?.to_string(),
        "zipped_divide" => zipped_divide(&lay(0)?, &tiler(1)?).map_err(e)?.to_string(),
        "tiled_divide" => tiled_divide(&lay(0)?, &tiler(1)?).map_err(e)?.to_string(),
        "logical_product" => logical_product(&lay(0)?, &tiler(1)?)
            .map_err(e)?
            .to_string(),
        "zipped_product" => zipped_product(&lay(0)?, &tiler(1)?).map_err(e)?.to_string(),
        "tiled_product" => tiled_product(&lay(0)?, &tiler(1)?).map_err(e)?.to_string(),
        "blocked_product" => blocked_product(&lay(0)?, &lay(1)?).map_err(e)?.to_string(),
        "raked_product" => raked_product(&lay(0)?, &lay(1)?).map_err(e)?.to_string(),
        "slice" => slice(&coord(1)?, &lay(0)?).map_err(e)?.to_string(),
        "slice_offset" => slice_and_offset(&coord(1)?, &lay(0)?)
            .map_err(e)?
            .1
            .to_string(),
        "shape_div" => shape_div(&tup(0)?, &tup(1)?).map_err(e)?.to_string(),
        "prefix_product" => {
            let init = if a.len() > 1 {
                tup(1)?
            } else {
                IntTuple::int(1)
            };
            prefix_product(&tup(0)?, &init).map_err(e)?.to_string()
        }
        "inner_product" => inner_product(&tup(0)?, &tup(1)?).map_err(e)?.to_string(),
        "ceil_div" => ceil_div(&tup(0)?, &tup(1)?).map_err(e)?.to_string(),
        "swizzle" => Swizzle::new(int(0)?, int(1)?, int(2)?)
            .map_err(e)?
            .apply(Int::dynamic(int(3)?))
            .to_string(),
        op => return Err(format!("unknown op {op}")),
    })
}

#[test]
fn oracle_through_the_api() {
    let vectors = load_vectors().expect("oracle vectors");
    assert_eq!(
        vectors.len(),
        PUBLIC_VECTORS,
        "public.jsonl should hold {PUBLIC_VECTORS} vectors"
    );
    let mut answers = Vec::with_capacity(vectors.len());
    let mut failures = Vec::new();
    for (i, v) in vectors.iter().enumerate() {
        let got = answer(v);
        let verdict = match &got {
            Ok(g) => compare(v, g),
            Err(err) => Err(format!("error: {err}")),
        };
        if let Err(why) = verdict {
            failures.push(format!(
                "line {i} {}({}) expected {}: {why}",
                v.op,
                v.args.join(", "),
                v.expect
            ));
        }
        answers.push(got.ok());
    }
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("oracle_api_answers.jsonl");
    write_answers(&path, &answers).expect("write answers");
    let shown: Vec<&String> = failures.iter().take(40).collect();
    assert!(
        failures.is_empty(),
        "{} of {} vectors failed in Rust:\n{shown:#?}",
        failures.len(),
        vectors.len()
    );

    let (passed, failed, out) = run_check_py(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (passed, failed),
        (PUBLIC_VECTORS, 0),
        "check.py disagrees:\n{out}"
    );
}
