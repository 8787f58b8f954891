//! The expression language of `cute eval` and `cute layout`: tokens, syntax tree, parser.
//!
//! ```text
//! expr   ::= primary ( '(' [expr (',' expr)*] ')'                      a value at coordinate c
//!                    | '.' NAME ['<' int (',' int)* '>'] '(' [expr (',' expr)*] ')' )*
//!                                                       x.f(a, ...) is the call f(x, a, ...)
//! primary::= NAME ['<' int (',' int)* '>'] '(' [expr (',' expr)*] ')'   CuTe function call
//!          | type ['{' '}']                                             an atom (C++ type)
//!          | 'Sw<' int ',' int ',' int '>'                             swizzle
//!          | tuple [':' tuple]                                          integer, tuple, layout
//!          | '_'                                                        slice marker
//! type   ::= NAME ('::' NAME)* ['<' targ (',' targ)* '>']               SM80_16x8x16_F32F16F16F32_TN,
//! targ   ::= int | type                                                 Copy_Atom<SM75_U32x4_LDSM_N,half_t>
//! tuple  ::= int | '(' [expr (',' expr)*] ')'
//! int    ::= ['_'] ['-'] DIGITS                                        leading '_' = static
//! ```
//! Whitespace between tokens is ignored. Nesting deeper than [`MAX_NESTING`] levels, and
//! integers that do not fit in 64 bits, are syntax errors.

use std::fmt;

/// The deepest nesting of parentheses, calls and template brackets accepted.
pub const MAX_NESTING: usize = 64;

/// A syntax tree node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// An integer literal: value and whether it was written static (`_4`).
    Int(i64, bool),
    /// `_`.
    Underscore,
    /// `(e0, e1, ...)`.
    Tuple(Vec<Expr>),
    /// `shape:stride`.
    Layout(Box<Expr>, Box<Expr>),
    /// `Sw<B,M,S>`.
    Swizzle(i64, i64, i64),
    /// `name<t...>(args)`.
    Call {
        /// The function name.
        name: String,
        /// Integers between `<` and `>` (CuTe's template arguments), if any.
        targs: Vec<i64>,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// `value(args)`: a layout or swizzle evaluated at a coordinate.
    Apply(Box<Expr>, Vec<Expr>),
    /// A C++ type naming an atom: `SM80_16x8x16_F32F16F16F32_TN`, `Copy_Atom<Op, half_t>`.
    Type(TypeName),
}

/// A C++ type as written: a (possibly `::`-qualified) name and its template arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeName {
    /// The name, `::`-joined (`GMMA::Major::K`).
    pub name: String,
    /// The template arguments.
    pub args: Vec<TypeArg>,
}

/// A template argument of a [`TypeName`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeArg {
    /// An integer.
    Int(i64),
    /// A type.
    Type(TypeName),
}

impl fmt::Display for TypeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.args.is_empty() {
            f.write_str("<")?;
            for (i, a) in self.args.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                match a {
                    TypeArg::Int(v) => write!(f, "{v}")?,
                    TypeArg::Type(t) => write!(f, "{t}")?,
                }
            }
            f.write_str(">")?;
        }
        Ok(())
    }
}

/// A syntax error: what was expected and the (0-based) character column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Character column in the expression.
    pub column: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "syntax: {} at column {}", self.message, self.column)
    }
}

impl std::error::Error for SyntaxError {}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    LParen,
    RParen,
    Comma,
    Colon,
    Lt,
    Gt,
    Dot,
    LBrace,
    RBrace,
    Int(i64, bool),
    Under,
    Name(String),
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::LParen => f.write_str("'('"),
            Tok::RParen => f.write_str("')'"),
            Tok::Comma => f.write_str("','"),
            Tok::Colon => f.write_str("':'"),
            Tok::Lt => f.write_str("'<'"),
            Tok::Gt => f.write_str("'>'"),
            Tok::Dot => f.write_str("'.'"),
            Tok::LBrace => f.write_str("'{'"),
            Tok::RBrace => f.write_str("'}'"),
            Tok::Int(v, s) => write!(f, "'{}{v}'", if *s { "_" } else { "" }),
            Tok::Under => f.write_str("'_'"),
            Tok::Name(n) => write!(f, "'{n}'"),
        }
    }
}

fn err(column: usize, message: impl Into<String>) -> SyntaxError {
    SyntaxError {
        column,
        message: message.into(),
    }
}

