package dev.redsink.emulator.copy;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes rows in PostgreSQL's {@code COPY … (FORMAT binary)}: a signature header, per row a 16-bit
 * field count, per field a 32-bit length (-1 for NULL) and the value in its type's receive form,
 * and a -1 trailer (https://www.postgresql.org/docs/17/sql-copy.html#id-1.9.3.55.9.4).
 */
final class BinaryOut implements RowOut {
  private static final byte[] SIGNATURE = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0
  };

  private final OutputStream out;
  private final int fields;
  private final byte[] buf = new byte[1 << 16];
  private int pos;
  private boolean inRow;

  BinaryOut(OutputStream out, int fields) {
    this.out = out;
    this.fields = fields;
    System.arraycopy(SIGNATURE, 0, buf, 0, SIGNATURE.length);
    pos = SIGNATURE.length;
    int32(0); // flags: no OIDs
    int32(0); // header extension length
  }

  @Override
  public void nullField() throws IOException {
    field(4);
    int32(-1);
  }

  @Override
  public void text(byte[] utf8) throws IOException {
    value(utf8);
  }

  @Override
  public void bytes(byte[] value) throws IOException {
    value(value);
  }

  @Override
  public void json(byte[] utf8) throws IOException {
    value(utf8);
  }

  /** Only what {@link ColumnPlan} leaves as text in this form; the rest is fetched typed. */
  @Override
  public void plain(String text, TargetType type) throws IOException {
    switch (type.family()) {
      case DOUBLE:
        fixed(8, Double.doubleToRawLongBits(PlainValues.doublePrecision(text)));
        break;
      case NUMERIC:
        value(PlainValues.numeric(text));
        break;
      default:
        throw CopyException.refused(
            "The emulator cannot write a " + type.redshiftName() + " value in binary");
    }
  }

  @Override
  public void endRow() {
    inRow = false;
  }

  @Override
  public void finish() throws IOException {
    room(2);
    int16(-1);
    drain();
    out.flush();
  }

  /** Starts a field of up to {@code bytes} bytes in the buffer (and the row, when it is first). */
  private void field(int bytes) throws IOException {
    if (!inRow) {
      room(2);
      int16(fields);
      inRow = true;
    }
    room(bytes);
  }

  @Override
  public void fixed(int length, long v) throws IOException {
    field(4 + length);
    int32(length);
    for (int shift = (length - 1) * 8; shift >= 0; shift -= 8) {
      buf[pos++] = (byte) (v >>> shift);
    }
  }

  private void value(byte[] v) throws IOException {
    field(4);
    int32(v.length);
    putAll(v);
  }

  private void putAll(byte[] v) throws IOException {
    if (v.length > buf.length - pos) {
      drain();
      if (v.length > buf.length) {
        out.write(v);
        return;
      }
    }
    System.arraycopy(v, 0, buf, pos, v.length);
    pos += v.length;
  }

  private void int16(int v) {
    buf[pos++] = (byte) (v >>> 8);
    buf[pos++] = (byte) v;
  }

  private void int32(int v) {
    buf[pos++] = (byte) (v >>> 24);
    buf[pos++] = (byte) (v >>> 16);
    buf[pos++] = (byte) (v >>> 8);
    buf[pos++] = (byte) v;
  }

  private void room(int bytes) throws IOException {
    if (buf.length - pos < bytes) {
      drain();
    }
  }

  private void drain() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
  }
}
