package dev.redsink.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.DistStyle;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableLayout;
import dev.redsink.core.table.TableTemplate;
import dev.redsink.core.table.WriteMode;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

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
    assertThat(c.get(ConfigKeys.CONNECTION_STRING).endpoint())
        .isEqualTo("cluster.abc123.eu-west-1.redshift.amazonaws.com:5439/analytics");
    assertThat(c.get(ConfigKeys.TARGET_TABLE).toString()).isEqualTo("orders_{topic_segment[-1]}");
    assertThat(c.find(ConfigKeys.TARGET_SCHEMA)).isEmpty();
    assertThat(c.get(ConfigKeys.AWS_IAM_ROLE))
        .isEqualTo("arn:aws:iam::123456789012:role/RedshiftCopy");
    assertThat(c.get(ConfigKeys.S3_BUCKET)).isEqualTo("picomq-staging");
    assertThat(c.get(ConfigKeys.S3_PREFIX)).isEqualTo("redshift/orders");
    assertThat(c.get(ConfigKeys.AWS_REGION)).isEqualTo("eu-west-1");
    assertThat(c.find(ConfigKeys.S3_ENDPOINT)).isEmpty();
    assertThat(c.staticCredentials()).isEmpty();
    assertThat(c.find(ConfigKeys.BATCH_SIZE))
        .as("the reference's 100 rows per file only where batch_size is set")
        .isEmpty();
    assertThat(c.get(ConfigKeys.MAX_CONNECTIONS)).isEqualTo(5);
    assertThat(c.get(ConfigKeys.INCLUDE_METADATA)).isTrue();
    assertThat(c.get(ConfigKeys.INCLUDE_KEY)).isTrue();
    assertThat(c.get(ConfigKeys.METADATA_COLUMN_PREFIX)).isEqualTo("pico_");
    assertThat(c.get(ConfigKeys.PAYLOAD_FORMAT)).isEqualTo(PayloadFormat.VARBYTE);
    assertThat(c.get(ConfigKeys.MAX_RETRIES)).isEqualTo(3);
    assertThat(c.get(ConfigKeys.RETRY_DELAY)).isEqualTo(Duration.ofSeconds(1));
    assertThat(c.get(ConfigKeys.ARCHIVE)).isFalse();
    assertThat(c.get(ConfigKeys.VERBOSE_LOGGING)).isFalse();
    assertThat(c.get(ConfigKeys.DEDUP_BY_ID)).isFalse();
    assertThat(c.get(ConfigKeys.DIRECT_COPY)).isTrue();
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
    raw.put("archive", true);
    raw.put("verbose_logging", "TRUE");
    raw.put("dedup_by_id", true);
    raw.put("direct_copy", "false");
    RedsinkConfig c = parse(raw);
    assertThat(c.get(ConfigKeys.TARGET_TABLE).hasPlaceholders()).isFalse();
    assertThat(c.find(ConfigKeys.TARGET_SCHEMA)).contains("analytics");
    assertThat(c.get(ConfigKeys.AWS_IAM_ROLE)).isEqualTo("arn:aws:iam::1:role/Other");
    assertThat(c.get(ConfigKeys.S3_BUCKET)).isEqualTo("other-bucket");
    assertThat(c.get(ConfigKeys.S3_PREFIX)).isEqualTo("a/b");
    assertThat(c.get(ConfigKeys.AWS_REGION)).isEqualTo("us-east-1");
    assertThat(c.find(ConfigKeys.S3_ENDPOINT)).contains(URI.create("http://127.0.0.1:9000"));
    assertThat(c.staticCredentials().orElseThrow().accessKeyId().reveal()).isEqualTo(ACCESS_KEY);
    assertThat(c.staticCredentials().orElseThrow().secretAccessKey().reveal())
        .isEqualTo(SECRET_KEY);
    assertThat(c.get(ConfigKeys.BATCH_SIZE)).isEqualTo(500);
    assertThat(c.get(ConfigKeys.MAX_CONNECTIONS)).isEqualTo(7);
    assertThat(c.get(ConfigKeys.INCLUDE_METADATA)).isFalse();
    assertThat(c.get(ConfigKeys.INCLUDE_KEY)).isFalse();
    assertThat(c.get(ConfigKeys.METADATA_COLUMN_PREFIX)).isEqualTo("rs_");
    assertThat(c.get(ConfigKeys.PAYLOAD_FORMAT)).isEqualTo(PayloadFormat.TEXT);
    assertThat(c.get(ConfigKeys.DIRECT_COPY)).isFalse();
    assertThat(c.get(ConfigKeys.MAX_RETRIES)).isEqualTo(5);
    assertThat(c.get(ConfigKeys.RETRY_DELAY)).isEqualTo(Duration.ofMillis(250));
    assertThat(c.get(ConfigKeys.ARCHIVE)).isTrue();
    assertThat(c.get(ConfigKeys.VERBOSE_LOGGING)).isTrue();
    assertThat(c.get(ConfigKeys.DEDUP_BY_ID)).isTrue();
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
    assertThat(c.get(ConfigKeys.BATCH_SIZE)).isEqualTo(42);
    assertThat(c.get(ConfigKeys.PAYLOAD_FORMAT)).isEqualTo(PayloadFormat.TEXT);
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
    assertThat(parse(with("s3_prefix", "")).get(ConfigKeys.S3_PREFIX)).isEmpty();
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
    assertThat(parsed.config().get(ConfigKeys.PAYLOAD_FORMAT)).isEqualTo(PayloadFormat.TEXT);
    assertThat(parsed.warnings())
        .containsExactly("payload_format: Json is not supported, falling back to Text");
  }

  @Test
  void unknownPayloadFormatFallsBackToVarbyteWithAWarning() {
    ConfigParser.Parsed parsed = ConfigParser.parse(with("payload_format", "avro"));
    assertThat(parsed.config().get(ConfigKeys.PAYLOAD_FORMAT)).isEqualTo(PayloadFormat.VARBYTE);
    assertThat(parsed.warnings())
        .containsExactly(
            "payload_format: 'avro' is not supported, falling back to varbyte; use varbyte, text or super");
  }

  @Test
  void unparsableRetryDelayFallsBackToOneSecondWithAWarning() {
    ConfigParser.Parsed parsed = ConfigParser.parse(with("retry_delay", "soon"));
    assertThat(parsed.config().get(ConfigKeys.RETRY_DELAY)).isEqualTo(Duration.ofSeconds(1));
    assertThat(parsed.warnings())
        .containsExactly(
            "retry_delay: cannot parse 'soon' as a duration, falling back to 1s; write it like"
                + " 100ms, 1s or 2m");
  }

  @Test
  void retryDelayAsBareMillisecondsFromTomlIntegers() {
    assertThat(parse(with("retry_delay", 1500)).get(ConfigKeys.RETRY_DELAY))
        .isEqualTo(Duration.ofMillis(1500));
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
            c.get(ConfigKeys.CONNECTION_STRING).toString(),
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
    assertThat(defaults.get(ConfigKeys.TABLE_LAYOUT))
        .isEqualTo(dev.redsink.core.table.TableLayout.PAYLOAD);
    assertThat(defaults.get(ConfigKeys.SCHEMA_EVOLUTION))
        .isEqualTo(dev.redsink.core.table.SchemaEvolution.ADD_COLUMNS);
    Map<String, Object> raw = with("table_layout", "Typed");
    raw.put("schema.evolution", "none");
    RedsinkConfig typed = ConfigParser.parse(raw).config();
    assertThat(typed.get(ConfigKeys.TABLE_LAYOUT))
        .isEqualTo(dev.redsink.core.table.TableLayout.TYPED);
    assertThat(typed.get(ConfigKeys.SCHEMA_EVOLUTION))
        .isEqualTo(dev.redsink.core.table.SchemaEvolution.NONE);
    assertThat(typed.rowLayout().isTyped()).isTrue();
    assertThat(typed.effectiveValues())
        .containsEntry("table_layout", "typed")
        .containsEntry("schema_evolution", "none");
    Map<String, Object> wrong = with("table_layout", "wide");
    wrong.put("schema_evolution", "drop_columns");
    assertThat(catchInvalid(wrong).problems())
        .anySatisfy(p -> assertThat(p).contains("table_layout").contains("payload or typed"))
        .anySatisfy(
            p ->
                assertThat(p)
                    .contains("schema_evolution")
                    .contains("add_columns_keep_types or none"));
  }

  @Test
  void filesAreCutBySizeUnlessOnlyBatchSizeIsSet() {
    RedsinkConfig defaults = ConfigParser.parse(minimal()).config();
    assertThat(defaults.fileSplit())
        .isEqualTo(new FileSplit(100, Optional.of(16L << 20), Optional.empty(), 4));
    assertThat(ConfigParser.parse(with("batch_size", 250)).config().fileSplit())
        .as("the reference design's rows per file, only where batch_size is set")
        .isEqualTo(new FileSplit(250, Optional.empty(), Optional.empty(), 4));

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
  void flushLimitsTakeEitherSpellingAndNameTheFix() {
    RedsinkConfig defaults = ConfigParser.parse(minimal()).config();
    assertThat(defaults.get(ConfigKeys.FLUSH_MAX_RECORDS)).isEqualTo(100_000);
    assertThat(defaults.get(ConfigKeys.FLUSH_MAX_BYTES)).isEqualTo(64L << 20);
    assertThat(defaults.get(ConfigKeys.FLUSH_INTERVAL)).isEqualTo(Duration.ofMinutes(1));
    assertThat(ConfigKeys.FLUSH_INTERVAL.dottedName()).isEqualTo("flush.interval.ms");

    Map<String, Object> toml = with("flush_max_records", 500);
    toml.put("flush_max_bytes", "8MB");
    toml.put("flush_interval", "5s");
    RedsinkConfig given = ConfigParser.parse(toml).config();
    assertThat(given.get(ConfigKeys.FLUSH_MAX_RECORDS)).isEqualTo(500);
    assertThat(given.get(ConfigKeys.FLUSH_MAX_BYTES)).isEqualTo(8L << 20);
    assertThat(given.get(ConfigKeys.FLUSH_INTERVAL)).isEqualTo(Duration.ofSeconds(5));
    assertThat(ConfigParser.value(Map.of("flush.interval.ms", "2500"), ConfigKeys.FLUSH_INTERVAL))
        .as("Kafka Connect's spelling, milliseconds")
        .isEqualTo(Duration.ofMillis(2500));

    Map<String, Object> wrong = with("flush_max_records", 0);
    wrong.put("flush_interval", "0s");
    assertThat(catchInvalid(wrong).problems())
        .anySatisfy(p -> assertThat(p).contains("flush_max_records").contains("at least 1"))
        .anySatisfy(p -> assertThat(p).contains("flush_interval").contains("above zero"));
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
    assertThat(parse(minimal()).get(ConfigKeys.PARQUET_COMPRESSION))
        .isEqualTo(ParquetCompression.ZSTD);
    assertThat(parse(with("parquet_compression", "snappy")).get(ConfigKeys.PARQUET_COMPRESSION))
        .isEqualTo(ParquetCompression.SNAPPY);
    assertThat(parse(with("parquet.compression", "GZIP")).get(ConfigKeys.PARQUET_COMPRESSION))
        .isEqualTo(ParquetCompression.GZIP);
    assertThat(parse(with("parquet_compression", "none")).get(ConfigKeys.PARQUET_COMPRESSION))
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
  void aSessionTokenNeedsTheKeysOfItsSession() {
    assertThat(catchInvalid(with("aws_session_token", "FwoGZXIvYXdzEBYaD")).problems())
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .contains("aws_session_token")
                    .contains("aws_access_key_id is not set")
                    .doesNotContain("FwoGZXIvYXdzEBYaD"));
  }

  @Test
  void s3SseDefaultsToNoneAndAKmsKeyNeedsAwsKms() {
    assertThat(parse(minimal()).get(ConfigKeys.S3_SSE)).isEqualTo(S3Encryption.NONE);
    assertThat(parse(with("s3.sse", "aes256")).get(ConfigKeys.S3_SSE))
        .isEqualTo(S3Encryption.AES256);
    assertThat(catchInvalid(with("s3_sse_kms_key_id", "alias/redsink")).problems())
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .contains("s3_sse_kms_key_id")
                    .contains("s3_sse is not aws:kms")
                    .contains("s3_sse = \"aws:kms\""));
    assertThat(catchInvalid(with("s3_sse", "aws:kms-dsse")).problems())
        .singleElement()
        .satisfies(p -> assertThat(p).contains("s3_sse").contains("none or AES256 or aws:kms"));
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
  void everyCatalogueKeyHasADocAndBothSpellings() {
    assertThat(ConfigKeys.ALL).isNotEmpty();
    assertThat(ConfigKeys.ALL).allSatisfy(k -> assertThat(k.doc()).isNotBlank());
    assertThat(ConfigKeys.ALL)
        .allSatisfy(
            k -> {
              assertThat(k.name()).matches("[a-z0-9]+(_[a-z0-9]+)*");
              assertThat(ConfigKeys.byName(k.name())).containsSame(k);
              assertThat(ConfigKeys.byDottedName(k.dottedName())).containsSame(k);
            });
    assertThat(ConfigKeys.ALL.get(0)).isSameAs(ConfigKeys.CONNECTION_STRING);
    assertThat(Optional.of(ConfigKeys.BATCH_SIZE.dottedName())).contains("batch.size");
  }

  /** One explicit value per key, with the other keys it needs; a new key must add one. */
  private record Example(Object raw, Object expected, Map<String, Object> with) {
    Example(Object raw, Object expected) {
      this(raw, expected, Map.of());
    }
  }

  private static final Map<String, Example> EXAMPLES =
      Map.ofEntries(
          Map.entry(
              "connection_string",
              new Example(
                  "postgres://u:pw@other.example.com:5439/db", "other.example.com:5439/db")),
          Map.entry("target_table", new Example("events_{topic}", "events_{topic}")),
          Map.entry("target_schema", new Example("analytics", "analytics")),
          Map.entry(
              "aws_iam_role",
              new Example("arn:aws:iam::1:role/Other", "arn:aws:iam::1:role/Other")),
          Map.entry("s3_bucket", new Example("other-bucket", "other-bucket")),
          Map.entry("s3_prefix", new Example("/a/b/", "a/b")),
          Map.entry("aws_region", new Example("us-east-1", "us-east-1")),
          Map.entry(
              "s3_endpoint",
              new Example("http://127.0.0.1:9000", URI.create("http://127.0.0.1:9000"))),
          Map.entry("s3_sse", new Example("aws:kms", S3Encryption.KMS)),
          Map.entry(
              "s3_sse_kms_key_id",
              new Example(" alias/redsink ", "alias/redsink", Map.of("s3_sse", "aws:kms"))),
          Map.entry(
              "aws_access_key_id",
              new Example(
                  ACCESS_KEY, new Secret(ACCESS_KEY), Map.of("aws_secret_access_key", SECRET_KEY))),
          Map.entry(
              "aws_secret_access_key",
              new Example(
                  SECRET_KEY, new Secret(SECRET_KEY), Map.of("aws_access_key_id", ACCESS_KEY))),
          Map.entry(
              "aws_session_token",
              new Example(
                  "FwoGZXIvYXdzEBYaD",
                  new Secret("FwoGZXIvYXdzEBYaD"),
                  Map.of("aws_access_key_id", ACCESS_KEY, "aws_secret_access_key", SECRET_KEY))),
          Map.entry("batch_size", new Example(500, 500)),
          Map.entry("max_file_bytes", new Example("64MB", 64L * ByteSizes.MIB)),
          Map.entry("slices", new Example("4", 4)),
          Map.entry("upload_concurrency", new Example(2L, 2)),
          Map.entry("parquet_compression", new Example("Snappy", ParquetCompression.SNAPPY)),
          Map.entry("max_connections", new Example("7", 7)),
          Map.entry("include_metadata", new Example(false, false)),
          Map.entry("include_key", new Example("false", false)),
          Map.entry("include_headers", new Example(true, true)),
          Map.entry("metadata_column_prefix", new Example("rs_", "rs_")),
          Map.entry("payload_format", new Example("super", PayloadFormat.SUPER)),
          Map.entry("table_layout", new Example("typed", TableLayout.TYPED)),
          Map.entry("schema_evolution", new Example("none", SchemaEvolution.NONE)),
          Map.entry(
              "write_mode",
              new Example(
                  "upsert",
                  WriteMode.UPSERT,
                  Map.of("table_layout", "typed", "primary_key", "order_id"))),
          Map.entry(
              "primary_key",
              new Example(List.of("region", "order_id"), List.of("region", "order_id"))),
          Map.entry(
              "delete_on_tombstone",
              new Example(
                  true,
                  true,
                  Map.of(
                      "table_layout",
                      "typed",
                      "write_mode",
                      "upsert",
                      "primary_key",
                      "record_key"))),
          Map.entry("cdc_delete_mode", new Example("soft", CdcDeleteMode.SOFT)),
          Map.entry(
              "history_time_field",
              new Example(
                  " Changed_At ",
                  "changed_at",
                  Map.of("table_layout", "typed", "write_mode", "history"))),
          Map.entry(
              "unavailable_value_placeholder", new Example("__unavailable__", "__unavailable__")),
          Map.entry("dist_style", new Example("even", DistStyle.EVEN)),
          Map.entry("dist_key", new Example("ID", "id")),
          Map.entry("sort_key", new Example("id, pico_offset", List.of("id", "pico_offset"))),
          Map.entry("max_retries", new Example(5L, 5)),
          Map.entry("retry_delay", new Example("250ms", Duration.ofMillis(250))),
          Map.entry("retry_max_delay", new Example("5s", Duration.ofSeconds(5))),
          Map.entry("retry_timeout", new Example("10m", Duration.ofMinutes(10))),
          Map.entry("s3_timeout", new Example("30s", Duration.ofSeconds(30))),
          Map.entry("archive", new Example(true, true)),
          Map.entry("verbose_logging", new Example("TRUE", true)),
          Map.entry("dedup_by_id", new Example(true, true)),
          Map.entry("direct_copy", new Example("false", false)),
          Map.entry("flush_max_records", new Example(5_000L, 5_000)),
          Map.entry("flush_max_bytes", new Example("8MB", 8L << 20)),
          Map.entry("flush_interval", new Example("30s", Duration.ofSeconds(30))));

  static List<String> keyNames() {
    return ConfigKeys.ALL.stream().map(ConfigKey::name).toList();
  }

  @ParameterizedTest
  @MethodSource("keyNames")
  void everyOptionalKeyTakesItsDocumentedDefault(String name) {
    ConfigKey<?> key = ConfigKeys.byName(name).orElseThrow();
    Map<String, Object> raw = minimal();
    raw.remove(name);
    if (key.isRequired()) {
      assertThat(catchInvalid(raw).problems())
          .containsExactly(name + ": is required (" + key.doc().split("\\. ")[0] + ")");
      return;
    }
    RedsinkConfig config = parse(raw);
    assertThat(config.get(key)).isEqualTo(key.defaultValue());
    assertThat(config.find(key)).isEqualTo(Optional.ofNullable(key.defaultValue()));
    assertThat(parse(with(name, "")).get(key))
        .as("empty means default")
        .isEqualTo(key.defaultValue());
    assertThat(key.defaultText())
        .startsWith(key.defaultValue() == null ? "none" : key.display(key.defaultValue()));
  }

  @ParameterizedTest
  @MethodSource("keyNames")
  void everyKeyReadsAnExplicitValueTyped(String name) {
    ConfigKey<?> key = ConfigKeys.byName(name).orElseThrow();
    assertThat(EXAMPLES).as("an example value for " + name + " in EXAMPLES").containsKey(name);
    Example example = EXAMPLES.get(name);
    Map<String, Object> raw = minimal();
    raw.putAll(example.with());
    // Half the keys under their Kafka Connect spelling.
    raw.remove(name);
    raw.put(ConfigKeys.ALL.indexOf(key) % 2 == 0 ? name : key.dottedName(), example.raw());
    RedsinkConfig config = parse(raw);
    assertThat(comparable(config.get(key))).isEqualTo(example.expected());
    assertThat(comparable(config.get(key))).isNotEqualTo(comparable(key.defaultValue()));
  }

  @Test
  void theExamplesNameOnlyCatalogueKeys() {
    assertThat(keyNames()).containsExactlyInAnyOrderElementsOf(EXAMPLES.keySet());
  }

  /** Values without a value equality compared by what identifies them. */
  private static Object comparable(Object value) {
    if (value instanceof ConnectionString c) {
      return c.endpoint();
    }
    return value instanceof TableTemplate t ? t.toString() : value;
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
