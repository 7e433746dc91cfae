//! Benchmarks of the core against its peers. The criterion benches arrive
//! with the pathfinding issue; this crate holds their shared set-ups.
