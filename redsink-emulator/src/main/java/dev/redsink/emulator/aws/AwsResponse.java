package dev.redsink.emulator.aws;

import java.nio.charset.StandardCharsets;

/** An AWS API's answer: status, content type and body. */
public record AwsResponse(int status, String contentType, String body) {

  static AwsResponse xml(String body) {
    return new AwsResponse(200, "text/xml", body);
  }

  static AwsResponse json(String body) {
    return new AwsResponse(200, "application/x-amz-json-1.1", body);
  }

  /** The whole HTTP/1.1 response, head and body (the request id is in the body, as AWS puts it). */
  public byte[] toHttp() {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    String head =
        "HTTP/1.1 "
            + status
            + (status == 200 ? " OK" : " Error")
            + "\r\nContent-Type: "
            + contentType
            + "\r\nContent-Length: "
            + bytes.length
            + "\r\n\r\n";
    byte[] headBytes = head.getBytes(StandardCharsets.ISO_8859_1);
    byte[] out = new byte[headBytes.length + bytes.length];
    System.arraycopy(headBytes, 0, out, 0, headBytes.length);
    System.arraycopy(bytes, 0, out, headBytes.length, bytes.length);
    return out;
  }
}
