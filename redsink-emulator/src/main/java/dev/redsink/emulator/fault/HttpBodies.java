package dev.redsink.emulator.fault;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Copies (or skips) one request body, honouring Content-Length or chunked framing. */
final class HttpBodies {
  private HttpBodies() {}

  /** Reads the body of {@code head}, without chunk framing. */
  static byte[] read(HttpRequestHead head, InputStream in) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    if (!head.chunked()) {
      copyExactly(in, body, head.contentLength());
      return body.toByteArray();
    }
    while (true) {
      String sizeLine = readLine(in);
      int semicolon = sizeLine.indexOf(';');
      long size =
          Long.parseLong((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
      if (size == 0) {
        while (!readLine(in).isEmpty()) {
          // trailers
        }
        return body.toByteArray();
      }
      copyExactly(in, body, size);
      readLine(in); // the CR LF after the data
    }
  }

  /** Copies the body of {@code head} from {@code in} to {@code out}; a null out discards it. */
  static void transfer(HttpRequestHead head, InputStream in, OutputStream out) throws IOException {
    if (head.chunked()) {
      transferChunked(in, out);
    } else {
      copyExactly(in, out, head.contentLength());
    }
  }

  private static void transferChunked(InputStream in, OutputStream out) throws IOException {
    while (true) {
      String sizeLine = readLine(in);
      write(out, (sizeLine + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      int semicolon = sizeLine.indexOf(';');
      String hex = (semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim();
      long size = Long.parseLong(hex, 16);
      if (size == 0) {
        String trailer;
        do {
          trailer = readLine(in);
          write(out, (trailer + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        } while (!trailer.isEmpty());
        return;
      }
      copyExactly(in, out, size + 2); // data plus its CR LF
    }
  }

  private static String readLine(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream(32);
    int b;
    while ((b = in.read()) != '\n') {
      if (b < 0) {
        throw new IOException("Connection closed inside a chunked body");
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.ISO_8859_1);
  }

  private static void copyExactly(InputStream in, OutputStream out, long count) throws IOException {
    byte[] buf = new byte[64 * 1024];
    long left = count;
    while (left > 0) {
      int n = in.read(buf, 0, (int) Math.min(buf.length, left));
      if (n < 0) {
        throw new IOException("Connection closed inside a request body");
      }
      write(out, buf, n);
      left -= n;
    }
  }

  private static void write(OutputStream out, byte[] bytes) throws IOException {
    write(out, bytes, bytes.length);
  }

  private static void write(OutputStream out, byte[] bytes, int n) throws IOException {
    if (out != null) {
      out.write(bytes, 0, n);
    }
  }
}
