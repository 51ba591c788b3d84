package dev.redsink.emulator.wire;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Builds a message body field by field. */
final class MessageBuilder {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  MessageBuilder string(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.write(b, 0, b.length);
    out.write(0);
    return this;
  }

  MessageBuilder int32(int v) {
    out.write(v >>> 24);
    out.write(v >>> 16);
    out.write(v >>> 8);
    out.write(v);
    return this;
  }

  MessageBuilder int16(int v) {
    out.write(v >>> 8);
    out.write(v);
    return this;
  }

  MessageBuilder byte1(int v) {
    out.write(v);
    return this;
  }

  MessageBuilder bytes(byte[] b) {
    out.write(b, 0, b.length);
    return this;
  }

  MessageBuilder bytes(byte[] b, int offset, int length) {
    out.write(b, offset, length);
    return this;
  }

  byte[] build() {
    return out.toByteArray();
  }

  PgMessage message(char type) {
    return PgMessage.of(type, build());
  }
}
