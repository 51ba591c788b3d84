package dev.redsink.emulator.aws;

import java.util.function.IntSupplier;

/**
 * What the emulated cluster is called and where it listens: its provisioned cluster identifier, its
 * Serverless workgroup, region, database and endpoint port.
 */
public record Cluster(
    String identifier, String workgroup, String region, String database, IntSupplier port) {}
