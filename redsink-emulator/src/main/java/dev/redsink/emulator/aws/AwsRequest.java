package dev.redsink.emulator.aws;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One HTTP request to an AWS API: method, raw path and query (as sent, still percent-encoded),
 * headers (names case-insensitive) and body.
 */
public record AwsRequest(
    String method, String path, String query, Map<String, String> headers, byte[] body) {

  public AwsRequest {
    Map<String, String> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    copy.putAll(headers);
    headers = copy;
  }

  /**
   * Whether a request to the emulator's S3 endpoint is an AWS API call rather than an S3 request: a
   * POST to "/" (the Query and JSON protocols; S3 has no POST without a bucket), a GET carrying a
   * Query-protocol Action, or a GET of container credentials (under a path no bucket can have).
   */
  public static boolean isApiCall(String method, String path, String query) {
    String m = method.toUpperCase(Locale.ROOT);
    return (m.equals("POST") && path.equals("/"))
        || (m.equals("GET") && path.startsWith(ContainerCredentials.PATH))
        || (m.equals("GET") && path.equals("/") && ("&" + query).contains("&Action="));
  }

  public Optional<String> header(String name) {
    return Optional.ofNullable(headers.get(name));
  }

  /** The Query protocol's parameters: the form body's and the query string's, decoded. */
  public Map<String, String> parameters() {
    Map<String, String> out = new LinkedHashMap<>();
    addPairs(query, out);
    String type = header("Content-Type").orElse("").toLowerCase(Locale.ROOT);
    if (type.startsWith("application/x-www-form-urlencoded")) {
      addPairs(new String(body, StandardCharsets.UTF_8), out);
    }
    return out;
  }

  private static void addPairs(String encoded, Map<String, String> out) {
    for (String pair : encoded.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      out.put(
          decode(eq < 0 ? pair : pair.substring(0, eq)),
          eq < 0 ? "" : decode(pair.substring(eq + 1)));
    }
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}
