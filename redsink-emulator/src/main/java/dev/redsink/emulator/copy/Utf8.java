package dev.redsink.emulator.copy;

/** UTF-8 validation as Redshift's VARCHAR needs it (no surrogates, at most 4 bytes a character). */
final class Utf8 {
  private Utf8() {}

  /** The index of the first byte that is not part of a valid UTF-8 sequence, or -1. */
  static int firstInvalid(byte[] b) {
    int i = 0;
    while (i < b.length) {
      int n = validSequenceLength(b, i);
      if (n == 0) {
        return i;
      }
      i += n;
    }
    return -1;
  }

  /** Replaces each byte of every invalid sequence with {@code replacement}, keeping the length. */
  static byte[] replaceInvalid(byte[] b, char replacement) {
    byte[] out = b.clone();
    int i = 0;
    while (i < out.length) {
      int n = validSequenceLength(out, i);
      if (n == 0) {
        out[i] = (byte) replacement;
        i++;
      } else {
        i += n;
      }
    }
    return out;
  }

  /** True when the value contains any byte outside ASCII. */
  static boolean hasMultibyte(byte[] b) {
    for (byte x : b) {
      if (x < 0) {
        return true;
      }
    }
    return false;
  }

  private static int validSequenceLength(byte[] b, int i) {
    int c = b[i] & 0xff;
    if (c < 0x80) {
      return 1;
    }
    int n;
    int min;
    if (c >= 0xc2 && c <= 0xdf) {
      n = 2;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      n = 3;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 4;
      min = 0x10000;
    } else {
      return 0;
    }
    if (i + n > b.length) {
      return 0;
    }
    int cp = c & (0xff >> (n + 1));
    for (int k = 1; k < n; k++) {
      int cc = b[i + k] & 0xff;
      if ((cc & 0xc0) != 0x80) {
        return 0;
      }
      cp = (cp << 6) | (cc & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      return 0;
    }
    return n;
  }
}
