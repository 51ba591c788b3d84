package dev.redsink.core.encode;

/**
 * A UTF-8 validator that allocates nothing: rejects overlong forms, surrogates (which Redshift's
 * VARCHAR refuses) and code points above U+10FFFF; and an encoder that writes in place.
 */
final class Utf8 {
  private Utf8() {}

  /** The most bytes {@link #encode} writes for a string of {@code chars} chars. */
  static int maxBytes(int chars) {
    return chars * 3;
  }

  /**
   * Writes {@code s} as UTF-8 into {@code into} from {@code at}, as {@link String#getBytes} with
   * UTF-8 does (a lone surrogate becomes '?'); returns the position after the last byte.
   */
  static int encode(String s, byte[] into, int at) {
    int n = s.length();
    int i = 0;
    while (i < n) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        break;
      }
      into[at++] = (byte) c;
      i++;
    }
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        into[at++] = (byte) c;
      } else if (c < 0x800) {
        into[at++] = (byte) (0xC0 | (c >> 6));
        into[at++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        into[at++] = (byte) (0xF0 | (cp >> 18));
        into[at++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        into[at++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        into[at++] = (byte) (0x80 | (cp & 0x3F));
      } else if (Character.isSurrogate(c)) {
        into[at++] = '?';
      } else {
        into[at++] = (byte) (0xE0 | (c >> 12));
        into[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        into[at++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return at;
  }

  /** The index of the first byte of the first invalid sequence, or -1 when all is valid. */
  static int firstInvalid(byte[] bytes) {
    int i = 0;
    int n = bytes.length;
    while (i < n) {
      int b = bytes[i] & 0xFF;
      if (b < 0x80) {
        i++;
        continue;
      }
      int need;
      int min;
      int cp;
      if (b >= 0xC2 && b <= 0xDF) {
        need = 1;
        min = 0x80;
        cp = b & 0x1F;
      } else if (b >= 0xE0 && b <= 0xEF) {
        need = 2;
        min = 0x800;
        cp = b & 0x0F;
      } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3;
        min = 0x10000;
        cp = b & 0x07;
      } else {
        return i;
      }
      if (i + need >= n) {
        return i;
      }
      for (int k = 1; k <= need; k++) {
        int c = bytes[i + k] & 0xFF;
        if ((c & 0xC0) != 0x80) {
          return i;
        }
        cp = (cp << 6) | (c & 0x3F);
      }
      if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return i;
      }
      i += need + 1;
    }
    return -1;
  }
}
