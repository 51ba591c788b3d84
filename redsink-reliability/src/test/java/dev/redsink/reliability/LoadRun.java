package dev.redsink.reliability;

import java.time.Duration;
import java.util.Optional;

/**
 * What a runtime loop saw while loading a stream: writes, rows loaded, records the writes said they
 * committed, engine retries, runtime restarts, the longest recovery from a fault, and the message
 * it stopped with, if any.
 */
record LoadRun(
    int writes,
    long loaded,
    long committed,
    int retries,
    int restarts,
    Duration longestRecovery,
    Duration elapsed,
    Optional<String> stopped) {}
