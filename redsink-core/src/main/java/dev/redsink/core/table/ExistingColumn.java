package dev.redsink.core.table;

/**
 * A column of an existing table as the catalog reports it, e.g. ("payload", "binary
 * varying(16777216)").
 */
public record ExistingColumn(String name, String type) {}
