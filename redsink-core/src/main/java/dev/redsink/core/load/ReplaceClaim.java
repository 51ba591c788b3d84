package dev.redsink.core.load;

import dev.redsink.core.error.FatalException;
import dev.redsink.core.sql.ReplaceClaimSql;
import dev.redsink.core.table.TableName;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replace run's claim on its target ({@link ReplaceClaimSql}): taken before the run creates its
 * run table and refused while another run's claim is live, renewed from a session of the run's own
 * while it lasts, marked committed by the swap's own transaction, and removed when the run ends. A
 * claim is live while its session is open and it was renewed within {@link #LAPSES_AFTER}; a
 * crashed run's claim is dead as soon as its session ends (where the sessions can be seen), so the
 * next replace drops what it left and goes ahead.
 */
final class ReplaceClaim implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ReplaceClaim.class);

  /** How often a running replace renews its claim. */
  static final Duration RENEW_EVERY = Duration.ofSeconds(10);

  /**
   * A claim not renewed for this long is a dead or hung run's, even while its session looks open
   * (or when the sessions cannot be seen: another database user's, or a warehouse without
   * STV_SESSIONS): long enough for renewals queued behind a busy cluster.
   */
  static final Duration LAPSES_AFTER = Duration.ofMinutes(2);

  /**
   * How long a live-looking claim is watched before the replace is refused: the session of a
   * process killed a moment ago may take that long to end on the server.
   */
  private static final Duration SETTLE = Duration.ofSeconds(5);

  private static final DateTimeFormatter UTC =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

  /** Another run's claim as read. */
  private record Claim(
      String runTable,
      String state,
      Instant started,
      Instant renewed,
      String owner,
      String dbUser,
      long pid) {}

  /** The sessions open on the server, as far as this user may see them. */
  private record OpenSessions(Set<Long> pids, Set<String> users) {
    /** Whether the claim's session is known to have ended. */
    boolean ended(Claim claim) {
      return users.contains(claim.dbUser()) && !pids.contains(claim.pid());
    }
  }

  private final ConnectionPool pool;
  private final TableName target;
  private final TableName claims;
  private final String runTable;
  private final ScheduledExecutorService renewer;
  private Connection session;
  private long sessionPid;
  private String sessionUser;
  private boolean released;

  private ReplaceClaim(ConnectionPool pool, TableName target, TableName run) {
    this.pool = pool;
    this.target = target;
    this.claims = ReplaceClaimSql.claimsOf(target);
    this.runTable = run.folded();
    this.renewer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "redsink-replace-claim");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Claims {@code target} for the run whose table is {@code run}, removing dead runs' claims, and
   * starts renewing it.
   *
   * @return the claim, and the dead runs' run tables whose tables may be dropped now
   * @throws FatalException naming the running replace when a live one holds a claim
   */
  static ReplaceClaim take(LoadContext ctx, TableName target, TableName run) {
    ReplaceClaim claim = new ReplaceClaim(ctx.pool(), target, run);
    try {
      ctx.retry().runVoid("claim " + target + " for a replace", claim::insert);
    } catch (RuntimeException e) {
      claim.close();
      throw e;
    }
    claim.renewer.scheduleWithFixedDelay(
        claim::renew, RENEW_EVERY.toMillis(), RENEW_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    return claim;
  }

  /** The claim's table, locked and read by the swap's transaction. */
  TableName table() {
    return claims;
  }

  private synchronized void insert() {
    long deadline = System.nanoTime() + SETTLE.toNanos();
    try {
      Connection c = session();
      TargetTables.createIfMissing(c, ReplaceClaimSql.create(claims));
      boolean sessionsVisible = sessionsVisible(c);
      while (true) {
        Optional<Claim> running = tryInsert(c, sessionsVisible);
        if (running.isEmpty()) {
          return;
        }
        if (System.nanoTime() > deadline) {
          throw refusal(running.get());
        }
        Thread.sleep(500);
      }
    } catch (SQLException e) {
      closeSession();
      throw SqlStates.wrap("claim " + target + " for a replace", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FatalException("Cannot start a replace of " + target + ": interrupted", e);
    }
  }

  /** One attempt: the live run's claim that stands in the way, or empty once this one is in. */
  private Optional<Claim> tryInsert(Connection c, boolean sessionsVisible) throws SQLException {
    c.setAutoCommit(false);
    try (Statement st = c.createStatement()) {
      st.execute(ReplaceClaimSql.lock(claims));
      List<Claim> found = new ArrayList<>();
      Instant now = Instant.EPOCH;
      try (ResultSet rs = st.executeQuery(ReplaceClaimSql.readAll(claims))) {
        while (rs.next()) {
          found.add(
              new Claim(
                  rs.getString(1),
                  rs.getString(2),
                  utc(rs.getString(3)),
                  utc(rs.getString(4)),
                  rs.getString(5),
                  rs.getString(6).trim(),
                  rs.getLong(7)));
          now = utc(rs.getString(9));
        }
      }
      Optional<OpenSessions> open =
          sessionsVisible ? Optional.of(openSessions(st)) : Optional.empty();
      boolean mine = false;
      for (Claim claim : found) {
        if (claim.runTable().equals(runTable)) {
          mine = true; // an earlier attempt's insert committed and lost its reply
          continue;
        }
        boolean lapsed = now.isAfter(claim.renewed().plus(LAPSES_AFTER));
        boolean ended = open.map(s -> s.ended(claim)).orElse(false);
        if (lapsed || ended) {
          LOG.warn(
              "Removing the claim of replace run {} on {} ({}, started {}): {}",
              claim.runTable(),
              target,
              claim.owner(),
              UTC.format(claim.started()),
              ended ? "its session has ended" : "not renewed since " + UTC.format(claim.renewed()));
          try (PreparedStatement ps =
              Jdbc.prepare(c, ReplaceClaimSql.remove(claims, claim.runTable()))) {
            ps.executeUpdate();
          }
        } else if (claim.state().equals(ReplaceClaimSql.RUNNING)) {
          c.rollback();
          return Optional.of(claim);
        }
        // A live run whose swap committed is only finishing: it no longer touches the target.
      }
      if (!mine) {
        try (PreparedStatement ps =
            Jdbc.prepare(
                c, ReplaceClaimSql.insert(claims, runTable, owner(), sessionUser, sessionPid))) {
          ps.executeUpdate();
        }
      }
      c.commit();
      return Optional.empty();
    } finally {
      if (!c.getAutoCommit()) {
        c.rollback();
        c.setAutoCommit(true);
      }
    }
  }

  private FatalException refusal(Claim running) {
    return new FatalException(
        "Cannot start a replace of "
            + target
            + ": another replace of it is running, through run table "
            + running.runTable()
            + " since "
            + UTC.format(running.started())
            + " ("
            + running.owner()
            + ", database session "
            + running.pid()
            + ", claim last renewed "
            + UTC.format(running.renewed())
            + "). Two replaces of one table would each make it their own input: wait until"
            + " that one prints its result, or stop it (Ctrl-C, or end its process), then run"
            + " this one again. A replace that died holds the table until its database session"
            + " has ended, or at most "
            + LAPSES_AFTER.toMinutes()
            + " minutes after its last renewal; the next replace then drops what it left");
  }

  /** Renews the claim; a claim found taken over is left to the swap's check to report. */
  private synchronized void renew() {
    if (released || pool.isClosed()) {
      renewer.shutdown();
      return;
    }
    try {
      Connection c = session();
      c.setAutoCommit(false);
      try (Statement st = c.createStatement()) {
        st.execute(ReplaceClaimSql.lock(claims));
        int updated;
        try (PreparedStatement ps =
            Jdbc.prepare(c, ReplaceClaimSql.renew(claims, runTable, sessionPid))) {
          updated = ps.executeUpdate();
        }
        c.commit();
        if (updated == 0) {
          LOG.warn(
              "The replace of {} through {} lost its claim: another replace took it over",
              target,
              runTable);
          renewer.shutdown();
        }
      } finally {
        if (!c.getAutoCommit()) {
          c.rollback();
          c.setAutoCommit(true);
        }
      }
    } catch (SQLException | RuntimeException e) {
      if (pool.isClosed()) {
        renewer.shutdown();
        return;
      }
      LOG.warn(
          "Cannot renew the claim of the replace of {} (retrying in {} s): {}",
          target,
          RENEW_EVERY.toSeconds(),
          e.getMessage());
      closeSession();
    }
  }

  /**
   * The run's claim state, read in the caller's connection (inside the swap's transaction, after
   * the claims' lock): RUNNING, COMMITTED, or empty when the claim was taken over.
   */
  Optional<String> state(Connection c) throws SQLException {
    try (PreparedStatement ps = Jdbc.prepare(c, ReplaceClaimSql.state(claims, runTable));
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
    }
  }

  /** Marks the claim committed inside the swap's transaction: false when it was taken over. */
  boolean markCommitted(Connection c) throws SQLException {
    try (PreparedStatement ps = Jdbc.prepare(c, ReplaceClaimSql.markCommitted(claims, runTable))) {
      return ps.executeUpdate() == 1;
    }
  }

  /** The failure of a run whose claim another replace took over. */
  FatalException takenOver() {
    return new FatalException(
        "Cannot replace the contents of "
            + target
            + ": another replace of the table took this run's claim over (its renewals had"
            + " stopped for "
            + LAPSES_AFTER.toMinutes()
            + " minutes, or its database session had ended), and its run table "
            + runTable
            + " is dropped; the table is unchanged by this run. Run the replace again once the"
            + " other has finished");
  }

  /** Stops renewing and removes the claim; the next replace finds the table free. */
  @Override
  public synchronized void close() {
    if (released) {
      return;
    }
    released = true;
    renewer.shutdownNow();
    if (pool.isClosed()) {
      return; // as a crash: the session ended with the pool, the next replace removes the claim
    }
    try {
      Connection c = session();
      c.setAutoCommit(false);
      try (Statement st = c.createStatement()) {
        st.execute(ReplaceClaimSql.lock(claims));
        try (PreparedStatement ps = Jdbc.prepare(c, ReplaceClaimSql.remove(claims, runTable))) {
          ps.executeUpdate();
        }
        c.commit();
      }
    } catch (SQLException | RuntimeException e) {
      LOG.warn(
          "Cannot remove the claim of the replace of {} ({}); the next replace removes it once"
              + " this session has ended",
          target,
          e.getMessage());
    } finally {
      closeSession();
    }
  }

  /** The run's own session, opened again after a failure; its process id is what a claim names. */
  private Connection session() throws SQLException {
    if (session == null) {
      Connection c = pool.session();
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery(ReplaceClaimSql.session())) {
        rs.next();
        sessionPid = rs.getLong(1);
        sessionUser = rs.getString(2).trim();
      } catch (SQLException e) {
        pool.closeSession(c);
        throw e;
      }
      session = c;
    }
    return session;
  }

  private void closeSession() {
    if (session != null) {
      pool.closeSession(session);
      session = null;
    }
  }

  /**
   * Whether STV_SESSIONS can be read here (Redshift Serverless has no STV tables): asked outside
   * the claim's transaction, which a failed statement would abort.
   */
  private static boolean sessionsVisible(Connection c) {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(ReplaceClaimSql.openSessions())) {
      while (rs.next()) {
        // read to the end
      }
      return true;
    } catch (SQLException e) {
      LOG.debug("Cannot read the open sessions ({}); a claim lapses by time alone", e.getMessage());
      return false;
    }
  }

  private static OpenSessions openSessions(Statement st) throws SQLException {
    Set<Long> pids = new HashSet<>();
    Set<String> users = new HashSet<>();
    try (ResultSet rs = st.executeQuery(ReplaceClaimSql.openSessions())) {
      while (rs.next()) {
        pids.add(rs.getLong(1));
        users.add(rs.getString(2).trim());
      }
    }
    return new OpenSessions(pids, users);
  }

  /** What a message names the run's process by: its process id and host. */
  private static String owner() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      host = Optional.ofNullable(System.getenv("HOSTNAME")).orElse("an unknown host");
    }
    return "process " + ProcessHandle.current().pid() + " on " + host;
  }

  /** GETDATE() is UTC without a zone; read as text so no JVM zone can shift it. */
  private static Instant utc(String timestamp) {
    return LocalDateTime.parse(timestamp.trim().replace(' ', 'T')).toInstant(ZoneOffset.UTC);
  }
}
