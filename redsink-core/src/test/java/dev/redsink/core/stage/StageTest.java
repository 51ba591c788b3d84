package dev.redsink.core.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.AuthorizationException;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.error.TransientException;
import dev.redsink.core.retry.RetryPolicy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.s3.model.S3Exception;

class StageTest {
  static final UUID ID = UUID.fromString("01890a5d-ac96-774b-bcce-b302099a8057");
  final List<Duration> sleeps = new ArrayList<>();
  final FakeObjectStore store = new FakeObjectStore();
  final UuidV7 uuids =
      new UuidV7(
          Clock.fixed(Instant.ofEpochMilli(1_700_000_000_000L), ZoneOffset.UTC), new Random(1));
  final Stager stager =
      new Stager(
          store, "redshift/orders", uuids, new RetryPolicy(3, Duration.ofMillis(10), sleeps::add));

  @Test
  void keysWithAndWithoutPrefix() {
    assertThat(StagedFile.parquetKey("redshift/orders", ID))
        .isEqualTo("redshift/orders/01890a5d-ac96-774b-bcce-b302099a8057.parquet");
    assertThat(StagedFile.parquetKey("", ID))
        .isEqualTo("01890a5d-ac96-774b-bcce-b302099a8057.parquet");
    StagedFile file = new StagedFile("b", StagedFile.parquetKey("p", ID), 12);
    assertThat(file.url()).isEqualTo("s3://b/p/01890a5d-ac96-774b-bcce-b302099a8057.parquet");
    assertThat(file.archiveKey())
        .isEqualTo("archive/messages/01890a5d-ac96-774b-bcce-b302099a8057.parquet");
    assertThat(StagedFile.manifestKey("", ID)).endsWith(".manifest");
  }

  @Test
  void uuidsAreVersion7AndSortByTime() {
    long[] millis = {1_000, 1_000, 2_000};
    int[] call = {0};
    Clock clock =
        new Clock() {
          @Override
          public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
          }

          @Override
          public Clock withZone(java.time.ZoneId zone) {
            return this;
          }

          @Override
          public Instant instant() {
            return Instant.ofEpochMilli(millis[call[0]++]);
          }
        };
    UuidV7 gen = new UuidV7(clock, new Random(42));
    UUID a = gen.next();
    UUID b = gen.next();
    UUID c = gen.next();
    for (UUID u : List.of(a, b, c)) {
      assertThat(u.version()).isEqualTo(7);
      assertThat(u.variant()).isEqualTo(2);
    }
    assertThat(a.getMostSignificantBits() >>> 16).isEqualTo(1_000);
    assertThat(c.toString()).isGreaterThan(a.toString()).isGreaterThan(b.toString());
  }

  @Test
  void manifestJsonAndRoundTrip() {
    Manifest manifest =
        Manifest.of(
            List.of(new StagedFile("b", "p/a.parquet", 99), new StagedFile("b", "p/c.parquet", 7)));
    assertThat(manifest.toJson())
        .isEqualTo(
            "{\"entries\":[{\"url\":\"s3://b/p/a.parquet\",\"mandatory\":true,\"meta\":{\"content_length\":99}},"
                + "{\"url\":\"s3://b/p/c.parquet\",\"mandatory\":true,\"meta\":{\"content_length\":7}}],"
                + "\"author\":{\"name\":\"redsink\",\"version\":\"1\"}}");
    assertThat(Manifest.parse(manifest.toJson())).isEqualTo(manifest);
    assertThatThrownBy(
            () ->
                Manifest.parse(
                    "{\"entries\":[],\"author\":{\"name\":\"redsink\",\"version\":\"2\"}}"))
        .hasMessage("Cannot read manifest: format version 2 is not 1; upgrade Redsink");
  }

  @Test
  void crc32cOfTheStandardCheckString() {
    // CRC32C("123456789") = 0xE3069283
    assertThat(Crc32c.base64("123456789".getBytes(StandardCharsets.US_ASCII)))
        .isEqualTo("4waSgw==");
  }

  @Test
  void uploadRetriesTransientFailuresUnderTheSameKey() {
    store.failures.add(new TransientException("503 SlowDown"));
    byte[] bytes = {1, 2, 3};
    StagedFile file = stager.upload(bytes);
    assertThat(file.key()).startsWith("redshift/orders/").endsWith(".parquet");
    assertThat(file.contentLength()).isEqualTo(3);
    assertThat(store.objects).containsEntry(file.key(), bytes);
    assertThat(store.calls).containsExactly("put " + file.key(), "put " + file.key());
    assertThat(sleeps).containsExactly(Duration.ofMillis(10));
  }

  @Test
  void uploadDoesNotRetryAuthorizationFailures() {
    store.failures.add(new AuthorizationException("403"));
    assertThatThrownBy(() -> stager.upload(new byte[] {1}))
        .isInstanceOf(AuthorizationException.class);
    assertThat(store.calls).hasSize(1);
  }

  @Test
  void manifestUploadListsTheFiles() {
    StagedFile a = stager.upload(new byte[] {1});
    StagedFile b = stager.upload(new byte[] {1, 2});
    StagedFile manifest = stager.uploadManifest(List.of(a, b));
    assertThat(manifest.key()).endsWith(".manifest");
    Manifest read =
        Manifest.parse(new String(store.objects.get(manifest.key()), StandardCharsets.UTF_8));
    assertThat(read.entries())
        .containsExactly(
            new Manifest.Entry(a.url(), true, 1), new Manifest.Entry(b.url(), true, 2));
  }

  @Test
  void archiveCopiesThenDeletesAndFailuresAreWarnings() {
    StagedFile a = stager.upload(new byte[] {1});
    StagedFile b = stager.upload(new byte[] {2});
    store.calls.clear();
    store.failures.add(new FatalException("Cannot copy: S3 copy failed with status 403"));
    List<String> warnings = stager.dispose(List.of(a, b), Disposal.ARCHIVE);
    assertThat(warnings)
        .containsExactly(
            "Cannot clean up staged file "
                + a.url()
                + " (the load committed): Cannot copy: S3 copy failed with status 403");
    assertThat(store.objects)
        .containsKey(a.key())
        .doesNotContainKey(b.key())
        .containsKey(b.archiveKey());
  }

  @Test
  void deleteOnlyDeletes() {
    StagedFile a = stager.upload(new byte[] {1});
    store.calls.clear();
    assertThat(stager.dispose(List.of(a), Disposal.DELETE)).isEmpty();
    assertThat(store.calls).containsExactly("delete " + a.key());
  }

  @Test
  void s3ErrorsAreClassified() {
    assertThat(S3ObjectStore.classify("upload", "s3://b/k", s3(503, "SlowDown")).category())
        .isEqualTo(ErrorCategory.TRANSIENT);
    assertThat(S3ObjectStore.classify("upload", "s3://b/k", s3(500, "InternalError")).category())
        .isEqualTo(ErrorCategory.TRANSIENT);
    var denied = S3ObjectStore.classify("upload", "s3://b/k", s3(403, "AccessDenied"));
    assertThat(denied.category()).isEqualTo(ErrorCategory.AUTHORIZATION);
    assertThat(denied.getMessage())
        .startsWith("Cannot upload s3://b/k: S3 upload failed with status 403 (AccessDenied)");
    assertThat(S3ObjectStore.classify("upload", "s3://b/k", s3(404, "NoSuchBucket")).category())
        .isEqualTo(ErrorCategory.FATAL);
  }

  private static S3Exception s3(int status, String code) {
    return (S3Exception)
        S3Exception.builder()
            .statusCode(status)
            .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).build())
            .build();
  }
}
