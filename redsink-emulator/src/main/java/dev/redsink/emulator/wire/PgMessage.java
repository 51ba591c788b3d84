package dev.redsink.emulator.wire;

import java.nio.charset.StandardCharsets;

/** One typed message of PostgreSQL's frontend/backend protocol v3: a type byte and its body. */
public record PgMessage(byte type, byte[] body) {

  /** The message type as a character, e.g. 'Q' for Query or 'Z' for ReadyForQuery. */
  public char kind() {
    return (char) type;
  }

  /** Reads the first NUL-terminated string of the body (Query text, for instance). */
  public String firstString() {
    return new MessageBody(body).string();
  }

  static PgMessage of(char type, byte[] body) {
    return new PgMessage((byte) type, body);
  }

  static PgMessage ofString(char type, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    byte[] body = new byte[bytes.length + 1];
    System.arraycopy(bytes, 0, body, 0, bytes.length);
    return of(type, body);
  }
}
