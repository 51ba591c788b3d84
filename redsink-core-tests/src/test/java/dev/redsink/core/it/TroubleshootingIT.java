package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.emulator.copy.IamRoles;
import dev.redsink.emulator.fault.Fault;
import dev.redsink.emulator.fault.S3RequestKind;
import dev.redsink.emulator.fault.SqlFault;
import dev.redsink.testkit.Warehouse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** One test per row of the reference design's Troubleshooting table. */
@ExtendWith(RedshiftEmulatorExtension.class)
class TroubleshootingIT {

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("ts");
  }

  @AfterEach
  void tearDown() {
    fx.emulator().iamRoles(IamRoles.defaults());
    fx.emulator().s3Faults().reset();
    fx.emulator().sqlFaults().reset();
  }

  @Test
  void failedToConnectToRedshiftAtStart() {
    Map<String, Object> config = fx.config(table);
    config.put(
        "connection_string",
        fx.emulator().jdbcUrl() + "&user=" + fx.emulator().user() + "&password=WrongPass123");
    assertThatThrownBy(() -> RedshiftSink.open(config))
        .hasMessageStartingWith(
            "Failed to connect to Redshift at 127.0.0.1:" + fx.emulator().port() + "/dev: ")
        .hasMessageContaining("password authentication failed")
        .hasMessageNotContaining("WrongPass123");
  }

  @Test
  void bothStaticKeysMustBeProvided() {
    Map<String, Object> config = fx.config(table);
    config.remove("aws_secret_access_key");
    assertThatThrownBy(() -> RedshiftSink.open(config))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining(
            "Choosing to use aws_access_key_id and aws_secret_access_key then both MUST be"
                + " provided");
  }

  @Test
  void schemaMismatchNamesTableColumnAndKey() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("payload_format", "text");
    RedshiftSink.open(config).close();
    assertThatThrownBy(() -> RedshiftSink.open(fx.config(table)))
        .hasMessageContaining("Schema mismatch detected")
        .hasMessageContaining(table)
        .hasMessageContaining("payload")
        .hasMessageContaining("payload_format");
  }

  @Test
  void schemaQualifiedTablesAreFoundUnlikeTheReference() throws Exception {
    fx.execute("CREATE SCHEMA IF NOT EXISTS outside_path");
    Map<String, Object> config = fx.config(table);
    config.put("target_schema", "outside_path");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 3)).loaded()).isEqualTo(3);
    }
    assertThat(fx.count("outside_path." + table)).isEqualTo(3);
  }

  @Test
  void s3UploadFailedWithStatus403() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      fx.emulator().s3Faults().failNext(S3RequestKind.PUT, 1, Fault.accessDenied());
      assertThatThrownBy(() -> sink.write(SinkFixture.records("t", 0, 0, 3)))
          .isInstanceOf(RedsinkException.class)
          .hasMessageContaining("S3 upload failed with status 403")
          .satisfies(
              e ->
                  assertThat(((RedsinkException) e).category())
                      .isEqualTo(ErrorCategory.AUTHORIZATION));
    }
    assertThat(fx.emulator().s3Faults().fired(S3RequestKind.PUT)).isEqualTo(1);
    assertThat(fx.count(table)).isZero();
  }

  @Test
  void copyFailsWhenTheRoleIsNotAttached() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      fx.emulator().iamRoles(IamRoles.none());
      assertThatThrownBy(() -> sink.write(SinkFixture.records("t", 0, 0, 3)))
          .hasMessageStartingWith("Redshift COPY failed after 1 attempt: Cannot run COPY into ")
          .hasMessageContaining("Cannot run COPY into " + table)
          .hasMessageContaining("is not authorized to assume IAM Role")
          .hasMessageContaining("aws_iam_role must be attached to the cluster");
    }
    assertThat(fx.count(table)).isZero();
    assertThat(fx.stagedObjects()).isEmpty();
  }

  /** The reference's wording once every attempt (max_retries, default 3) met a transient error. */
  @Test
  void redshiftCopyFailedAfterThreeAttempts() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      fx.emulator().sqlFaults().reset();
      fx.emulator().sqlFaults().failNext("^COPY", 3, SqlFault.adminShutdown());
      assertThatThrownBy(() -> sink.write(SinkFixture.records("t", 0, 0, 3)))
          .hasMessageStartingWith(
              "Redshift COPY failed after 3 attempts: Cannot run COPY into " + table)
          .satisfies(e -> assertThat(((RedsinkException) e).isTransient()).isTrue());
      assertThat(fx.emulator().sqlFaults().fired()).isEqualTo(3);
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 3)).loaded()).isEqualTo(3);
    }
    assertThat(fx.count(table)).isEqualTo(3);
    assertThat(fx.stagedObjects()).isEmpty();
  }

  /** An upload that keeps failing is tried max_retries times in all, not once more per load try. */
  @Test
  void aFailingUploadIsTriedMaxRetriesTimesInAll() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(fx.config(table))) {
      fx.emulator().s3Faults().failNext(S3RequestKind.PUT, 20, Fault.slowDown());
      assertThatThrownBy(() -> sink.write(SinkFixture.records("t", 0, 0, 3)))
          .hasMessageStartingWith("Cannot upload s3://")
          .hasMessageContaining("failed after 3 attempts");
      assertThat(fx.emulator().s3Faults().fired(S3RequestKind.PUT)).isEqualTo(3);
    }
    assertThat(fx.count(table)).isZero();
  }

  @Test
  void jsonFallsBackToText() throws Exception {
    Map<String, Object> config = fx.config(table);
    config.put("payload_format", "json");
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      sink.write(SinkFixture.records("t", 0, 0, 2));
    }
    assertThat(fx.value("SELECT payload FROM " + table + " WHERE id = 't:0:1'"))
        .isEqualTo("{\"n\":1}");
    assertThat(
            fx.value(
                "SELECT data_type FROM svv_columns WHERE table_name = '"
                    + table
                    + "' AND column_name = 'payload'"))
        .isEqualTo("character varying");
  }
}
