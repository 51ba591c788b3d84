package dev.redsink.emulator.wire;

import dev.redsink.emulator.dialect.Plan;
import dev.redsink.emulator.dialect.RedshiftError;
import dev.redsink.emulator.dialect.SessionFlags;
import dev.redsink.emulator.dialect.SpecialStatement;
import dev.redsink.emulator.dialect.Statement;
import dev.redsink.emulator.dialect.StatementKind;
import dev.redsink.emulator.fault.SqlFault;
import java.io.IOException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs planned statements in a client's backend session: forwarded ones, refusals (raised inside
 * the session so its transaction aborts as Redshift's would), the emulator's special statements,
 * and injected faults; counts statements and commits.
 */
final class StatementRunner {

  /** Plans one statement. */
  @FunctionalInterface
  interface Planner {
    Plan plan(Statement statement);
  }

  /** Sends the current statement to the backend and relays its reply; false on error. */
  @FunctionalInterface
  interface Forwarding {
    boolean run() throws IOException;
  }

  private final BackendLink backend;
  private final SessionEnvironment env;
  private final PgConnection client;
  private final int id;
  private final Map<String, String> settings = new HashMap<>();
  private final ResultValues results = new ResultValues();

  StatementRunner(BackendLink backend, SessionEnvironment env, PgConnection client, int id) {
    this.backend = backend;
    this.env = env;
    this.client = client;
    this.id = id;
  }

  /** How this session's result rows are presented to the client. */
  ResultValues results() {
    return results;
  }

  /** The Redshift settings that change how this session's statements are read. */
  SessionFlags flags() {
    return new SessionFlags(
        isOn("enable_case_sensitive_identifier"), isOn("enable_case_sensitive_super_attribute"));
  }

  private boolean isOn(String setting) {
    String value = settings.get(setting);
    return "true".equals(value) || "on".equals(value);
  }

  Optional<SqlFault> takeFault(Plan plan) {
    return env.sqlFaults().take(plan.original());
  }

  /** A Query message: its statements run one by one; the first error ends it. */
  void simpleQuery(String sql, Planner planner) throws IOException {
    results.simpleQuery();
    List<Statement> parts = Statement.split(sql);
    if (parts.isEmpty()) {
      backend.send(PgMessage.ofString('Q', sql));
      backend.flush();
      relayAll();
      return;
    }
    for (Statement part : parts) {
      Plan plan = planner.plan(part);
      String text = plan instanceof Plan.Forward f ? f.sql() : null;
      boolean ok = run(plan, takeFault(plan), () -> forwardSimple(text));
      if (!ok) {
        break;
      }
    }
    client.write(new MessageBuilder().byte1(backend.status()).message('Z'));
  }

  private void relayAll() throws IOException {
    while (true) {
      PgMessage m = backend.read();
      relay(m);
      if (m.kind() == 'Z') {
        return;
      }
    }
  }

  private boolean forwardSimple(String sql) throws IOException {
    backend.send(PgMessage.ofString('Q', sql));
    backend.flush();
    boolean ok = true;
    while (true) {
      PgMessage m = backend.read();
      if (m.kind() == 'Z') {
        return ok;
      }
      if (m.kind() == 'E') {
        ok = false;
      }
      relay(m);
    }
  }

  private void relay(PgMessage m) throws IOException {
    if (m.kind() == 'C') {
      env.statistics().completed(id, m.firstString());
    }
    if (m.kind() == 'E' || m.kind() == 'N') {
      client.write(ErrorTranslation.toRedshift(ErrorFields.parse(m.body())).toMessage(m.kind()));
    } else {
      client.write(results.present(m));
    }
  }

  /** Runs one planned statement, with its fault if one fired; false when it failed. */
  boolean run(Plan plan, Optional<SqlFault> fault, Forwarding forwarding) throws IOException {
    if (fault.isPresent()) {
      SqlFault f = fault.get();
      if (f instanceof SqlFault.Delay d) {
        sleep(d.duration().toMillis());
      } else if (f instanceof SqlFault.Hold h) {
        h.await();
      } else if (f instanceof SqlFault.DropBeforeStatement) {
        throw dropped("before the statement");
      } else if (f instanceof SqlFault.Terminate t) {
        client.write(ErrorFields.fatal(t.sqlState(), t.message()).toMessage('E'));
        client.flush();
        throw dropped("after a FATAL error");
      } else if (f instanceof SqlFault.Fail e) {
        count(plan, false, backend.status());
        sendError(backend.raise(e.sqlState(), e.message(), e.detail()).error());
        return false;
      } else if (f instanceof SqlFault.DropMidCopy && plan.kind() == StatementKind.COPY) {
        backend.dropNextCopy();
      } else {
        runPlan(plan, forwarding);
        throw dropped("before the reply");
      }
    }
    return runPlan(plan, forwarding);
  }

  private static BackendLink.DroppedConnection dropped(String when) {
    return new BackendLink.DroppedConnection(
        "Connection dropped " + when + " by an injected fault");
  }

