package dev.redsink.emulator.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * AWS STS (Query protocol, 2011-06-15): AssumeRoleWithWebIdentity (unsigned, as on AWS: the token
 * is the proof), AssumeRole and GetCallerIdentity (signed). The emulator trusts any web identity
 * token that is a well-formed, unexpired JWT with a subject; it keeps no IAM policies, so any role
 * ARN of the form {@code arn:aws:iam::<account>:role/<name>} may be assumed.
 *
 * @see <a href="https://docs.aws.amazon.com/STS/latest/APIReference/welcome.html">AWS STS API
 *     Reference</a>
 */
final class Sts {
  static final String NAMESPACE = "https://sts.amazonaws.com/doc/2011-06-15/";
  private static final Pattern ROLE_ARN =
      Pattern.compile("arn:aws:iam::(\\d{12}):role/(?:[\\w+=,.@-]+/)*([\\w+=,.@-]{1,64})");
  private static final Pattern SESSION_NAME = Pattern.compile("[\\w+=,.@-]{2,64}");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final AccessKeys keys;

  Sts(AccessKeys keys) {
    this.keys = keys;
  }

  static boolean isUnsigned(String action) {
    return "AssumeRoleWithWebIdentity".equals(action);
  }

  String answer(String action, Map<String, String> p, Optional<SigV4.Signed> signer, String id)
      throws AwsError {
    return switch (action) {
      case "AssumeRoleWithWebIdentity" -> assumeRoleWithWebIdentity(p, id);
      case "AssumeRole" -> assumeRole(p, signer.orElseThrow(AwsError::missingAuthentication), id);
      case "GetCallerIdentity" -> {
        Principal who = signer.orElseThrow(AwsError::missingAuthentication).key().principal();
        yield Xml.response(
            action,
            NAMESPACE,
            Xml.element("Arn", who.arn())
                + Xml.element("UserId", signer.get().key().accessKeyId())
                + Xml.element("Account", who.account()),
            id);
      }
      default ->
          throw new AwsError(
              400, "InvalidAction", "The action " + action + " is not valid for this web service.");
    };
  }

  private String assumeRoleWithWebIdentity(Map<String, String> p, String id) throws AwsError {
    String token = required(p, "WebIdentityToken");
    JsonNode claims = claims(token);
    AccessKeys.Key key = assume(p, 3600);
    return Xml.response(
        "AssumeRoleWithWebIdentity",
        NAMESPACE,
        Xml.element("SubjectFromWebIdentityToken", claims.path("sub").asText())
            + assumedRoleUser(key)
            + credentials(key)
            + Xml.element("Provider", claims.path("iss").asText("redsink-emulator"))
            + Xml.element("Audience", claims.path("aud").asText("sts.amazonaws.com")),
        id);
  }

  private String assumeRole(Map<String, String> p, SigV4.Signed signer, String id) throws AwsError {
    if (signer.key().principal().isRole() && signer.key().sessionToken().isEmpty()) {
      throw AwsError.unknownKey();
    }
    AccessKeys.Key key = assume(p, 3600);
    return Xml.response("AssumeRole", NAMESPACE, assumedRoleUser(key) + credentials(key), id);
  }

  private AccessKeys.Key assume(Map<String, String> p, int defaultSeconds) throws AwsError {
    String roleArn = required(p, "RoleArn");
    Matcher m = ROLE_ARN.matcher(roleArn);
    if (!m.matches()) {
      throw AwsError.validation(
          "1 validation error detected: Value '"
              + roleArn
              + "' at 'roleArn' failed to satisfy constraint: an IAM role ARN,"
              + " arn:aws:iam::<account>:role/<name>");
    }
    String session = required(p, "RoleSessionName");
    if (!SESSION_NAME.matcher(session).matches()) {
      throw AwsError.validation(
          "1 validation error detected: Value '"
              + session
              + "' at 'roleSessionName' failed to satisfy constraint: Member must satisfy regular"
              + " expression pattern: [\\w+=,.@-]*");
    }
    int seconds = seconds(p.get("DurationSeconds"), defaultSeconds);
    if (seconds < 900 || seconds > 43_200) {
      throw AwsError.validation(
          "1 validation error detected: Value '"
              + seconds
              + "' at 'durationSeconds' failed to satisfy constraint: Member must have value"
              + " between 900 and 43200");
    }
    return keys.issue(
        Principal.assumedRole(m.group(1), m.group(2), session), Duration.ofSeconds(seconds));
  }

  private JsonNode claims(String token) throws AwsError {
    String[] parts = token.split("\\.");
    JsonNode claims;
    try {
      claims = parts.length == 3 ? JSON.readTree(Base64.getUrlDecoder().decode(parts[1])) : null;
    } catch (IOException | IllegalArgumentException e) {
      claims = null;
    }
    if (claims == null || !claims.isObject() || !claims.hasNonNull("sub")) {
      throw new AwsError(
          400,
          "InvalidIdentityToken",
          "The web identity token is not a JWT with a subject (sub) claim");
    }
    if (claims.has("exp")
        && Instant.ofEpochSecond(claims.get("exp").asLong()).isBefore(keys.now())) {
      throw new AwsError(
          400, "ExpiredTokenException", "Token expired: current date/time is after exp");
    }
    return claims;
  }

  private static String assumedRoleUser(AccessKeys.Key key) {
    Principal who = key.principal();
    return "<AssumedRoleUser>"
        + Xml.element("Arn", who.arn())
        + Xml.element("AssumedRoleId", "AROA" + AccessKeys.random(17) + ":" + who.session())
        + "</AssumedRoleUser>";
  }

  private static String credentials(AccessKeys.Key key) {
    return "<Credentials>"
        + Xml.element("AccessKeyId", key.accessKeyId())
        + Xml.element("SecretAccessKey", key.secretAccessKey())
        + Xml.element("SessionToken", key.sessionToken().orElseThrow())
        + Xml.element("Expiration", Xml.time(key.expiry().orElseThrow()))
        + "</Credentials>";
  }

  static String required(Map<String, String> p, String name) throws AwsError {
    String value = p.get(name);
    if (value == null || value.isEmpty()) {
      throw new AwsError(400, "MissingParameter", "The request must contain the parameter " + name);
    }
    return value;
  }

  static int seconds(String value, int fallback) throws AwsError {
    if (value == null || value.isEmpty()) {
      return fallback;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw AwsError.validation("DurationSeconds is not a number: " + value);
    }
  }
}
