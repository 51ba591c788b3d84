package dev.redsink.emulator.aws;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * What S3 checks of a request's credentials before its signature: a temporary key must come with
 * the session token STS issued it ({@code x-amz-security-token}) and be unexpired. The signature
 * itself is the S3 server's to check, with {@link AccessKeys#liveSecret}.
 */
public final class S3Credentials {
  private final AccessKeys keys;

  public S3Credentials(AccessKeys keys) {
    this.keys = keys;
  }

  /** The refusal (status, S3 error code, message) of a request, or empty if it may go on. */
  public Optional<AwsError> refusal(String query, Map<String, String> headers) {
    Optional<String> keyId = keyId(query, headers);
    if (keyId.isEmpty()) {
      return Optional.empty();
    }
    Optional<AccessKeys.Key> key = keys.find(keyId.get());
    if (key.isEmpty() || key.get().sessionToken().isEmpty()) {
      return Optional.empty(); // unknown keys and the long-term key: the signature check decides
    }
    Optional<String> token =
        Optional.ofNullable(headers.get("x-amz-security-token"))
            .or(() -> queryValue(query, "X-Amz-Security-Token"));
    if (token.isEmpty() || !token.get().equals(key.get().sessionToken().get())) {
      return Optional.of(
          new AwsError(
              400, "InvalidToken", "The provided token is malformed or otherwise invalid."));
    }
    if (key.get().expiredAt(keys.now())) {
      return Optional.of(new AwsError(400, "ExpiredToken", "The provided token has expired."));
    }
    return Optional.empty();
  }

  private static Optional<String> keyId(String query, Map<String, String> headers) {
    String authorization = headers.getOrDefault("Authorization", "");
    int at = authorization.indexOf("Credential=");
    if (at >= 0) {
      String rest = authorization.substring(at + "Credential=".length());
      int slash = rest.indexOf('/');
      return slash < 0 ? Optional.empty() : Optional.of(rest.substring(0, slash));
    }
    return queryValue(query, "X-Amz-Credential")
        .map(c -> c.contains("/") ? c.substring(0, c.indexOf('/')) : c);
  }

  private static Optional<String> queryValue(String query, String name) {
    for (String pair : query.split("&")) {
      if (pair.startsWith(name + "=")) {
        return Optional.of(
            URLDecoder.decode(pair.substring(name.length() + 1), StandardCharsets.UTF_8));
      }
    }
    return Optional.empty();
  }
}
