/**
 * Benchmarks of Redsink: JMH encode benchmarks beside the zstd floor and DuckDB, and plain main
 * classes for the end-to-end, Redshift-cost and growth benchmarks against the emulator. The
 * headline figures and their commands are in docs/benchmarks.md; every run, series and history in
 * redsink-bench/lab-notebook.md.
 */
package dev.redsink.bench;
