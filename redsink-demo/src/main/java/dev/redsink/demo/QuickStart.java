package dev.redsink.demo;

import dev.redsink.emulator.RedshiftEmulator;

/**
 * The reference design's Quick start connector file, pointed at a local emulator: the same pattern,
 * target table template and payload format, with the emulator's endpoint and keys.
 */
final class QuickStart {
  /** The Quick start's target table template. */
  static final String TARGET_TABLE = "orders_{topic_segment[-1]}";

  private QuickStart() {}

  /** The table {@link #TARGET_TABLE} resolves a demo topic to: orders.eu loads into orders_eu. */
  static String tableOf(String topic) {
    return "orders_" + topic.substring(topic.lastIndexOf('.') + 1);
  }

  /** The connector file's text; it holds the emulator's default password and keys. */
  static String connectorFile(RedshiftEmulator emulator, int batchLength) {
    return """
        type = "sink"
        key = "orders_rs"
        enabled = true
        version = 0
        name = "Orders to Redshift"
        path = "libpicomq_connector_redshift_sink"

        [[topics]]
        pattern = 'orders\\..*'
        schema = "json"
        batch_length = %d
        poll_interval = "100ms"

        [plugin_config]
        connection_string = "postgres://%s:%s@127.0.0.1:%d/%s?sslmode=disable"
        target_table = "%s"
        aws_iam_role = "%s"
        s3_bucket = "%s"
        s3_prefix = "redshift/orders"
        aws_region = "%s"
        s3_endpoint = "%s"
        aws_access_key_id = "%s"
        aws_secret_access_key = "%s"
        payload_format = "text"
        """
        .formatted(
            batchLength,
            emulator.user(),
            emulator.password(),
            emulator.port(),
            emulator.database(),
            TARGET_TABLE,
            emulator.iamRole(),
            emulator.bucket(),
            emulator.region(),
            emulator.s3().endpoint(),
            emulator.s3().accessKeyId(),
            emulator.s3().secretAccessKey());
  }
}
