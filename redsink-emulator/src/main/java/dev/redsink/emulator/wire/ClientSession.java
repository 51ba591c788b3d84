package dev.redsink.emulator.wire;

import dev.redsink.emulator.dialect.Dialect;
import dev.redsink.emulator.dialect.Plan;
import dev.redsink.emulator.dialect.Statement;
import dev.redsink.emulator.fault.SqlFault;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection: authenticates the client, opens its PostgreSQL session, and passes each
 * message through the Redshift dialect. Extended-protocol messages are handled one at a time (each
 * forwarded with a Flush and answered before the next), so the emulator can answer or run any
 * statement itself without reordering replies.
 */
final class ClientSession implements Runnable {

  private static final Logger LOG = LoggerFactory.getLogger(ClientSession.class);

  private static final int PROTOCOL_3 = 196608;
  private static final int SSL_REQUEST = 80877103;
  private static final int GSS_REQUEST = 80877104;
  private static final int CANCEL_REQUEST = 80877102;

  private Socket socket;
  private final SessionEnvironment env;
  private final int id;
  private PgConnection client;
  private BackendLink backend;
  private StatementRunner runner;

  private final Map<String, Plan> statements = new HashMap<>();
  private final Map<String, Plan> portals = new HashMap<>();
  private boolean discarding;

  ClientSession(Socket socket, SessionEnvironment env, int id) {
    this.socket = socket;
    this.env = env;
    this.id = id;
  }

  @Override
  public void run() {
    try {
      client = new PgConnection(socket);
      if (startup()) {
        loop();
      }
    } catch (BackendLink.DroppedConnection e) {
      LOG.debug("Session {}: {}", id, e.getMessage());
    } catch (IOException e) {
      LOG.debug("Session {} ended: {}", id, e.toString());
    } catch (RuntimeException e) {
      LOG.warn("Session {} failed", id, e);
    } finally {
      if (backend != null) {
        backend.close();
      }
      if (client != null) {
        client.close();
      }
    }
  }

  private boolean startup() throws IOException {
    byte[] packet;
    while (true) {
      packet = client.readStartupPacket();
      int code = new MessageBody(packet).int32();
      if (code == SSL_REQUEST) {
        client.writeRaw(new byte[] {'S'});
        client.flush();
        socket = Tls.accept(socket);
        client = new PgConnection(socket);
      } else if (code == GSS_REQUEST) {
        client.writeRaw(new byte[] {'N'});
        client.flush();
      } else if (code == CANCEL_REQUEST) {
        forwardCancel(packet);
        return false;
      } else if (code == PROTOCOL_3) {
        break;
      } else {
        fatal("08P01", "unsupported frontend protocol " + (code >>> 16) + "." + (code & 0xffff));
        return false;
      }
    }
    Map<String, String> params = startupParameters(packet);
    String user = params.getOrDefault("user", "");
    params.putIfAbsent("database", user);
    Optional<SessionEnvironment.Login> login = authenticate(user);
    if (login.isEmpty()) {
      return false;
    }
    Optional<String> refused = env.admit(login.get());
    if (refused.isPresent()) {
      fatal("28000", refused.get());
      return false;
    }
    params.put("user", login.get().databaseUser());
    client.write(new MessageBuilder().int32(0).message('R'));
    backend = BackendLink.open(env.backendPort(), forwardable(params), id, this::relay);
    if (backend == null) {
      client.flush();
      return false;
    }
    runner = new StatementRunner(backend, env, client, id);
    return true;
  }

  private static Map<String, String> startupParameters(byte[] packet) {
    MessageBody b = new MessageBody(packet);
    b.int32();
    Map<String, String> params = new LinkedHashMap<>();
    while (b.hasMore()) {
      String key = b.string();
      if (key.isEmpty()) {
        break;
      }
      params.put(key, b.string());
    }
    return params;
  }

