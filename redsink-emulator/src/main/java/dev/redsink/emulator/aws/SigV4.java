package dev.redsink.emulator.aws;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks an AWS Signature Version 4 {@code Authorization} header as AWS does: the canonical request
 * rebuilt from what arrived, the string to sign for the credential's scope, the signing key derived
 * from the key's secret, and a request time within 15 minutes of the server's.
 *
 * @see <a href="https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv.html">AWS Signature
 *     Version 4 for API requests</a>
 */
final class SigV4 {
  private static final String ALGORITHM = "AWS4-HMAC-SHA256";
  private static final Duration SKEW = Duration.ofMinutes(15);
  private static final DateTimeFormatter AMZ_DATE =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

  /** Who signed a request, for which region and service. */
  record Signed(AccessKeys.Key key, String region, String service) {}

  private SigV4() {}

  /** The signing service named in a request's credential scope, if it is signed. */
  static Optional<String> service(AwsRequest request) {
    return request
        .header("Authorization")
        .filter(a -> a.startsWith(ALGORITHM))
        .flatMap(a -> part(a, "Credential="))
        .map(c -> c.split("/"))
        .filter(p -> p.length == 5)
        .map(p -> p[3]);
  }

  /** Verifies the request's signature against the account's keys. */
  static Signed verify(AwsRequest request, AccessKeys keys) throws AwsError {
    String authorization =
        request.header("Authorization").orElseThrow(AwsError::missingAuthentication);
    if (!authorization.startsWith(ALGORITHM + " ")) {
      throw new AwsError(
          400, "IncompleteSignature", "Only " + ALGORITHM + " signatures are accepted");
    }
    String credential = part(authorization, "Credential=").orElse("");
    String signedHeaders = part(authorization, "SignedHeaders=").orElse("");
    String signature = part(authorization, "Signature=").orElse("");
    String[] scope = credential.split("/");
    if (scope.length != 5 || !scope[4].equals("aws4_request") || signedHeaders.isEmpty()) {
      throw new AwsError(
          400,
          "IncompleteSignature",
          "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature'");
    }
    AccessKeys.Key key = keys.signing(scope[0], request.header("X-Amz-Security-Token"));
    String amzDate = request.header("X-Amz-Date").orElseThrow(AwsError::missingAuthentication);
    Instant signedAt;
    try {
      signedAt = LocalDateTime.parse(amzDate, AMZ_DATE).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw AwsError.signature("X-Amz-Date is not a date: " + amzDate);
    }
    if (Duration.between(signedAt, keys.now()).abs().compareTo(SKEW) > 0) {
      throw AwsError.signature("Signature expired: " + amzDate + " is not within 15 minutes");
    }
    if (!matches(canonicalRequest(request, signedHeaders), amzDate, scope, key, signature)) {
      throw AwsError.signature(
          "The request signature we calculated does not match the signature you provided. Check"
              + " your AWS Secret Access Key and signing method.");
    }
    return new Signed(key, scope[2], scope[3]);
  }

