package dev.redsink.core.typed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a record value as a {@link TypedRow}: a Kafka Connect JsonConverter envelope ({@code
 * {"schema": {"type": "struct", "fields": […]}, "payload": {…}}}) typed by its schema (with the
 * logical and Debezium types of {@link SemanticTypes}), or a schemaless JSON object typed by its
 * values (integral → int64, fractional → float64, string, boolean, object/array → struct/array,
 * null → unknown).
 */
public final class ValueReader {
  /** Numbers with fractions parsed by Jackson's faster parser (correctly rounded all the same). */
  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(
              StreamReadFeature.USE_FAST_DOUBLE_PARSER,
              StreamReadFeature.USE_FAST_BIG_NUMBER_PARSER)
          .build();

  private ValueReader() {}

  /**
   * The record as a buffer holds it until its load: a value in Kafka Connect JsonConverter's exact
   * envelope form is held split ({@link Record#valueSchema()}), its schema's bytes shared by every
   * record of that schema instead of copied into each; any other record as it is.
   */
  public static Record held(Record record) {
    return ParsedValue.held(record);
  }

  /**
   * The fields of the record's value, each named by the column it lands in ({@code names}); a
   * tombstone (null value) has none.
   *
   * @throws BadRecordException naming the record (and field) when the value is not a JSON object, a
   *     value does not match its declared type, a name cannot name a column or two fields would
   *     land in one column
   */
  public static TypedRow read(Record record, FieldNames names) {
    if (record.value() == null) {
      return new TypedRow(List.of());
    }
    if (record.valueSchema() == null) {
      TypedRow flat = FlatObject.read(record, names, record.value());
      if (flat != null) {
        return flat;
      }
      TypedRow streamed = streamed(record, names, record.value());
      if (streamed != null) {
        return streamed;
      }
    }
    ParsedValue parsed;
    try {
      parsed = ParsedValue.of(record);
    } catch (IOException e) {
      throw bad(record, "the value is not valid JSON");
    }
    if (parsed.schema() != null) {
      return enveloped(record, names, parsed.schema(), parsed.payload());
    }
    JsonNode root = parsed.payload();
    if (root == null || !root.isObject()) {
      throw bad(record, "the value is not a JSON object");
    }
    return object(record, names, root);
  }

  /**
   * The fields of a struct already parsed out of the record's value — a Debezium change event's
   * before or after image — as {@link #read} reads them: typed by {@code schema} (the struct's
   * schema from the envelope) or, without one, by the values.
   */
  static TypedRow read(Record record, FieldNames names, JsonNode schema, JsonNode struct) {
    if (schema != null) {
      return enveloped(record, names, schema, struct);
    }
    if (!struct.isObject()) {
      throw bad(record, "the value is not a JSON object");
    }
    return object(record, names, struct);
  }

  /**
   * A schemaless JSON object read straight from its bytes, without building a tree: the same fields
   * as {@link #object} reads from the tree. Null, for the tree to decide, when the value is not a
   * plain object: not an object, invalid, something after it, a top-level {@code schema} or {@code
   * payload} field (maybe an envelope) or a field given twice (the tree keeps its last value). What
   * {@link FlatObject} reads, it reads as this does.
   */
  static TypedRow streamed(Record record, FieldNames names, byte[] value) {
    try (JsonParser p = JSON.createParser(value)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      RowColumns columns = new RowColumns(record, names, RowColumns.FEW);
      List<FieldValue> fields = new ArrayList<>();
      JsonToken token;
      while ((token = p.nextToken()) == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        if (columns.leavesToTree(field)) {
          return null;
        }
        String column = columns.of(field);
        fields.add(streamedValue(record, column, p, p.nextToken()));
      }
      return token == JsonToken.END_OBJECT && p.nextToken() == null ? new TypedRow(fields) : null;
    } catch (IOException e) {
      return null;
    }
  }

