package dev.redsink.cli;

import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.ConnectorFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The connector file {@code redsink check}'s tests run on, as a user writes it. */
final class CheckConnectorFile {

  private CheckConnectorFile() {}

  /**
   * Writes {@code dir/orders.toml}: a connector loading check_orders through the emulator as {@code
   * user}; each line of {@code extra} ({@code key = value}) replaces or adds a plugin_config key,
   * and {@code topLevel} goes before the file's own keys.
   */
  static Path write(
      Path dir,
      RedshiftEmulator emulator,
      String user,
      String password,
      String extra,
      String topLevel)
      throws IOException {
    StringBuilder config = new StringBuilder();
    config
        .append("connection_string = \"postgres://")
        .append(user)
        .append(':')
        .append(password)
        .append("@127.0.0.1:")
        .append(emulator.port())
        .append("/dev?sslmode=disable\"\n");
    config.append("target_table = \"check_orders\"\n");
    config.append("aws_iam_role = \"").append(emulator.iamRole()).append("\"\n");
    config.append("s3_bucket = \"").append(emulator.bucket()).append("\"\n");
    config.append("s3_prefix = \"redshift/check\"\n");
    config.append("aws_region = \"").append(emulator.region()).append("\"\n");
    config.append("s3_endpoint = \"").append(emulator.s3().endpoint()).append("\"\n");
    config.append("aws_access_key_id = \"").append(emulator.s3().accessKeyId()).append("\"\n");
    config
        .append("aws_secret_access_key = \"")
        .append(emulator.s3().secretAccessKey())
        .append("\"\n");
    config.append("payload_format = \"text\"\n");
    String body = config.toString();
    for (String line : extra.split("\n")) {
      if (!line.isBlank()) {
        String key = line.substring(0, line.indexOf('=')).trim();
        java.util.regex.Pattern existing =
            java.util.regex.Pattern.compile("(?m)^" + key + " = .*$");
        body =
            existing.matcher(body).find()
                ? existing.matcher(body).replaceAll(java.util.regex.Matcher.quoteReplacement(line))
                : body + line + "\n";
      }
    }
    Path file = dir.resolve("orders.toml");
    Files.writeString(
        file,
        topLevel
            + ConnectorFile.text(
                "orders_rs", "Orders to Redshift", "orders\\..*", 1000, "100ms", Map.of())
            + body);
    return file;
  }
}
