package dev.redsink.core.session;

import java.time.Duration;

/** When buffered records are loaded: whichever of records, bytes or age trips first. */
public record FlushPolicy(int maxRecords, long maxBytes, Duration interval) {}
