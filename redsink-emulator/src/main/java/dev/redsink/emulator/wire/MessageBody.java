package dev.redsink.emulator.wire;

import java.nio.charset.StandardCharsets;

/** A cursor over a message body for reading protocol fields in order. */
final class MessageBody {

  private final byte[] body;
  private int pos;

  MessageBody(byte[] body) {
    this.body = body;
  }

  String string() {
    int end = pos;
    while (end < body.length && body[end] != 0) {
      end++;
    }
    String s = new String(body, pos, end - pos, StandardCharsets.UTF_8);
    pos = Math.min(end + 1, body.length);
    return s;
  }

  int int32() {
    int v =
        ((body[pos] & 0xff) << 24)
            | ((body[pos + 1] & 0xff) << 16)
            | ((body[pos + 2] & 0xff) << 8)
            | (body[pos + 3] & 0xff);
    pos += 4;
    return v;
  }

  int int16() {
    int v = ((body[pos] & 0xff) << 8) | (body[pos + 1] & 0xff);
    pos += 2;
    return v;
  }

  byte byte1() {
    return body[pos++];
  }

  void skip(int bytes) {
    pos += bytes;
  }

  boolean hasMore() {
    return pos < body.length;
  }

  int position() {
    return pos;
  }

  byte[] rest() {
    byte[] r = new byte[body.length - pos];
    System.arraycopy(body, pos, r, 0, r.length);
    pos = body.length;
    return r;
  }
}
