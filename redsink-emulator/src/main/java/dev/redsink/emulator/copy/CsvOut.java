package dev.redsink.emulator.copy;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes rows in PostgreSQL's {@code COPY ... (FORMAT csv)} text: comma-separated, NULL as an
 * unquoted empty field, text always double-quoted (so an empty string is {@code ""}), one row per
 * line.
 */
final class CsvOut {
  private static final byte[] HEX =
      "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private final OutputStream out;
  private final byte[] buf = new byte[1 << 16];
  private int pos;
  private boolean firstField = true;

  CsvOut(OutputStream out) {
    this.out = out;
  }

  void nullField() throws IOException {
    separator();
  }

  /** An unquoted field; the caller guarantees it contains no comma, quote or line break. */
  void plain(String value) throws IOException {
    separator();
    for (int i = 0, n = value.length(); i < n; i++) {
      put((byte) value.charAt(i));
    }
  }

  /** A quoted text field from UTF-8 bytes. */
  void quoted(byte[] value) throws IOException {
    separator();
    put((byte) '"');
    for (byte b : value) {
      if (b == '"') {
        put((byte) '"');
      }
      put(b);
    }
    put((byte) '"');
  }

  /** A bytea field in PostgreSQL's hex form, {@code \x0a1b...}. */
  void hex(byte[] value) throws IOException {
    separator();
    put((byte) '\\');
    put((byte) 'x');
    for (byte b : value) {
      put(HEX[(b >> 4) & 0xf]);
      put(HEX[b & 0xf]);
    }
  }

  void endRow() throws IOException {
    put((byte) '\n');
    firstField = true;
  }

  void flush() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
    out.flush();
  }

  private void separator() throws IOException {
    if (!firstField) {
      put((byte) ',');
    }
    firstField = false;
  }

  private void put(byte b) throws IOException {
    if (pos == buf.length) {
      out.write(buf, 0, pos);
      pos = 0;
    }
    buf[pos++] = b;
  }
}