  /** Keeps user, database, options and the parameters PostgreSQL knows; drops the rest. */
  private Map<String, String> forwardable(Map<String, String> params) {
    Map<String, String> out = new LinkedHashMap<>();
    params.forEach(
        (k, v) -> {
          String key = k.toLowerCase(Locale.ROOT);
          if (key.equals("user")
              || key.equals("database")
              || key.equals("options")
              || env.backendParameters().contains(key)) {
            out.put(k, v);
          }
        });
    return out;
  }

  private Optional<SessionEnvironment.Login> authenticate(String user) throws IOException {
    List<SessionEnvironment.Login> logins = env.logins(user);
    byte[] salt = Authentication.salt();
    if (env.authMethod() == SessionEnvironment.AuthMethod.MD5) {
      client.write(new MessageBuilder().int32(5).bytes(salt).message('R'));
    } else {
      client.write(new MessageBuilder().int32(3).message('R'));
    }
    client.flush();
    PgMessage answer = client.read();
    if (answer.kind() != 'p') {
      fatal("08P01", "expected password response, got message type " + answer.kind());
      return Optional.empty();
    }
    String given = answer.firstString();
    for (SessionEnvironment.Login login : logins) {
      String expected =
          env.authMethod() == SessionEnvironment.AuthMethod.MD5
              ? Authentication.md5Response(user, login.password(), salt)
              : login.password();
      if (Authentication.matches(expected, given)) {
        return Optional.of(login);
      }
    }
    fatal("28P01", "password authentication failed for user \"" + user + "\"");
    return Optional.empty();
  }

  private void fatal(String state, String message) throws IOException {
    client.write(ErrorFields.fatal(state, message).toMessage('E'));
    client.flush();
  }

