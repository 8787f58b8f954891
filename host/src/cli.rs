//! The `cute` command line: `eval`, `layout`, `demo`.

use std::io::{BufRead, Write};

use cute_core::dynamic::print_layout;

use crate::eval::{eval_str, Value};

/// The usage text.
pub const USAGE: &str = "\
usage: cute <command> [arguments]

commands:
  cute eval EXPR...     evaluate each expression; one result line per expression
  cute eval -           the same, one expression per line of standard input
  cute layout EXPR      print the layout as a 2-D grid of offsets (CuTe's print_layout)
  cute demo             show a few layouts and what the algebra does with them
  cute help             show this text

Expressions use CuTe's notation and function names, e.g.
  cute eval 'composition((4,8):(1,4), (2,4):(1,2))' 'complement((2,4):(1,2), 16)'
  cute eval '(2,4):(2,2)(5)' 'Sw<3,4,3>(200)' 'slice((1,_), (4,8):(8,1))'
A leading '_' marks a static integer (_4). A failing expression prints
'error: <reason>' in its place; the exit status is then 1.
";

/// Exit status: success.
pub const OK: i32 = 0;
/// Exit status: some expression failed.
pub const FAILED: i32 = 1;
/// Exit status: wrong usage.
pub const USAGE_ERROR: i32 = 2;

/// One result line: the value, or `error: <reason>`; and whether it failed.
pub fn eval_line(src: &str) -> (String, bool) {
    match eval_str(src) {
        Ok(v) => (v.to_string(), false),
        Err(e) => (format!("error: {e}"), true),
    }
}

fn eval_stream(input: &mut dyn BufRead, out: &mut dyn Write) -> std::io::Result<bool> {
    let mut any_failed = false;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(any_failed);
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        let line = String::from_utf8_lossy(&buf);
        let (text, failed) = eval_line(&line);
        any_failed |= failed;
        writeln!(out, "{text}")?;
    }
}

const DEMO: &[&str] = &[
    "(2,4):(2,2)(5)",
    "coalesce((2,(1,6)):(1,(6,2)))",
    "composition((4,8):(1,4), (2,4):(1,2))",
    "complement((2,4):(1,2), 16)",
    "right_inverse((4,2):(2,1))",
    "logical_divide((_4,_8):(_8,_1), (_2,_4))",
    "zipped_divide((_4,_8):(_8,_1), (_2,_4))",
    "blocked_product((_2,_2):(_1,_2), (_3,_2):(_1,_3))",
    "slice((1,_), (4,8):(8,1))",
    "Sw<3,4,3>(200)",
    "shape_div(3, 2)",
];

const DEMO_GRID: &str = "blocked_product((_2,_2):(_1,_2), (_3,_2):(_1,_3))";

fn demo(out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "cute eval: each expression and its value")?;
    let width = DEMO.iter().map(|e| e.len()).max().unwrap_or(0);
    for e in DEMO {
        writeln!(out, "  {e:<width$}  =>  {}", eval_line(e).0)?;
    }
    writeln!(out)?;
    writeln!(out, "cute layout '{DEMO_GRID}':")?;
    match eval_str(DEMO_GRID).ok().and_then(|v| match v {
        Value::Layout(l) => print_layout(&l).ok(),
        _ => None,
    }) {
        Some(grid) => write!(out, "{grid}"),
        None => writeln!(out, "error: the demo layout did not evaluate"),
    }
}

fn layout_command(src: &str, out: &mut dyn Write) -> std::io::Result<i32> {
    let result = eval_str(src)
        .map_err(|e| e.to_string())
        .and_then(|v| match v {
            Value::Layout(l) => print_layout(&l).map_err(|e| e.to_string()),
            other => Err(format!("print_layout: {other} is not a layout")),
        });
    match result {
        Ok(grid) => {
            write!(out, "{grid}")?;
            Ok(OK)
        }
        Err(e) => {
            writeln!(out, "error: {e}")?;
            Ok(FAILED)
        }
    }
}

/// Run `cute` with `args` (without the program name); returns the exit status.
pub fn run(
    args: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let usage = |err: &mut dyn Write, why: &str| {
        let _ = writeln!(err, "cute: {why}\n\n{USAGE}");
        USAGE_ERROR
    };
    let result = match args.first().map(String::as_str) {
        Some("eval") => match &args[1..] {
            [] => {
                return usage(
                    err,
                    "eval needs expressions, or '-' to read them from standard input",
                )
            }
            [dash] if dash == "-" => eval_stream(input, out).map(|f| if f { FAILED } else { OK }),
            exprs => {
                let mut any = false;
                let mut r = Ok(());
                for e in exprs {
                    let (text, failed) = eval_line(e);
                    any |= failed;
                    r = writeln!(out, "{text}");
                    if r.is_err() {
                        break;
                    }
                }
                r.map(|()| if any { FAILED } else { OK })
            }
        },
        Some("layout") => match &args[1..] {
            [e] => layout_command(e, out),
            _ => return usage(err, "layout takes exactly one expression"),
        },
        Some("demo") if args.len() == 1 => demo(out).map(|()| OK),
        Some("help" | "-h" | "--help") => write!(out, "{USAGE}").map(|()| OK),
        Some(other) => return usage(err, &format!("unknown command or arguments: {other}")),
        None => return usage(err, "no command given"),
    };
    match result.and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(err, "cute: cannot write the output: {e}");
            FAILED
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_str(args: &[&str], stdin: &str) -> (i32, String, String) {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run(&args, &mut stdin.as_bytes(), &mut out, &mut err);
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn eval_args_and_stdin() {
        assert_eq!(
            run_str(&["eval", "2:1(1)", "size(4:1)"], ""),
            (0, "1\n4\n".into(), String::new())
        );
        let (code, out, _) = run_str(
            &["eval", "-"],
            "coalesce((2,1):(3,1))\n\nshape_div(3,2)\r\n4:1(3)",
        );
        assert_eq!(code, 1);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "2:3");
        assert!(lines[1].starts_with("error: syntax: empty expression"));
        assert_eq!(
            lines[2],
            "error: shape_div: 3 and 2 do not divide one another"
        );
        assert_eq!(lines[3], "3");
    }

    #[test]
    fn usage_errors() {
        for args in [
            &[][..],
            &["eval"],
            &["layout"],
            &["layout", "a", "b"],
            &["bogus"],
            &["demo", "x"],
        ] {
            let (code, out, err) = run_str(args, "");
            assert_eq!(code, 2, "{args:?}");
            assert!(out.is_empty());
            assert!(err.contains("usage: cute"));
        }
        assert_eq!(run_str(&["help"], "").0, 0);
    }

    #[test]
    fn layout_and_demo() {
        let (code, out, _) = run_str(&["layout", "(2,2):(1,2)"], "");
        assert_eq!(code, 0);
        assert!(out.starts_with("(2,2):(1,2)\n"));
        let (code, out, _) = run_str(&["layout", "size(4:1)"], "");
        assert_eq!(
            (code, out.as_str()),
            (1, "error: print_layout: 4 is not a layout\n")
        );
        let (code, out, _) = run_str(&["demo"], "");
        assert_eq!(code, 0);
        assert!(out.contains("complement((2,4):(1,2), 16)"));
        assert!(!out.contains("error: the demo"));
    }
}
