//! The `cute` tool in a web page: a plain `extern "C"` API over linear memory (no
//! wasm-bindgen), used by `docs/web/index.html`.
//!
//! The page writes an expression's UTF-8 bytes into a buffer from [`cute_alloc`], calls
//! [`cute_run`], and reads the result from [`cute_result_ptr`] / [`cute_result_len`]:
//! `"ok\n" TEXT "\n\x01" SVG` (the value as `cute eval` prints it, then its picture, empty
//! when it has none, preceded by the reason on the text side), or `"error\n" MESSAGE`. The
//! evaluator and the pictures are the `cute` tool's own source files, included unchanged.
#![allow(missing_docs)]

#[path = "../../../host/src/draw.rs"]
pub mod draw;
#[path = "../../../host/src/eval.rs"]
pub mod eval;
#[path = "../../../host/src/expr.rs"]
pub mod expr;

use std::cell::RefCell;

thread_local! {
    static RESULT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A buffer of `len` bytes for the page to write an expression into.
#[no_mangle]
pub extern "C" fn cute_alloc(len: usize) -> *mut u8 {
    let mut v = Vec::<u8>::with_capacity(len.max(1));
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// Frees a buffer from [`cute_alloc`].
///
/// # Safety
/// `ptr` and `len` are those of one [`cute_alloc`] call, freed once.
#[no_mangle]
pub unsafe extern "C" fn cute_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes back a buffer of capacity `len.max(1)` from `cute_alloc`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Evaluates the expression in `ptr[..len]` and keeps the result; returns 0 when it
/// evaluated, 1 otherwise.
///
/// # Safety
/// `ptr[..len]` is readable (a buffer from [`cute_alloc`] the page wrote `len` bytes to).
#[no_mangle]
pub unsafe extern "C" fn cute_run(ptr: *const u8, len: usize) -> u32 {
    // SAFETY: the caller guarantees `len` readable bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let (status, out) = match std::str::from_utf8(bytes) {
        Err(_) => (1, "error\nthe expression is not UTF-8".to_string()),
        Ok(src) => match eval::eval_str(src.trim()) {
            Err(e) => (1, format!("error\n{e}")),
            Ok(v) => {
                let (note, svg) = match draw::svg_of_value(&v) {
                    Ok(svg) => (String::new(), svg),
                    Err(why) => (format!("\n({why})"), String::new()),
                };
                (0, format!("ok\n{v}{note}\n\x01{svg}"))
            }
        },
    };
    RESULT.with(|r| *r.borrow_mut() = out.into_bytes());
    status
}

/// The address of the last result.
#[no_mangle]
pub extern "C" fn cute_result_ptr() -> *const u8 {
    RESULT.with(|r| r.borrow().as_ptr())
}

/// The length in bytes of the last result.
#[no_mangle]
pub extern "C" fn cute_result_len() -> usize {
    RESULT.with(|r| r.borrow().len())
}
