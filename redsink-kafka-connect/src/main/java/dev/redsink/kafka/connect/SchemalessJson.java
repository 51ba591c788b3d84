package dev.redsink.kafka.connect;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;

/**
 * Writes Connect data as schemaless JSON straight into bytes — byte for byte what JsonConverter
 * ({@code schemas.enable=false}) writes, without its tree of nodes and its character-by-character
 * string escaping, which cost the task as much CPU as parsing the records in the first place
 * (docs/benchmarks.md, Kafka Connect).
 *
 * <p>It covers what most records hold: structs, string-keyed maps, lists, strings, whole numbers,
 * booleans, byte arrays, nulls and defaults. For anything else — floating-point numbers, logical
 * types (Decimal, Date, Time, Timestamp), maps with other keys, unpaired surrogates, a struct whose
 * schema differs from its field's, very deep nesting — {@link #write} returns null and the caller
 * uses JsonConverter, so its output and its errors stay the reference. Not thread-safe: one per
 * task.
 */
final class SchemalessJson {
  /** Deeper than this goes to JsonConverter (Jackson refuses nesting past 1000 by default). */
  private static final int MAX_DEPTH = 100;

  private static final byte[] NULL = {'n', 'u', 'l', 'l'};
  private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
  private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
  private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

  /** Signals a value this writer leaves to JsonConverter. */
  private static final class NotCovered extends Exception {
    private static final long serialVersionUID = 1L;

    NotCovered() {
      super(null, null, false, false);
    }
  }

  private static final NotCovered NOT_COVERED = new NotCovered();

  private byte[] out = new byte[4096];
  private int length;

  /**
   * The JSON bytes of a value, or null when this writer does not cover it (use JsonConverter). The
   * value is not null.
   */
  byte[] write(Schema schema, Object value) {
    length = 0;
    try {
      value(schema, value, 0);
    } catch (NotCovered e) {
      return null;
    }
    return Arrays.copyOf(out, length);
  }

  private void value(Schema schema, Object value, int depth) throws NotCovered {
    if (depth > MAX_DEPTH) {
      throw NOT_COVERED;
    }
    if (value == null) {
      // JsonConverter writes a field's default in its place, and refuses a required null.
      if (schema != null && (schema.defaultValue() != null || !schema.isOptional())) {
        throw NOT_COVERED;
      }
      append(NULL);
      return;
    }
    if (schema == null) {
      schemaless(value, depth);
      return;
    }
    if (schema.name() != null && schema.name().startsWith("org.apache.kafka.connect.data.")) {
      throw NOT_COVERED; // a logical type
    }
    switch (schema.type()) {
      case INT8:
        whole(value, Byte.class);
        break;
      case INT16:
        whole(value, Short.class);
        break;
      case INT32:
        whole(value, Integer.class);
        break;
      case INT64:
        whole(value, Long.class);
        break;
      case BOOLEAN:
        bool(value);
        break;
      case STRING:
        if (!(value instanceof CharSequence)) {
          throw NOT_COVERED;
        }
        string(value.toString());
        break;
      case BYTES:
        bytes(value);
        break;
      case ARRAY:
        if (!(value instanceof Collection)) {
          throw NOT_COVERED;
        }
        array(schema.valueSchema(), (Collection<?>) value, depth);
        break;
      case MAP:
        if (!(value instanceof Map) || schema.keySchema().type() != Schema.Type.STRING) {
          throw NOT_COVERED;
        }
        object(schema.valueSchema(), (Map<?, ?>) value, depth);
        break;
      case STRUCT:
        struct(schema, value, depth);
        break;
      default:
        throw NOT_COVERED; // FLOAT32, FLOAT64: Jackson's number formatting stays the reference
    }
  }

  /** A value without a schema, typed by its class as JsonConverter types it. */
  private void schemaless(Object value, int depth) throws NotCovered {
    if (value instanceof String s) {
      string(s);
    } else if (value instanceof Long
        || value instanceof Integer
        || value instanceof Short
        || value instanceof Byte) {
      appendAscii(value.toString());
    } else if (value instanceof Boolean) {
      bool(value);
    } else if (value instanceof byte[]) {
      bytes(value);
    } else if (value instanceof List<?> list) {
      array(null, list, depth);
    } else if (value instanceof Map<?, ?> map) {
      for (Object key : map.keySet()) {
        if (!(key instanceof String)) {
          throw NOT_COVERED; // written as an array of pairs
        }
      }
      object(null, map, depth);
    } else {
      throw NOT_COVERED;
    }
  }

  private void whole(Object value, Class<?> type) throws NotCovered {
    if (value.getClass() != type) {
      throw NOT_COVERED; // JsonConverter's cast fails with its own message
    }
    appendAscii(value.toString());
  }

  private void bool(Object value) throws NotCovered {
    if (!(value instanceof Boolean b)) {
      throw NOT_COVERED;
    }
    append(b ? TRUE : FALSE);
  }

  /**
   * byte[] as standard base64 with padding (Jackson's default variant); ByteBuffer is left over.
   */
  private void bytes(Object value) throws NotCovered {
    if (!(value instanceof byte[] raw)) {
      throw NOT_COVERED;
    }
    byte[] encoded = Base64.getEncoder().encode(raw);
    ensure(encoded.length + 2);
    out[length++] = '"';
    System.arraycopy(encoded, 0, out, length, encoded.length);
    length += encoded.length;
    out[length++] = '"';
  }

