package dev.redsink.emulator.copy;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes rows in PostgreSQL's {@code COPY ... (FORMAT csv)} text: comma-separated, NULL as an
 * unquoted empty field, text always double-quoted (so an empty string is {@code ""}), one row per
 * line.
 */
final class CsvOut implements RowOut {
  private static final byte[] HEX =
      "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private final OutputStream out;
  private final byte[] buf = new byte[1 << 16];
  private int pos;
  private boolean firstField = true;

  CsvOut(OutputStream out) {
    this.out = out;
  }

  @Override
  public void nullField() throws IOException {
    separator();
  }

  @Override
  public void text(byte[] utf8) throws IOException {
    quoted(utf8);
  }

  @Override
  public void bytes(byte[] value) throws IOException {
    hex(value);
  }

  @Override
  public void json(byte[] utf8) throws IOException {
    quoted(utf8);
  }

  /** An unquoted field: DuckDB's rendering never contains a comma, quote or line break. */
  @Override
  public void plain(String value, TargetType type) throws IOException {
    separator();
    for (int i = 0, n = value.length(); i < n; i++) {
      put((byte) value.charAt(i));
    }
  }

  /** A quoted text field from UTF-8 bytes. */
  private void quoted(byte[] value) throws IOException {
    separator();
    put((byte) '"');
    int start = 0;
    for (int i = 0; i < value.length; i++) {
      if (value[i] == '"') {
        putAll(value, start, i + 1 - start);
        start = i; // the quote is written again: "" escapes it
      }
    }
    putAll(value, start, value.length - start);
    put((byte) '"');
  }

  /** A bytea field in PostgreSQL's hex form, {@code \x0a1b...}. */
  private void hex(byte[] value) throws IOException {
    separator();
    put((byte) '\\');
    put((byte) 'x');
    int i = 0;
    while (i < value.length) {
      if (buf.length - pos < 2) {
        drain();
      }
      int n = Math.min(value.length - i, (buf.length - pos) / 2);
      for (int end = i + n; i < end; i++) {
        byte b = value[i];
        buf[pos++] = HEX[(b >> 4) & 0xf];
        buf[pos++] = HEX[b & 0xf];
      }
    }
  }

  @Override
  public void fixed(int length, long bits) {
    throw new IllegalStateException("The CSV form takes plain values as text");
  }

  @Override
  public void endRow() throws IOException {
    put((byte) '\n');
    firstField = true;
  }

  @Override
  public void finish() throws IOException {
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
      drain();
    }
    buf[pos++] = b;
  }

  private void putAll(byte[] bytes, int offset, int length) throws IOException {
    if (length > buf.length - pos) {
      drain();
      if (length > buf.length) {
        out.write(bytes, offset, length);
        return;
      }
    }
    System.arraycopy(bytes, offset, buf, pos, length);
    pos += length;
  }

  private void drain() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
  }
}