fn lex(src: &str) -> Result<Vec<(Tok, usize)>, SyntaxError> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        let simple = match c {
            '(' => Some(Tok::LParen),
            ')' => Some(Tok::RParen),
            ',' => Some(Tok::Comma),
            ':' => Some(Tok::Colon),
            '<' => Some(Tok::Lt),
            '>' => Some(Tok::Gt),
            '.' => Some(Tok::Dot),
            '{' => Some(Tok::LBrace),
            '}' => Some(Tok::RBrace),
            _ => None,
        };
        if let Some(t) = simple {
            out.push((t, start));
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '_' || c == '-' || c.is_ascii_digit() {
            let is_static = c == '_';
            if is_static {
                i += 1;
                let next = chars.get(i).copied();
                if !matches!(next, Some(d) if d == '-' || d.is_ascii_digit()) {
                    if matches!(next, Some(d) if d.is_ascii_alphabetic() || d == '_') {
                        return Err(err(start, "a name must start with a letter"));
                    }
                    out.push((Tok::Under, start));
                    continue;
                }
            }
            let neg = chars.get(i) == Some(&'-');
            if neg {
                i += 1;
            }
            let digits_start = i;
            let mut value: Option<i64> = Some(0);
            while let Some(d) = chars.get(i).and_then(|d| d.to_digit(10)) {
                value = value.and_then(|v| v.checked_mul(10)).and_then(|v| {
                    if neg {
                        v.checked_sub(i64::from(d))
                    } else {
                        v.checked_add(i64::from(d))
                    }
                });
                i += 1;
            }
            if i == digits_start {
                return Err(err(start, "expected digits"));
            }
            let Some(v) = value else {
                return Err(err(start, "integer does not fit in 64 bits"));
            };
            out.push((Tok::Int(v, is_static), start));
        } else if c.is_ascii_alphabetic() {
            while chars
                .get(i)
                .is_some_and(|d| d.is_ascii_alphanumeric() || *d == '_')
            {
                i += 1;
            }
            out.push((Tok::Name(chars[start..i].iter().collect()), start));
        } else {
            return Err(err(start, format!("unexpected character {c:?}")));
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.0)
    }

    fn column(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end, |t| t.1)
    }

    fn bump(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).map(|t| t.0.clone());
        self.pos += 1;
        t
    }

    fn expect(&mut self, want: Tok) -> Result<(), SyntaxError> {
        match self.peek() {
            Some(t) if *t == want => {
                self.pos += 1;
                Ok(())
            }
            Some(t) => Err(err(self.column(), format!("expected {want}, found {t}"))),
            None => Err(err(
                self.column(),
                format!("expected {want}, found the end"),
            )),
        }
    }

    fn nest(&self, depth: usize) -> Result<usize, SyntaxError> {
        if depth >= MAX_NESTING {
            Err(err(
                self.column(),
                format!("nesting deeper than {MAX_NESTING} levels"),
            ))
        } else {
            Ok(depth + 1)
        }
    }

    /// `'(' [expr (',' expr)*] ')'`, the '(' not yet consumed.
    fn list(&mut self, depth: usize) -> Result<Vec<Expr>, SyntaxError> {
        let depth = self.nest(depth)?;
        self.expect(Tok::LParen)?;
        let mut out = Vec::new();
        if self.peek() == Some(&Tok::RParen) {
            self.pos += 1;
            return Ok(out);
        }
        loop {
            out.push(self.expr(depth)?);
            match self.bump() {
                Some(Tok::Comma) => {}
                Some(Tok::RParen) => return Ok(out),
                Some(t) => {
                    self.pos -= 1;
                    return Err(err(
                        self.column(),
                        format!("expected ',' or ')', found {t}"),
                    ));
                }
                None => return Err(err(self.end, "expected ',' or ')', found the end")),
            }
        }
    }

    /// `'<' targ (',' targ)* '>'`, the '<' not yet consumed.
    fn template_args(&mut self, depth: usize) -> Result<Vec<TypeArg>, SyntaxError> {
        let depth = self.nest(depth)?;
        self.expect(Tok::Lt)?;
        let mut out = Vec::new();
        loop {
            match self.peek() {
                Some(Tok::Int(v, _)) => {
                    out.push(TypeArg::Int(*v));
                    self.pos += 1;
                }
                Some(Tok::Name(_)) => out.push(TypeArg::Type(self.type_name(depth)?)),
                _ => {
                    return Err(err(
                        self.column(),
                        "expected an integer or a type as template argument",
                    ))
                }
            }
            match self.bump() {
                Some(Tok::Comma) => {}
                Some(Tok::Gt) => return Ok(out),
                _ => {
                    self.pos -= 1;
                    return Err(err(self.column(), "expected ',' or '>'"));
                }
            }
        }
    }

    /// `NAME ('::' NAME)*`, the first NAME not yet consumed.
    fn qualified_name(&mut self) -> Result<String, SyntaxError> {
        let mut name = match self.bump() {
            Some(Tok::Name(n)) => n,
            _ => {
                self.pos -= 1;
                return Err(err(self.column(), "expected a name"));
            }
        };
        while self.peek() == Some(&Tok::Colon)
            && self.toks.get(self.pos + 1).map(|t| &t.0) == Some(&Tok::Colon)
        {
            self.pos += 2;
            match self.bump() {
                Some(Tok::Name(n)) => {
                    name.push_str("::");
                    name.push_str(&n);
                }
                _ => {
                    self.pos -= 1;
                    return Err(err(self.column(), "expected a name after '::'"));
                }
            }
        }
        Ok(name)
    }

    /// `type`: a qualified name and its template arguments.
    fn type_name(&mut self, depth: usize) -> Result<TypeName, SyntaxError> {
        let name = self.qualified_name()?;
        let args = if self.peek() == Some(&Tok::Lt) {
            self.template_args(depth)?
        } else {
            Vec::new()
        };
        Ok(TypeName { name, args })
    }

    fn expr(&mut self, depth: usize) -> Result<Expr, SyntaxError> {
        let mut e = self.primary(depth)?;
        let mut depth = depth;
        loop {
            match self.peek() {
                Some(Tok::LParen) => {
                    // Each application wraps the tree once more: it counts as nesting.
                    depth = self.nest(depth)?;
                    let args = self.list(depth)?;
                    e = Expr::Apply(Box::new(e), args);
                }
                Some(Tok::Dot) => {
                    depth = self.nest(depth)?;
                    self.pos += 1;
                    let col = self.column();
                    let t = self.type_name(depth)?;
                    if t.name.contains("::") {
                        return Err(err(
                            col,
                            format!("a method name is one name, not {}", t.name),
                        ));
                    }
                    let targs = ints_only(&t, col)?;
                    if self.peek() != Some(&Tok::LParen) {
                        return Err(err(
                            self.column(),
                            format!("expected '(' after .{}", t.name),
                        ));
                    }
                    let mut args = vec![e];
                    args.extend(self.list(depth)?);
                    e = Expr::Call {
                        name: t.name,
                        targs,
                        args,
                    };
                }
                _ => return Ok(e),
            }
        }
    }

    fn tuple(&mut self, depth: usize) -> Result<Expr, SyntaxError> {
        match self.peek() {
            Some(Tok::Int(v, s)) => {
                let e = Expr::Int(*v, *s);
                self.pos += 1;
                Ok(e)
            }
            Some(Tok::LParen) => self.list(depth).map(Expr::Tuple),
            Some(t) => Err(err(
                self.column(),
                format!("expected an integer or '(', found {t}"),
            )),
            None => Err(err(self.end, "expected an integer or '(', found the end")),
        }
    }

    fn primary(&mut self, depth: usize) -> Result<Expr, SyntaxError> {
        match self.peek() {
            Some(Tok::Name(_)) => {
                let col = self.column();
                let t = self.type_name(depth)?;
                if t.name == "Sw" {
                    return match t.args[..] {
                        [TypeArg::Int(b), TypeArg::Int(m), TypeArg::Int(s)] => {
                            Ok(Expr::Swizzle(b, m, s))
                        }
                        _ => Err(err(col, "a swizzle is written Sw<B,M,S>")),
                    };
                }
                match self.peek() {
                    Some(Tok::LParen) => {
                        let targs = ints_only(&t, col)?;
                        let args = self.list(depth)?;
                        Ok(Expr::Call {
                            name: t.name,
                            targs,
                            args,
                        })
                    }
                    Some(Tok::LBrace) => {
                        self.pos += 1;
                        self.expect(Tok::RBrace)?;
                        Ok(Expr::Type(t))
                    }
                    _ => Ok(Expr::Type(t)),
                }
            }
            Some(Tok::Under) => {
                self.pos += 1;
                Ok(Expr::Underscore)
            }
            Some(Tok::Int(..)) | Some(Tok::LParen) => {
                let shape = self.tuple(depth)?;
                if self.peek() != Some(&Tok::Colon) {
                    return Ok(shape);
                }
                self.pos += 1;
                let stride = self.tuple(depth)?;
                Ok(Expr::Layout(Box::new(shape), Box::new(stride)))
            }
            Some(t) => Err(err(self.column(), format!("unexpected {t}"))),
            None if self.pos == 0 => Err(err(self.end, "empty expression")),
            None => Err(err(self.end, "expected an expression, found the end")),
        }
    }
}

