package dev.redsink.emulator.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.emulator.s3.LocalS3;
import dev.redsink.emulator.s3.LocalS3Options;
import dev.redsink.emulator.s3.TestClients;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

class S3FaultsIT {
  private static LocalS3 s3;
  private static S3Client client;

  @BeforeAll
  static void start() {
    s3 = LocalS3.start(LocalS3Options.defaults().withBuckets("bkt"));
    client = TestClients.of(s3);
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    s3.close();
  }

  @BeforeEach
  void seed() {
    s3.faults().reset();
    client.putObject(r -> r.bucket("bkt").key("seed"), RequestBody.fromString("seed"));
  }

  private static Consumer<Throwable> s3Error(int status, String code) {
    return e -> {
      assertThat(e).isInstanceOf(S3Exception.class);
      S3Exception s3e = (S3Exception) e;
      assertThat(s3e.statusCode()).isEqualTo(status);
      assertThat(s3e.awsErrorDetails().errorCode()).isEqualTo(code);
    };
  }

  @Test
  void slowDownOnPutFiresOnceThenPutsSucceed() {
    s3.faults().failNext(S3RequestKind.PUT, 1, Fault.slowDown());
    assertThatThrownBy(
            () -> client.putObject(r -> r.bucket("bkt").key("k"), RequestBody.fromString("v")))
        .satisfies(s3Error(503, "SlowDown"));
    client.putObject(r -> r.bucket("bkt").key("k"), RequestBody.fromString("v"));
    assertThat(s3.faults().fired(S3RequestKind.PUT)).isEqualTo(1);
    assertThat(s3.faults().firedFaults().get(0).target()).isEqualTo("/bkt/k");
  }

  @Test
  void internalErrorOnGetAlsoHitsTheEmulatorsOwnClient() {
    s3.faults().failNext(S3RequestKind.GET, 2, Fault.internalError());
    assertThatThrownBy(() -> client.getObjectAsBytes(r -> r.bucket("bkt").key("seed")))
        .satisfies(s3Error(500, "InternalError"));
    assertThatThrownBy(() -> s3.client().getObjectAsBytes(r -> r.bucket("bkt").key("seed")))
        .isInstanceOf(S3Exception.class);
    assertThat(s3.faults().fired(S3RequestKind.GET)).isEqualTo(2);
    assertThat(client.getObjectAsBytes(r -> r.bucket("bkt").key("seed")).asUtf8String())
        .isEqualTo("seed");
  }

  @Test
  void accessDeniedOnDelete() {
    s3.faults().failNext(S3RequestKind.DELETE, 1, Fault.accessDenied());
    assertThatThrownBy(() -> client.deleteObject(r -> r.bucket("bkt").key("seed")))
        .satisfies(s3Error(403, "AccessDenied"));
    assertThat(s3.faults().fired(S3RequestKind.DELETE)).isEqualTo(1);
  }

  @Test
  void slowDownOnCopyIsNotCountedAsPut() {
    s3.faults().failNext(S3RequestKind.COPY, 1, Fault.slowDown());
    s3.faults().failNext(S3RequestKind.PUT, 1, Fault.delay(Duration.ZERO));
    assertThatThrownBy(
            () ->
                client.copyObject(
                    r ->
                        r.sourceBucket("bkt")
                            .sourceKey("seed")
                            .destinationBucket("bkt")
                            .destinationKey("copy")))
        .satisfies(s3Error(503, "SlowDown"));
    assertThat(s3.faults().fired(S3RequestKind.COPY)).isEqualTo(1);
    assertThat(s3.faults().fired(S3RequestKind.PUT)).isZero();
  }

  @Test
  void resetConnectionOnListIsAClientException() {
    s3.faults().failNext(S3RequestKind.LIST, 1, Fault.resetConnection());
    assertThatThrownBy(() -> client.listObjectsV2(r -> r.bucket("bkt")))
        .isInstanceOf(SdkClientException.class);
    assertThat(s3.faults().fired(S3RequestKind.LIST)).isEqualTo(1);
    assertThat(client.listObjectsV2(r -> r.bucket("bkt")).contents()).isNotEmpty();
  }

  @Test
  void errorOnHeadHasNoBody() {
    s3.faults().failNext(S3RequestKind.HEAD, 1, Fault.slowDown());
    assertThatThrownBy(() -> client.headObject(r -> r.bucket("bkt").key("seed")))
        .isInstanceOfSatisfying(S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(503));
    assertThat(s3.faults().fired(S3RequestKind.HEAD)).isEqualTo(1);
  }

  @Test
  void delayedGetStillSucceedsButLate() {
    s3.faults().failNext(S3RequestKind.GET, 1, Fault.delay(Duration.ofMillis(300)));
    long start = System.nanoTime();
    assertThat(client.getObjectAsBytes(r -> r.bucket("bkt").key("seed")).asUtf8String())
        .isEqualTo("seed");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(Duration.ofMillis(290));
    assertThat(s3.faults().fired(S3RequestKind.GET)).isEqualTo(1);
  }

  @Test
  void largePutFailsCleanlyWithoutReadingTheWholeBody() {
    s3.faults().failNext(S3RequestKind.PUT, 1, Fault.internalError());
    byte[] big = new byte[8 * 1024 * 1024];
    assertThatThrownBy(
            () -> client.putObject(r -> r.bucket("bkt").key("big"), RequestBody.fromBytes(big)))
        .satisfies(s3Error(500, "InternalError"));
    client.putObject(r -> r.bucket("bkt").key("big"), RequestBody.fromBytes(big));
    assertThat(client.headObject(r -> r.bucket("bkt").key("big")).contentLength())
        .isEqualTo(big.length);
  }
}
