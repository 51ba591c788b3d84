package dev.redsink.emulator.fault;

/** A fault that was applied to a request, for tests to assert on. */
public record FiredFault(S3RequestKind kind, String method, String target, Fault fault) {}
