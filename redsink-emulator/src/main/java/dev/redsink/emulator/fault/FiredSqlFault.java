package dev.redsink.emulator.fault;

/** A SQL fault that was applied to a statement, for tests to assert on. */
public record FiredSqlFault(String statement, SqlFault fault) {}
