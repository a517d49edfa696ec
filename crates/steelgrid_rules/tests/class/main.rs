//! Classes: each class's heroic resource, how it grows and how it is spent (seed 002
//! L1309-1327, L1353-1368; the gains are this project's reading, core digest AMB-34).

#[path = "../common/mod.rs"]
mod common;

mod ai_batch;
mod resources;
