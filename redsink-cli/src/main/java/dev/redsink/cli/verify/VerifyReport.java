package dev.redsink.cli.verify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.redsink.core.verify.AuditLimits;
import dev.redsink.core.verify.OffsetRange;
import dev.redsink.core.verify.PartitionReport;
import dev.redsink.core.verify.ValueReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What {@code redsink verify} found, one screen per table: a line per partition, ✓ when every
 * record the ledger covers is in the table once and nothing else is, ✗ with the offsets otherwise;
 * and the same as JSON for machines.
 */
public final class VerifyReport {
  private static final int SHOWN_RANGES = 8;

  private final List<PartitionReport> partitions = new ArrayList<>();
  private final Map<String, Long> withoutOffset = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();
  private final Map<String, String> couldNotRun = new LinkedHashMap<>();
  private final List<ValueReport> values = new ArrayList<>();

  /** Adds an audited partition. */
  public void add(PartitionReport partition) {
    partitions.add(partition);
  }

  /** Rows of a table no partition's audit sees (no topic, partition or offset). */
  public void withoutOffset(String table, long rows) {
    if (rows > 0) {
      withoutOffset.put(table, rows);
    }
  }

  /** Something the reader should know that is not a finding. */
  public void note(String note) {
    notes.add(note);
  }

  /** A table's values compared with its rebuilt topic (--values). */
  public void values(ValueReport report) {
    values.add(report);
  }

  /** A connector whose tables could not be audited, and why (with the fix). */
  public void couldNotRun(String connector, String reason) {
    couldNotRun.put(connector, reason);
  }

  /** True when every connector's tables were audited. */
  public boolean ran() {
    return couldNotRun.isEmpty();
  }

  /** True when every partition is exact and no table has rows without an offset. */
  public boolean exact() {
    return withoutOffset.isEmpty()
        && partitions.stream().allMatch(PartitionReport::exact)
        && values.stream().allMatch(ValueReport::exact);
  }

  /** The audited partitions, in audit order. */
  public List<PartitionReport> partitions() {
    return List.copyOf(partitions);
  }

  /** Prints the one-screen summary. */
  public void print(PrintWriter out) {
    String table = null;
    for (PartitionReport p : partitions) {
      if (!p.table().equals(table)) {
        table = p.table();
        out.println(p.topic() + " → " + table);
      }
      out.println("  " + (p.exact() ? "✓" : "✗") + " " + headline(p));
      findings(p, out);
    }
    withoutOffset.forEach(
        (t, rows) ->
            out.printf(
                Locale.ROOT,
                "  ✗ %s: %,d %s without a topic, partition or offset (not written by Redsink)%n",
                t,
                rows,
                rows == 1 ? "row" : "rows"));
    values.forEach(v -> printValues(v, out));
    notes.forEach(n -> out.println("Note: " + n));
    couldNotRun.forEach((c, reason) -> out.println("Could not audit " + c + ": " + reason));
    long exact = partitions.stream().filter(PartitionReport::exact).count();
    if (!ran()) {
      out.println(
          "The audit could not run for "
              + couldNotRun.size()
              + (couldNotRun.size() == 1 ? " connector." : " connectors."));
      if (partitions.isEmpty()) {
        out.flush();
        return;
      }
    }
    out.println(
        exact()
            ? String.format(
                Locale.ROOT,
                "Exact: every record the ledger covers is in the table once (%d partition%s).",
                partitions.size(),
                partitions.size() == 1 ? "" : "s")
            : "Not exact: " + String.join(", and ", differences(exact)) + ".");
    out.flush();
  }

  /** What is not exact, in the order the report shows it. */
  private List<String> differences(long exactPartitions) {
    List<String> parts = new ArrayList<>();
    long differ = partitions.size() - exactPartitions;
    if (differ > 0) {
      parts.add(
          String.format(
              Locale.ROOT,
              "%d of %d partition%s %s from the log",
              differ,
              partitions.size(),
              partitions.size() == 1 ? "" : "s",
              differ == 1 ? "differs" : "differ"));
    }
    long tables = values.stream().filter(v -> !v.exact()).count();
    if (tables > 0) {
      parts.add(
          tables
              + (tables == 1 ? " table's values differ" : " tables' values differ")
              + " from the log's");
    }
    if (!withoutOffset.isEmpty()) {
      parts.add("rows without an offset are in the table");
    }
    return parts;
  }

