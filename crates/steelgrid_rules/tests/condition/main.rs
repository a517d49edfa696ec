//! Conditions and lasting effects, hiding and searching.

#[path = "../common/mod.rs"]
mod common;

mod basics;
mod hide;
mod prone;
