package dev.redsink.cli.verify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.redsink.core.verify.OffsetRange;
import dev.redsink.core.verify.PartitionReport;
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

  /** True when every partition is exact and no table has rows without an offset. */
  public boolean exact() {
    return withoutOffset.isEmpty() && partitions.stream().allMatch(PartitionReport::exact);
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
                "  ✗ %s: %,d rows without a topic, partition or offset (not written by Redsink)%n",
                t,
                rows));
    notes.forEach(n -> out.println("Note: " + n));
    long exact = partitions.stream().filter(PartitionReport::exact).count();
    out.println(
        exact()
            ? String.format(
                Locale.ROOT,
                "Exact: every record the ledger covers is in the table once (%d partition%s).",
                partitions.size(),
                partitions.size() == 1 ? "" : "s")
            : String.format(
                Locale.ROOT,
                "Not exact: %d of %d partition%s differ from the log%s.",
                partitions.size() - exact,
                partitions.size(),
                partitions.size() == 1 ? "" : "s",
                withoutOffset.isEmpty() ? "" : ", and rows without an offset are in the table"));
    out.flush();
  }

  private static String headline(PartitionReport p) {
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "partition %d: %,d rows for offsets %,d–%,d (ledger next %,d)",
                p.partition(),
                p.rows(),
                p.logStart(),
                Math.max(p.logStart(), p.ledgerNext()) - 1,
                p.ledgerNext()));
    if (p.tombstones() > 0) {
      line.append(String.format(Locale.ROOT, ", %,d tombstones skipped", p.tombstones()));
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
    finding(out, "missing", p.missing(), "offset", "offsets", "in the log, not in the table");
    finding(out, "duplicated", p.duplicated(), "row too many", "rows too many", "");
    finding(
        out,
        "extra",
        p.extra(),
        "row",
        "rows",
        "of offsets whose record loads no row (tombstone, dead letter, not in the log)");
    finding(
        out,
        "beyond ledger",
        p.beyondLedger(),
        "row",
        "rows",
        "the ledger does not cover: no load wrote them");
  }

  private static void finding(
      PrintWriter out,
      String name,
      List<OffsetRange> ranges,
      String one,
      String many,
      String meaning) {
    if (ranges.isEmpty()) {
      return;
    }
    long count = OffsetRange.total(ranges);
    String shown =
        ranges.stream()
                .limit(SHOWN_RANGES)
                .map(OffsetRange::toString)
                .collect(Collectors.joining(", "))
            + (ranges.size() > SHOWN_RANGES ? ", … (" + ranges.size() + " ranges)" : "");
    out.printf(
        Locale.ROOT,
        "      %-14s %,d %s%s: %s%n",
        name,
        count,
        count == 1 ? one : many,
        meaning.isEmpty() ? "" : " " + meaning,
        shown);
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
      m.put("tombstones_skipped", p.tombstones());
      m.put("dead_lettered", p.deadLettered());
      m.put("missing", ranges(p.missing()));
      m.put("duplicated", ranges(p.duplicated()));
      m.put("extra", ranges(p.extra()));
      m.put("beyond_ledger", ranges(p.beyondLedger()));
      m.put("unverifiable_rows", p.unverifiable());
      m.put("not_yet_loaded", p.notYetLoaded());
      m.put("statements", p.statements());
      list.add(m);
    }
    json.put("partitions", list);
    json.put("rows_without_offset", withoutOffset);
    json.put("notes", notes);
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