  private static void printValues(ValueReport v, PrintWriter out) {
    out.printf(
        Locale.ROOT,
        "%s → %s values, rebuilt from the log: %s%n",
        v.topic(),
        v.table(),
        v.exact() ? "✓ every row's " + v.columns().size() + " columns as the log loads them" : "✗");
    if (v.differing() > 0) {
      out.printf(
          Locale.ROOT,
          "      %-14s %,d %s with a column that differs%n",
          "differ",
          v.differing(),
          v.differing() == 1 ? "row" : "rows");
      for (ValueReport.Difference d : v.differences()) {
        out.printf(
            Locale.ROOT,
            "        %s: %s is %s in the table, %s from the log%n",
            d.row(),
            d.column(),
            shownValue(d.inTable()),
            shownValue(d.rebuilt()));
      }
    }
    if (v.onlyInTable() > 0) {
      out.printf(
          Locale.ROOT,
          "      %-14s %,d rows the log does not load%n",
          "not rebuilt",
          v.onlyInTable());
    }
    if (v.onlyRebuilt() > 0) {
      out.printf(
          Locale.ROOT,
          "      %-14s %,d rows the log loads, not in the table%n",
          "missing",
          v.onlyRebuilt());
    }
  }

  private static String shownValue(String value) {
    return value == null ? "NULL" : "'" + value + "'";
  }

  private static String headline(PartitionReport p) {
    StringBuilder line =
        new StringBuilder(
            p.ledgerNext() > p.logStart()
                ? String.format(
                    Locale.ROOT,
                    "partition %d: %,d rows for offsets %,d–%,d (ledger next %,d)",
                    p.partition(),
                    p.rows(),
                    p.logStart(),
                    p.ledgerNext() - 1,
                    p.ledgerNext())
                : String.format(
                    Locale.ROOT,
                    "partition %d: no offset the ledger covers is in the log (ledger next %,d,"
                        + " log from %,d)",
                    p.partition(),
                    p.ledgerNext(),
                    p.logStart()));
    if (p.settled() > 0) {
      line.append(
          String.format(
              Locale.ROOT,
              ", %,d settled without a row (tombstones skipped, deletes, heartbeats)",
              p.settled()));
    }
    if (p.refused() > 0) {
      line.append(
          String.format(
              Locale.ROOT,
              ", %,d refused as bad records and not on the dead letter queue",
              p.refused()));
    }
    if (p.deadLettered() > 0) {
      line.append(String.format(Locale.ROOT, ", %,d on the dead letter queue", p.deadLettered()));
    }
    if (p.notYetLoaded() > 0) {
      line.append(String.format(Locale.ROOT, "; %,d not yet loaded (lag)", p.notYetLoaded()));
    }
    if (p.unverifiable() > 0) {
      line.append(
          String.format(
              Locale.ROOT,
              "; %,d rows before the log's start, unverifiable (retention deleted their records)",
              p.unverifiable()));
    }
    return line.toString();
  }

  private static void findings(PartitionReport p, PrintWriter out) {
    boolean keyed = !p.keys().isEmpty();
    finding(
        out,
        "missing",
        p.missing(),
        p.keys(),
        keyed ? "key" : "offset",
        keyed ? "keys" : "offsets",
        keyed ? "whose last change in the log has no row" : "in the log, not in the table");
    finding(out, "duplicated", p.duplicated(), p.keys(), "row too many", "rows too many", "");
    finding(
        out,
        "extra",
        p.extra(),
        p.keys(),
        "row",
        "rows",
        keyed
            ? "of a key deleted or changed since, by the log"
            : "of offsets whose record loads no row (tombstone, dead letter, not in the log)");
    finding(
        out,
        "changed",
        p.changed(),
        p.keys(),
        "row",
        "rows",
        "whose payload differs from its record's value");
    finding(
        out,
        "unresolved",
        p.unresolved(),
        Map.of(),
        "offset",
        "offsets",
        "in ranges whose figures differ from the log's, not narrowed further (the audit stops"
            + " after "
            + AuditLimits.NARROWING_STATEMENTS
            + " statements per partition: so much differs that the table needs a reload)");
    finding(
        out,
        "beyond ledger",
        p.beyondLedger(),
        Map.of(),
        "row",
        "rows",
        "the ledger does not cover: no load wrote them");
  }

