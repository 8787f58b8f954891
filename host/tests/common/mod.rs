//! Shared by the integration tests: running the `cute` binary, and ([`gpu`]) the GPU tests'
//! skip and check-one-case helpers.
#![allow(dead_code)]

pub mod gpu;

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// What one run of `cute` gave.
pub struct Run {
    /// Exit status (`None` if killed by a signal).
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Run `cute ARGS` with `stdin`, killing it after `timeout`.
pub fn cute(args: &[&str], stdin: &str, timeout: Duration) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cute");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let id = child.id();
    let (tx, rx) = mpsc::channel();
    let waiter = std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let out = match rx.recv_timeout(timeout) {
        Ok(out) => out.expect("wait for cute"),
        Err(_) => {
            // Only the child this test started, by its id.
            let _ = Command::new("kill").arg("-9").arg(id.to_string()).status();
            panic!("cute {args:?} did not finish within {timeout:?}");
        }
    };
    let _ = writer.join();
    let _ = waiter.join();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// `cute eval EXPR...` with a 60 s limit.
pub fn eval(exprs: &[&str]) -> Run {
    let mut args = vec!["eval"];
    args.extend_from_slice(exprs);
    cute(&args, "", Duration::from_secs(60))
}
