package dev.redsink.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.config.ConfigKey;
import dev.redsink.core.config.ConfigKeys;
import dev.redsink.core.config.ConfigParser;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every configuration key given a wrong value once: opening the sink fails with a message naming
 * the key (or, for the three documented fallbacks, parses with a warning naming it), and nothing is
 * created.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ConfigKeyCatalogueIT {

  /** A wrong value per key; a key missing here fails the test, so new keys get a case. */
  private static final Map<String, Object> WRONG =
      Map.ofEntries(
          Map.entry("connection_string", "mysql://127.0.0.1:3306/dev"),
          Map.entry("target_table", "orders_{topic"),
          Map.entry("target_schema", "s".repeat(128)),
          Map.entry("aws_iam_role", "arn:aws:iam::123456789012:role/NotAttached"),
          Map.entry("s3_bucket", "s3://bucket/path"),
          Map.entry("s3_prefix", "any/prefix"),
          Map.entry("aws_region", "any-label"),
          Map.entry("s3_endpoint", "ftp://127.0.0.1"),
          Map.entry("s3_sse", "aws:kms:dsse"),
          Map.entry("s3_sse_kms_key_id", "alias/without-aws-kms"),
          Map.entry("aws_access_key_id", "WITHOUT_ITS_SECRET"),
          Map.entry("aws_secret_access_key", "WITHOUT_ITS_KEY_ID"),
          Map.entry("aws_session_token", "WITHOUT_ITS_KEYS"),
          Map.entry("flush_max_records", 0),
          Map.entry("flush_max_bytes", "0"),
          Map.entry("flush_interval", "0s"),
          Map.entry("batch_size", 0),
          Map.entry("max_file_bytes", "64 TB"),
          Map.entry("slices", 0),
          Map.entry("upload_concurrency", 0),
          Map.entry("parquet_compression", "lz4"),
          Map.entry("max_connections", 0),
          Map.entry("include_metadata", "maybe"),
          Map.entry("include_key", "maybe"),
          Map.entry("include_headers", "maybe"),
          Map.entry("metadata_column_prefix", "p".repeat(120)),
          Map.entry("payload_format", "xml"),
          Map.entry("table_layout", "columnar"),
          Map.entry("schema_evolution", "drop_columns"),
          Map.entry("write_mode", "merge"),
          Map.entry("primary_key", "id,,name"),
          Map.entry("delete_on_tombstone", "maybe"),
          Map.entry("cdc_delete_mode", "purge"),
          Map.entry("history_time_field", "changed_at"),
          Map.entry("unavailable_value_placeholder", "__unavailable\u0001"),
          Map.entry("dist_style", "round_robin"),
          Map.entry("dist_key", "payload"),
          Map.entry("sort_key", "no_such_column"),
          Map.entry("max_retries", 0),
          Map.entry("retry_delay", "soon"),
          Map.entry("retry_max_delay", "0s"),
          Map.entry("retry_timeout", "soon"),
          Map.entry("s3_timeout", "0s"),
          Map.entry("archive", "maybe"),
          Map.entry("verbose_logging", "maybe"),
          Map.entry("dedup_by_id", "maybe"),
          Map.entry("direct_copy", "maybe"));

  /** Keys with no invalid value: any string is a prefix, and with s3_endpoint any region label. */
  private static final List<String> ANY_VALUE = List.of("s3_prefix", "aws_region");

  /** The other static credentials, removed to make each wrong alone. */
  private static final Map<String, List<String>> PAIRED =
      Map.of(
          "aws_access_key_id", List.of("aws_secret_access_key"),
          "aws_secret_access_key", List.of("aws_access_key_id"),
          "aws_session_token", List.of("aws_access_key_id", "aws_secret_access_key"));

  /** Keys whose wrong value falls back to the default with a warning, as documented. */
  private static final List<String> FALLBACKS =
      List.of("payload_format", "retry_delay", "retry_timeout");

  @Test
  void everyKeyGivenAWrongValueIsNamed(RedshiftEmulator emulator) throws Exception {
    ScenarioWarehouse warehouse = new ScenarioWarehouse(emulator);
    assertThat(WRONG.keySet())
        .as("a wrong value for every key")
        .containsExactlyInAnyOrderElementsOf(ConfigKeys.ALL.stream().map(ConfigKey::name).toList());
    List<String> problems = new java.util.ArrayList<>();
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      String table = ScenarioWarehouse.uniqueTable("cfg");
      Map<String, Object> config = warehouse.config(table);
      config.put(key.name(), WRONG.get(key.name()));
      if (PAIRED.containsKey(key.name())) {
        PAIRED.get(key.name()).forEach(config::remove);
      }
      if (ANY_VALUE.contains(key.name())) {
        try (RedshiftSink sink = RedshiftSink.open(config)) {
          assertThat(sink.write(new SourceStream("cfg." + table, 1, 3).slice(0, 0, 3)).loaded())
              .isEqualTo(3);
        }
        continue;
      }
      if (key.name().equals("aws_iam_role")) {
        try (RedshiftSink sink = RedshiftSink.open(config)) {
          Throwable e =
              catchThrowable(
                  () -> sink.write(new SourceStream("cfg." + table, 1, 3).slice(0, 0, 3)));
          assertThat(e).as("COPY with a role not attached").hasMessageContaining("aws_iam_role");
        }
        assertThat(warehouse.count(table)).isZero();
        assertThat(warehouse.stagedObjects(table)).isEmpty();
        continue;
      }
      if (FALLBACKS.contains(key.name())) {
        List<String> warnings = ConfigParser.parse(config).warnings();
        assertThat(warnings).as(key.name()).anyMatch(w -> w.contains(key.name()));
        continue;
      }
      Throwable e = catchThrowable(() -> RedshiftSink.open(config).close());
      if (!(e instanceof InvalidConfigException) || !e.getMessage().contains(key.name())) {
        problems.add(key.name() + " -> " + e);
        continue;
      }
      assertThat(warehouse.tableExists(table))
          .as("table created despite a wrong %s", key.name())
          .isFalse();
    }
    assertThat(problems).isEmpty();
    Figures.record(
        "every configuration key given a wrong value",
        0,
        0,
        0,
        0,
        -1,
        ConfigKeys.ALL.size()
            + " keys: refused at open naming the key, except aws_iam_role (its COPY error names"
            + " it), 3 documented fallbacks (a warning names the key) and s3_prefix/aws_region"
            + " (no invalid value with s3_endpoint)");
  }
}
