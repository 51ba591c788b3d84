package dev.redsink.emulator.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

class LocalS3IT {
  private static LocalS3 s3;
  private static S3Client client;

  @BeforeAll
  static void start() {
    s3 = LocalS3.start(LocalS3Options.defaults().withBuckets("staging"));
    client = TestClients.of(s3);
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    s3.close();
  }

  private static void put(String key, String body) {
    client.putObject(b -> b.bucket("staging").key(key), RequestBody.fromString(body));
  }

  private static String get(String key) {
    return client.getObjectAsBytes(b -> b.bucket("staging").key(key)).asUtf8String();
  }

  @Test
  void putsAndGetsWithTheConfiguredCredentials() {
    put("a/one.txt", "hello");
    assertThat(get("a/one.txt")).isEqualTo("hello");
    assertThat(s3.endpoint().toString()).startsWith("http://127.0.0.1:");
    assertThat(s3.accessKeyId()).isEqualTo("redsink");
    assertThat(s3.region()).isEqualTo("us-east-1");
  }

  /**
   * Keys are flat, as in S3: two writers share a prefix, each deleting its object right after
   * writing it, so one deletes the prefix's last object while the other writes (a PUT there used to
   * fail with a 500 when the delete removed the folder the PUT was writing into).
   */
  @Test
  void aDeleteOfAPrefixsLastObjectNeverFailsAWriteBesideIt() throws Exception {
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Thread> writers = new ArrayList<>();
    int[] written = new int[4];
    for (int w = 0; w < written.length; w++) {
      int writer = w;
      Thread t =
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < 150; i++) {
                    String key = "shared/prefix/w" + writer + "-" + i + ".parquet";
                    put(key, "x".repeat(2_000));
                    client.deleteObject(b -> b.bucket("staging").key(key));
                    written[writer]++;
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              });
      writers.add(t);
      t.start();
    }
    for (Thread t : writers) {
      t.join(120_000);
    }
    assertThat(failures).isEmpty();
    assertThat(written).containsOnly(150);
    assertThat(client.listObjectsV2(b -> b.bucket("staging").prefix("shared/")).contents())
        .isEmpty();
  }

  @Test
  void wrongSecretIsForbidden() {
    try (S3Client intruder = TestClients.withSecret(s3, "not-the-secret")) {
      assertThatThrownBy(() -> intruder.listObjectsV2(b -> b.bucket("staging")))
          .isInstanceOfSatisfying(
              S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(403));
    }
  }

  @Test
  void correctCrc32cIsAcceptedAndWrongOneRejected() {
    byte[] body = "checksummed".getBytes(StandardCharsets.UTF_8);
    client.putObject(
        b -> b.bucket("staging").key("crc/ok").checksumCRC32C(crc32c(body)),
        RequestBody.fromBytes(body));
    assertThat(get("crc/ok")).isEqualTo("checksummed");

    byte[] other = "something else".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(
            () ->
                client.putObject(
                    b -> b.bucket("staging").key("crc/bad").checksumCRC32C(crc32c(other)),
                    RequestBody.fromBytes(body)))
        .isInstanceOf(S3Exception.class);
    assertThatThrownBy(() -> get("crc/bad")).isInstanceOf(NoSuchKeyException.class);
  }

  @Test
  void listsByPlainStringPrefixAcrossPages() {
    for (String key : List.of("p/key1", "p/key10", "p/key1.bak", "p/key2", "p/other/key1")) {
      put(key, key);
    }
    List<String> keys = new ArrayList<>();
    client
        .listObjectsV2Paginator(b -> b.bucket("staging").prefix("p/key1").maxKeys(1))
        .contents()
        .stream()
        .map(S3Object::key)
        .forEach(keys::add);
    assertThat(keys).containsExactly("p/key1", "p/key1.bak", "p/key10");
  }

  @Test
  void copiesAndDeletes() {
    put("c/source", "payload");
    client.copyObject(
        b ->
            b.sourceBucket("staging")
                .sourceKey("c/source")
                .destinationBucket("staging")
                .destinationKey("c/target"));
    assertThat(get("c/target")).isEqualTo("payload");
    client.deleteObject(b -> b.bucket("staging").key("c/source"));
    assertThatThrownBy(() -> get("c/source")).isInstanceOf(NoSuchKeyException.class);
  }

  @Test
  void multipartUploadWithCrc32cParts() {
    String uploadId =
        client
            .createMultipartUpload(
                b -> b.bucket("staging").key("mp/big").checksumAlgorithm(ChecksumAlgorithm.CRC32_C))
            .uploadId();
    byte[] part1 = "a".repeat(5 * 1024 * 1024).getBytes(StandardCharsets.UTF_8);
    byte[] part2 = "tail".getBytes(StandardCharsets.UTF_8);
    List<CompletedPart> parts = new ArrayList<>();
    int number = 1;
    for (byte[] part : List.of(part1, part2)) {
      int n = number++;
      var response =
          client.uploadPart(
              b ->
                  b.bucket("staging")
                      .key("mp/big")
                      .uploadId(uploadId)
                      .partNumber(n)
                      .checksumAlgorithm(ChecksumAlgorithm.CRC32_C),
              RequestBody.fromBytes(part));
      parts.add(
          CompletedPart.builder()
              .partNumber(n)
              .eTag(response.eTag())
              .checksumCRC32C(response.checksumCRC32C())
              .build());
    }
    client.completeMultipartUpload(
        b ->
            b.bucket("staging")
                .key("mp/big")
                .uploadId(uploadId)
                .multipartUpload(m -> m.parts(parts)));
    assertThat(client.headObject(b -> b.bucket("staging").key("mp/big")).contentLength())
        .isEqualTo(part1.length + part2.length);
  }

  @Test
  void createsBucketsOnDemandWhenAsked() throws Exception {
    try (LocalS3 lazy =
            LocalS3.start(LocalS3Options.defaults().withBucketCreation(BucketCreation.ON_DEMAND));
        S3Client user = TestClients.of(lazy)) {
      user.putObject(b -> b.bucket("fresh").key("k"), RequestBody.fromString("v"));
      assertThat(user.getObjectAsBytes(b -> b.bucket("fresh").key("k")).asUtf8String())
          .isEqualTo("v");
    }
  }

  @Test
  void unknownBucketIsNotCreatedByDefault() {
    assertThatThrownBy(
            () -> client.putObject(b -> b.bucket("nope").key("k"), RequestBody.fromString("v")))
        .isInstanceOfSatisfying(S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(404));
  }

  private static String crc32c(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    long v = crc.getValue();
    byte[] be = {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    return Base64.getEncoder().encodeToString(be);
  }
}