  /**
   * Runs a statement forwarded as it is (the extended protocol's fast path), with the cost
   * profile's delays and commit queue, and counts it.
   */
  boolean runForwarded(Plan.Forward plan, Forwarding forwarding) throws IOException {
    char before = backend.status();
    env.costs().statement();
    boolean ok = commits(plan, before) ? env.costs().commit(id, forwarding::run) : forwarding.run();
    count(plan, ok, before);
    return ok;
  }

  /** Whether the statement ends in a commit: COMMIT in a block, or a write in autocommit. */
  private static boolean commits(Plan plan, char before) {
    return (before == 'T' && plan.kind() == StatementKind.COMMIT)
        || (before == 'I' && plan.kind().writes());
  }

  private boolean runPlan(Plan plan, Forwarding forwarding) throws IOException {
    char before = backend.status();
    env.costs().statement();
    if (commits(plan, before)) {
      return env.costs().commit(id, () -> runPlanNow(plan, forwarding, before));
    }
    return runPlanNow(plan, forwarding, before);
  }

  private boolean runPlanNow(Plan plan, Forwarding forwarding, char before) throws IOException {
    boolean ok;
    if (plan instanceof Plan.Forward f) {
      try {
        env.prepare(f);
      } catch (SQLException e) {
        sendError(ErrorFields.error(e.getSQLState(), e.getMessage()));
        return false;
      }
      ok = forwarding.run();
    } else if (plan instanceof Plan.Refuse r) {
      RedshiftError e = r.error();
      sendError(backend.raise(e.sqlState(), e.message(), e.detail()).error());
      ok = false;
    } else {
      ok = special(((Plan.Special) plan).statement());
    }
    count(plan, ok, before);
    return ok;
  }

  void count(Plan plan, boolean ok, char before) {
    env.statistics().statement(id, plan.kind());
    boolean autocommitWrite = before == 'I' && plan.kind().writes();
    boolean explicitCommit = before == 'T' && plan.kind() == StatementKind.COMMIT;
    if (ok && (autocommitWrite || explicitCommit)) {
      env.statistics().commit(id);
    }
  }

  private boolean special(SpecialStatement statement) throws IOException {
    if (statement instanceof SpecialStatement.Truncate t) {
      if (backend.status() == 'T') {
        QueryResult commit = backend.query("COMMIT");
        if (commit.failed()) {
          return sendError(commit.error());
        }
        env.statistics().commit(id);
      }
      return complete(backend.query(t.sql()), "TRUNCATE TABLE");
    }
    if (statement instanceof SpecialStatement.OutsideBlock o) {
      return outsideBlock(o);
    }
    if (statement instanceof SpecialStatement.SetSession s) {
      return setSession(s);
    }
    if (statement instanceof SpecialStatement.Compound c) {
      QueryResult r = backend.query(String.join(";\n", c.statements()));
      return complete(r, c.commandTag() + " " + r.lastCount());
    }
    if (statement instanceof SpecialStatement.NoOp n) {
      return complete(n.commandTag());
    }
    if (statement instanceof SpecialStatement.Substitute s) {
      try {
        env.prepare(s.statement());
      } catch (SQLException e) {
        return sendError(ErrorFields.error(e.getSQLState(), e.getMessage()));
      }
      return complete(backend.query(s.statement().sql()), s.commandTag());
    }
    SpecialStatement.CopyFromS3 c = (SpecialStatement.CopyFromS3) statement;
    try {
      CopyRunner.Loaded loaded = env.copyRunner().run(c.sql(), backend);
      env.costs().copy(loaded.bytes());
      return complete("COPY " + loaded.rows());
    } catch (CopyRunner.CopyFailure e) {
      return sendError(e.error());
    }
  }

  private boolean outsideBlock(SpecialStatement.OutsideBlock o) throws IOException {
    if (backend.inBlock()) {
      RedshiftError e = RedshiftError.notInTransactionBlock(o.what());
      return sendError(backend.raise(e.sqlState(), e.message(), e.detail()).error());
    }
    if (o.statements().isEmpty()) {
      return complete(o.commandTag());
    }
    try {
      env.prepare(o.domains());
    } catch (SQLException e) {
      return sendError(ErrorFields.error(e.getSQLState(), e.getMessage()));
    }
    return complete(backend.query(String.join(";\n", o.statements())), o.commandTag());
  }

  private boolean setSession(SpecialStatement.SetSession s) throws IOException {
    if (s.value() == null) {
      settings.remove(s.name());
    } else {
      settings.put(s.name(), s.value());
    }
    return complete(s.value() == null ? "RESET" : "SET");
  }

  private boolean complete(QueryResult r, String tag) throws IOException {
    if (r.failed()) {
      return sendError(r.error());
    }
    return complete(tag);
  }

  private boolean complete(String tag) throws IOException {
    env.statistics().completed(id, tag);
    client.write(PgMessage.ofString('C', tag));
    return true;
  }

  private boolean sendError(ErrorFields error) throws IOException {
    client.write(error.toMessage('E'));
    return false;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
