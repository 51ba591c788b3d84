package dev.redsink.emulator.wire;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;

/** A socket carrying protocol v3 messages, buffered in both directions. */
final class PgConnection implements Closeable {

  private static final int MAX_MESSAGE = 1 << 30;

  private final Socket socket;
  private final DataInputStream in;
  private final OutputStream out;

  PgConnection(Socket socket) throws IOException {
    this.socket = socket;
    socket.setTcpNoDelay(true);
    this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 65536));
    this.out = new BufferedOutputStream(socket.getOutputStream(), 65536);
  }

  /** Reads an untyped startup-phase packet (length-prefixed, no type byte). */
  byte[] readStartupPacket() throws IOException {
    int len = in.readInt();
    if (len < 8 || len > 10_000) {
      throw new IOException("Invalid startup packet length " + len);
    }
    byte[] body = new byte[len - 4];
    in.readFully(body);
    return body;
  }

  PgMessage read() throws IOException {
    int type = in.read();
    if (type < 0) {
      throw new EOFException("Connection closed");
    }
    int len = in.readInt();
    if (len < 4 || len > MAX_MESSAGE) {
      throw new IOException("Invalid message length " + len);
    }
    byte[] body = new byte[len - 4];
    in.readFully(body);
    return new PgMessage((byte) type, body);
  }

  void write(PgMessage message) throws IOException {
    out.write(message.type());
    int len = message.body().length + 4;
    out.write(len >>> 24);
    out.write(len >>> 16);
    out.write(len >>> 8);
    out.write(len);
    out.write(message.body());
  }

  void writeRaw(byte[] bytes) throws IOException {
    out.write(bytes);
  }

  /** Writes an untyped packet: the startup message or a cancel request. */
  void writeUntyped(byte[] body) throws IOException {
    int len = body.length + 4;
    out.write(len >>> 24);
    out.write(len >>> 16);
    out.write(len >>> 8);
    out.write(len);
    out.write(body);
  }

  void flush() throws IOException {
    out.flush();
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // closing; nothing to do
    }
  }
}
