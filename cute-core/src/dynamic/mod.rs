//! Run-time-structured layout algebra (pycute model).