  /** The first ranges, or with keys the first offsets each with its key. */
  private static String shown(List<OffsetRange> ranges, Map<Long, String> keys) {
    if (keys.isEmpty()) {
      return ranges.stream()
              .limit(SHOWN_RANGES)
              .map(OffsetRange::toString)
              .collect(Collectors.joining(", "))
          + (ranges.size() > SHOWN_RANGES ? ", … (" + ranges.size() + " ranges)" : "");
    }
    List<String> shown = new ArrayList<>();
    long total = 0;
    for (OffsetRange r : ranges) {
      for (long o = r.first(); o <= r.last(); o++) {
        total++;
        if (shown.size() < SHOWN_RANGES) {
          String key = keys.get(o);
          shown.add(key == null ? "offset " + o : key + " (offset " + o + ")");
        }
      }
    }
    return String.join(", ", shown) + (total > shown.size() ? ", …" : "");
  }

  private static void finding(
      PrintWriter out,
      String name,
      List<OffsetRange> ranges,
      Map<Long, String> keys,
      String one,
      String many,
      String meaning) {
    if (ranges.isEmpty()) {
      return;
    }
    long count = OffsetRange.total(ranges);
    out.printf(
        Locale.ROOT,
        "      %-14s %,d %s%s: %s%n",
        name,
        count,
        count == 1 ? one : many,
        meaning.isEmpty() ? "" : " " + meaning,
        shown(ranges, keys));
  }

  /** Writes every partition's findings, with the verdict, as JSON. */
  public void writeJson(Path file) throws IOException {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("exact", exact());
    List<Map<String, Object>> list = new ArrayList<>();
    for (PartitionReport p : partitions) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("table", p.table());
      m.put("topic", p.topic());
      m.put("partition", p.partition());
      m.put("exact", p.exact());
      m.put("log_start", p.logStart());
      m.put("log_end", p.logEnd());
      m.put("ledger_next_offset", p.ledgerNext());
      m.put("rows", p.rows());
      m.put("settled", p.settled());
      m.put("dead_lettered", p.deadLettered());
      m.put("refused", p.refused());
      m.put("missing", ranges(p.missing()));
      m.put("duplicated", ranges(p.duplicated()));
      m.put("extra", ranges(p.extra()));
      m.put("changed", ranges(p.changed()));
      m.put("unresolved", ranges(p.unresolved()));
      m.put("beyond_ledger", ranges(p.beyondLedger()));
      m.put("unverifiable_rows", p.unverifiable());
      m.put("not_yet_loaded", p.notYetLoaded());
      Map<String, String> keys = new LinkedHashMap<>();
      p.keys().entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .forEach(e -> keys.put(Long.toString(e.getKey()), e.getValue()));
      m.put("keys", keys);
      m.put("statements", p.statements());
      list.add(m);
    }
    json.put("partitions", list);
    json.put("rows_without_offset", withoutOffset);
    List<Map<String, Object>> valueList = new ArrayList<>();
    for (ValueReport v : values) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("table", v.table());
      m.put("topic", v.topic());
      m.put("exact", v.exact());
      m.put("columns", v.columns());
      m.put("differing_rows", v.differing());
      m.put("rows_not_rebuilt", v.onlyInTable());
      m.put("rows_missing", v.onlyRebuilt());
      List<Map<String, Object>> ds = new ArrayList<>();
      for (ValueReport.Difference d : v.differences()) {
        Map<String, Object> dm = new LinkedHashMap<>();
        dm.put("row", d.row());
        dm.put("column", d.column());
        dm.put("in_table", d.inTable());
        dm.put("from_log", d.rebuilt());
        ds.add(dm);
      }
      m.put("differences", ds);
      valueList.add(m);
    }
    json.put("values", valueList);
    json.put("notes", notes);
    json.put("could_not_run", couldNotRun);
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), json);
  }

  private static List<Map<String, Long>> ranges(List<OffsetRange> ranges) {
    List<Map<String, Long>> list = new ArrayList<>();
    for (OffsetRange r : ranges) {
      Map<String, Long> m = new LinkedHashMap<>();
      m.put("first", r.first());
      m.put("last", r.last());
      m.put("count", r.count());
      list.add(m);
    }
    return list;
  }
}