  /** One value of {@link #streamed}, typed as {@link #inferred} types it from a tree. */
  private static FieldValue streamedValue(Record record, String name, JsonParser p, JsonToken token)
      throws IOException {
    switch (token) {
      case VALUE_NULL:
        return new FieldValue(name, null, null);
      case VALUE_NUMBER_INT:
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
          throw bad(record, "field '" + name + "' holds an integer beyond BIGINT's range");
        }
        return new FieldValue(name, FieldType.of(FieldKind.INT64), p.getLongValue());
      case VALUE_NUMBER_FLOAT:
        return new FieldValue(
            name,
            FieldType.of(FieldKind.FLOAT64),
            kept(record, name, p.getDoubleValue(), p.getText()));
      case VALUE_STRING:
        return new FieldValue(name, FieldType.of(FieldKind.STRING), p.getText());
      case VALUE_TRUE:
      case VALUE_FALSE:
        return new FieldValue(name, FieldType.of(FieldKind.BOOLEAN), p.getBooleanValue());
      default:
        return inferred(record, name, JSON.readTree(p));
    }
  }

  private static TypedRow object(Record record, FieldNames names, JsonNode root) {
    RowColumns columns = new RowColumns(record, names, root.size());
    List<FieldValue> fields = new ArrayList<>(root.size());
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      fields.add(inferred(record, columns.of(e.getKey()), e.getValue()));
    }
    return new TypedRow(fields);
  }

  private static TypedRow enveloped(
      Record record, FieldNames names, JsonNode schema, JsonNode payload) {
    StructPlan plan = StructPlan.of(record, names, schema);
    if (!payload.isNull() && !payload.isObject()) {
      throw bad(record, "the envelope's payload is not a JSON object");
    }
    List<FieldValue> fields = new ArrayList<>(plan.fields.length);
    for (int i = 0; i < plan.fields.length; i++) {
      JsonNode node = payload.isNull() ? null : payload.get(plan.fields[i]);
      SemanticTypes.Reading reading = plan.readings[i];
      fields.add(
          new FieldValue(
              plan.columns[i],
              reading.type(),
              node == null ? null : DeclaredValues.value(record, plan.fields[i], reading, node)));
    }
    return new TypedRow(fields, plan.declared);
  }

  /**
   * What reading a struct by one envelope schema takes for each of its fields: name, column and
   * reading, found once per schema instance and thread rather than for every record (records a
   * runtime holds split share one schema instance; a Debezium event's before and after images are
   * two).
   */
  private record StructPlan(
      JsonNode schema,
      FieldNames names,
      String[] fields,
      String[] columns,
      SemanticTypes.Reading[] readings,
      boolean declared) {
    private static final int KEPT = 4;
    private static final ThreadLocal<StructPlan[]> RECENT =
        ThreadLocal.withInitial(() -> new StructPlan[KEPT]);

    /**
     * The plan of {@code schema} read with {@code names}.
     *
     * @throws BadRecordException naming the record when the schema is not a struct, a field has an
     *     unknown type, or no column (or only another field's) can have a field's name
     */
    static StructPlan of(Record record, FieldNames names, JsonNode schema) {
      StructPlan[] recent = RECENT.get();
      for (StructPlan plan : recent) {
        if (plan != null && plan.schema == schema && plan.names == names) {
          return plan;
        }
      }
      StructPlan plan = build(record, names, schema);
      System.arraycopy(recent, 0, recent, 1, KEPT - 1);
      recent[0] = plan;
      return plan;
    }

    private static StructPlan build(Record record, FieldNames names, JsonNode schema) {
      if (!"struct".equals(schema.path("type").asText())) {
        throw bad(
            record,
            "the envelope's schema is of type '"
                + schema.path("type").asText()
                + "', and table_layout = typed needs a struct");
      }
      JsonNode declared = schema.path("fields");
      int n = declared.size();
      String[] fields = new String[n];
      String[] columns = new String[n];
      SemanticTypes.Reading[] readings = new SemanticTypes.Reading[n];
      RowColumns rowColumns = new RowColumns(record, names, n);
      int i = 0;
      for (JsonNode field : declared) {
        String name = field.path("field").asText();
        fields[i] = name;
        columns[i] = rowColumns.of(name);
        readings[i] = reading(record, name, field);
        i++;
      }
      return new StructPlan(
          schema,
          names,
          fields,
          columns,
          readings,
          !Envelopes.SCHEMALESS.equals(schema.path("name").asText("")));
    }
  }

  private static SemanticTypes.Reading reading(Record record, String name, JsonNode schema) {
    return SemanticTypes.of(schema)
        .orElseThrow(
            () ->
                bad(
                    record,
                    "field '"
                        + name
                        + "' has the unknown schema type '"
                        + schema.path("type").asText("")
                        + "'"));
  }

  private static FieldValue inferred(Record record, String name, JsonNode node) {
    if (node.isNull()) {
      return new FieldValue(name, null, null);
    }
    if (node.isIntegralNumber()) {
      if (!node.canConvertToLong()) {
        throw bad(record, "field '" + name + "' holds an integer beyond BIGINT's range");
      }
      return new FieldValue(name, FieldType.of(FieldKind.INT64), node.longValue());
    }
    if (node.isNumber()) {
      double d = node.doubleValue();
      if (node.isBigDecimal() && !DoubleDigits.keeps(d, node.decimalValue())) {
        throw changedNumber(record, name, node.decimalValue().toString(), d);
      }
      return new FieldValue(name, FieldType.of(FieldKind.FLOAT64), d);
    }
    if (node.isTextual()) {
      return new FieldValue(name, FieldType.of(FieldKind.STRING), node.textValue());
    }
    if (node.isBoolean()) {
      return new FieldValue(name, FieldType.of(FieldKind.BOOLEAN), node.booleanValue());
    }
    FieldKind kind = node.isArray() ? FieldKind.ARRAY : FieldKind.STRUCT;
    return new FieldValue(name, FieldType.of(kind), text(node));
  }

  /**
   * The double a schemaless JSON number is read as, when it keeps the number's value.
   *
   * @throws BadRecordException naming field and number when it does not: a DOUBLE PRECISION column
   *     would hold another value
   */
  private static double kept(Record record, String name, double d, String written) {
    if (!DoubleDigits.keeps(d, written)) {
      throw changedNumber(record, name, written, d);
    }
    return d;
  }

  static BadRecordException changedNumber(Record record, String name, String written, double d) {
    return bad(
        record,
        "field '"
            + name
            + "' holds the number "
            + shown(written)
            + ", which a schemaless number's DOUBLE PRECISION column cannot hold as written (it"
            + " would load as "
            + (Double.isInfinite(d) ? "infinity" : Double.toString(d))
            + "); send such numbers as JSON strings to load them as text, or declare the field a"
            + " Decimal in a JsonConverter envelope (schemas.enable = true)");
  }

  /** A value's text for a message, cut to 40 characters. */
  static String shown(String text) {
    return text.length() > 40 ? text.substring(0, 40) + "…" : text;
  }

  /** The value as JSON text, for a SUPER column. */
  public static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write JSON: " + e.getMessage(), e);
    }
  }

  static String text(JsonNode node) {
    return node.toString();
  }

  static BadRecordException bad(Record record, String reason) {
    return new BadRecordException(
        record.id(), "Cannot read record " + record.id() + " as typed fields: " + reason);
  }
}
