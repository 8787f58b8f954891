//! On a GPU: the `layout_eval` kernel computes every offset of a static layout as the host
//! does. Without one, prints why it skipped.

use cute_core::layout::make_layout;
use cute_core::numeric::aliases::*;
use cute_host::{kernels, Error, Gpu};

#[test]
fn layout_eval_matches_the_host_for_every_index() {
    let gpu = match Gpu::new() {
        Ok(gpu) => gpu,
        Err(Error::NoDevice(why)) => {
            println!("skipped: {why}");
            return;
        }
        Err(e) => panic!("{e}"),
    };
    let n = 1000;
    let mut out = gpu.stream().clone_htod(&vec![-1i32; n]).unwrap();
    kernels::layout_eval(&gpu, &mut out).unwrap();
    let got = gpu.stream().clone_dtoh(&out).unwrap();
    let layout = make_layout(((_4, _2), (_8, _2)), ((_2, _64), (_8, _1)));
    for (i, g) in got.iter().enumerate() {
        assert_eq!(*g, layout.call((i % 128) as i32), "index {i}");
    }
    println!("{}: layout_eval ok on {} ({})", gpu.arch(), gpu.name(), n);
}