  private void array(Schema elements, Collection<?> values, int depth) throws NotCovered {
    appendByte('[');
    boolean first = true;
    for (Object v : values) {
      if (!first) {
        appendByte(',');
      }
      first = false;
      value(elements, v, depth + 1);
    }
    appendByte(']');
  }

  private void object(Schema values, Map<?, ?> map, int depth) throws NotCovered {
    appendByte('{');
    boolean first = true;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (!(e.getKey() instanceof String key)) {
        throw NOT_COVERED;
      }
      if (!first) {
        appendByte(',');
      }
      first = false;
      string(key);
      appendByte(':');
      value(values, e.getValue(), depth + 1);
    }
    appendByte('}');
  }

  private void struct(Schema schema, Object value, int depth) throws NotCovered {
    if (!(value instanceof Struct struct)
        || (struct.schema() != schema && !struct.schema().equals(schema))) {
      throw NOT_COVERED; // JsonConverter refuses it: "Mismatching schema."
    }
    appendByte('{');
    boolean first = true;
    for (Field field : schema.fields()) {
      if (!first) {
        appendByte(',');
      }
      first = false;
      string(field.name());
      appendByte(':');
      value(field.schema(), struct.get(field), depth + 1);
    }
    appendByte('}');
  }

  /**
   * A JSON string as Jackson writes it: UTF-8; {@code "} and {@code \} escaped with a backslash;
   * control characters as {@code \b \t \n \f \r} or a six-character &#92;u00XX escape (upper-case
   * hex); everything else as is.
   */
  private void string(String s) throws NotCovered {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    if (utf8.length != s.length() && hasSurrogate(s)) {
      withSurrogates(s);
      return;
    }
    ensure(utf8.length + 2);
    out[length++] = '"';
    // One byte per character: ASCII, or a lone surrogate that getBytes replaced with '?'.
    boolean oneBytePerChar = utf8.length == s.length();
    int run = 0;
    for (int i = 0; i < utf8.length; i++) {
      int b = utf8[i] & 0xFF;
      if (b >= 0x20 && b != '"' && b != '\\' && b != '?') {
        continue;
      }
      if (b == '?') {
        if (oneBytePerChar && s.charAt(i) != '?') {
          throw NOT_COVERED; // a lone surrogate: Jackson's handling stays the reference
        }
        continue;
      }
      copy(utf8, run, i - run);
      escape(b);
      run = i + 1;
    }
    copy(utf8, run, utf8.length - run);
    appendByte('"');
  }

  /** Only strings with characters beyond ASCII get here (their UTF-8 is longer). */
  private static boolean hasSurrogate(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isSurrogate(s.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Jackson writes a character beyond the Basic Multilingual Plane as its two UTF-16 halves, each a
   * six-character escape; a lone half is left to Jackson.
   */
  private void withSurrogates(String s) throws NotCovered {
    ensure(2);
    out[length++] = '"';
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        unicodeEscape(c);
        unicodeEscape(s.charAt(++i));
      } else if (Character.isSurrogate(c)) {
        throw NOT_COVERED;
      } else if (c < 0x80) {
        if (c < 0x20 || c == '"' || c == '\\') {
          escape(c);
        } else {
          appendByte(c);
        }
      } else {
        byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        copy(utf8, 0, utf8.length);
      }
    }
    appendByte('"');
  }

  private void unicodeEscape(char c) {
    ensure(6);
    out[length++] = '\\';
    out[length++] = 'u';
    out[length++] = HEX[(c >> 12) & 0xF];
    out[length++] = HEX[(c >> 8) & 0xF];
    out[length++] = HEX[(c >> 4) & 0xF];
    out[length++] = HEX[c & 0xF];
  }

  private void escape(int b) {
    ensure(6);
    out[length++] = '\\';
    switch (b) {
      case '"':
        out[length++] = '"';
        break;
      case '\\':
        out[length++] = '\\';
        break;
      case '\b':
        out[length++] = 'b';
        break;
      case '\t':
        out[length++] = 't';
        break;
      case '\n':
        out[length++] = 'n';
        break;
      case '\f':
        out[length++] = 'f';
        break;
      case '\r':
        out[length++] = 'r';
        break;
      default:
        out[length++] = 'u';
        out[length++] = '0';
        out[length++] = '0';
        out[length++] = HEX[b >> 4];
        out[length++] = HEX[b & 0xF];
    }
  }

  private void copy(byte[] from, int offset, int count) {
    ensure(count);
    System.arraycopy(from, offset, out, length, count);
    length += count;
  }

  private void append(byte[] bytes) {
    copy(bytes, 0, bytes.length);
  }

  private void appendAscii(String s) {
    ensure(s.length());
    for (int i = 0; i < s.length(); i++) {
      out[length++] = (byte) s.charAt(i);
    }
  }

  private void appendByte(char c) {
    ensure(1);
    out[length++] = (byte) c;
  }

  private void ensure(int more) {
    if (length + more > out.length) {
      out = Arrays.copyOf(out, Math.max(out.length * 2, length + more));
    }
  }
}
