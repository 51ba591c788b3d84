package dev.redsink.emulator.wire;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The raw protocol connection from one client session to the embedded PostgreSQL. Tracks the
 * transaction status and runs the emulator's own statements in the client's session.
 */
final class BackendLink implements BackendSession {

  private static final int COPY_CHUNK = 256 * 1024;

  private final PgConnection connection;
  private final String user;
  private final int sessionId;
  private char status = 'I';
  private boolean dropMidCopy;

  private BackendLink(PgConnection connection, String user, int sessionId) {
    this.connection = connection;
    this.user = user;
    this.sessionId = sessionId;
  }

  /** Connects and starts a session; startup messages after AuthenticationOk go to {@code sink}. */
  static BackendLink open(int port, Map<String, String> parameters, int sessionId, MessageSink sink)
      throws IOException {
    PgConnection c = new PgConnection(new Socket(InetAddress.getLoopbackAddress(), port));
    MessageBuilder startup = new MessageBuilder().int32(196608);
    parameters.forEach((k, v) -> startup.string(k).string(v));
    startup.byte1(0);
    c.writeUntyped(startup.build());
    c.flush();
    BackendLink link = new BackendLink(c, parameters.get("user"), sessionId);
    while (true) {
      PgMessage m = c.read();
      switch (m.kind()) {
        case 'R' -> {
          if (new MessageBody(m.body()).int32() != 0) {
            c.close();
            throw new IOException("The embedded PostgreSQL asked for a password");
          }
        }
        case 'E' -> {
          sink.accept(m);
          c.close();
          return null;
        }
        case 'Z' -> {
          link.observe(m);
          sink.accept(m);
          return link;
        }
        default -> sink.accept(m);
      }
    }
  }

  /** Receives messages relayed from the backend. */
  @FunctionalInterface
  interface MessageSink {
    void accept(PgMessage message) throws IOException;
  }

  void send(PgMessage m) throws IOException {
    connection.write(m);
  }

  void flush() throws IOException {
    connection.flush();
  }

  PgMessage read() throws IOException {
    PgMessage m = connection.read();
    observe(m);
    return m;
  }

  private void observe(PgMessage m) {
    switch (m.kind()) {
      case 'Z' -> status = (char) m.body()[0];
      case 'C' -> {
        String tag = m.firstString();
        if (tag.equals("BEGIN")) {
          status = 'T';
        } else if (tag.equals("COMMIT") || tag.equals("ROLLBACK")) {
          status = 'I';
        }
      }
      case 'E' -> {
        if (status == 'T') {
          status = 'E';
        }
      }
      default -> {}
    }
  }

  /** Makes the next COPY drop the connection after its first chunk of data. */
  void dropNextCopy() {
    dropMidCopy = true;
  }

  /** 'I' idle, 'T' in a transaction block, 'E' in a failed transaction block. */
  char status() {
    return status;
  }

  boolean inBlock() {
    return status != 'I';
  }

  @Override
  public QueryResult query(String sql) throws IOException {
    send(PgMessage.ofString('Q', sql));
    flush();
    return collect();
  }

  private QueryResult collect() throws IOException {
    String tag = null;
    List<String> column = new ArrayList<>();
    ErrorFields error = null;
    while (true) {
      PgMessage m = read();
      switch (m.kind()) {
        case 'C' -> tag = m.firstString();
        case 'D' -> column.add(firstColumn(m.body()));
        case 'E' -> error = ErrorTranslation.toRedshift(ErrorFields.parse(m.body()));
        case 'Z' -> {
          return new QueryResult(tag, column, error);
        }
        default -> {}
      }
    }
  }

  private static String firstColumn(byte[] body) {
    MessageBody b = new MessageBody(body);
    int columns = b.int16();
    if (columns == 0) {
      return null;
    }
    int len = b.int32();
    if (len < 0) {
      return null;
    }
    return new String(body, b.position(), len, StandardCharsets.UTF_8);
  }

  @Override
  public QueryResult copyIn(String copySql, InputStream data) throws IOException {
    send(PgMessage.ofString('Q', copySql));
    flush();
    PgMessage first = read();
    if (first.kind() != 'G') {
      if (first.kind() == 'E') {
        ErrorFields error = ErrorTranslation.toRedshift(ErrorFields.parse(first.body()));
        QueryResult rest = collect();
        return new QueryResult(rest.lastTag(), List.of(), error);
      }
      throw new IOException("Expected CopyInResponse, got " + first.kind());
    }
    byte[] buffer = new byte[COPY_CHUNK];
    int n;
    try {
      while ((n = data.readNBytes(buffer, 0, buffer.length)) > 0) {
        send(PgMessage.of('d', Arrays.copyOf(buffer, n)));
        if (dropMidCopy) {
          flush();
          throw new DroppedConnection("Connection dropped mid-COPY by an injected fault");
        }
      }
    } catch (CopyRunner.AbandonCopy e) {
      send(PgMessage.ofString('f', e.getMessage()));
      flush();
      return collect();
    }
    send(PgMessage.of('c', new byte[0]));
    flush();
    return collect();
  }

  @Override
  public QueryResult raise(String sqlState, String message, String detail) throws IOException {
    return query(
        "SELECT pg_catalog.redshift_raise("
            + literal(sqlState)
            + ", "
            + literal(message)
            + ", "
            + (detail == null ? "NULL" : literal(detail))
            + ")");
  }

  static String literal(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  @Override
  public String user() {
    return user;
  }

  @Override
  public int sessionId() {
    return sessionId;
  }

  void close() {
    try {
      send(PgMessage.of('X', new byte[0]));
      flush();
    } catch (IOException e) {
      // closing anyway
    }
    connection.close();
  }

  /** Thrown when an injected fault drops the client's connection. */
  static final class DroppedConnection extends IOException {
    private static final long serialVersionUID = 1L;

    DroppedConnection(String message) {
      super(message);
    }
  }
}
