//! Attacks (seed 001 L164-251).
