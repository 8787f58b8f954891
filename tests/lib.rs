//! Shared helpers for the integration tests: reading the oracle vectors
//! (`../shared/oracle/public.jsonl`), turning each into a `cute eval` expression, writing
//! answers files, comparing answers the way `check.py` does, and running `check.py`.
#![warn(missing_docs)]

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use cute_core::dynamic::{crd2idx, size, IntTuple, Layout};

/// The number of vectors in `public.jsonl`.
pub const PUBLIC_VECTORS: usize = 4226;

/// The oracle directory: `$CUTE_ORACLE_DIR` if set, else `shared/oracle` beside the workspace.
pub fn oracle_dir() -> PathBuf {
    match std::env::var_os("CUTE_ORACLE_DIR") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/oracle"),
    }
}

/// A minimal JSON value: enough for the vectors and answers files.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number, kept as its text.
    Num(String),
    /// A string.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object.
    Obj(BTreeMap<String, Json>),
}

impl Json {
    /// Parse one JSON text.
    pub fn parse(s: &str) -> Result<Json, String> {
        let b = s.as_bytes();
        let mut i = 0;
        let v = value(b, &mut i)?;
        ws(b, &mut i);
        if i != b.len() {
            return Err(format!("trailing text at {i}"));
        }
        Ok(v)
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// Member `k` of an object.
    pub fn get(&self, k: &str) -> Option<&Json> {
        match self {
            Json::Obj(m) => m.get(k),
            _ => None,
        }
    }
}

fn ws(b: &[u8], i: &mut usize) {
    while *i < b.len() && b[*i].is_ascii_whitespace() {
        *i += 1;
    }
}

fn value(b: &[u8], i: &mut usize) -> Result<Json, String> {
    ws(b, i);
    match b.get(*i) {
        Some(b'{') => {
            *i += 1;
            let mut m = BTreeMap::new();
            ws(b, i);
            if b.get(*i) == Some(&b'}') {
                *i += 1;
                return Ok(Json::Obj(m));
            }
            loop {
                ws(b, i);
                let k = match value(b, i)? {
                    Json::Str(k) => k,
                    _ => return Err(format!("object key expected at {i}")),
                };
                ws(b, i);
                if b.get(*i) != Some(&b':') {
                    return Err(format!("':' expected at {i}"));
                }
                *i += 1;
                m.insert(k, value(b, i)?);
                ws(b, i);
                match b.get(*i) {
                    Some(b',') => *i += 1,
                    Some(b'}') => {
                        *i += 1;
                        return Ok(Json::Obj(m));
                    }
                    _ => return Err(format!("',' or '}}' expected at {i}")),
                }
            }
        }
        Some(b'[') => {
            *i += 1;
            let mut v = Vec::new();
            ws(b, i);
            if b.get(*i) == Some(&b']') {
                *i += 1;
                return Ok(Json::Arr(v));
            }
            loop {
                v.push(value(b, i)?);
                ws(b, i);
                match b.get(*i) {
                    Some(b',') => *i += 1,
                    Some(b']') => {
                        *i += 1;
                        return Ok(Json::Arr(v));
                    }
                    _ => return Err(format!("',' or ']' expected at {i}")),
                }
            }
        }
        Some(b'"') => {
            *i += 1;
            let mut s = String::new();
            loop {
                match b.get(*i) {
                    None => return Err("unterminated string".into()),
                    Some(b'"') => {
                        *i += 1;
                        return Ok(Json::Str(s));
                    }
                    Some(b'\\') => {
                        let c = b.get(*i + 1).copied().ok_or("bad escape")?;
                        *i += 2;
                        match c {
                            b'n' => s.push('\n'),
                            b't' => s.push('\t'),
                            b'r' => s.push('\r'),
                            b'b' => s.push('\u{8}'),
                            b'f' => s.push('\u{c}'),
                            b'u' => {
                                let hex = b.get(*i..*i + 4).ok_or("bad \\u escape")?;
                                let code = u32::from_str_radix(
                                    std::str::from_utf8(hex).map_err(|e| e.to_string())?,
                                    16,
                                )
                                .map_err(|e| e.to_string())?;
                                s.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                                *i += 4;
                            }
                            c => s.push(c as char),
                        }
                    }
                    Some(_) => {
                        let start = *i;
                        while *i < b.len() && b[*i] != b'"' && b[*i] != b'\\' {
                            *i += 1;
                        }
                        s.push_str(std::str::from_utf8(&b[start..*i]).map_err(|e| e.to_string())?);
                    }
                }
            }
        }
        Some(b't') if b[*i..].starts_with(b"true") => {
            *i += 4;
            Ok(Json::Bool(true))
        }
        Some(b'f') if b[*i..].starts_with(b"false") => {
            *i += 5;
            Ok(Json::Bool(false))
        }
        Some(b'n') if b[*i..].starts_with(b"null") => {
            *i += 4;
            Ok(Json::Null)
        }
        Some(c) if *c == b'-' || c.is_ascii_digit() => {
            let start = *i;
            while *i < b.len() && matches!(b[*i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                *i += 1;
            }
            Ok(Json::Num(
                String::from_utf8_lossy(&b[start..*i]).into_owned(),
            ))
        }
        _ => Err(format!("value expected at {i}")),
    }
}

/// Write `s` as a JSON string literal.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One oracle vector (see `FORMAT.md`).
#[derive(Clone, Debug)]
pub struct Vector {
    /// Operation name.
    pub op: String,
    /// Arguments in CuTe notation.
    pub args: Vec<String>,
    /// Argument types: `layout`, `tiler`, `inttuple`, `coord`, `profile`, `int`.
    pub types: Vec<String>,
    /// pycute's result.
    pub expect: String,
    /// How to compare: `exact`, `func`, `right_inverse`, `left_inverse`.
    pub cmp: String,
}

fn strings(j: Option<&Json>) -> Result<Vec<String>, String> {
    match j {
        Some(Json::Arr(v)) => v
            .iter()
            .map(|e| {
                e.as_str()
                    .map(String::from)
                    .ok_or("non-string element".to_string())
            })
            .collect(),
        _ => Err("array of strings expected".into()),
    }
}

impl Vector {
    /// Parse one line of a vectors file.
    pub fn parse(line: &str) -> Result<Vector, String> {
        let j = Json::parse(line)?;
        let field = |k: &str| {
            j.get(k)
                .and_then(Json::as_str)
                .map(String::from)
                .ok_or(format!("missing {k}"))
        };
        Ok(Vector {
            op: field("op")?,
            args: strings(j.get("args"))?,
            types: strings(j.get("types"))?,
            expect: field("expect")?,
            cmp: j
                .get("cmp")
                .and_then(Json::as_str)
                .unwrap_or("exact")
                .to_string(),
        })
    }
}

/// Read every vector of `public.jsonl`.
pub fn load_vectors() -> Result<Vec<Vector>, String> {
    let path = oracle_dir().join("public.jsonl");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(Vector::parse)
        .collect()
}

/// The `cute eval` expression for a vector (the mapping documented in the `cute` tool):
/// `eval` is `L(i)`, `swizzle` is `Sw<B,M,S>(offset)`, `coalesce_profile` is
/// `coalesce(L, profile)`, `slice` is `slice(crd, L)`, `slice_offset` is
/// `get<1>(slice_and_offset(crd, L))`; every other op is the CuTe call of the same name
/// with the arguments in the vector's order.
pub fn to_expression(v: &Vector) -> String {
    let a = &v.args;
    let arg = |k: usize| a.get(k).map(String::as_str).unwrap_or("");
    match v.op.as_str() {
        "eval" => format!("{}({})", arg(0), arg(1)),
        "swizzle" => format!("Sw<{},{},{}>({})", arg(0), arg(1), arg(2), arg(3)),
        "coalesce_profile" => format!("coalesce({},{})", arg(0), arg(1)),
        "slice" => format!("slice({},{})", arg(1), arg(0)),
        "slice_offset" => format!("get<1>(slice_and_offset({},{}))", arg(1), arg(0)),
        op => format!("{op}({})", a.join(",")),
    }
}

/// Write an answers file: one `{"i": k, "got": ...}` line per vector.
pub fn write_answers(path: &Path, answers: &[Option<String>]) -> std::io::Result<()> {
    let mut s = String::new();
    for (i, a) in answers.iter().enumerate() {
        let got = a.as_deref().map_or("null".to_string(), json_string);
        let _ = writeln!(s, "{{\"i\": {i}, \"got\": {got}}}");
    }
    std::fs::write(path, s)
}

/// Evaluate `l` at `i` the CuTe way (past the end extends the last mode).
fn at(l: &Layout, i: i64) -> Option<i64> {
    crd2idx(&IntTuple::int(i), l.shape(), l.stride())
        .ok()
        .map(|r| r.value)
}

fn points(l: &Layout) -> Option<i64> {
    size(l).ok().map(|n| n.value).filter(|&n| n <= 1 << 22)
}

/// Compare an answer with a vector as `check.py` does; `Err` says why not.
pub fn compare(v: &Vector, got: &str) -> Result<(), String> {
    let norm = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let lay = |s: &str| {
        s.parse::<Layout>()
            .map_err(|e| format!("{s} does not parse as a layout: {e}"))
    };
    match v.cmp.as_str() {
        "func" => {
            let (e, g) = (lay(&v.expect)?, lay(got)?);
            if e.rank() != g.rank() {
                return Err(format!("rank {} != {}", g.rank(), e.rank()));
            }
            for (me, mg) in e.modes().iter().zip(g.modes()) {
                if size(me).ok() != size(&mg).ok() {
                    return Err(format!("mode {mg} has another size than {me}"));
                }
            }
            let n = points(&e).ok_or("too large to compare")?;
            for i in 0..n {
                if at(&e, i) != at(&g, i) {
                    return Err(format!("value at {i}: {:?} != {:?}", at(&g, i), at(&e, i)));
                }
            }
            Ok(())
        }
        "right_inverse" => {
            let (l, e, g) = (lay(&v.args[0])?, lay(&v.expect)?, lay(got)?);
            let n = points(&g).ok_or("too large to compare")?;
            if Some(n) != points(&e) {
                return Err(format!("size of {got} differs from {}", v.expect));
            }
            for i in 0..n {
                if at(&g, i).and_then(|x| at(&l, x)) != Some(i) {
                    return Err(format!("L(R({i})) != {i}"));
                }
            }
            Ok(())
        }
        "left_inverse" => {
            let (l, g) = (lay(&v.args[0])?, lay(got)?);
            let n = points(&l).ok_or("too large to compare")?;
            for i in 0..n {
                let j = at(&l, i);
                if j.and_then(|j| at(&g, j)).and_then(|x| at(&l, x)) != j {
                    return Err(format!("L(R(L({i}))) != L({i})"));
                }
            }
            Ok(())
        }
        _ => {
            if norm(got) == norm(&v.expect) {
                Ok(())
            } else {
                Err(format!("got {got}, expected {}", v.expect))
            }
        }
    }
}

/// Run `python3 check.py public.jsonl answers` and return (passed, failed, its output).
pub fn run_check_py(answers: &Path) -> Result<(usize, usize, String), String> {
    let dir = oracle_dir();
    let out = Command::new("python3")
        .arg(dir.join("check.py"))
        .arg(dir.join("public.jsonl"))
        .arg(answers)
        .output()
        .map_err(|e| format!("cannot run python3 (needed for the check.py cross-check): {e}"))?;
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let last = text
        .lines()
        .rev()
        .find(|l| l.contains(" passed, "))
        .ok_or(format!("check.py printed no summary:\n{text}"))?;
    let nums: Vec<usize> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|t| t.parse().ok())
        .collect();
    match nums[..] {
        [p, f, ..] => Ok((p, f, text)),
        _ => Err(format!("cannot read check.py summary {last:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip() {
        let j =
            Json::parse(r#"{"a": ["x\"y", "\u0041"], "b": null, "c": -1.5e3, "d": true}"#).unwrap();
        assert_eq!(
            j.get("a"),
            Some(&Json::Arr(vec![
                Json::Str("x\"y".into()),
                Json::Str("A".into())
            ]))
        );
        assert_eq!(j.get("b"), Some(&Json::Null));
        assert_eq!(json_string("a\"b\\c\n"), r#""a\"b\\c\n""#);
        assert!(Json::parse("{").is_err());
    }

    #[test]
    fn expressions() {
        let v = Vector::parse(r#"{"op":"slice_offset","args":["(4,8):(8,1)","(1,_)"],"types":["layout","coord"],"expect":"8","rtype":"int","cmp":"exact"}"#).unwrap();
        assert_eq!(
            to_expression(&v),
            "get<1>(slice_and_offset((1,_),(4,8):(8,1)))"
        );
        let v = Vector::parse(r#"{"op":"swizzle","args":["3","4","3","200"],"types":["int","int","int","int"],"expect":"216","rtype":"int","cmp":"exact"}"#).unwrap();
        assert_eq!(to_expression(&v), "Sw<3,4,3>(200)");
    }
}

/// The reference output of C++ CuTe for the atoms, `tests/cpp/atoms.expected` (made by
/// `tests/cpp/atoms.cpp` through `cute-cpp`), for the atom tests to compare with.
pub mod cpp_expected {
    use cute_core::atom::copy_traits::CopyTraits;

    const EXPECTED: &str = include_str!("cpp/atoms.expected");

    /// The lines of case `name` (those after its `@@ name` line, up to the next case), each
    /// ending in a newline.
    pub fn cpp_case(name: &str) -> &'static str {
        let head = format!("@@ {name}\n");
        let start = EXPECTED
            .find(&head)
            .unwrap_or_else(|| panic!("no case {name} in tests/cpp/atoms.expected"))
            + head.len();
        let len = EXPECTED[start..]
            .find("@@ ")
            .unwrap_or(EXPECTED.len() - start);
        &EXPECTED[start..start + len]
    }

    /// A copy op's traits as `atoms.cpp` prints them (`ThrID`, `SrcLayout`, `DstLayout`,
    /// `RefLayout`, one per line).
    pub fn copy_traits_printed<Op: CopyTraits>() -> String {
        format!(
            "ThrID: {}\nSrcLayout: {}\nDstLayout: {}\nRefLayout: {}\n",
            Op::ThrId::default(),
            Op::SrcLayout::default(),
            Op::DstLayout::default(),
            Op::RefLayout::default()
        )
    }
}
