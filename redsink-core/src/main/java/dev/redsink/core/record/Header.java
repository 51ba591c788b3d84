package dev.redsink.core.record;

/** A record header; Redsink carries headers through the API but does not store them. */
public record Header(String key, byte[] value) {}
