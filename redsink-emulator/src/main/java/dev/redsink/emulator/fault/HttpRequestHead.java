package dev.redsink.emulator.fault;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The request line and headers of one HTTP/1.1 request, kept byte-exact for forwarding. */
record HttpRequestHead(
    byte[] raw, String method, String path, String query, Map<String, String> headers) {
  private static final int MAX_HEAD_BYTES = 64 * 1024;

  /** Reads one request head, or returns empty when the connection closed between requests. */
  static Optional<HttpRequestHead> read(InputStream in) throws IOException {
    ByteArrayOutputStream buf = new ByteArrayOutputStream(1024);
    int window = 0; // the last four bytes read, to spot CR LF CR LF
    while (window != 0x0d0a0d0a) {
      int b = in.read();
      if (b < 0) {
        if (buf.size() == 0) {
          return Optional.empty();
        }
        throw new IOException("Connection closed inside a request head");
      }
      if (buf.size() == 0 && (b == '\r' || b == '\n')) {
        continue; // tolerate stray line breaks between requests
      }
      buf.write(b);
      window = (window << 8) | b;
      if (buf.size() > MAX_HEAD_BYTES) {
        throw new IOException("Request head larger than " + MAX_HEAD_BYTES + " bytes");
      }
    }
    return Optional.of(parse(buf.toByteArray()));
  }

  private static HttpRequestHead parse(byte[] raw) throws IOException {
    String[] lines = new String(raw, StandardCharsets.ISO_8859_1).split("\r\n");
    String[] requestLine = lines[0].split(" ");
    if (requestLine.length < 3) {
      throw new IOException("Malformed request line: " + lines[0]);
    }
    String target = requestLine[1];
    int q = target.indexOf('?');
    Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.putIfAbsent(
            lines[i].substring(0, colon).trim(), lines[i].substring(colon + 1).trim());
      }
    }
    return new HttpRequestHead(
        raw,
        requestLine[0],
        q < 0 ? target : target.substring(0, q),
        q < 0 ? "" : target.substring(q + 1),
        headers);
  }

  /** The object key of a path-style request path, if the path names an object. */
  static Optional<String> objectKey(String path) {
    String p = path.startsWith("/") ? path.substring(1) : path;
    int slash = p.indexOf('/');
    return slash < 0 || slash == p.length() - 1
        ? Optional.empty()
        : Optional.of(p.substring(slash + 1));
  }

  /** The bucket of a path-style request path, if any. */
  Optional<String> bucket() {
    String p = path.startsWith("/") ? path.substring(1) : path;
    int slash = p.indexOf('/');
    String bucket = slash < 0 ? p : p.substring(0, slash);
    return bucket.isEmpty() ? Optional.empty() : Optional.of(bucket);
  }

  S3RequestKind kind() {
    return S3RequestKind.of(method, path, query, headers.containsKey("x-amz-copy-source"));
  }

  boolean chunked() {
    return headers
        .getOrDefault("Transfer-Encoding", "")
        .toLowerCase(Locale.ROOT)
        .contains("chunked");
  }

  long contentLength() {
    String value = headers.get("Content-Length");
    return value == null ? 0 : Long.parseLong(value.trim());
  }

  boolean expectsContinue() {
    return headers.getOrDefault("Expect", "").equalsIgnoreCase("100-continue");
  }

  boolean isObjectRequest() {
    return objectKey(path).isPresent();
  }
}
