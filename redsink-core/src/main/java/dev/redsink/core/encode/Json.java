package dev.redsink.core.encode;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import dev.redsink.core.record.Header;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/** JSON checks and the headers object, with Jackson's streaming API (no trees). */
final class Json {

  private static final JsonFactory FACTORY = new JsonFactory();

  private Json() {}

  /** True when the bytes are exactly one JSON value. */
  static boolean isValid(byte[] bytes) {
    try (JsonParser p = FACTORY.createParser(bytes)) {
      if (p.nextToken() == null) {
        return false;
      }
      p.skipChildren();
      return p.nextToken() == null;
    } catch (IOException e) {
      return false;
    }
  }

  /** The headers as a JSON object: UTF-8 values as strings, others base64, null as null. */
  static byte[] headers(List<Header> headers) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(64);
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.writeStartObject();
      for (Header h : headers) {
        g.writeFieldName(h.key());
        byte[] v = h.value();
        if (v == null) {
          g.writeNull();
        } else if (Utf8.firstInvalid(v) < 0) {
          g.writeString(new String(v, StandardCharsets.UTF_8));
        } else {
          g.writeString(Base64.getEncoder().encodeToString(v));
        }
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
