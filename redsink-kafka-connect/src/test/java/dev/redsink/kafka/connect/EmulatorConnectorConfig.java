package dev.redsink.kafka.connect;

import dev.redsink.emulator.RedshiftEmulator;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.connect.converters.ByteArrayConverter;

/** A connector configuration that loads into the emulator and its local S3. */
final class EmulatorConnectorConfig {
  private EmulatorConnectorConfig() {}

  static Map<String, String> of(RedshiftEmulator emulator, String topics) {
    Map<String, String> props = new HashMap<>();
    props.put("connector.class", RedshiftSinkConnector.class.getName());
    props.put("topics", topics);
    props.put("key.converter", ByteArrayConverter.class.getName());
    props.put("value.converter", ByteArrayConverter.class.getName());
    props.put(
        "connection.string",
        "postgres://"
            + encode(emulator.user())
            + ":"
            + encode(emulator.password())
            + "@"
            + emulator.host()
            + ":"
            + emulator.port()
            + "/"
            + emulator.database()
            + "?sslmode=disable");
    props.put("target.table", "{topic}");
    props.put("aws.iam.role", emulator.iamRole());
    props.put("s3.bucket", emulator.bucket());
    props.put("s3.prefix", "connect");
    props.put("aws.region", emulator.region());
    props.put("s3.endpoint", emulator.s3().endpoint().toString());
    props.put("aws.access.key.id", emulator.s3().accessKeyId());
    props.put("aws.secret.access.key", emulator.s3().secretAccessKey());
    props.put("payload.format", "text");
    props.put("batch.size", "20000");
    props.put("max.retries", "2");
    props.put("retry.delay", "50ms");
    return props;
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
