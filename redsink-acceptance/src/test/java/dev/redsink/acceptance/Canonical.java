package dev.redsink.acceptance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/** Canonical text forms of values: numbers without trailing zeros, JSON with sorted keys. */
final class Canonical {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

  private Canonical() {}

  static String number(Object value) {
    BigDecimal d =
        value instanceof BigDecimal b
            ? b
            : value instanceof Double || value instanceof Float
                ? BigDecimal.valueOf(((Number) value).doubleValue())
                : new BigDecimal(value.toString());
    return d.compareTo(BigDecimal.ZERO) == 0 ? "0" : d.stripTrailingZeros().toPlainString();
  }

  static String hex(byte[] bytes) {
    return "0x" + HexFormat.of().formatHex(bytes);
  }

  static String timestamp(LocalDateTime time) {
    return TIMESTAMP.format(time);
  }

  /** JSON text with object keys sorted and numbers compared by value; not JSON: marked as such. */
  static String json(String text) {
    try {
      JsonNode node = JSON.readTree(text);
      if (node == null) {
        return "not JSON: " + text;
      }
      StringBuilder out = new StringBuilder();
      write(node, out);
      return out.toString();
    } catch (IOException e) {
      return "not JSON: " + text;
    }
  }

  private static void write(JsonNode node, StringBuilder out) throws IOException {
    if (node.isObject()) {
      Map<String, JsonNode> sorted = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        sorted.put(e.getKey(), e.getValue());
      }
      out.append('{');
      String sep = "";
      for (Map.Entry<String, JsonNode> e : sorted.entrySet()) {
        out.append(sep).append(JSON.writeValueAsString(e.getKey())).append(':');
        write(e.getValue(), out);
        sep = ",";
      }
      out.append('}');
    } else if (node.isArray()) {
      out.append('[');
      String sep = "";
      for (JsonNode element : node) {
        out.append(sep);
        write(element, out);
        sep = ",";
      }
      out.append(']');
    } else if (node.isNumber()) {
      out.append(number(node.decimalValue()));
    } else {
      out.append(JSON.writeValueAsString(node));
    }
  }
}
