package dev.redsink.emulator.copy;

/**
 * A target column: its name and its type as PostgreSQL's {@code format_type} shows it, e.g. {@code
 * character varying(512)}, {@code numeric(18,2)}, {@code binary varying(16777216)}, {@code super}.
 */
public record ColumnSpec(String name, String type) {}
