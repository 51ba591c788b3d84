package dev.redsink.cli.ledger;

import dev.redsink.core.Ledgers;
import dev.redsink.core.record.LedgerEntry;
import dev.redsink.core.record.TopicPartition;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Ledger rows as a table on the terminal, with each log's end offset and the lag when known. */
public final class LedgerReport {
  private final PrintWriter out;

  public LedgerReport(PrintWriter out) {
    this.out = out;
  }

  /** Prints the rows; flags every partition whose log ends below the ledger. */
  public void print(
      String connectorFile, List<LedgerEntry> entries, Optional<Map<TopicPartition, Long>> ends) {
    List<String[]> rows = new ArrayList<>();
    List<String> header =
        new ArrayList<>(List.of("TABLE", "TOPIC", "PARTITION", "NEXT OFFSET", "UPDATED AT"));
    if (ends.isPresent()) {
      header.add("LOG END");
      header.add("LAG");
    }
    rows.add(header.toArray(String[]::new));
    List<LedgerEntry> behind = new ArrayList<>();
    boolean legacy = false;
    for (LedgerEntry e : entries) {
      List<String> row =
          new ArrayList<>(
              List.of(
                  e.table(),
                  e.topic(),
                  Integer.toString(e.partition()),
                  Long.toString(e.nextOffset()),
                  e.updatedAt().toString()));
      if (ends.isPresent()) {
        Long end = ends.get().get(e.topicPartition());
        row.add(end == null ? "-" : Long.toString(end));
        if (end == null) {
          row.add("-");
        } else if (end < e.nextOffset()) {
          row.add("LOG ENDS BELOW THE LEDGER");
          behind.add(e);
        } else {
          row.add(Long.toString(end - e.nextOffset()));
        }
      }
      legacy |= e.ledgerTable().equals(Ledgers.LEGACY_TABLE);
      rows.add(row.toArray(String[]::new));
    }
    printAligned(rows);
    if (legacy) {
      out.println(
          "Rows of "
              + Ledgers.LEGACY_TABLE
              + " (an earlier version's ledger) move to each table's own ledger when this version"
              + " first starts.");
    }
    for (LedgerEntry e : behind) {
      out.println(
          "Topic "
              + e.topic()
              + " partition "
              + e.partition()
              + ": its log ends below the ledger (deleted and recreated?); to load it as it is now,"
              + " stop the connector and run: redsink ledger reset "
              + connectorFile
              + " --topic "
              + e.topic()
              + " --partition "
              + e.partition()
              + " --to-earliest");
    }
  }

  private void printAligned(List<String[]> rows) {
    int[] widths = new int[rows.get(0).length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        line.append(i == 0 ? "" : "  ").append(String.format("%-" + widths[i] + "s", row[i]));
      }
      out.println(line.toString().stripTrailing());
    }
    out.flush();
  }
}
