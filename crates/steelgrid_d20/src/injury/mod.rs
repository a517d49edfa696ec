//! Hit points and injury (seed 001 L3-70).
