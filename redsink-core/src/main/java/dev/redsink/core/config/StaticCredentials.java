package dev.redsink.core.config;

/** The runtime-side static S3 credentials; both parts are secrets. */
public record StaticCredentials(Secret accessKeyId, Secret secretAccessKey) {}
