package dev.redsink.emulator.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.signer.Aws4Signer;
import software.amazon.awssdk.auth.signer.params.Aws4PresignerParams;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.regions.Region;

/**
 * MSK IAM tokens made as aws-msk-iam-auth makes them (the SDK's SigV4 presigner on {@code GET
 * https://kafka.<region>.amazonaws.com/?Action=kafka-cluster:Connect}, a User-Agent appended): a
 * known key's token proves its owner; an unknown key's, another region's or a tampered one's is
 * refused.
 */
class MskIamTokensTest {
  private final AccessKeys keys =
      new AccessKeys(
          Clock.systemUTC(),
          "AKIDKNOWN",
          "known-secret",
          Principal.user("123456789012", "redsink"));
  private final MskIamTokens tokens = new MskIamTokens(keys, "us-east-1");

  @Test
  void aKnownKeysTokenProvesItsOwner() throws AwsError {
    assertThat(tokens.verify(token("AKIDKNOWN", "known-secret", "us-east-1")).arn())
        .isEqualTo("arn:aws:iam::123456789012:user/redsink");
  }

  @Test
  void unknownKeysOtherRegionsAndTamperedTokensAreRefused() {
    assertThatThrownBy(() -> tokens.verify(token("AKIDUNKNOWN", "whatever", "us-east-1")))
        .isInstanceOf(AwsError.class)
        .hasMessageContaining("security token included in the request is invalid");
    assertThatThrownBy(() -> tokens.verify(token("AKIDKNOWN", "known-secret", "eu-west-1")))
        .isInstanceOf(AwsError.class)
        .hasMessageContaining("kafka.us-east-1.amazonaws.com");
    assertThatThrownBy(() -> tokens.verify(token("AKIDKNOWN", "wrong-secret", "us-east-1")))
        .isInstanceOf(AwsError.class)
        .hasMessageContaining("signature");
    assertThatThrownBy(() -> tokens.verify("not base64 !"))
        .isInstanceOf(AwsError.class)
        .hasMessageContaining("base64url");
  }

  @SuppressWarnings("deprecation") // the presigner aws-msk-iam-auth uses
  private static String token(String keyId, String secret, String region) {
    AwsCredentials credentials = AwsBasicCredentials.create(keyId, secret);
    SdkHttpFullRequest request =
        SdkHttpFullRequest.builder()
            .method(SdkHttpMethod.GET)
            .protocol("https")
            .host("kafka." + region + ".amazonaws.com")
            .appendRawQueryParameter("Action", "kafka-cluster:Connect")
            .build();
    SdkHttpFullRequest signed =
        Aws4Signer.create()
            .presign(
                request,
                Aws4PresignerParams.builder()
                    .awsCredentials(credentials)
                    .expirationTime(Instant.now().plus(15, ChronoUnit.MINUTES))
                    .signingRegion(Region.of(region))
                    .signingName("kafka-cluster")
                    .build())
            .toBuilder()
            .appendRawQueryParameter("User-Agent", "aws-msk-iam-auth/2.4.0")
            .build();
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(signed.getUri().toString().getBytes(StandardCharsets.UTF_8));
  }
}
