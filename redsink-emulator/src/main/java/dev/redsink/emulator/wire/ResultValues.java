package dev.redsink.emulator.wire;

import java.util.HashMap;
import java.util.Map;

/**
 * Makes result rows look as Redshift sends them: VARBYTE (bytea underneath) as hexadecimal without
 * PostgreSQL's {@code \x} prefix, SUPER (json underneath) as compact JSON, and both under
 * Redshift's type OIDs in row descriptions (6551 and 4000, which the Amazon Redshift JDBC driver
 * decodes). Follows which columns a portal returns in which format across the extended protocol:
 * rows may come long after the description that typed them.
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/r_VARBYTE_type.html">VARBYTE</a>
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/JSON_SERIALIZE.html">JSON_SERIALIZE</a>
 */
final class ResultValues {

  static final int BYTEA = 17;
  static final int JSON = 114;
  static final int VARBYTE = 6551;
  static final int SUPER = 4000;

  private static final byte PLAIN = 0;
  private static final byte VARBYTE_TEXT = 1;
  private static final byte SUPER_VALUE = 2;

  /** Column types of described statements and portals, and the formats portals were bound with. */
  private final Map<String, int[]> statementTypes = new HashMap<>();

  private final Map<String, int[]> portalTypes = new HashMap<>();
  private final Map<String, Binding> bindings = new HashMap<>();

  private String describingStatement;
  private String describingPortal;
  private byte[] current;

  private record Binding(String statement, short[] formats) {}

  /** The next row description answers a Describe of this statement. */
  void describingStatement(String name) {
    describingStatement = name;
    describingPortal = null;
  }

  /** The next row description answers a Describe of this portal. */
  void describingPortal(String name) {
    describingPortal = name;
    describingStatement = null;
  }

  /** A Parse message: the statement's rows are unknown until it is described again. */
  void parsed(String statement) {
    statementTypes.remove(statement);
  }

  /** A Bind message: its portal, statement and result formats. */
  void bind(byte[] body) {
    MessageBody b = new MessageBody(body);
    String portal = b.string();
    String statement = b.string();
    int parameterFormats = b.int16();
    for (int i = 0; i < parameterFormats; i++) {
      b.int16();
    }
    int parameters = b.int16();
    for (int i = 0; i < parameters; i++) {
      b.skip(Math.max(b.int32(), 0));
    }
    short[] formats = new short[b.int16()];
    for (int i = 0; i < formats.length; i++) {
      formats[i] = (short) b.int16();
    }
    bindings.put(portal, new Binding(statement, formats));
    portalTypes.remove(portal);
  }

  /** An Execute of this portal: its rows follow. */
  void executing(String portal) {
    Binding binding = bindings.get(portal);
    int[] types = portalTypes.get(portal);
    if (types == null && binding != null) {
      types = statementTypes.get(binding.statement());
    }
    current =
        types == null ? null : kinds(types, binding == null ? new short[0] : binding.formats());
  }

  void closeStatement(String name) {
    statementTypes.remove(name);
  }

  void closePortal(String name) {
    portalTypes.remove(name);
    bindings.remove(name);
  }

  /** A Query message: rows follow their own row description. */
  void simpleQuery() {
    current = null;
    describingStatement = null;
    describingPortal = null;
  }

  /** The message as the client must see it. */
  PgMessage present(PgMessage m) {
    if (m.kind() == 'T') {
      return describe(m);
    }
    if (m.kind() == 'D' && current != null) {
      return row(m);
    }
    return m;
  }

  private PgMessage describe(PgMessage m) {
    byte[] body = m.body().clone();
    MessageBody b = new MessageBody(body);
    int columns = b.int16();
    int[] types = new int[columns];
    short[] formats = new short[columns];
    for (int i = 0; i < columns; i++) {
      b.string();
      b.int32();
      b.int16();
      int at = b.position();
      types[i] = b.int32();
      b.int16();
      b.int32();
      formats[i] = (short) b.int16();
      if (types[i] == BYTEA || types[i] == JSON) {
        putInt32(body, at, types[i] == BYTEA ? VARBYTE : SUPER);
      }
    }
    if (describingStatement != null) {
      statementTypes.put(describingStatement, types);
    } else if (describingPortal != null) {
      portalTypes.put(describingPortal, types);
      Binding binding = bindings.get(describingPortal);
      if (binding != null) {
        // Drivers bind the same statement again without describing it: same columns.
        statementTypes.put(binding.statement(), types);
      }
    }
    describingStatement = null;
    describingPortal = null;
    current = kinds(types, formats);
    return new PgMessage(m.type(), body);
  }

  private static byte[] kinds(int[] types, short[] formats) {
    byte[] kinds = new byte[types.length];
    boolean any = false;
    for (int i = 0; i < types.length; i++) {
      short format = formats.length == 0 ? 0 : formats.length == 1 ? formats[0] : formats[i];
      if (types[i] == BYTEA && format == 0) {
        kinds[i] = VARBYTE_TEXT;
      } else if (types[i] == JSON) {
        kinds[i] = SUPER_VALUE;
      }
      any |= kinds[i] != PLAIN;
    }
    return any ? kinds : null;
  }

  private PgMessage row(PgMessage m) {
    byte[] body = m.body();
    MessageBody b = new MessageBody(body);
    int columns = b.int16();
    if (columns != current.length) {
      return m;
    }
    MessageBuilder out = new MessageBuilder().int16(columns);
    boolean changed = false;
    for (int i = 0; i < columns; i++) {
      int start = b.position();
      int length = b.int32();
      int valueStart = b.position();
      b.skip(Math.max(length, 0));
      int valueEnd = b.position();
      if (length >= 2 && current[i] == VARBYTE_TEXT && body[valueStart] == '\\') {
        out.int32(length - 2).bytes(body, valueStart + 2, length - 2);
        changed = true;
      } else if (length > 0
          && current[i] == SUPER_VALUE
          && CompactJson.hasBlank(body, valueStart, valueEnd)) {
        byte[] compact = CompactJson.compact(body, valueStart, valueEnd);
        out.int32(compact.length).bytes(compact);
        changed = true;
      } else {
        out.bytes(body, start, valueEnd - start);
      }
    }
    return changed ? out.message(m.kind()) : m;
  }

  private static void putInt32(byte[] body, int at, int v) {
    body[at] = (byte) (v >>> 24);
    body[at + 1] = (byte) (v >>> 16);
    body[at + 2] = (byte) (v >>> 8);
    body[at + 3] = (byte) v;
  }

  /** Maps Redshift's type OIDs in a Parse message's parameter types to PostgreSQL's. */
  static byte[] parameterTypes(byte[] types) {
    byte[] out = types.clone();
    MessageBody b = new MessageBody(out);
    int n = b.int16();
    for (int i = 0; i < n; i++) {
      int at = b.position();
      int oid = b.int32();
      if (oid == VARBYTE) {
        putInt32(out, at, BYTEA);
      } else if (oid == SUPER) {
        putInt32(out, at, JSON);
      }
    }
    return out;
  }
}
