package dev.redsink.core.config;

import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.DistStyle;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.SchemaEvolution;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableLayout;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.TableTemplate;
import dev.redsink.core.table.WriteMode;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The key catalogue: one typed definition per configuration key, the single source for parsing, the
 * typed values of {@link RedsinkConfig#get}, the Kafka Connect names and the generated
 * configuration reference. Declaring a key here is all it takes to add it: each key registers
 * itself in {@link #ALL} when declared.
 */
public final class ConfigKeys {
  private ConfigKeys() {}

  // Declared before the keys: every key adds itself to these while the class initialises.
  private static final List<ConfigKey<?>> DECLARED = new ArrayList<>();
  private static final Map<String, ConfigKey<?>> BY_NAME = new HashMap<>();
  private static final Map<String, ConfigKey<?>> BY_DOTTED_NAME = new HashMap<>();

  /** Every key, in declaration order, which is the documentation order. */
  public static final List<ConfigKey<?>> ALL = Collections.unmodifiableList(DECLARED);

  public static final ConfigKey<ConnectionString> CONNECTION_STRING =
      required(
          "connection_string",
          KeyType.STRING,
          "A libpq URL (postgres://user:password@host:5439/db?sslmode=require) or a jdbc:redshift:// or"
              + " jdbc:redshift:iam:// URL to the cluster or workgroup endpoint. In a libpq URL,"
              + " percent-encode '/', '?', '@' and '#' in the user name and password (%2F, %3F,"
              + " %40, %23). Redacted everywhere, with every driver secret it carries (passwords,"
              + " client secrets, tokens, AWS keys)",
          Sensitivity.CONTAINS_SECRET,
          ConfigKeys::connectionString);
  public static final ConfigKey<TableTemplate> TARGET_TABLE =
      required(
          "target_table",
          KeyType.TEMPLATE,
          "Table name, used verbatim as a quoted identifier. Supports {topic} and"
              + " {topic_segment[n]} (segments split on '.', negative n counts from the end)",
          Sensitivity.PLAIN,
          ConfigKeys::targetTable);
  public static final ConfigKey<String> TARGET_SCHEMA =
      text(
          "target_schema",
          null,
          "none",
          "Schema of the target table and of its ledger table (_redsink_ledger_<table>), created"
              + " when it does not exist yet (which needs CREATE on the database). Without it the"
              + " connection's search_path decides",
          ConfigKeys::identifier);
  public static final ConfigKey<String> AWS_IAM_ROLE =
      required(
          "aws_iam_role",
          KeyType.STRING,
          "ARN Redshift assumes for COPY. Must be attached to the cluster",
          Sensitivity.PLAIN,
          Check.none());
  public static final ConfigKey<String> S3_BUCKET =
      required(
          "s3_bucket",
          KeyType.STRING,
          "Bucket for the Parquet files, a bare name without s3://",
          Sensitivity.PLAIN,
          ConfigKeys::bucket);
  public static final ConfigKey<String> S3_PREFIX =
      define(
          "s3_prefix",
          KeyType.STRING,
          RawValues.TEXT,
          null,
          "required",
          "Key prefix inside the bucket. May be empty. Leading and trailing slashes are ignored",
          Requirement.REQUIRED_MAY_BE_EMPTY,
          Sensitivity.PLAIN,
          (key, value, problems) -> trimSlashes(value));
  public static final ConfigKey<String> AWS_REGION =
      required(
          "aws_region",
          KeyType.STRING,
          "Region of the bucket. With s3_endpoint, any label",
          Sensitivity.PLAIN,
          Check.none());
  public static final ConfigKey<URI> S3_ENDPOINT =
      text(
          "s3_endpoint",
          null,
          "none",
          "Custom S3 endpoint (http:// or https://). Turns on path-style addressing",
          ConfigKeys::endpoint);
  public static final ConfigKey<S3Encryption> S3_SSE =
      choice(
          "s3_sse",
          S3Encryption.NONE,
          "Server-side encryption asked of S3 for every file Redsink writes: none (the bucket's"
              + " default encryption applies), AES256 (SSE-S3) or aws:kms (SSE-KMS, with"
              + " s3_sse_kms_key_id or the account's aws/s3 key). Set it when a bucket policy"
              + " requires the x-amz-server-side-encryption header; with aws:kms the runtime side"
              + " needs kms:GenerateDataKey and the COPY role kms:Decrypt on the key",
          S3Encryption.values(),
          S3Encryption::keyword);
  public static final ConfigKey<String> S3_SSE_KMS_KEY_ID =
      text(
          "s3_sse_kms_key_id",
          null,
          "none",
          "With s3_sse = aws:kms: the KMS key (key id, key ARN or alias ARN) the files are"
              + " encrypted with; none uses the account's AWS managed key aws/s3",
          ConfigKeys::kmsKeyId);
  public static final ConfigKey<Secret> AWS_ACCESS_KEY_ID =
      secret(
          "aws_access_key_id",
          "Static S3 credential for the runtime side. Redacted everywhere. Set both keys or neither;"
              + " neither uses the default credential chain");
  public static final ConfigKey<Secret> AWS_SECRET_ACCESS_KEY =
      secret("aws_secret_access_key", "Static S3 credential. Redacted everywhere");
  public static final ConfigKey<Secret> AWS_SESSION_TOKEN =
      secret(
          "aws_session_token",
          "With aws_access_key_id: the session token of temporary keys (an ASIA… key id from STS)."
              + " Redacted everywhere");
  public static final ConfigKey<Integer> FLUSH_MAX_RECORDS =
      integer(
          "flush_max_records",
          100_000,
          "Buffered records that start a load (per Kafka Connect task, per redsink run"
              + " connector, per redsink load)",
          atLeast(1, "at least 1; it is the number of records that starts a load"));
  public static final ConfigKey<Long> FLUSH_MAX_BYTES =
      size(
          "flush_max_bytes",
          64 * ByteSizes.MIB,
          "64MB",
          "Key, value and header bytes that start a load once buffered (64MB, 1GB; KB, MB and GB"
              + " are powers of 1024; a bare number is bytes; a typed table's JsonConverter"
              + " schema, which every record of the table repeats, is held once and not counted);"
              + " bounds the memory of the buffer, which holds at most twice this while a load"
              + " runs; a typed table's load also holds the rows it reads from its records, a few"
              + " times their bytes",
          (key, value, problems) -> {
            if (value < 1) {
              problems.problem(key.name(), "must be above 0; write it like 64MB");
            }
            return value;
          });
  public static final ConfigKey<Duration> FLUSH_INTERVAL =
      define(
          "flush_interval",
          "flush.interval.ms",
          KeyType.DURATION,
          RawValues.duration(Duration.ofMinutes(1)),
          Duration.ofMinutes(1),
          "1m",
          "Longest time a record waits in the buffer before a load starts (30s, 2m; a bare number"
              + " is milliseconds, the Kafka Connect form); a primary-key change's delete, whose"
              + " create may follow in another partition, can add one interval at most. redsink run"
              + " and redsink load also load as soon as they have read everything there is",
          Requirement.OPTIONAL,
          Sensitivity.PLAIN,
          ConfigKeys::positiveDuration);
  public static final ConfigKey<Integer> BATCH_SIZE =
      integer(
          "batch_size",
          null,
          "Rows per Parquet file, the reference design's way to cut a load into files. Without it"
              + " (and without max_file_bytes) files are cut by size, which suits Redshift better;"
              + " set it only to keep files of a fixed row count. Must be above 0",
          atLeast(1, "above 0; it is the number of rows per Parquet file"));
  public static final ConfigKey<Long> MAX_FILE_BYTES =
      size(
          "max_file_bytes",
          null,
          "none (files of 16MB unless batch_size is set)",
          "Cut each load into Parquet files of about equal size holding at most this much record"
              + " data (64MB, 1GB; KB, MB and GB are powers of 1024; a bare number is bytes), so"
              + " a load of 64MB is four files encoded and uploaded side by side. Redshift loads"
              + " files in parallel, one per slice; AWS advises 1 MB to 1 GB per file after"
              + " compression. At least 1KB",
          ConfigKeys::fileBytes);
  public static final ConfigKey<Integer> SLICES =
      integer(
          "slices",
          null,
          "The cluster's slice count (SELECT COUNT(*) FROM stv_slices). A load's file count is"
              + " rounded up to a multiple of it when every file still holds at least 1 MB, so"
              + " every slice gets work",
          atLeast(1, "at least 1; it is the number of slices in the cluster"));
  public static final ConfigKey<Integer> UPLOAD_CONCURRENCY =
      integer(
          "upload_concurrency",
          4,
          "Files of one load encoded and uploaded at the same time. Bounds memory to about this"
              + " many files in flight",
          atLeast(1, "at least 1; it is the number of files encoded and uploaded at once"));
  public static final ConfigKey<ParquetCompression> PARQUET_COMPRESSION =
      choice(
          "parquet_compression",
          ParquetCompression.ZSTD,
          "Codec of the Parquet files: zstd (small files for moderate CPU), snappy (about half"
              + " zstd's CPU, files about 1.7 times larger on JSON), gzip (about zstd's size for"
              + " about ten times its CPU) or none (the least CPU, the most bytes to upload and for"
              + " COPY to read). Redshift's COPY reads all four; docs/benchmarks.md measures CPU"
              + " and bytes per codec",
          ParquetCompression.values(),
          ParquetCompression::keyword);
  public static final ConfigKey<Integer> MAX_CONNECTIONS =
      integer(
          "max_connections",
          5,
          "Connection pool size (at least 1). A batch holding records of several tables loads up"
              + " to max_connections - 1 of them at once (one connection stays free for ledger"
              + " reads)",
          atLeast(1, "at least 1"));
  public static final ConfigKey<Boolean> INCLUDE_METADATA =
      flag(
          "include_metadata",
          true,
          "Add pico_offset, pico_timestamp, pico_topic and pico_partition (with the default prefix)");
  public static final ConfigKey<Boolean> INCLUDE_KEY = flag("include_key", true, "Add pico_key");
  public static final ConfigKey<Boolean> INCLUDE_HEADERS =
      flag(
          "include_headers",
          false,
          "Add pico_headers, a SUPER object of the record headers (values that are not UTF-8 are"
              + " base64)");
  public static final ConfigKey<String> METADATA_COLUMN_PREFIX =
      text(
          "metadata_column_prefix",
          "pico_",
          "pico_",
          "Prefix of the metadata and key column names",
          ConfigKeys::prefix);
  public static final ConfigKey<PayloadFormat> PAYLOAD_FORMAT =
      text(
          "payload_format",
          PayloadFormat.VARBYTE,
          "varbyte",
          "Column type for payload: varbyte (VARBYTE(16777216)), text (VARCHAR(MAX)) or super"
              + " (JSON parsed into SUPER; at most 65535 bytes, a record that is not JSON is"
              + " refused). json is accepted and treated as text; anything else falls back to"
              + " varbyte with a warning",
          ConfigKeys::payloadFormat);
  public static final ConfigKey<TableLayout> TABLE_LAYOUT =
      choice(
          "table_layout",
          TableLayout.PAYLOAD,
          "payload (the value in one payload column, see payload_format) or typed (one nullable"
              + " column per top-level field of a JSON object value, typed from a Kafka Connect"
              + " JsonConverter envelope's schema or, for schemaless JSON, from the values seen; see"
              + " docs/table-layouts.md)",
          TableLayout.values(),
          TableLayout::keyword);
  public static final ConfigKey<SchemaEvolution> SCHEMA_EVOLUTION =
      choice(
          "schema_evolution",
          SchemaEvolution.ADD_COLUMNS,
          "With table_layout = typed: add_columns (a new field adds a column, a longer string widens"
              + " its VARCHAR, a wider number widens its column: SMALLINT to INTEGER to BIGINT, REAL"
              + " to DOUBLE PRECISION, DECIMAL to more digits; a value of a type its column cannot"
              + " take is a bad record), add_columns_keep_types (as add_columns, but a wider number"
              + " fails the load instead of changing the column's type) or none (never alter the"
              + " table; such a record fails the load). Columns are never dropped or narrowed",
          SchemaEvolution.values(),
          SchemaEvolution::keyword);
  public static final ConfigKey<WriteMode> WRITE_MODE =
      choice(
          "write_mode",
          WriteMode.APPEND,
          "With table_layout = typed: append (every record a new row), upsert (the last record per"
              + " primary_key replaces the key's row; needs primary_key), cdc (Debezium change"
              + " events: the after image is upserted, op d deletes, see cdc_delete_mode) or history"
              + " (every change of a key, a Debezium change event or a keyed record, inserts a new"
              + " version and closes the previous one: columns _record_is_active,"
              + " _record_create_time, _record_delete_time, and a view <table>_current of the"
              + " active versions). Applied in the load transaction, exactly once; see"
              + " docs/table-layouts.md",
          WriteMode.values(),
          WriteMode::keyword);
  public static final ConfigKey<List<String>> PRIMARY_KEY =
      list(
          "primary_key",
          null,
          "none (record_key with write_mode = cdc or history)",
          "The field names identifying a row for write_mode = upsert, cdc or history (a TOML array,"
              + " primary_key = [\"region\", \"order_id\"], or a comma-separated string, the"
              + " Kafka Connect form), or record_key to use the fields of the record key (a JSON"
              + " object)",
          ConfigKeys::primaryKey);
  public static final ConfigKey<Boolean> DELETE_ON_TOMBSTONE =
      flag(
          "delete_on_tombstone",
          false,
          "With write_mode = upsert (or history: it closes the key's version): a tombstone (null"
              + " value) deletes its key's row. Needs"
              + " primary_key = record_key, since a tombstone has no value fields");
  public static final ConfigKey<String> HISTORY_TIME_FIELD =
      text(
          "history_time_field",
          null,
          "none (the change event's source.ts_ms, else the record's timestamp)",
          "With write_mode = history: the top-level field (of the after image, for change events)"
              + " holding the time each change happened, which becomes _record_create_time of its"
              + " version and _record_delete_time of the version it closes: a timestamp, epoch"
              + " milliseconds or ISO-8601 text. A version without it is refused; a delete"
              + " without it closes its key at the source's time, else the record's",
          (key, value, problems) -> TableName.fold(value.trim()));
  public static final ConfigKey<CdcDeleteMode> CDC_DELETE_MODE =
      choice(
          "cdc_delete_mode",
          CdcDeleteMode.HARD,
          "With write_mode = cdc: hard (a delete event removes the row) or soft (it sets the"
              + " BOOLEAN column <metadata_column_prefix>deleted true and keeps the last values)",
          CdcDeleteMode.values(),
          CdcDeleteMode::keyword);
  public static final ConfigKey<String> UNAVAILABLE_VALUE_PLACEHOLDER =
      text(
          "unavailable_value_placeholder",
          "__debezium_unavailable_value",
          "__debezium_unavailable_value",
          "With write_mode = upsert or cdc: the value a change carries in place of a column the"
              + " source did not send (Debezium's unavailable.value.placeholder: an unchanged"
              + " TOASTed value in PostgreSQL). Such a column keeps the row's existing value, in the"
              + " load transaction; matched as a string, its UTF-8 bytes, or an array holding it",
          ConfigKeys::placeholder);
  public static final ConfigKey<DistStyle> DIST_STYLE =
      choice(
          "dist_style",
          DistStyle.AUTO,
          "Distribution of the tables Redsink creates: auto (Redshift chooses and may change it),"
              + " even, key (rows with equal dist_key values share a slice; needs dist_key) or all"
              + " (a copy on every node, for small tables). An existing table is never altered;"
              + " see docs/table-layouts.md",
          DistStyle.values(),
          DistStyle::keyword);
  public static final ConfigKey<String> DIST_KEY =
      text(
          "dist_key",
          null,
          "none",
          "The column rows are distributed by (implies dist_style = key): id, a metadata column"
              + " or, with table_layout = typed, a field. With write_mode = upsert or cdc, a"
              + " primary_key field keeps the load's key join on each slice. Not a VARBYTE or SUPER"
              + " column",
          (key, value, problems) -> TableName.fold(value.trim()));
  public static final ConfigKey<List<String>> SORT_KEY =
      text(
          "sort_key",
          null,
          "none (SORTKEY AUTO)",
          "Comma-separated columns of a compound sort key for the tables Redsink creates (at most"
              + " 400; same columns as dist_key). Without it Redshift chooses (SORTKEY AUTO)",
          ConfigKeys::sortKey);
  public static final ConfigKey<Integer> MAX_RETRIES =
      integer(
          "max_retries",
          3,
          "Attempts in all (at least 1, the first included) per load transaction and per S3 call"
              + " on transient errors",
          atLeast(1, "at least 1; it counts attempts, including the first"));
  public static final ConfigKey<Duration> RETRY_DELAY =
      duration(
          "retry_delay",
          Duration.ofSeconds(1),
          "1s",
          "Base delay between attempts, multiplied by the attempt number (100ms, 1s, 2m; a bare"
              + " number is milliseconds). Unparsable values fall back to 1s with a warning",
          Check.none());
  public static final ConfigKey<Duration> RETRY_MAX_DELAY =
      duration(
          "retry_max_delay",
          Duration.ofSeconds(30),
          "30s",
          "Longest wait between attempts to load a batch that keeps failing transiently once the"
              + " per-transaction retries (max_retries) are spent: the runtime waits retry_delay"
              + " times the number of failures so far, at most this long, and tries the same"
              + " batch again (a Redshift maintenance window or a lost connection heals itself)",
          ConfigKeys::positiveDuration);
  public static final ConfigKey<Duration> RETRY_TIMEOUT =
      duration(
          "retry_timeout",
          Duration.ZERO,
          "0ms (until stopped)",
          "How long a batch may keep failing transiently before the runtime fails (the Connect"
              + " task fails, redsink run and redsink load exit) instead of retrying it again."
              + " 0 retries until stopped; nothing is lost either way, the ledger resumes from the"
              + " last load. Unparsable values fall back to 0 with a warning",
          Check.none());
  public static final ConfigKey<Duration> S3_TIMEOUT =
      duration(
          "s3_timeout",
          Duration.ofMinutes(2),
          "2m",
          "Longest one S3 request may take, body included; a request still running then fails as"
              + " transient and is retried (the socket timeout alone never ends a stalled upload)."
              + " Two minutes carry a 128 MiB file at 1 MiB/s",
          ConfigKeys::positiveDuration);
  public static final ConfigKey<Boolean> ARCHIVE =
      flag(
          "archive",
          false,
          "Keep each Parquet file under archive/messages/ instead of deleting it");
  public static final ConfigKey<Boolean> VERBOSE_LOGGING =
      flag("verbose_logging", false, "Log every load at info instead of debug");
  public static final ConfigKey<Boolean> DEDUP_BY_ID =
      flag(
          "dedup_by_id",
          false,
          "Also skip ids already in the target, for tables shared with other loaders. Costs a read"
              + " of the whole id column on every load");
  public static final ConfigKey<Boolean> DIRECT_COPY =
      flag(
          "direct_copy",
          true,
          "Append loads COPY straight into the target inside the table's ledger transaction, so"
              + " each row is written once; writers of one table then wait for each other's COPY."
              + " false COPYs into a session temp table first and inserts from it (each row written"
              + " twice), so several writers of one table overlap their COPYs");

  /** The key with this seed name, e.g. {@code batch_size}. */
  public static Optional<ConfigKey<?>> byName(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }

  /** The key with this Kafka Connect name, e.g. {@code batch.size}. */
  public static Optional<ConfigKey<?>> byDottedName(String dottedName) {
    return Optional.ofNullable(BY_DOTTED_NAME.get(dottedName));
  }

  /**
   * Declares and registers a key read as its documented type {@code V} by {@code reader}, then
   * checked and converted to {@code T} by {@code check}.
   */
  private static <V, T> ConfigKey<T> define(
      String name,
      KeyType type,
      RawReader<V> reader,
      T def,
      String defText,
      String doc,
      Requirement requirement,
      Sensitivity sensitivity,
      Check<V, T> check) {
    return define(name, null, type, reader, def, defText, doc, requirement, sensitivity, check);
  }

  /**
   * Declares and registers a key whose Kafka Connect name is {@code dottedName} (null: the seed
   * name with dots).
   */
  private static <V, T> ConfigKey<T> define(
      String name,
      String dottedName,
      KeyType type,
      RawReader<V> reader,
      T def,
      String defText,
      String doc,
      Requirement requirement,
      Sensitivity sensitivity,
      Check<V, T> check) {
    return register(
        new ConfigKey<>(
            name,
            type,
            def,
            defText,
            doc,
            requirement,
            sensitivity,
            (k, raw, problems) -> {
              V value = reader.read(k, raw, problems);
              return value == null ? null : check.apply(k, value, problems);
            },
            dottedName));
  }

  private static <T> ConfigKey<T> register(ConfigKey<T> key) {
    String name = key.name();
    if (BY_NAME.putIfAbsent(name, key) != null
        || BY_DOTTED_NAME.putIfAbsent(key.dottedName(), key) != null) {
      throw new IllegalStateException("Cannot declare key " + name + ": declared twice");
    }
    DECLARED.add(key);
    return key;
  }

  private static <T> ConfigKey<T> required(
      String name, KeyType type, String doc, Sensitivity sensitivity, Check<String, T> check) {
    return define(
        name,
        type,
        RawValues.TEXT,
        null,
        "required",
        doc,
        Requirement.REQUIRED,
        sensitivity,
        check);
  }

  private static <T> ConfigKey<T> text(
      String name, T def, String defText, String doc, Check<String, T> check) {
    return optional(name, KeyType.STRING, RawValues.TEXT, def, defText, doc, check);
  }

  private static ConfigKey<Integer> integer(
      String name, Integer def, String doc, Check<Integer, Integer> check) {
    return optional(
        name, KeyType.INT, RawValues.INT, def, def == null ? "none" : def.toString(), doc, check);
  }

  /** A key taking one of an enum's keywords, documented with the default's keyword. */
  private static <E extends Enum<E>> ConfigKey<E> choice(
      String name, E def, String doc, E[] values, Function<E, String> keyword) {
    return text(name, def, keyword.apply(def), doc, enumOf(values, keyword));
  }

  private static ConfigKey<Long> size(
      String name, Long def, String defText, String doc, Check<Long, Long> check) {
    return optional(name, KeyType.SIZE, RawValues.SIZE, def, defText, doc, check);
  }

  private static ConfigKey<List<String>> list(
      String name,
      List<String> def,
      String defText,
      String doc,
      Check<List<String>, List<String>> check) {
    return optional(name, KeyType.LIST, RawValues.LIST, def, defText, doc, check);
  }

  private static ConfigKey<Duration> duration(
      String name, Duration def, String defText, String doc, Check<Duration, Duration> check) {
    return optional(name, KeyType.DURATION, RawValues.duration(def), def, defText, doc, check);
  }

  private static ConfigKey<Boolean> flag(String name, boolean def, String doc) {
    return optional(
        name, KeyType.BOOL, RawValues.BOOL, def, Boolean.toString(def), doc, Check.none());
  }

  private static <V, T> ConfigKey<T> optional(
      String name,
      KeyType type,
      RawReader<V> reader,
      T def,
      String defText,
      String doc,
      Check<V, T> check) {
    return define(
        name, type, reader, def, defText, doc, Requirement.OPTIONAL, Sensitivity.PLAIN, check);
  }

  private static ConfigKey<Secret> secret(String name, String doc) {
    return define(
        name,
        KeyType.STRING,
        RawValues.TEXT,
        null,
        "none",
        doc,
        Requirement.OPTIONAL,
        Sensitivity.SECRET,
        (key, value, problems) -> new Secret(value));
  }

  private static Check<Integer, Integer> atLeast(int min, String rule) {
    return (key, value, problems) -> {
      if (value < min) {
        problems.problem(key.name(), "must be " + rule + ", got " + value);
      }
      return value;
    };
  }

  private static Duration positiveDuration(ConfigKey<?> key, Duration value, Problems problems) {
    if (value.isZero()) {
      problems.problem(key.name(), "must be above zero; write it like 30s or 2m");
    }
    return value;
  }

  private static Long fileBytes(ConfigKey<?> key, Long value, Problems problems) {
    if (value < ByteSizes.KIB) {
      problems.problem(
          key.name(), "must be at least 1KB, got " + value + " bytes; write it like 64MB");
    }
    return value;
  }

  private static ConnectionString connectionString(
      ConfigKey<?> key, String value, Problems problems) {
    try {
      return ConnectionString.parse(value);
    } catch (IllegalArgumentException e) {
      problems.problem(key.name(), "Cannot parse the connection string: " + e.getMessage());
      return null;
    }
  }

  private static TableTemplate targetTable(ConfigKey<?> key, String value, Problems problems) {
    TableTemplate.Result result = TableTemplate.parse(value);
    if (result.template() == null) {
      problems.problem(key.name(), result.problem());
    }
    return result.template();
  }

  private static String identifier(ConfigKey<?> key, String value, Problems problems) {
    int bytes = TableName.utf8Length(value);
    if (bytes > TableName.MAX_IDENTIFIER_BYTES) {
      problems.problem(
          key.name(), "is " + bytes + " bytes in UTF-8; Redshift identifiers hold at most 127");
    }
    return value;
  }

  private static String prefix(ConfigKey<?> key, String value, Problems problems) {
    int bytes = TableName.utf8Length(value + "timestamp");
    if (bytes > TableName.MAX_IDENTIFIER_BYTES) {
      problems.problem(key.name(), "makes column names longer than Redshift's 127 bytes");
    }
    return value;
  }

  private static String kmsKeyId(ConfigKey<?> key, String value, Problems problems) {
    String id = value.trim();
    if (id.isEmpty() || id.chars().anyMatch(c -> c <= ' ')) {
      problems.problem(
          key.name(),
          "must be a KMS key id, key ARN or alias ARN without spaces (e.g."
              + " arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab)");
    }
    return id;
  }

  private static String placeholder(ConfigKey<?> key, String value, Problems problems) {
    for (int i = 0; i < value.length(); i++) {
      if (value.charAt(i) < 0x20) {
        problems.problem(
            key.name(),
            "contains a control character; set it to Debezium's unavailable.value.placeholder"
                + " (by default __debezium_unavailable_value)");
        return null;
      }
    }
    return value;
  }

  private static List<String> primaryKey(ConfigKey<?> key, List<String> fields, Problems problems) {
    if (fields.isEmpty() || fields.stream().anyMatch(String::isEmpty)) {
      problems.problem(
          key.name(),
          "must name the key fields, as a list ([\"order_id\", \"line\"]) or comma-separated"
              + " (\"order_id,line\"), or be record_key; got "
              + fields);
    } else if (fields.size() > 1 && fields.contains("record_key")) {
      problems.problem(
          key.name(), "record_key stands alone: use it, or list the value's key fields, not both");
    }
    return fields;
  }

  private static List<String> sortKey(ConfigKey<?> key, String value, Problems problems) {
    List<String> columns =
        java.util.Arrays.stream(value.split(",", -1)).map(c -> TableName.fold(c.trim())).toList();
    if (columns.stream().anyMatch(String::isEmpty)) {
      problems.problem(key.name(), "must be comma-separated column names, got '" + value + "'");
    } else if (columns.stream().distinct().count() < columns.size()) {
      problems.problem(key.name(), "names a column twice: '" + value + "'");
    } else if (columns.size() > TableKeys.MAX_SORT_KEY_COLUMNS) {
      problems.problem(
          key.name(),
          "has "
              + columns.size()
              + " columns; a compound sort key holds at most "
              + TableKeys.MAX_SORT_KEY_COLUMNS);
    }
    return columns;
  }

  private static String bucket(ConfigKey<?> key, String bucket, Problems problems) {
    if (bucket.contains("/") || bucket.contains(":")) {
      problems.problem(
          key.name(), "must be a bare bucket name such as my-bucket; put the path into s3_prefix");
    }
    return bucket;
  }

  private static URI endpoint(ConfigKey<?> key, String value, Problems problems) {
    try {
      URI uri = URI.create(value);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
        return uri;
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    problems.problem(
        key.name(),
        "must be an http:// or https:// URL such as http://127.0.0.1:9000, got " + value);
    return null;
  }

  /** A check turning a keyword into one of {@code values}, or a problem listing them. */
  private static <E extends Enum<E>> Check<String, E> enumOf(
      E[] values, Function<E, String> keyword) {
    return (key, value, problems) -> {
      String text = value.trim();
      for (E e : values) {
        if (keyword.apply(e).equalsIgnoreCase(text)) {
          return e;
        }
      }
      problems.problem(
          key.name(),
          "must be "
              + java.util.Arrays.stream(values).map(keyword).collect(Collectors.joining(" or "))
              + ", got '"
              + value
              + "'");
      return null;
    };
  }

  private static PayloadFormat payloadFormat(ConfigKey<?> key, String value, Problems problems) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    switch (text) {
      case "varbyte":
        return PayloadFormat.VARBYTE;
      case "text":
        return PayloadFormat.TEXT;
      case "super":
        return PayloadFormat.SUPER;
      case "json":
        problems.warning(key.name(), "Json is not supported, falling back to Text");
        return PayloadFormat.TEXT;
      default:
        problems.warning(
            key.name(),
            "'"
                + value
                + "' is not supported, falling back to varbyte; use varbyte, text or super");
        return PayloadFormat.VARBYTE;
    }
  }

  static String trimSlashes(String prefix) {
    int start = 0;
    int end = prefix.length();
    while (start < end && prefix.charAt(start) == '/') {
      start++;
    }
    while (end > start && prefix.charAt(end - 1) == '/') {
      end--;
    }
    return prefix.substring(start, end);
  }
}
