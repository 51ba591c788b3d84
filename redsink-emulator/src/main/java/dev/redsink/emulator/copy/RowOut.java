package dev.redsink.emulator.copy;

import java.io.IOException;

/** Where {@link RowWriter} puts checked values: one PostgreSQL COPY format ({@link RowFormat}). */
interface RowOut {

  /** A NULL field. */
  void nullField() throws IOException;

  /** A VARCHAR or CHAR field from valid UTF-8 bytes. */
  void text(byte[] utf8) throws IOException;

  /** A VARBYTE (bytea) field. */
  void bytes(byte[] value) throws IOException;

  /** A SUPER field from JSON text (SUPER is a domain over json, whose binary form is its text). */
  void json(byte[] utf8) throws IOException;

  /**
   * A number, boolean, date or time as DuckDB renders it (what PostgreSQL's text input reads), for
   * a column of {@code type}.
   */
  void plain(String text, TargetType type) throws IOException;

  /**
   * A value already in its type's binary receive form: the low {@code length} bytes of {@code
   * bits}, big-endian. Only {@link RowFormat#BINARY} takes it ({@link ColumnPlan#of} plans typed
   * fetches for that form alone).
   */
  void fixed(int length, long bits) throws IOException;

  void endRow() throws IOException;

  /** Writes what ends the stream, if anything, and flushes. */
  void finish() throws IOException;
}
