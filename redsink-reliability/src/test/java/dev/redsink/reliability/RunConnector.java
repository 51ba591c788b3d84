package dev.redsink.reliability;

import dev.redsink.emulator.RedshiftEmulator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A connector file in the reference's TOML format for {@code redsink run} and {@code redsink
 * check}: one topic into one scenario table, staged under the table's prefix like every scenario.
 */
final class RunConnector {

  private RunConnector() {}

  /** The password-bearing connection string the emulator accepts. */
  static String connectionString(RedshiftEmulator e, String password) {
    return "postgres://"
        + e.user()
        + ":"
        + password
        + "@127.0.0.1:"
        + e.port()
        + "/dev?sslmode=disable";
  }

  /**
   * Writes {@code <dir>/<key>.toml} for topic → table; {@code connectionString} null leaves it to
   * the environment override, {@code extra} adds plugin_config lines.
   */
  static Path write(
      Path dir,
      Warehouse warehouse,
      String key,
      String topic,
      String table,
      int batchLength,
      String connectionString,
      String extra)
      throws IOException {
    RedshiftEmulator e = warehouse.emulator;
    String text =
        """
        type = "sink"
        key = "%s"
        enabled = true
        version = 0
        name = "reliability %s"
        path = "libpicomq_connector_redshift_sink"

        [[topics]]
        pattern = '%s'
        schema = "json"
        batch_length = %d
        poll_interval = "100ms"

        [plugin_config]
        %s
        target_table = "%s"
        aws_iam_role = "%s"
        s3_bucket = "%s"
        s3_prefix = "reliability/%s"
        aws_region = "%s"
        s3_endpoint = "%s"
        aws_access_key_id = "%s"
        aws_secret_access_key = "%s"
        payload_format = "text"
        max_retries = 5
        retry_delay = "20ms"
        %s
        """
            .formatted(
                key,
                key,
                topic.replace(".", "\\."),
                batchLength,
                connectionString == null ? "" : "connection_string = \"" + connectionString + "\"",
                table,
                e.iamRole(),
                e.bucket(),
                table,
                e.region(),
                e.s3().endpoint(),
                e.s3().accessKeyId(),
                e.s3().secretAccessKey(),
                extra);
    Files.createDirectories(dir);
    Path file = dir.resolve(key + ".toml");
    Files.writeString(file, text);
    return file;
  }
}