  /**
   * Verifies a presigned GET (the signature in the query string, as SigV4 query authentication puts
   * it), such as the token of Amazon MSK's IAM authentication: {@code host} is the host it was
   * signed for; query parameters added after signing ({@code ignored}) are left out.
   */
  static Signed verifyPresigned(
      String host, String path, String rawQuery, AccessKeys keys, Set<String> ignored)
      throws AwsError {
    Map<String, String> raw = new LinkedHashMap<>();
    List<String> pairs = new ArrayList<>();
    for (String pair : rawQuery.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      String value = eq < 0 ? "" : pair.substring(eq + 1);
      raw.put(name, URLDecoder.decode(value, StandardCharsets.UTF_8));
      if (!name.equals("X-Amz-Signature") && !ignored.contains(name)) {
        pairs.add(name + "=" + value);
      }
    }
    if (!ALGORITHM.equals(raw.get("X-Amz-Algorithm"))
        || raw.get("X-Amz-Credential") == null
        || raw.get("X-Amz-Signature") == null
        || raw.get("X-Amz-Date") == null) {
      throw AwsError.missingAuthentication();
    }
    String[] scope = raw.get("X-Amz-Credential").split("/");
    if (scope.length != 5) {
      throw new AwsError(400, "IncompleteSignature", "X-Amz-Credential is not a credential scope");
    }
    AccessKeys.Key key =
        keys.signing(scope[0], Optional.ofNullable(raw.get("X-Amz-Security-Token")));
    Instant signedAt;
    try {
      signedAt = LocalDateTime.parse(raw.get("X-Amz-Date"), AMZ_DATE).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw AwsError.signature("X-Amz-Date is not a date");
    }
    long expires = Long.parseLong(raw.getOrDefault("X-Amz-Expires", "0"));
    if (keys.now().isAfter(signedAt.plusSeconds(expires))
        || signedAt.isAfter(keys.now().plus(SKEW))) {
      throw AwsError.signature(
          "Signature expired: the presigned request is out of its time window");
    }
    pairs.sort(null);
    String canonicalStart =
        "GET\n" + path + "\n" + String.join("&", pairs) + "\nhost:" + host + "\n\nhost\n";
    // AWS's presigners sign the empty payload's hash, or UNSIGNED-PAYLOAD (S3's).
    for (String payload : List.of(hex(sha256(new byte[0])), "UNSIGNED-PAYLOAD")) {
      if (matches(
          canonicalStart + payload,
          raw.get("X-Amz-Date"),
          scope,
          key,
          raw.get("X-Amz-Signature"))) {
        return new Signed(key, scope[2], scope[3]);
      }
    }
    throw AwsError.signature(
        "The request signature we calculated does not match the signature you provided.");
  }

  private static boolean matches(
      String canonical, String amzDate, String[] scope, AccessKeys.Key key, String signature) {
    String stringToSign =
        ALGORITHM
            + "\n"
            + amzDate
            + "\n"
            + String.join("/", scope[1], scope[2], scope[3], scope[4])
            + "\n"
            + hex(sha256(canonical.getBytes(StandardCharsets.UTF_8)));
    byte[] signingKey =
        hmac(
            hmac(
                hmac(
                    hmac(
                        ("AWS4" + key.secretAccessKey()).getBytes(StandardCharsets.UTF_8),
                        scope[1]),
                    scope[2]),
                scope[3]),
            "aws4_request");
    return MessageDigest.isEqual(
        hex(hmac(signingKey, stringToSign)).getBytes(StandardCharsets.US_ASCII),
        signature.getBytes(StandardCharsets.US_ASCII));
  }

  private static String canonicalRequest(AwsRequest request, String signedHeaders) {
    StringBuilder headers = new StringBuilder();
    for (String name : signedHeaders.split(";")) {
      String value = request.header(name).orElse("").trim().replaceAll(" +", " ");
      headers.append(name.toLowerCase(Locale.ROOT)).append(':').append(value).append('\n');
    }
    String payloadHash =
        request.header("X-Amz-Content-Sha256").orElseGet(() -> hex(sha256(request.body())));
    return request.method().toUpperCase(Locale.ROOT)
        + "\n"
        + canonicalPath(request.path())
        + "\n"
        + canonicalQuery(request.query())
        + "\n"
        + headers
        + "\n"
        + signedHeaders
        + "\n"
        + payloadHash;
  }

  /** Services other than S3 sign the path encoded once more, segment by segment. */
  private static String canonicalPath(String rawPath) {
    if (rawPath.isEmpty()) {
      return "/";
    }
    StringBuilder out = new StringBuilder();
    for (char c : rawPath.toCharArray()) {
      if (c == '/' || Character.isLetterOrDigit(c) && c < 128 || "-_.~".indexOf(c) >= 0) {
        out.append(c);
      } else {
        out.append(String.format("%%%02X", (int) c));
      }
    }
    return out.toString();
  }

  private static String canonicalQuery(String rawQuery) {
    if (rawQuery.isEmpty()) {
      return "";
    }
    List<String> pairs = new ArrayList<>();
    for (String pair : rawQuery.split("&")) {
      if (!pair.isEmpty()) {
        pairs.add(pair.contains("=") ? pair : pair + "=");
      }
    }
    pairs.sort(null);
    return String.join("&", pairs);
  }

  private static Optional<String> part(String authorization, String prefix) {
    for (String piece : authorization.substring(ALGORITHM.length()).split(",")) {
      String p = piece.trim();
      if (p.startsWith(prefix)) {
        return Optional.of(p.substring(prefix.length()));
      }
    }
    return Optional.empty();
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] hmac(byte[] key, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }
}
