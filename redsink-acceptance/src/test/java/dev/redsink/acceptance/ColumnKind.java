package dev.redsink.acceptance;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Base64;

/**
 * How a compared column is read back and put in canonical form, so that the value the test computes
 * and the value the warehouse holds compare as equal strings.
 */
enum ColumnKind {
  TEXT,
  NUMBER,
  BOOL,
  /** VARBYTE, as hex. */
  BYTES,
  /** SUPER, read through JSON_SERIALIZE and compared as JSON. */
  JSON,
  /** The key column: base64 of bytes compared as hex. */
  KEY_BYTES,
  /** The key column: base64 of a JSON document compared as JSON. */
  KEY_JSON,
  /** TIMESTAMP, as the wall-clock time it holds. */
  TIMESTAMP;

  /** The select-list expression for a column of this kind. */
  String select(String column) {
    String quoted = "\"" + column + "\"";
    return this == JSON ? "JSON_SERIALIZE(" + quoted + ") AS " + quoted : quoted;
  }

  /** The canonical form of the column's value in the current row, or null. */
  String read(ResultSet rs, String column) throws SQLException {
    switch (this) {
      case BYTES -> {
        byte[] b = rs.getBytes(column);
        return b == null ? null : Canonical.hex(b);
      }
      case TIMESTAMP -> {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : Canonical.timestamp(t.toLocalDateTime());
      }
      default -> {
        Object value = this == TEXT || this == JSON ? rs.getString(column) : rs.getObject(column);
        return value == null ? null : canonical(value);
      }
    }
  }

  /** The canonical form of a value the test computed (or read). */
  String canonical(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof byte[] b && (this == TEXT || this == JSON)) {
      value = new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }
    return switch (this) {
      case TEXT -> value.toString();
      case NUMBER -> Canonical.number(value);
      case BOOL -> value.toString();
      case BYTES -> Canonical.hex((byte[]) value);
      case JSON -> Canonical.json(value.toString());
      case KEY_BYTES ->
          value instanceof byte[] b
              ? Canonical.hex(b)
              : Canonical.hex(Base64.getDecoder().decode(value.toString()));
      case KEY_JSON ->
          Canonical.json(
              value instanceof byte[] b
                  ? new String(b, java.nio.charset.StandardCharsets.UTF_8)
                  : new String(
                      Base64.getDecoder().decode(value.toString()),
                      java.nio.charset.StandardCharsets.UTF_8));
      case TIMESTAMP ->
          value instanceof java.time.Instant i
              ? Canonical.timestamp(java.time.LocalDateTime.ofInstant(i, java.time.ZoneOffset.UTC))
              : value.toString();
    };
  }
}
