package dev.redsink.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.table.DistStyle;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.TableKeys;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigParserTest {
  static final String PASSWORD = "s3cr3t-Pa55";
  static final String ACCESS_KEY = "AKIAEXAMPLEKEYID1234";
  static final String SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

  static Map<String, Object> minimal() {
    Map<String, Object> raw = new HashMap<>();
    raw.put(
        "connection_string",
        "postgres://loader:"
            + PASSWORD
            + "@cluster.abc123.eu-west-1.redshift.amazonaws.com:5439/analytics");
    raw.put("target_table", "orders_{topic_segment[-1]}");
    raw.put("aws_iam_role", "arn:aws:iam::123456789012:role/RedshiftCopy");
    raw.put("s3_bucket", "picomq-staging");
    raw.put("s3_prefix", "redshift/orders");
    raw.put("aws_region", "eu-west-1");
    return raw;
  }

  static RedsinkConfig parse(Map<String, Object> raw) {
    return ConfigParser.parse(raw).config();
  }

  static Map<String, Object> with(String key, Object value) {
    Map<String, Object> raw = minimal();
    raw.put(key, value);
    return raw;
  }

  @Test
  void defaultsMatchTheReference() {
    ConfigParser.Parsed parsed = ConfigParser.parse(minimal());
    RedsinkConfig c = parsed.config();
    assertThat(parsed.warnings()).isEmpty();
    assertThat(c.connection().endpoint())
        .isEqualTo("cluster.abc123.eu-west-1.redshift.amazonaws.com:5439/analytics");
    assertThat(c.targetTable().toString()).isEqualTo("orders_{topic_segment[-1]}");
    assertThat(c.targetSchema()).isEmpty();
    assertThat(c.awsIamRole()).isEqualTo("arn:aws:iam::123456789012:role/RedshiftCopy");
    assertThat(c.s3Bucket()).isEqualTo("picomq-staging");
    assertThat(c.s3Prefix()).isEqualTo("redshift/orders");
    assertThat(c.awsRegion()).isEqualTo("eu-west-1");
    assertThat(c.s3Endpoint()).isEmpty();
    assertThat(c.staticCredentials()).isEmpty();
    assertThat(c.batchSize()).isEqualTo(100);
    assertThat(c.maxConnections()).isEqualTo(5);
    assertThat(c.includeMetadata()).isTrue();
    assertThat(c.includeKey()).isTrue();
    assertThat(c.metadataColumnPrefix()).isEqualTo("pico_");
    assertThat(c.payloadFormat()).isEqualTo(PayloadFormat.VARBYTE);
    assertThat(c.maxRetries()).isEqualTo(3);
    assertThat(c.retryDelay()).isEqualTo(Duration.ofSeconds(1));
    assertThat(c.retryMaxDelay()).isEqualTo(Duration.ofSeconds(30));
    assertThat(c.retryTimeout()).isZero();
    assertThat(c.archive()).isFalse();
    assertThat(c.verboseLogging()).isFalse();
    assertThat(c.dedupById()).isFalse();
    assertThat(c.directCopy()).isTrue();
  }

  @Test
  void explicitValuesOfEveryKey() {
    Map<String, Object> raw = minimal();
    raw.put("target_table", "events");
    raw.put("target_schema", "analytics");
    raw.put("aws_iam_role", "arn:aws:iam::1:role/Other");
    raw.put("s3_bucket", "other-bucket");
    raw.put("s3_prefix", "/a/b/");
    raw.put("aws_region", "us-east-1");
    raw.put("s3_endpoint", "http://127.0.0.1:9000");
    raw.put("aws_access_key_id", ACCESS_KEY);
    raw.put("aws_secret_access_key", SECRET_KEY);
    raw.put("batch_size", 500);
    raw.put("max_connections", "7");
    raw.put("include_metadata", false);
    raw.put("include_key", "false");
    raw.put("metadata_column_prefix", "rs_");
    raw.put("payload_format", "text");
    raw.put("max_retries", 5L);
    raw.put("retry_delay", "250ms");
    raw.put("retry_max_delay", "5s");
    raw.put("retry_timeout", "10m");
    raw.put("archive", true);
    raw.put("verbose_logging", "TRUE");
    raw.put("dedup_by_id", true);
    raw.put("direct_copy", "false");
    RedsinkConfig c = parse(raw);
    assertThat(c.targetTable().hasPlaceholders()).isFalse();
    assertThat(c.targetSchema()).contains("analytics");
    assertThat(c.awsIamRole()).isEqualTo("arn:aws:iam::1:role/Other");
    assertThat(c.s3Bucket()).isEqualTo("other-bucket");
    assertThat(c.s3Prefix()).isEqualTo("a/b");
    assertThat(c.awsRegion()).isEqualTo("us-east-1");
    assertThat(c.s3Endpoint()).contains(URI.create("http://127.0.0.1:9000"));
    assertThat(c.staticCredentials().orElseThrow().accessKeyId().reveal()).isEqualTo(ACCESS_KEY);
    assertThat(c.staticCredentials().orElseThrow().secretAccessKey().reveal())
        .isEqualTo(SECRET_KEY);
    assertThat(c.batchSize()).isEqualTo(500);
    assertThat(c.maxConnections()).isEqualTo(7);
    assertThat(c.includeMetadata()).isFalse();
    assertThat(c.includeKey()).isFalse();
    assertThat(c.metadataColumnPrefix()).isEqualTo("rs_");
    assertThat(c.payloadFormat()).isEqualTo(PayloadFormat.TEXT);
    assertThat(c.directCopy()).isFalse();
    assertThat(c.maxRetries()).isEqualTo(5);
    assertThat(c.retryDelay()).isEqualTo(Duration.ofMillis(250));
    assertThat(c.retryMaxDelay()).isEqualTo(Duration.ofSeconds(5));
    assertThat(c.retryTimeout()).isEqualTo(Duration.ofMinutes(10));
    assertThat(c.archive()).isTrue();
    assertThat(c.verboseLogging()).isTrue();
    assertThat(c.dedupById()).isTrue();
    assertThat(c.rowLayout().columns())
        .extracting(col -> col.name())
        .containsExactly("id", "payload", "created_at");
  }

  @Test
  void dottedKafkaConnectNamesAreAccepted() {
    Map<String, Object> raw = minimal();
    raw.put("batch.size", "42");
    raw.put("payload.format", "text");
    RedsinkConfig c = parse(raw);
    assertThat(c.batchSize()).isEqualTo(42);
    assertThat(c.payloadFormat()).isEqualTo(PayloadFormat.TEXT);
    assertThat(ConfigKeys.byDottedName("aws.secret.access.key"))
        .contains(ConfigKeys.AWS_SECRET_ACCESS_KEY);
    assertThat(ConfigKeys.byName("batch_size")).contains(ConfigKeys.BATCH_SIZE);
  }

  @Test
  void aKeyGivenInBothSpellingsIsAProblem() {
    Map<String, Object> raw = with("batch_size", 10);
    raw.put("batch.size", 20);
    assertThatThrownBy(() -> parse(raw)).hasMessageContaining("batch_size: given twice");
  }

  @Test
  void missingRequiredKeysAreAllReportedAtOnce() {
    InvalidConfigException e = catchInvalid(new HashMap<>());
    assertThat(e.problems())
        .hasSize(6)
        .anySatisfy(p -> assertThat(p).startsWith("connection_string: is required"))
        .anySatisfy(p -> assertThat(p).startsWith("target_table: is required"))
        .anySatisfy(p -> assertThat(p).startsWith("aws_iam_role: is required"))
        .anySatisfy(p -> assertThat(p).startsWith("s3_bucket: is required"))
        .anySatisfy(p -> assertThat(p).startsWith("s3_prefix: is required"))
        .anySatisfy(p -> assertThat(p).startsWith("aws_region: is required"));
    assertThat(e.getMessage()).startsWith("Cannot open the sink: the configuration has 6 problems");
  }

  @Test
  void anEmptyPrefixIsAllowed() {
    assertThat(parse(with("s3_prefix", "")).s3Prefix()).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({
    "aws_access_key_id, " + ACCESS_KEY + ", aws_secret_access_key",
    "aws_secret_access_key, " + SECRET_KEY + ", aws_access_key_id",
  })
  void onlyOneStaticKeyIsTheReferenceError(String given, String value, String missing) {
    InvalidConfigException e = catchInvalid(with(given, value));
    assertThat(e.problems())
        .containsExactly(
            missing
                + ": Choosing to use aws_access_key_id and aws_secret_access_key then both MUST be"
                + " provided; set the missing one, or remove both to use the default credential"
                + " chain");
    assertThat(e.getMessage()).doesNotContain(value);
  }

  @Test
  void oneStaticKeyEmptyIsTheReferenceError() {
    Map<String, Object> raw = with("aws_access_key_id", ACCESS_KEY);
    raw.put("aws_secret_access_key", "");
    assertThat(catchInvalid(raw).getMessage())
        .contains(ConfigParser.BOTH_KEYS)
        .doesNotContain(ACCESS_KEY);
  }

  @Test
  void bothStaticKeysEmptyMeansTheDefaultChain() {
    Map<String, Object> raw = with("aws_access_key_id", "");
    raw.put("aws_secret_access_key", "");
    assertThat(parse(raw).staticCredentials()).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({"0", "-5"})
  void batchSizeMustBeAboveZero(int size) {
    assertThat(catchInvalid(with("batch_size", size)).problems())
        .containsExactly(
            "batch_size: must be above 0; it is the number of rows per Parquet file, got " + size);
  }

  @Test
  void badNumbersAndFlagsAreNamed() {
    Map<String, Object> raw = with("max_connections", "lots");
    raw.put("archive", "yes");
    raw.put("max_retries", 0);
    assertThat(catchInvalid(raw).problems())
        .containsExactlyInAnyOrder(
            "max_connections: expected an integer, got 'lots'",
            "archive: expected true or false, got 'yes'",
            "max_retries: must be at least 1; it counts attempts, including the first, got 0");
  }

  @Test
  void jsonPayloadFallsBackToTextWithTheReferenceWarning() {
    ConfigParser.Parsed parsed = ConfigParser.parse(with("payload_format", "json"));
    assertThat(parsed.config().payloadFormat()).isEqualTo(PayloadFormat.TEXT);
    assertThat(parsed.warnings())
        .containsExactly("payload_format: Json is not supported, falling back to Text");
  }

  @Test
  void unknownPayloadFormatFallsBackToVarbyteWithAWarning() {
    ConfigParser.Parsed parsed = ConfigParser.parse(with("payload_format", "avro"));
    assertThat(parsed.config().payloadFormat()).isEqualTo(PayloadFormat.VARBYTE);
    assertThat(parsed.warnings())
        .containsExactly(
            "payload_format: 'avro' is not supported, falling back to varbyte; use varbyte, text or super");
  }

  @Test
  void unparsableRetryDelayFallsBackToOneSecondWithAWarning() {
    ConfigParser.Parsed parsed = ConfigParser.parse(with("retry_delay", "soon"));
    assertThat(parsed.config().retryDelay()).isEqualTo(Duration.ofSeconds(1));
    assertThat(parsed.warnings())
        .containsExactly(
            "retry_delay: cannot parse 'soon' as a duration, falling back to 1s; write it like"
                + " 100ms, 1s or 2m");
  }

  @Test
  void retryDelayAsBareMillisecondsFromTomlIntegers() {
    assertThat(parse(with("retry_delay", 1500)).retryDelay()).isEqualTo(Duration.ofMillis(1500));
  }

  @Test
  void invalidTemplateBucketEndpointAndSchema() {
    Map<String, Object> raw = with("target_table", "orders_{partition}");
    raw.put("s3_bucket", "s3://bucket/path");
    raw.put("s3_endpoint", "localhost:9000");
    raw.put("target_schema", "x".repeat(128));
    assertThat(catchInvalid(raw).problems())
        .containsExactlyInAnyOrder(
            "target_table: unknown placeholder '{partition}' in 'orders_{partition}'; use {topic}"
                + " or {topic_segment[n]}",
            "s3_bucket: must be a bare bucket name such as my-bucket; put the path into s3_prefix",
            "s3_endpoint: must be an http:// or https:// URL such as http://127.0.0.1:9000, got"
                + " localhost:9000",
            "target_schema: is 128 bytes in UTF-8; Redshift identifiers hold at most 127");
  }

  @Test
  void anUnknownKeyIsAProblemNamingTheNearestKeyInItsOwnSpelling() {
    assertThat(catchInvalid(with("batchsize", 5)).problems())
        .containsExactly(
            "batchsize: unknown key; did you mean batch_size? (every key: docs/configuration.md)");
    assertThat(catchInvalid(with("s3.prefx", "x")).problems())
        .containsExactly(
            "s3.prefx: unknown key; did you mean s3.prefix? (every key: docs/configuration.md)");
  }

  @Test
  void aMisspeltRequiredKeyIsNamedBeforeTheKeyItMisses() {
    Map<String, Object> raw = minimal();
    raw.put("conection_string", raw.remove("connection_string"));
    assertThat(catchInvalid(raw).problems())
        .first()
        .asString()
        .startsWith("conection_string: unknown key; did you mean connection_string?");
    assertThat(catchInvalid(raw).problems())
        .anySatisfy(p -> assertThat(p).startsWith("connection_string: is required"));
  }

  @Test
  void anUnparsableConnectionStringNeverEchoesIt() {
    String raw = "mysql://loader:" + PASSWORD + "@host/db";
    InvalidConfigException e = catchInvalid(with("connection_string", raw));
    assertThat(e.problems())
        .containsExactly(
            "connection_string: Cannot parse the connection string: expected a URL starting with"
                + " postgres://, postgresql://, jdbc:redshift:// or jdbc:redshift:iam://, e.g."
                + " postgres://user:password@host:5439/dev");
    assertThat(e.getMessage()).doesNotContain(PASSWORD);
  }

  @Test
  void secretsAreMaskedInToStringAndTheEffectiveDescription() {
    Map<String, Object> raw = minimal();
    raw.put("aws_access_key_id", ACCESS_KEY);
    raw.put("aws_secret_access_key", SECRET_KEY);
    RedsinkConfig c = parse(raw);
    List<String> shown =
        List.of(
            c.toString(),
            c.describeEffective(),
            c.connection().toString(),
            c.staticCredentials().orElseThrow().toString(),
            c.effectiveValues().toString());
    for (String text : shown) {
      assertThat(text)
          .doesNotContain(PASSWORD)
          .doesNotContain(ACCESS_KEY)
          .doesNotContain(SECRET_KEY);
    }
    assertThat(c.describeEffective())
        .contains(
            "connection_string = postgres://loader:****@cluster.abc123.eu-west-1.redshift.amazonaws.com:5439/analytics")
        .contains("aws_access_key_id = ****")
        .contains("aws_secret_access_key = ****")
        .contains("retry_delay = 1s")
        .contains("payload_format = varbyte")
        .contains("target_schema = none");
  }

  @Test
  void secretValuesOfTheWrongTypeAreNotEchoed() {
    Map<String, Object> raw = with("aws_access_key_id", List.of(ACCESS_KEY));
    raw.put("aws_secret_access_key", SECRET_KEY);
    assertThat(catchInvalid(raw).getMessage())
        .contains("aws_access_key_id: expected a string, got a list")
        .doesNotContain(ACCESS_KEY)
        .doesNotContain(SECRET_KEY);
  }

  @Test
  void tableLayoutAndSchemaEvolutionDefaultsAndExplicitValues() {
    RedsinkConfig defaults = ConfigParser.parse(with("batch_size", 100)).config();
    assertThat(defaults.tableLayout()).isEqualTo(dev.redsink.core.table.TableLayout.PAYLOAD);
    assertThat(defaults.schemaEvolution())
        .isEqualTo(dev.redsink.core.table.SchemaEvolution.ADD_COLUMNS);
    Map<String, Object> raw = with("table_layout", "Typed");
    raw.put("schema.evolution", "none");
    RedsinkConfig typed = ConfigParser.parse(raw).config();
    assertThat(typed.tableLayout()).isEqualTo(dev.redsink.core.table.TableLayout.TYPED);
    assertThat(typed.schemaEvolution()).isEqualTo(dev.redsink.core.table.SchemaEvolution.NONE);
    assertThat(typed.rowLayout().isTyped()).isTrue();
    assertThat(typed.effectiveValues())
        .containsEntry("table_layout", "typed")
        .containsEntry("schema_evolution", "none");
    Map<String, Object> wrong = with("table_layout", "wide");
    wrong.put("schema_evolution", "drop_columns");
    assertThat(catchInvalid(wrong).problems())
        .anySatisfy(p -> assertThat(p).contains("table_layout").contains("payload or typed"))
        .anySatisfy(
            p -> assertThat(p).contains("schema_evolution").contains("add_columns or none"));
  }

  @Test
  void filesAreCutByRowsUnlessMaxFileBytesIsSet() {
    RedsinkConfig defaults = ConfigParser.parse(minimal()).config();
    assertThat(defaults.fileSplit())
        .isEqualTo(new FileSplit(100, Optional.empty(), Optional.empty(), 4));

    Map<String, Object> sized = with("max_file_bytes", "64MB");
    sized.put("slices", 8);
    sized.put("upload.concurrency", "2");
    ConfigParser.Parsed parsed = ConfigParser.parse(sized);
    assertThat(parsed.config().fileSplit())
        .isEqualTo(new FileSplit(100, Optional.of(64L << 20), Optional.of(8), 2));
    assertThat(parsed.warnings()).isEmpty();

    sized.put("batch_size", 500);
    assertThat(ConfigParser.parse(sized).warnings())
        .anySatisfy(w -> assertThat(w).contains("batch_size").contains("max_file_bytes"));
  }

  @Test
  void fileSplitKeysNameTheFix() {
    Map<String, Object> wrong = with("max_file_bytes", "64 TB");
    wrong.put("slices", 0);
    wrong.put("upload_concurrency", -1);
    assertThat(catchInvalid(wrong).problems())
        .anySatisfy(p -> assertThat(p).contains("max_file_bytes").contains("like 512KB or 64MB"))
        .anySatisfy(p -> assertThat(p).contains("slices").contains("at least 1"))
        .anySatisfy(p -> assertThat(p).contains("upload_concurrency").contains("at least 1"));
    assertThat(catchInvalid(with("max_file_bytes", 100)).problems())
        .anySatisfy(p -> assertThat(p).contains("max_file_bytes").contains("at least 1KB"));
  }

  @Test
  void parquetCompressionDefaultsToZstdAndTakesEachCodec() {
    assertThat(parse(minimal()).parquetCompression()).isEqualTo(ParquetCompression.ZSTD);
    assertThat(parse(with("parquet_compression", "snappy")).parquetCompression())
        .isEqualTo(ParquetCompression.SNAPPY);
    assertThat(parse(with("parquet.compression", "GZIP")).parquetCompression())
        .isEqualTo(ParquetCompression.GZIP);
    assertThat(parse(with("parquet_compression", "none")).parquetCompression())
        .isEqualTo(ParquetCompression.NONE);
    assertThat(ConfigParser.parse(with("parquet_compression", "none")).config().effectiveValues())
        .containsEntry("parquet_compression", "none");
    assertThat(catchInvalid(with("parquet_compression", "lz4")).problems())
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .contains("parquet_compression")
                    .contains("zstd or snappy or gzip or none")
                    .contains("'lz4'"));
  }

  @Test
  void tableKeysDefaultToAutoAndTakeExplicitValues() {
    assertThat(parse(minimal()).tableKeys()).isEqualTo(TableKeys.AUTO);
    Map<String, Object> raw = with("dist_key", "ID");
    raw.put("sort_key", "pico_timestamp, Id");
    assertThat(parse(raw).tableKeys())
        .isEqualTo(
            new TableKeys(DistStyle.KEY, Optional.of("id"), List.of("pico_timestamp", "id")));
    raw.put("dist.style", "key");
    assertThat(parse(raw).tableKeys().distStyle()).isEqualTo(DistStyle.KEY);
    assertThat(parse(with("dist_style", "ALL")).tableKeys())
        .isEqualTo(new TableKeys(DistStyle.ALL, Optional.empty(), List.of()));
    Map<String, Object> typed = with("table_layout", "typed");
    typed.put("dist_key", "customer_id");
    typed.put("sort_key", "pico_offset");
    assertThat(parse(typed).tableKeys().columns()).containsExactly("customer_id", "pico_offset");
  }

  @Test
  void tableKeysNameTheKeyAndTheFix() {
    Map<String, Object> raw = with("dist_style", "key");
    raw.put("sort_key", "payload,nope,,");
    assertThat(catchInvalid(raw).problems())
        .anySatisfy(p -> assertThat(p).contains("dist_key").contains("is required with"))
        .anySatisfy(p -> assertThat(p).contains("sort_key").contains("comma-separated"));
    Map<String, Object> wrong = with("dist_style", "even");
    wrong.put("dist_key", "payload");
    wrong.put("sort_key", "nope, id, nope");
    assertThat(catchInvalid(wrong).problems())
        .anySatisfy(p -> assertThat(p).contains("dist_style").contains("must be key"))
        .anySatisfy(
            p -> assertThat(p).contains("dist_key").contains("'payload' is VARBYTE(16777216)"))
        .anySatisfy(p -> assertThat(p).contains("sort_key").contains("names a column twice"));
    assertThat(catchInvalid(with("sort_key", "nope")).problems())
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .contains("'nope' is not a column")
                    .contains("id, pico_offset, pico_timestamp"));
    assertThat(catchInvalid(with("dist_style", "round_robin")).problems())
        .anySatisfy(p -> assertThat(p).contains("auto or even or key or all"));
  }

  @Test
  void everyCatalogueKeyHasADefaultTextAndDoc() {
    assertThat(ConfigKeys.ALL).hasSize(39);
    assertThat(ConfigKeys.ALL).allSatisfy(k -> assertThat(k.doc()).isNotBlank());
    assertThat(ConfigKeys.ALL.stream().map(ConfigKey::name))
        .containsExactly(
            "connection_string",
            "target_table",
            "target_schema",
            "aws_iam_role",
            "s3_bucket",
            "s3_prefix",
            "aws_region",
            "s3_endpoint",
            "aws_access_key_id",
            "aws_secret_access_key",
            "batch_size",
            "max_file_bytes",
            "slices",
            "upload_concurrency",
            "parquet_compression",
            "max_connections",
            "include_metadata",
            "include_key",
            "include_headers",
            "metadata_column_prefix",
            "payload_format",
            "table_layout",
            "schema_evolution",
            "write_mode",
            "primary_key",
            "delete_on_tombstone",
            "cdc_delete_mode",
            "dist_style",
            "dist_key",
            "sort_key",
            "max_retries",
            "retry_delay",
            "retry_max_delay",
            "retry_timeout",
            "s3_timeout",
            "archive",
            "verbose_logging",
            "dedup_by_id",
            "direct_copy");
    assertThat(Optional.of(ConfigKeys.BATCH_SIZE.dottedName())).contains("batch.size");
  }

  private static InvalidConfigException catchInvalid(Map<String, Object> raw) {
    try {
      ConfigParser.parse(raw);
    } catch (InvalidConfigException e) {
      return e;
    }
    throw new AssertionError("expected the configuration to be rejected");
  }
}
