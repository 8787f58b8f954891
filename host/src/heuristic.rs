//! The measured table behind `--kernel hopper`'s choice of member and split of K.
//!
//! `host/heuristic/hopper.csv` holds, for GPUs by their SM count, the member and split that
//! timed fastest on each measured problem (`M,N,K`), with the ratio to the best of cuBLAS and
//! cuBLASLt in the same run. `benches/heuristic/make_table.py` writes it from the raw CSV of a
//! `cute bench --splits` sweep; the header names the sweep. A table for another GPU is more
//! rows with its SM count: no code reads a GPU's name.
//!
//! A problem takes the row of the GPU's SM count with the same N and K and the smallest M at
//! least its own (a row measured at M = 128 serves M = 17..128: the same tiles of `C^T` along
//! M for every member narrower than the next measured M). A problem no row covers goes to the
//! rules of `crate::hopper` (the tile that covers M, the split that fills the last wave),
//! which scale with the SM count by themselves.

use crate::gemm::GemmShape;
use cute_kernels::gemm::members::{Member, MEMBERS};
use cute_kernels::gemm::tile_scheduler::STREAM_K;

/// The table's text, compiled in.
pub const TABLE: &str = include_str!("../heuristic/hopper.csv");

/// The table's path, for messages.
pub const TABLE_PATH: &str = "host/heuristic/hopper.csv";

/// A row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// The SM count of the GPU it was measured on.
    pub sms: u32,
    /// The measured problem.
    pub shape: GemmShape,
    /// The fastest member.
    pub member: &'static Member,
    /// Its split of K (1: none).
    pub splits: u32,
    /// Its TFLOP/s over the best of cuBLAS and cuBLASLt in the same run.
    pub ratio: f64,
}

/// A split of K as written on the command line, in the table and in `CUTE_HOPPER_SPLITS`: a
/// number of splits from 1 to 64, or `sk` for stream-K ([`STREAM_K`]).
pub fn parse_splits(s: &str) -> Option<u32> {
    match s {
        "sk" => Some(STREAM_K),
        _ => s.parse::<u32>().ok().filter(|x| (1..=64).contains(x)),
    }
}

/// A split of K as [`parse_splits`] reads it: `sk` for stream-K, else the number.
pub fn splits_name(splits: u32) -> String {
    if splits == STREAM_K {
        "sk".into()
    } else {
        splits.to_string()
    }
}

/// The rows of `text` (the table's format: `sms,M,N,K,member,splits,ratio`, `#` comments,
/// one header line starting with `sms`). A malformed row is an error naming its line.
pub fn parse(text: &str) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("sms,") {
            continue;
        }
        let bad = |why: &str| format!("{TABLE_PATH} line {}: {why}: '{line}'", i + 1);
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        if f.len() != 7 {
            return Err(bad("expected sms,M,N,K,member,splits,ratio"));
        }
        let int = |s: &str| {
            s.parse::<usize>()
                .map_err(|_| bad("not a positive integer"))
        };
        let member = MEMBERS
            .iter()
            .find(|m| m.name == f[4])
            .ok_or_else(|| bad("no member of that name"))?;
        let splits = parse_splits(f[5]).ok_or_else(|| bad("splits are 1 to 64 or sk"))?;
        let shape = GemmShape {
            m: int(f[1])?,
            n: int(f[2])?,
            k: int(f[3])?,
        };
        if shape.m == 0 || shape.n == 0 || shape.k == 0 {
            return Err(bad("a zero"));
        }
        rows.push(Row {
            sms: int(f[0])? as u32,
            shape,
            member,
            splits,
            ratio: f[6].parse().map_err(|_| bad("ratio is not a number"))?,
        });
    }
    Ok(rows)
}

/// The compiled-in table's rows (checked by a unit test, so an empty list only if it has none).
pub fn rows() -> &'static [Row] {
    static ROWS: std::sync::OnceLock<Vec<Row>> = std::sync::OnceLock::new();
    ROWS.get_or_init(|| parse(TABLE).unwrap_or_default())
}

/// The row that covers `shape` on a GPU of `sms` SMs (see the module docs), if any.
pub fn lookup(rows: &[Row], shape: GemmShape, sms: u32) -> Option<Row> {
    rows.iter()
        .filter(|r| {
            r.sms == sms && r.shape.n == shape.n && r.shape.k == shape.k && r.shape.m >= shape.m
        })
        .min_by_key(|r| r.shape.m)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(m: usize, n: usize, k: usize) -> GemmShape {
        GemmShape { m, n, k }
    }

    #[test]
    fn the_compiled_table_parses() {
        let rows = parse(TABLE).unwrap();
        assert!(!rows.is_empty(), "{TABLE_PATH} has no rows");
        for r in &rows {
            assert!(r.ratio > 0.0 && r.sms > 0, "{r:?}");
        }
    }

    #[test]
    fn a_row_covers_the_smaller_m_of_its_n_and_k() {
        let t = "# a comment\nsms,M,N,K,member,splits,ratio\n\
                 132,16,4096,4096,coop_128x64x64,4,0.9\n\
                 132,128,4096,4096,coop_128x128x64,2,0.8\n\
                 114,16,4096,4096,coop_128x256x64,1,0.7\n";
        let rows = parse(t).unwrap();
        assert_eq!(rows.len(), 3);
        let pick = |m, n, k, sms| lookup(&rows, shape(m, n, k), sms).map(|r| r.member.name);
        assert_eq!(pick(1, 4096, 4096, 132), Some("coop_128x64x64"));
        assert_eq!(pick(16, 4096, 4096, 132), Some("coop_128x64x64"));
        assert_eq!(pick(17, 4096, 4096, 132), Some("coop_128x128x64"));
        assert_eq!(pick(128, 4096, 4096, 132), Some("coop_128x128x64"));
        assert_eq!(pick(129, 4096, 4096, 132), None);
        assert_eq!(pick(16, 4096, 8192, 132), None);
        assert_eq!(pick(16, 4096, 4096, 114), Some("coop_128x256x64"));
        assert_eq!(pick(16, 4096, 4096, 78), None);
    }

    #[test]
    fn a_malformed_row_names_its_line() {
        for (t, why) in [
            ("132,16,4096,4096,coop_128x64x64,4\n", "expected sms,M,N,K"),
            ("132,16,4096,4096,coop_9x9x9,4,1.0\n", "no member"),
            (
                "132,16,4096,-1,coop_128x64x64,4,1.0\n",
                "not a positive integer",
            ),
            (
                "132,16,4096,4096,coop_128x64x64,0,1.0\n",
                "splits are 1 to 64 or sk",
            ),
            ("132,16,4096,4096,coop_128x64x64,1,x\n", "ratio"),
        ] {
            let e = parse(t).unwrap_err();
            assert!(e.contains("line 1") && e.contains(why), "{e}");
        }
    }
}
