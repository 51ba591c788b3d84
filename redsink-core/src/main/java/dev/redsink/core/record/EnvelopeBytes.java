package dev.redsink.core.record;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Kafka Connect JsonConverter's envelope as bytes, in the exact form JsonConverter writes it with
 * {@code schemas.enable = true}: {@code {"schema":{…},"payload":…}}, nothing between. Lets a reader
 * find the schema without parsing it, and a writer put an envelope together from a schema written
 * once and each record's payload.
 */
public final class EnvelopeBytes {
  private static final byte[] HEAD = "{\"schema\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] MIDDLE = ",\"payload\":".getBytes(StandardCharsets.US_ASCII);

  private EnvelopeBytes() {}

  /** The envelope of {@code schema} (a JSON object's bytes) and {@code payload} (JSON bytes). */
  public static byte[] of(byte[] schema, byte[] payload) {
    byte[] out = new byte[HEAD.length + schema.length + MIDDLE.length + payload.length + 1];
    int at = put(out, 0, HEAD);
    at = put(out, at, schema);
    at = put(out, at, MIDDLE);
    at = put(out, at, payload);
    out[at] = '}';
    return out;
  }

  /** The schema's bytes of an envelope in JsonConverter's form; null for any other value. */
  public static byte[] schemaOf(byte[] envelope) {
    int to = schemaEnd(envelope);
    return to < 0 ? null : Arrays.copyOfRange(envelope, HEAD.length, to);
  }

  /** Where the schema starts in an envelope in JsonConverter's form. */
  public static int schemaStart() {
    return HEAD.length;
  }

  /**
   * The index after the schema of an envelope in JsonConverter's form (where {@code ,"payload":}
   * starts, and the value ends with {@code }}), or -1 for any other value.
   */
  public static int schemaEnd(byte[] v) {
    int from = HEAD.length;
    if (!startsWith(v, 0, HEAD) || v.length <= from || v[from] != '{') {
      return -1;
    }
    int to = objectEnd(v, from);
    return to < 0 || !startsWith(v, to, MIDDLE) || v[v.length - 1] != '}' ? -1 : to;
  }

  /**
   * {@link #schemaEnd} for an envelope whose schema is exactly {@code schema} (a whole JSON
   * object's bytes, as {@link #schemaOf} gives): found by comparing bytes, without scanning the
   * object; -1 when the value has another schema or another form. An object's end follows from its
   * bytes, so the same bytes at the same place end at the same place.
   */
  public static int schemaEndIfSame(byte[] v, byte[] schema) {
    int from = HEAD.length;
    int to = from + schema.length;
    return startsWith(v, 0, HEAD)
            && v.length > to
            && Arrays.equals(v, from, to, schema, 0, schema.length)
            && startsWith(v, to, MIDDLE)
            && v[v.length - 1] == '}'
        ? to
        : -1;
  }

  /** Where the payload starts, given {@link #schemaEnd}. */
  public static int payloadStart(int schemaEnd) {
    return schemaEnd + MIDDLE.length;
  }

  /** The index after the JSON object starting at {@code from}, or -1 when it does not close. */
  private static int objectEnd(byte[] v, int from) {
    int depth = 0;
    for (int i = from; i < v.length; i++) {
      byte b = v[i];
      if (b == '"') {
        for (i++; i < v.length && v[i] != '"'; i++) {
          if (v[i] == '\\') {
            i++;
          }
        }
      } else if (b == '{' || b == '[') {
        depth++;
      } else if ((b == '}' || b == ']') && --depth == 0) {
        return i + 1;
      }
    }
    return -1;
  }

  private static boolean startsWith(byte[] v, int at, byte[] prefix) {
    return v.length - at >= prefix.length
        && Arrays.equals(v, at, at + prefix.length, prefix, 0, prefix.length);
  }

  private static int put(byte[] out, int at, byte[] bytes) {
    System.arraycopy(bytes, 0, out, at, bytes.length);
    return at + bytes.length;
  }
}
