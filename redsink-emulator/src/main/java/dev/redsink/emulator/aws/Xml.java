package dev.redsink.emulator.aws;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The bits of XML the Query-protocol answers are made of. */
final class Xml {
  private Xml() {}

  static String element(String name, Object value) {
    return "<" + name + ">" + escape(String.valueOf(value)) + "</" + name + ">";
  }

  static String time(Instant instant) {
    return instant.truncatedTo(ChronoUnit.MILLIS).toString();
  }

  /** A Query-protocol success: {@code <ActionResponse><ActionResult>…</ActionResult>…}. */
  static String response(String action, String namespace, String result, String requestId) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<"
        + action
        + "Response xmlns=\""
        + namespace
        + "\"><"
        + action
        + "Result>"
        + result
        + "</"
        + action
        + "Result><ResponseMetadata>"
        + element("RequestId", requestId)
        + "</ResponseMetadata></"
        + action
        + "Response>";
  }

  /** A Query-protocol error. */
  static AwsResponse error(AwsError error, String namespace, String requestId) {
    String body =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ErrorResponse xmlns=\""
            + namespace
            + "\"><Error>"
            + element("Type", error.status() >= 500 ? "Receiver" : "Sender")
            + element("Code", error.code())
            + element("Message", error.getMessage())
            + "</Error>"
            + element("RequestId", requestId)
            + "</ErrorResponse>";
    return new AwsResponse(error.status(), "text/xml", body);
  }

  static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;")
        .replace("'", "&apos;");
  }
}
