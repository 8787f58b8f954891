//! Reading CuTe's print notation (`FromStr` of [`IntTuple`], [`Coord`], [`Layout`],
//! [`Tiler`] and [`Swizzle`]).
//!
//! ```text
//! node  ::= item [':' item]                 shape:stride makes a layout
//! item  ::= int | '_' | '(' [node (',' node)*] ')'
//! int   ::= ['_'] ['-'] DIGITS              leading '_' = static
//! ```
//! Whitespace between tokens is ignored. Nesting deeper than [`MAX_DEPTH`] is refused.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::error::{Error, Result};
use super::int_tuple::{Int, IntTuple};
use super::layout::{Layout, Tiler};
use super::swizzle::Swizzle;
use super::underscore::Coord;
use super::MAX_DEPTH;

impl core::str::FromStr for IntTuple {
    type Err = Error;
    fn from_str(s: &str) -> Result<IntTuple> {
        parse_int_tuple(s)
    }
}

impl core::str::FromStr for Layout {
    type Err = Error;
    fn from_str(s: &str) -> Result<Layout> {
        parse_layout(s)
    }
}

impl core::str::FromStr for Tiler {
    type Err = Error;
    fn from_str(s: &str) -> Result<Tiler> {
        parse_tiler(s)
    }
}

impl core::str::FromStr for Swizzle {
    type Err = Error;
    fn from_str(s: &str) -> Result<Swizzle> {
        parse_swizzle(s)
    }
}

impl core::str::FromStr for Coord {
    type Err = Error;
    fn from_str(s: &str) -> Result<Coord> {
        parse_coord(s)
    }
}

/// A parsed tree before it is given a type.
#[derive(Debug)]
enum Node {
    Int(Int),
    Under,
    Tuple(Vec<Node>),
    Layout(Layout),
}

struct Parser<'a> {
    s: &'a [u8],
    src: &'a str,
    pos: usize,
}

/// The text of `s` for an error message, shortened if long.
pub(crate) fn excerpt(s: &str) -> String {
    const MAX: usize = 60;
    if s.chars().count() <= MAX {
        String::from(s)
    } else {
        let mut t: String = s.chars().take(MAX).collect();
        t.push_str("...");
        t
    }
}

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Self {
        Parser {
            s: src.as_bytes(),
            src,
            pos: 0,
        }
    }

    fn err(&self, what: &str) -> Error {
        Error::new(
            "parse",
            format!(
                "{what} at position {} of \"{}\"",
                self.pos,
                excerpt(self.src)
            ),
        )
    }

    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.pos).copied()
    }

    fn expect(&mut self, c: u8) -> Result<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(&format!("expected '{}'", c as char)))
        }
    }

    fn finish(&mut self) -> Result<()> {
        if self.peek().is_some() {
            Err(self.err("unexpected trailing text"))
        } else {
            Ok(())
        }
    }

    fn node(&mut self, depth: usize) -> Result<Node> {
        let first = self.item(depth)?;
        if self.peek() != Some(b':') {
            return Ok(first);
        }
        self.pos += 1;
        let second = self.item(depth)?;
        let shape = to_int_tuple(first)
            .ok_or_else(|| self.err("a layout's shape must be an integer tuple"))?;
        let stride = to_int_tuple(second)
            .ok_or_else(|| self.err("a layout's stride must be an integer tuple"))?;
        Layout::new(shape, stride).map(Node::Layout)
    }

    fn item(&mut self, depth: usize) -> Result<Node> {
        match self.peek() {
            Some(b'(') => {
                if depth >= MAX_DEPTH {
                    return Err(self.err(&format!("nesting deeper than {MAX_DEPTH} levels")));
                }
                self.pos += 1;
                let mut out = Vec::new();
                if self.peek() == Some(b')') {
                    self.pos += 1;
                    return Ok(Node::Tuple(out));
                }
                loop {
                    out.push(self.node(depth + 1)?);
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b')') => {
                            self.pos += 1;
                            return Ok(Node::Tuple(out));
                        }
                        _ => return Err(self.err("expected ',' or ')'")),
                    }
                }
            }
            Some(b'_') => {
                let next = self.s.get(self.pos + 1).copied();
                if matches!(next, Some(c) if c == b'-' || c.is_ascii_digit()) {
                    self.pos += 1;
                    self.integer(true).map(Node::Int)
                } else {
                    self.pos += 1;
                    Ok(Node::Under)
                }
            }
            Some(c) if c == b'-' || c.is_ascii_digit() => self.integer(false).map(Node::Int),
            Some(_) => Err(self.err("expected an integer, '_' or '('")),
            None => Err(self.err("unexpected end of input")),
        }
    }

    /// `['-'] DIGITS` at the current position (no whitespace inside).
    fn integer(&mut self, is_static: bool) -> Result<Int> {
        let (value, end) = scan_int(self.s, self.pos).map_err(|e| self.err(e))?;
        self.pos = end;
        Ok(Int::new(value, is_static))
    }
}

