package dev.redsink.emulator.wire;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fields of an ErrorResponse or NoticeResponse (severity, SQLSTATE, message, detail, …), keyed
 * by the protocol's one-letter codes.
 */
public final class ErrorFields {

  private final LinkedHashMap<Character, String> fields;

  private ErrorFields(LinkedHashMap<Character, String> fields) {
    this.fields = fields;
  }

  /** An ERROR with the given SQLSTATE and message. */
  public static ErrorFields error(String sqlState, String message) {
    LinkedHashMap<Character, String> f = new LinkedHashMap<>();
    f.put('S', "ERROR");
    f.put('V', "ERROR");
    f.put('C', sqlState);
    f.put('M', message);
    return new ErrorFields(f);
  }

  /** A FATAL error; the connection closes after it. */
  public static ErrorFields fatal(String sqlState, String message) {
    ErrorFields e = error(sqlState, message);
    e.fields.put('S', "FATAL");
    e.fields.put('V', "FATAL");
    return e;
  }

  static ErrorFields parse(byte[] body) {
    LinkedHashMap<Character, String> f = new LinkedHashMap<>();
    MessageBody b = new MessageBody(body);
    while (b.hasMore()) {
      byte code = b.byte1();
      if (code == 0) {
        break;
      }
      f.put((char) code, b.string());
    }
    return new ErrorFields(f);
  }

  public String sqlState() {
    return fields.getOrDefault('C', "");
  }

  public String message() {
    return fields.getOrDefault('M', "");
  }

  public String detail() {
    return fields.get('D');
  }

  public String where() {
    return fields.get('W');
  }

  public String severity() {
    return fields.getOrDefault('V', fields.getOrDefault('S', "ERROR"));
  }

  public ErrorFields withSqlState(String sqlState) {
    return with('C', sqlState);
  }

  public ErrorFields withMessage(String message) {
    return with('M', message);
  }

  public ErrorFields withDetail(String detail) {
    return with('D', detail);
  }

  /** Returns a copy with the field set, or removed when {@code value} is null. */
  public ErrorFields with(char code, String value) {
    LinkedHashMap<Character, String> f = new LinkedHashMap<>(fields);
    if (value == null) {
      f.remove(code);
    } else {
      f.put(code, value);
    }
    return new ErrorFields(f);
  }

  public Map<Character, String> asMap() {
    return Map.copyOf(fields);
  }

  PgMessage toMessage(char type) {
    MessageBuilder b = new MessageBuilder();
    for (Map.Entry<Character, String> e : fields.entrySet()) {
      b.byte1(e.getKey()).string(e.getValue());
    }
    b.byte1(0);
    return b.message(type);
  }

  @Override
  public String toString() {
    return severity() + " " + sqlState() + " " + message();
  }
}
