package dev.redsink.emulator.aws;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;

/**
 * The tokens of Amazon MSK's IAM authentication over SASL/OAUTHBEARER, as aws-msk-iam-auth makes
 * them: a SigV4-presigned {@code GET
 * https://kafka.<region>.amazonaws.com/?Action=kafka-cluster:Connect} (service {@code
 * kafka-cluster}, valid 15 minutes), base64url-encoded, with its {@code User-Agent} added after
 * signing. A token is good when it is signed by a live key of the account for the cluster's region.
 *
 * @see <a href="https://docs.aws.amazon.com/msk/latest/developerguide/iam-access-control.html">MSK
 *     IAM access control</a>
 */
public final class MskIamTokens {
  private final AccessKeys keys;
  private final String region;

  public MskIamTokens(AccessKeys keys, String region) {
    this.keys = keys;
    this.region = region;
  }

  /** The identity a token proves, or why it proves none. */
  public Principal verify(String token) throws AwsError {
    URI url;
    try {
      url = URI.create(new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      throw new AwsError(401, "InvalidToken", "The token is not a base64url-encoded URL");
    }
    String host = "kafka." + region + ".amazonaws.com";
    if (!host.equals(url.getHost()) || url.getRawQuery() == null) {
      throw new AwsError(
          401, "InvalidToken", "The token is not a request signed for " + host + " (its region)");
    }
    if (!("&" + url.getRawQuery()).contains("&Action=kafka-cluster%3AConnect")) {
      throw new AwsError(401, "InvalidToken", "The token does not ask for kafka-cluster:Connect");
    }
    SigV4.Signed signed =
        SigV4.verifyPresigned(
            host,
            url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath(),
            url.getRawQuery(),
            keys,
            Set.of("User-Agent"));
    if (!signed.service().equals("kafka-cluster") || !signed.region().equals(region)) {
      throw AwsError.signature("The token is not signed for kafka-cluster in " + region);
    }
    return signed.key().principal();
  }
}
