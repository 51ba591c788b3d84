package dev.redsink.emulator.wire;

import java.util.Arrays;

/**
 * JSON text without the white space outside strings, as Redshift prints SUPER values ({@code
 * {"a":1,"b":[2,3]}}); the text is valid JSON already (PostgreSQL's json type checked it).
 */
final class CompactJson {

  private CompactJson() {}

  static boolean hasBlank(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (isBlank(b[i])) {
        return true;
      }
    }
    return false;
  }

  static byte[] compact(byte[] b, int from, int to) {
    byte[] out = new byte[to - from];
    int n = 0;
    boolean inString = false;
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (inString) {
        out[n++] = c;
        if (c == '\\' && i + 1 < to) {
          out[n++] = b[++i];
        } else if (c == '"') {
          inString = false;
        }
      } else if (!isBlank(c)) {
        out[n++] = c;
        inString = c == '"';
      }
    }
    return Arrays.copyOf(out, n);
  }

  private static boolean isBlank(byte c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
  }
}
