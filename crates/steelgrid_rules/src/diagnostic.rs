//! A problem in a scenario or command file: the kernel's, shared by every ruleset.

pub use steelgrid_kernel::diagnostic::{Diagnostic, ron_options};
