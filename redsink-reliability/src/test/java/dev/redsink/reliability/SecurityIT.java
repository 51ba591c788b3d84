package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.redsink.core.RedshiftSink;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.fault.Fault;
import dev.redsink.emulator.fault.FiredSqlFault;
import dev.redsink.emulator.fault.S3RequestKind;
import dev.redsink.emulator.fault.SqlFault;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Secrets stay secret through faults (logs, exceptions with their causes, the effective
 * configuration), COPY carries the IAM role and never keys, and sslmode=require reaches the driver.
 */
@ExtendWith(ScenarioWarehouseExtension.class)
class SecurityIT {

  private final ScenarioWarehouse warehouse;

  SecurityIT(ScenarioWarehouse warehouse) {
    this.warehouse = warehouse;
  }

  @Test
  void secretsNeverReachLogsOrErrorsUnderFaults() throws Exception {
    RedshiftEmulator e = warehouse.emulator();
    String table = ScenarioWarehouse.uniqueTable("sec");
    Map<String, Object> config = warehouse.config(table);
    config.put("verbose_logging", true);
    SourceStream stream = SourceStream.of("sec." + table, 4_000);
    StringBuilder errors = new StringBuilder();
    ByteArrayOutputStream logs = new ByteArrayOutputStream();
    PrintStream original = System.err;
    System.setErr(new PrintStream(logs, true, StandardCharsets.UTF_8));
    try {
      try (RedshiftSink sink = RedshiftSink.open(config)) {
        errors.append(sink.config()).append(sink.config().describeEffective());
        e.sqlFaults()
            .failNext("^(INSERT INTO|COPY) \"sec_", 1, SqlFault.serializableIsolationViolation());
        e.sqlFaults().failNext("^COMMIT", 1, SqlFault.dropBeforeReply());
        e.s3Faults().failNext(S3RequestKind.PUT, 1, Fault.slowDown());
        e.s3Faults().failNext(S3RequestKind.DELETE, 1, Fault.accessDenied());
        sink.write(stream.slice(0, 0, 1_000));
        e.sqlFaults().failNext("^COPY", 1, SqlFault.loadError("staging"));
        errors.append(trace(catchThrowable(() -> sink.write(stream.slice(1, 0, 1_000)))));
        e.s3Faults().failNext(S3RequestKind.PUT, 1, Fault.accessDenied());
        errors.append(trace(catchThrowable(() -> sink.write(stream.slice(2, 0, 1_000)))));
      }
      Map<String, Object> wrongPassword = warehouse.config(table);
      wrongPassword.put(
          "connection_string",
          "postgres://" + e.user() + ":Hunter2Secret@127.0.0.1:" + e.port() + "/dev");
      errors.append(trace(catchThrowable(() -> RedshiftSink.open(wrongPassword))));
      Map<String, Object> wrongKey = warehouse.config(table);
      wrongKey.put("aws_secret_access_key", "WrongS3Secret99");
      try (RedshiftSink sink = RedshiftSink.open(wrongKey)) {
        errors.append(trace(catchThrowable(() -> sink.write(stream.slice(3, 0, 10)))));
      }
    } finally {
      System.setErr(original);
    }
    assertThat(warehouse.faultsFired()).isEqualTo(6);
    String log = logs.toString(StandardCharsets.UTF_8);
    assertThat(log).contains("Opening Redshift sink").contains("Cannot clean up staged file");
    assertThat(errors).contains("stl_load_errors").contains("403").contains("password");
    for (String secret :
        List.of(e.password(), e.s3().secretAccessKey(), "Hunter2Secret", "WrongS3Secret99")) {
      assertThat(log).as("logs").doesNotContain(secret);
      assertThat(errors.toString()).as("errors").doesNotContain(secret);
    }
    Figures.record(
        "secrets under faults (logs, errors, config)",
        3_010,
        6,
        0,
        0,
        -1,
        "no password or secret key in any captured output");
  }

  @Test
  void copyUsesTheIamRoleNeverKeys() throws Exception {
    String table = ScenarioWarehouse.uniqueTable("sec");
    warehouse.emulator().sqlFaults().failNext("^COPY", 1, SqlFault.delay(Duration.ofMillis(1)));
    try (RedshiftSink sink = RedshiftSink.open(warehouse.config(table))) {
      sink.write(new SourceStream("sec." + table, 1, 10).slice(0, 0, 10));
    }
    List<FiredSqlFault> fired = warehouse.emulator().sqlFaults().firedFaults();
    assertThat(fired).hasSize(1);
    String copy = fired.get(0).statement();
    assertThat(copy).contains("IAM_ROLE '" + warehouse.emulator().iamRole() + "'");
    assertThat(copy)
        // (the emulator's access key id is "redsink", which the bucket name contains)
        .doesNotContain(warehouse.emulator().s3().secretAccessKey())
        .doesNotContainIgnoringCase("CREDENTIALS")
        .doesNotContainIgnoringCase("ACCESS_KEY");
  }

  @Test
  void sslmodeRequireTurnsTlsOnInTheDriver() {
    RedshiftEmulator e = warehouse.emulator();
    String base = "postgres://" + e.user() + ":" + e.password() + "@127.0.0.1:" + e.port() + "/dev";
    Map<String, Object> plain = warehouse.config(ScenarioWarehouse.uniqueTable("ssl"));
    plain.put("connection_string", base + "?sslmode=disable");
    RedshiftSink.open(plain).close();
    Map<String, Object> tls = warehouse.config(ScenarioWarehouse.uniqueTable("ssl"));
    tls.put("connection_string", base + "?sslmode=require");
    Throwable refused = catchThrowable(() -> RedshiftSink.open(tls));
    // The emulator answers SSLRequest with 'N': a driver asked for TLS must refuse to go on.
    assertThat(trace(refused)).containsIgnoringCase("SSL").doesNotContain(e.password());
  }

  private static String trace(Throwable t) {
    if (t == null) {
      return "";
    }
    StringWriter w = new StringWriter();
    t.printStackTrace(new PrintWriter(w));
    return w.toString();
  }
}
