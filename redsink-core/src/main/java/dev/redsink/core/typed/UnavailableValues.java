package dev.redsink.core.typed;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Finds the fields a change carries a placeholder in instead of a value: Debezium's
 * unavailable.value.placeholder for a column the source did not send (PostgreSQL's unchanged
 * TOASTed values). Debezium writes it as the string itself (text, JSON, XML, enums), its UTF-8
 * bytes (bytea), an array holding it (text[], json[]), an array of its bytes as numbers (int[],
 * bigint[]) or a map from it to itself (hstore).
 */
final class UnavailableValues {
  private final String text;
  private final byte[] bytes;
  private final Set<String> jsonForms;

  /** The fields of a row without placeholders, and the columns that had one. */
  record Split(TypedRow row, Set<String> unavailable) {}

  UnavailableValues(String placeholder) {
    this.text = placeholder == null || placeholder.isEmpty() ? null : placeholder;
    this.bytes = text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    this.jsonForms = text == null ? Set.of() : jsonForms(text, bytes);
  }

  private static Set<String> jsonForms(String text, byte[] bytes) {
    String quoted = ValueReader.json(text);
    StringJoiner numbers = new StringJoiner(",", "[", "]");
    for (byte b : bytes) {
      numbers.add(Integer.toString(b));
    }
    return Set.of(
        quoted,
        "[" + quoted + "]",
        numbers.toString(),
        "[" + ValueReader.json(Base64.getEncoder().encodeToString(bytes)) + "]",
        "{" + quoted + ":" + quoted + "}");
  }

  /** The row with every placeholder replaced by null, and the columns that held one. */
  Split split(TypedRow row) {
    if (text == null) {
      return new Split(row, Set.of());
    }
    Set<String> unavailable = null;
    List<FieldValue> fields = null;
    for (int i = 0; i < row.fields().size(); i++) {
      FieldValue f = row.fields().get(i);
      if (isPlaceholder(f)) {
        if (unavailable == null) {
          unavailable = new LinkedHashSet<>();
          fields = new ArrayList<>(row.fields());
        }
        unavailable.add(f.name());
        fields.set(i, new FieldValue(f.name(), f.type(), null));
      }
    }
    return unavailable == null
        ? new Split(row, Set.of())
        : new Split(row.withFields(fields), unavailable);
  }

  private boolean isPlaceholder(FieldValue f) {
    Object v = f.value();
    if (v instanceof byte[] b) {
      return Arrays.equals(b, bytes);
    }
    if (!(v instanceof String s)) {
      return false;
    }
    if (s.equals(text)) {
      return true;
    }
    return f.type() != null && f.type().kind().isNested() && jsonForms.contains(s);
  }
}
