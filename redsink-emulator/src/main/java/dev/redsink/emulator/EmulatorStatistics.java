package dev.redsink.emulator;

import dev.redsink.emulator.cost.CostCounters;
import dev.redsink.emulator.dialect.StatementKind;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts what clients made the "cluster" do: statements by kind, commits, COPYs and rows written,
 * in total and per session. This is the Redshift-side cost benchmarks compare.
 */
public final class EmulatorStatistics {

  /**
   * The counters of one session (or of all of them).
   *
   * @param rowsWritten rows inserted, updated, deleted, merged or COPYed, as the statements'
   *     command tags report them (a COPY into a staging table and the INSERT from it count twice)
   */
  public record Counts(
      long statements,
      long commits,
      long copies,
      long rowsWritten,
      Map<StatementKind, Long> byKind) {}

  /** The command tags whose count is rows written: "INSERT 0 5", "UPDATE 5", "COPY 5", … */
  private static final Set<String> WRITING_TAGS =
      Set.of("INSERT", "UPDATE", "DELETE", "MERGE", "COPY");

  private static final class Counters {
    final AtomicLong statements = new AtomicLong();
    final AtomicLong commits = new AtomicLong();
    final AtomicLong copies = new AtomicLong();
    final AtomicLong rowsWritten = new AtomicLong();
    final Map<StatementKind, AtomicLong> byKind = new ConcurrentHashMap<>();

    Counts snapshot() {
      Map<StatementKind, Long> kinds = new EnumMap<>(StatementKind.class);
      byKind.forEach((k, v) -> kinds.put(k, v.get()));
      return new Counts(
          statements.get(), commits.get(), copies.get(), rowsWritten.get(), Map.copyOf(kinds));
    }
  }

  private final Counters total = new Counters();
  private final CostCounters costs = new CostCounters();
  private final AtomicLong peakConnections = new AtomicLong();
  private final Map<Integer, Counters> sessions = new ConcurrentHashMap<>();

  /** Records one statement run by a session. */
  public void statement(int session, StatementKind kind) {
    for (Counters c : new Counters[] {total, session(session)}) {
      c.statements.incrementAndGet();
      c.byKind.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
      if (kind == StatementKind.COPY) {
        c.copies.incrementAndGet();
      }
    }
  }

  /**
   * Records the rows a statement of a session wrote, read from its command tag as the client gets
   * it ("INSERT 0 5", "COPY 5"); other tags write nothing.
   */
  public void completed(int session, String commandTag) {
    long rows = rowsWritten(commandTag);
    if (rows > 0) {
      total.rowsWritten.addAndGet(rows);
      session(session).rowsWritten.addAndGet(rows);
    }
  }

  /** The rows a command tag reports written, or 0 for tags that write no rows. */
  static long rowsWritten(String commandTag) {
    if (commandTag == null) {
      return 0;
    }
    int space = commandTag.indexOf(' ');
    int last = commandTag.lastIndexOf(' ');
    if (space < 0 || !WRITING_TAGS.contains(commandTag.substring(0, space))) {
      return 0;
    }
    try {
      return Long.parseLong(commandTag.substring(last + 1));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Records one committed transaction of a session. */
  public void commit(int session) {
    total.commits.incrementAndGet();
    session(session).commits.incrementAndGet();
  }

  /** Records how many client connections are open, as one more opens. */
  public void connections(int open) {
    peakConnections.accumulateAndGet(open, Math::max);
  }

  /** The most client connections open at once since the start or the last reset. */
  public long peakConnections() {
    return peakConnections.get();
  }

  private Counters session(int session) {
    return sessions.computeIfAbsent(session, s -> new Counters());
  }

  public Counts total() {
    return total.snapshot();
  }

  /** The counts of one session, by the id the emulator gave it (in connection order from 1). */
  public Counts session(long session) {
    Counters c = sessions.get((int) session);
    return c == null ? new Counters().snapshot() : c.snapshot();
  }

  public long statements() {
    return total.statements.get();
  }

  public long commits() {
    return total.commits.get();
  }

  public long copies() {
    return total.copies.get();
  }

  /** Rows written by every session: see {@link Counts#rowsWritten}. */
  public long rowsWritten() {
    return total.rowsWritten.get();
  }

  /** What the cost profile added: delays by kind and the commit queue's order. */
  public CostCounters.Snapshot costs() {
    return costs.snapshot();
  }

  CostCounters costCounters() {
    return costs;
  }

  /** Forgets every count (between benchmark phases, for instance). */
  public void reset() {
    costs.reset();
    sessions.clear();
    total.statements.set(0);
    total.commits.set(0);
    total.copies.set(0);
    total.rowsWritten.set(0);
    total.byKind.clear();
    peakConnections.set(0);
  }
}
