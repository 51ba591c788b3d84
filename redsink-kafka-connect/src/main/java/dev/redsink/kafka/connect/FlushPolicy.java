package dev.redsink.kafka.connect;

import java.time.Duration;

/** When buffered records are loaded: whichever of records, bytes or age trips first. */
record FlushPolicy(int maxRecords, long maxBytes, Duration interval) {}
