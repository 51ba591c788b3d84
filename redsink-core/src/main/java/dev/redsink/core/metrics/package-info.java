/**
 * The figures a runtime exposes about its loads (per table and partition: records, bytes, loads,
 * durations, freshness, ledger offsets, lag), for Prometheus and JMX.
 */
package dev.redsink.core.metrics;
