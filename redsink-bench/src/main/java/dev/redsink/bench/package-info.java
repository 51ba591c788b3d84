/**
 * Benchmarks of Redsink: JMH encode benchmarks beside the zstd floor and DuckDB, and plain main
 * classes for the end-to-end, Redshift-cost and growth benchmarks against the emulator. Results and
 * the commands are in docs/benchmarks.md.
 */
package dev.redsink.bench;
