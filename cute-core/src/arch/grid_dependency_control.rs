//! Programmatic dependent launch: port of `wait_on_dependent_grids` and
//! `launch_dependent_grids` of `cutlass/arch/grid_dependency_control.h` (`griddepcontrol`,
//! sm_90).
//!
//! A kernel launched with the programmatic-stream-serialization attribute may start before the
//! kernel ahead of it in the stream has finished: its blocks are scheduled once every block of
//! that kernel has executed `launch_dependent_grids` (or exited), and they run their prologue
//! (barrier initialization, tensor-map prefetches) while its last blocks still run. Before its
//! first access to global memory that the earlier kernel may write or read, each thread calls
//! `wait_on_dependent_grids`, which returns once that kernel has completed and its writes are
//! visible. Without the attribute, or after a kernel that is not so launched, the launch is
//! ordered as usual and the wait returns at once.

/// `cutlass::arch::wait_on_dependent_grids()`: `griddepcontrol.wait`, blocking until the grids
/// this one depends on have completed and their memory operations are visible to it. A barrier
/// for the compiler too: no memory access moves above it.
#[inline(always)]
pub fn wait_on_dependent_grids() {
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    // SAFETY: no operands; it only orders this thread after the earlier grids.
    unsafe {
        core::arch::asm!("griddepcontrol.wait;", options(nostack))
    };
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    panic!("`griddepcontrol.wait` needs nvptx64 with target feature sm_90a")
}

/// `cutlass::arch::launch_dependent_grids()`: `griddepcontrol.launch_dependents`, allowing the
/// grid launched after this one (with programmatic stream serialization) to be scheduled once
/// every block of this grid has executed it or exited.
#[inline(always)]
pub fn launch_dependent_grids() {
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    // SAFETY: no operands, no memory access.
    unsafe {
        core::arch::asm!("griddepcontrol.launch_dependents;", options(nostack))
    };
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    panic!("`griddepcontrol.launch_dependents` needs nvptx64 with target feature sm_90a")
}

#[cfg(all(test, not(target_arch = "nvptx64")))]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "`griddepcontrol.wait` needs nvptx64 with target feature sm_90a")]
    fn wait_names_its_instruction_on_the_host() {
        wait_on_dependent_grids();
    }

    #[test]
    #[should_panic(
        expected = "`griddepcontrol.launch_dependents` needs nvptx64 with target feature sm_90a"
    )]
    fn launch_names_its_instruction_on_the_host() {
        launch_dependent_grids();
    }
}
