package dev.redsink.core.config;

import java.util.Optional;

/**
 * The runtime-side static S3 credentials, with the session token of temporary keys; every part is a
 * secret.
 */
public record StaticCredentials(
    Secret accessKeyId, Secret secretAccessKey, Optional<Secret> sessionToken) {}