/// The template arguments of a function call: integers only (`get<0,1>`).
fn ints_only(t: &TypeName, col: usize) -> Result<Vec<i64>, SyntaxError> {
    t.args
        .iter()
        .map(|a| match a {
            TypeArg::Int(v) => Ok(*v),
            TypeArg::Type(ty) => Err(err(
                col,
                format!(
                    "the template arguments of {} must be integers, not {ty}",
                    t.name
                ),
            )),
        })
        .collect()
}

/// Parse one expression (the whole of `src`).
///
/// # Example
/// ```
/// use cute_host::expr::{parse, Expr};
/// assert_eq!(parse("_4").unwrap(), Expr::Int(4, true));
/// assert!(parse("(2,4):(2,2)(3)").is_ok());
/// assert_eq!(parse("(1,").unwrap_err().to_string(), "syntax: expected an expression, found the end at column 3");
/// ```
pub fn parse(src: &str) -> Result<Expr, SyntaxError> {
    let toks = lex(src)?;
    let end = src.chars().count();
    let mut p = Parser { toks, pos: 0, end };
    let e = p.expr(0)?;
    if let Some(t) = p.peek() {
        return Err(err(
            p.column(),
            format!("unexpected {t} after the expression"),
        ));
    }
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        assert_eq!(parse("-3").unwrap(), Expr::Int(-3, false));
        assert_eq!(parse("_-3").unwrap(), Expr::Int(-3, true));
        assert_eq!(parse(" _ ").unwrap(), Expr::Underscore);
        assert_eq!(parse("()").unwrap(), Expr::Tuple(vec![]));
        assert_eq!(parse("Sw<3,4,3>").unwrap(), Expr::Swizzle(3, 4, 3));
        assert!(matches!(parse("(2,4):(1,2)").unwrap(), Expr::Layout(..)));
    }

    #[test]
    fn calls_and_applications() {
        let e = parse("get<1>(slice_and_offset((1,_),(4,8):(8,1)))").unwrap();
        assert!(
            matches!(e, Expr::Call { ref name, ref targs, .. } if name == "get" && targs == &[1])
        );
        let e = parse("((2,2,2):(4,2,1))(5)").unwrap();
        assert!(matches!(e, Expr::Apply(..)));
        let e = parse("Sw<3,4,3>(200)").unwrap();
        assert!(matches!(e, Expr::Apply(ref f, _) if **f == Expr::Swizzle(3, 4, 3)));
    }

    #[test]
    fn types_and_methods() {
        let e = parse("Copy_Atom<SM75_U32x4_LDSM_N, cute::half_t>{}").unwrap();
        let Expr::Type(t) = e else { panic!("{e:?}") };
        assert_eq!(t.to_string(), "Copy_Atom<SM75_U32x4_LDSM_N,cute::half_t>");
        let e = parse("SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>").unwrap();
        assert!(matches!(e, Expr::Type(ref t) if t.args.len() == 2));
        let e = parse("make_tiled_mma(A).get_slice(3).partition_C(x)").unwrap();
        let Expr::Call { name, args, .. } = e else {
            panic!()
        };
        assert_eq!((name.as_str(), args.len()), ("partition_C", 2));
        assert!(matches!(parse("foo").unwrap(), Expr::Type(_)));
    }

    #[test]
    fn errors() {
        for bad in [
            "",
            "(",
            "(1,2",
            "1,2",
            "1 2",
            "foo<1(2)",
            "a.",
            "a.b",
            "x::",
            "f<g>(1)",
            "{}",
            "Sw<1,2>",
            "_x",
            "--1",
            "1:",
            "1:2:3",
            "99999999999999999999",
            "(1)]",
            "é",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        let deep = "(".repeat(200) + &")".repeat(200);
        assert!(parse(&deep).unwrap_err().message.contains("nesting"));
        let deep = "f(".repeat(200) + &")".repeat(200);
        assert!(parse(&deep).is_err());
        let chain = "4:1".to_string() + &"(0)".repeat(200);
        assert!(parse(&chain).is_err());
    }
}