/// Read `['-'] DIGITS` of `s` from `start`: the value and the end position.
pub(crate) fn scan_int(s: &[u8], start: usize) -> core::result::Result<(i64, usize), &'static str> {
    let mut pos = start;
    let neg = s.get(pos) == Some(&b'-');
    if neg {
        pos += 1;
    }
    let digits = pos;
    let mut value: i64 = 0;
    let mut overflow = false;
    while let Some(c) = s.get(pos).copied().filter(u8::is_ascii_digit) {
        let d = i64::from(c - b'0');
        let next = value.checked_mul(10).and_then(|v| {
            if neg {
                v.checked_sub(d)
            } else {
                v.checked_add(d)
            }
        });
        match next {
            Some(v) => value = v,
            None => overflow = true,
        }
        pos += 1;
    }
    if pos == digits {
        return Err("expected digits");
    }
    if overflow {
        return Err("integer does not fit in 64 bits");
    }
    Ok((value, pos))
}

fn to_int_tuple(n: Node) -> Option<IntTuple> {
    match n {
        Node::Int(i) => Some(IntTuple::from(i)),
        Node::Tuple(v) => v
            .into_iter()
            .map(to_int_tuple)
            .collect::<Option<Vec<_>>>()
            .map(IntTuple::Tuple),
        Node::Under | Node::Layout(_) => None,
    }
}

fn to_coord(n: Node) -> Option<Coord> {
    match n {
        Node::Int(i) => Some(Coord::Int(i)),
        Node::Under => Some(Coord::Underscore),
        Node::Tuple(v) => v
            .into_iter()
            .map(to_coord)
            .collect::<Option<Vec<_>>>()
            .map(Coord::Tuple),
        Node::Layout(_) => None,
    }
}

fn to_tiler(n: Node) -> Result<Option<Tiler>> {
    Ok(match n {
        Node::Int(i) => Some(Tiler::from(Layout::from_int(i)?)),
        Node::Layout(l) => Some(Tiler::Layout(l)),
        Node::Tuple(v) => {
            let mut out = Vec::with_capacity(v.len());
            for e in v {
                match to_tiler(e)? {
                    Some(t) => out.push(t),
                    None => return Ok(None),
                }
            }
            Some(Tiler::Tuple(out))
        }
        Node::Under => None,
    })
}

fn parse_node(s: &str) -> Result<Node> {
    let mut p = Parser::new(s);
    let n = p.node(0)?;
    p.finish()?;
    Ok(n)
}

fn wrong(s: &str, what: &str) -> Error {
    Error::new("parse", format!("\"{}\" is not {what}", excerpt(s)))
}

pub(crate) fn parse_int_tuple(s: &str) -> Result<IntTuple> {
    to_int_tuple(parse_node(s)?).ok_or_else(|| wrong(s, "an integer tuple"))
}

pub(crate) fn parse_coord(s: &str) -> Result<Coord> {
    to_coord(parse_node(s)?).ok_or_else(|| wrong(s, "a coordinate"))
}

pub(crate) fn parse_layout(s: &str) -> Result<Layout> {
    match parse_node(s)? {
        Node::Layout(l) => Ok(l),
        _ => Err(wrong(s, "a layout (shape:stride)")),
    }
}

pub(crate) fn parse_tiler(s: &str) -> Result<Tiler> {
    to_tiler(parse_node(s)?)?.ok_or_else(|| wrong(s, "a tiler"))
}

/// `Sw<B,M,S>`, whitespace allowed between tokens.
pub(crate) fn parse_swizzle(s: &str) -> Result<Swizzle> {
    let mut p = Parser::new(s);
    for c in *b"Sw<" {
        p.expect(c)?;
    }
    let mut v = [0i64; 3];
    for (k, slot) in v.iter_mut().enumerate() {
        if k > 0 {
            p.expect(b',')?;
        }
        p.skip_ws();
        *slot = p.integer(false)?.value;
    }
    p.expect(b'>')?;
    p.finish()?;
    Swizzle::new(v[0], v[1], v[2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn integers() {
        assert_eq!(scan_int(b"123", 0), Ok((123, 3)));
        assert_eq!(scan_int(b"-9223372036854775808", 0), Ok((i64::MIN, 20)));
        assert!(scan_int(b"9223372036854775808", 0).is_err());
        assert!(scan_int(b"-", 0).is_err());
    }

    #[test]
    fn tilers_and_layouts() {
        let t = parse_tiler("((8,6):(1,8),1:3,(2):(1))").unwrap();
        assert_eq!(t.to_string(), "((8,6):(1,8),1:3,(2):(1))");
        let t = parse_tiler("(2,4)").unwrap();
        assert_eq!(t.to_string(), "(2:1,4:1)");
        assert!(parse_layout("(2,4)").is_err());
        assert!(parse_layout("(2,4):(1)").is_err());
        assert!(parse_layout("(2,_):(1,2)").is_err());
        assert!(parse_layout("2:1:3").is_err());
        assert_eq!(
            parse_layout(" ( 2 , 4 ) : ( 1 , 2 ) ").unwrap().to_string(),
            "(2,4):(1,2)"
        );
        assert!(parse_tiler("(2,0)").is_err());
    }

    #[test]
    fn errors_name_the_position() {
        let e = parse_int_tuple("(1,x)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "parse: expected an integer, '_' or '(' at position 3 of \"(1,x)\""
        );
    }

    #[test]
    fn swizzles() {
        assert_eq!(parse_swizzle("Sw<3,4,3>").unwrap().to_string(), "Sw<3,4,3>");
        assert!(parse_swizzle("Sw<3,4>").is_err());
    }
}