  private void forwardCancel(byte[] packet) {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), env.backendPort())) {
      PgConnection c = new PgConnection(s);
      c.writeUntyped(packet);
      c.flush();
    } catch (IOException e) {
      LOG.debug("Cannot forward a cancel request: {}", e.toString());
    }
  }

  private void loop() throws IOException {
    while (true) {
      client.flush();
      PgMessage m = client.read();
      switch (m.kind()) {
        case 'Q' -> runner.simpleQuery(m.firstString(), planner());
        case 'P' -> parse(m);
        case 'B' -> bind(m);
        case 'D' -> describe(m);
        case 'E' -> execute(m);
        case 'C' -> close(m);
        case 'S' -> sync();
        case 'H' -> {
          // Every forwarded message is already flushed and answered.
        }
        case 'X' -> {
          return;
        }
        case 'F' -> {
          backend.send(m);
          backend.flush();
          relayUntil("Z");
        }
        default -> LOG.debug("Session {} ignores message {}", id, m.kind());
      }
    }
  }

  private StatementRunner.Planner planner() {
    return s -> Dialect.plan(s, runner.flags(), env.tableColumns());
  }

  private void parse(PgMessage m) throws IOException {
    if (discarding) {
      return;
    }
    MessageBody b = new MessageBody(m.body());
    String name = b.string();
    String sql = b.string();
    byte[] parameterTypes = b.rest();
    List<Statement> parts = Statement.split(sql);
    Plan plan = parts.size() == 1 ? planner().plan(parts.get(0)) : null;
    statements.put(name, plan);
    runner.results().parsed(name);
    if (plan == null || plan instanceof Plan.Forward) {
      String text = sql;
      if (plan instanceof Plan.Forward f) {
        text = f.sql();
        try {
          env.prepare(f);
        } catch (SQLException e) {
          relayError(ErrorFields.error(e.getSQLState(), e.getMessage()));
          return;
        }
      }
      forward(
          new MessageBuilder()
              .string(name)
              .string(text)
              .bytes(ResultValues.parameterTypes(parameterTypes))
              .message('P'));
      awaitReply("1");
    } else {
      client.write(PgMessage.of('1', new byte[0]));
    }
  }

  private void bind(PgMessage m) throws IOException {
    if (discarding) {
      return;
    }
    MessageBody b = new MessageBody(m.body());
    String portal = b.string();
    Plan plan = statements.get(b.string());
    portals.put(portal, plan);
    if (isForwarded(plan)) {
      runner.results().bind(m.body());
      forward(m);
      awaitReply("2");
    } else {
      client.write(PgMessage.of('2', new byte[0]));
    }
  }

  private void describe(PgMessage m) throws IOException {
    if (discarding) {
      return;
    }
    MessageBody b = new MessageBody(m.body());
    char what = (char) b.byte1();
    String name = b.string();
    Plan plan = what == 'S' ? statements.get(name) : portals.get(name);
    if (isForwarded(plan)) {
      if (what == 'S') {
        runner.results().describingStatement(name);
      } else {
        runner.results().describingPortal(name);
      }
      forward(m);
      awaitReply("Tn");
    } else {
      if (what == 'S') {
        client.write(new MessageBuilder().int16(0).message('t'));
      }
      client.write(PgMessage.of('n', new byte[0]));
    }
  }

  private void execute(PgMessage m) throws IOException {
    if (discarding) {
      return;
    }
    String portal = new MessageBody(m.body()).string();
    runner.results().executing(portal);
    Plan plan = portals.get(portal);
    if (plan == null) {
      forward(m);
      awaitReply("CIs");
      return;
    }
    Optional<SqlFault> fault = runner.takeFault(plan);
    if (plan instanceof Plan.Forward f && fault.isEmpty()) {
      runner.runForwarded(
          f,
          () -> {
            forward(m);
            return awaitReply("CIs");
          });
      return;
    }
    boolean ok =
        runner.run(
            plan,
            fault,
            () -> {
              forward(m);
              return awaitReply("CIs");
            });
    if (!ok) {
      discarding = true;
    }
  }

  private void close(PgMessage m) throws IOException {
    if (discarding) {
      return;
    }
    MessageBody b = new MessageBody(m.body());
    char what = (char) b.byte1();
    String name = b.string();
    Plan plan = what == 'S' ? statements.remove(name) : portals.remove(name);
    if (what == 'S') {
      runner.results().closeStatement(name);
    } else {
      runner.results().closePortal(name);
    }
    if (isForwarded(plan)) {
      forward(m);
      awaitReply("3");
    } else {
      client.write(PgMessage.of('3', new byte[0]));
    }
  }

  private void sync() throws IOException {
    discarding = false;
    backend.send(PgMessage.of('S', new byte[0]));
    backend.flush();
    relayUntil("Z");
  }

  private static boolean isForwarded(Plan plan) {
    return plan == null || plan instanceof Plan.Forward;
  }

  private void forward(PgMessage m) throws IOException {
    backend.send(m);
    backend.send(PgMessage.of('H', new byte[0]));
    backend.flush();
  }

  /**
   * Relays backend messages until one of the terminal kinds or an error; returns false on error
   * (the backend now discards until Sync, and so do we).
   */
  private boolean awaitReply(String terminals) throws IOException {
    char last = relayUntil(terminals + "E");
    if (last == 'E') {
      discarding = true;
      return false;
    }
    return true;
  }

  private char relayUntil(String terminals) throws IOException {
    while (true) {
      PgMessage m = backend.read();
      relay(m);
      if (terminals.indexOf(m.kind()) >= 0) {
        return m.kind();
      }
    }
  }

  private void relay(PgMessage m) throws IOException {
    if (m.kind() == 'C') {
      env.statistics().completed(id, m.firstString());
    }
    if (m.kind() == 'E' || m.kind() == 'N') {
      client.write(ErrorTranslation.toRedshift(ErrorFields.parse(m.body())).toMessage(m.kind()));
    } else {
      client.write(ServerVersion.asRedshift(runner == null ? m : runner.results().present(m)));
    }
  }

  private void relayError(ErrorFields e) throws IOException {
    client.write(e.toMessage('E'));
    discarding = true;
  }
}
