package dev.redsink.cli;

import dev.redsink.emulator.RedshiftEmulator;

/** Connector files in the reference format pointed at the test emulator. */
final class TestConnectors {
  private TestConnectors() {}

  /** A connector with the given key, pattern-free target template and batch length. */
  static String file(RedshiftEmulator emulator, String key, String targetTable, int batchLength) {
    return file(emulator, key, "'" + key + "\\..*'", targetTable, batchLength, true);
  }

  static String file(
      RedshiftEmulator emulator,
      String key,
      String pattern,
      String targetTable,
      int batchLength,
      boolean withConnectionString) {
    return """
        type = "sink"
        key = "%s"
        enabled = true
        version = 0
        name = "test connector %s"
        path = "libpicomq_connector_redshift_sink"

        [[topics]]
        pattern = %s
        schema = "json"
        batch_length = %d
        poll_interval = "100ms"

        [plugin_config]
        %s
        target_table = "%s"
        aws_iam_role = "%s"
        s3_bucket = "%s"
        s3_prefix = "redshift/%s"
        aws_region = "%s"
        s3_endpoint = "%s"
        aws_access_key_id = "%s"
        aws_secret_access_key = "%s"
        payload_format = "text"
        """
        .formatted(
            key,
            key,
            pattern,
            batchLength,
            withConnectionString
                ? "connection_string = \"" + connectionString(emulator) + "\""
                : "",
            targetTable,
            emulator.iamRole(),
            emulator.bucket(),
            key,
            emulator.region(),
            emulator.s3().endpoint(),
            emulator.s3().accessKeyId(),
            emulator.s3().secretAccessKey());
  }

  static String connectionString(RedshiftEmulator emulator) {
    return "postgres://"
        + emulator.user()
        + ":"
        + emulator.password()
        + "@127.0.0.1:"
        + emulator.port()
        + "/dev?sslmode=disable";
  }
}
