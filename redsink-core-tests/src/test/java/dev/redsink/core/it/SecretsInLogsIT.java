package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.redsink.core.RedshiftSink;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.Warehouse;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Configured secrets never appear in logs or in exception messages. */
@ExtendWith(RedshiftEmulatorExtension.class)
class SecretsInLogsIT {

  @Test
  void passwordsAndSecretKeysNeverReachLogsOrErrors(RedshiftEmulator emulator) throws Exception {
    SinkFixture fx = new SinkFixture(emulator);
    String table = Warehouse.uniqueTable("sec");
    Map<String, Object> config = fx.config(table);
    config.put("verbose_logging", true);
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream original = System.err;
    StringBuilder errors = new StringBuilder();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      try (RedshiftSink sink = RedshiftSink.open(config)) {
        sink.write(SinkFixture.records("t", 0, 0, 3));
        errors.append(sink.config()).append('\n');
      }
      Map<String, Object> wrongPassword = fx.config(table);
      wrongPassword.put(
          "connection_string",
          "postgres://" + emulator.user() + ":Hunter2Secret@127.0.0.1:" + emulator.port() + "/dev");
      errors.append(catchThrowable(() -> RedshiftSink.open(wrongPassword))).append('\n');
      Map<String, Object> wrongKey = fx.config(table);
      wrongKey.put("aws_secret_access_key", "WrongS3Secret99");
      try (RedshiftSink sink = RedshiftSink.open(wrongKey)) {
        errors.append(catchThrowable(() -> sink.write(SinkFixture.records("t", 1, 0, 1))));
      }
    } finally {
      System.setErr(original);
    }
    String logs = captured.toString(StandardCharsets.UTF_8);
    assertThat(logs).contains("Opening Redshift sink").contains("Loaded 3 rows into " + table);
    assertThat(errors).contains("Failed to connect to Redshift").contains("403");
    for (String secret :
        new String[] {
          emulator.password(), emulator.s3().secretAccessKey(), "Hunter2Secret", "WrongS3Secret99"
        }) {
      assertThat(logs).as("logs").doesNotContain(secret);
      assertThat(errors.toString()).as("errors").doesNotContain(secret);
    }
  }
}
