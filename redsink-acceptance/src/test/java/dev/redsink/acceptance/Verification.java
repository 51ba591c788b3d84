package dev.redsink.acceptance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.testkit.JvmProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Each cell proves itself with the user's tool: {@code redsink verify} from the production jar,
 * once for a group of cells (one JVM, its sources all given), must find every cell's table exact
 * against its topic's log (Kafka, or the file {@code redsink load} read). A cell whose partitions
 * it reports otherwise, or does not report at all, fails with the findings.
 */
final class Verification {
  private static final Duration TIMEOUT = Duration.ofMinutes(10);

  private Verification() {}

  /**
   * Runs verify with these source arguments (connector files, --connect-config, --file) over the
   * cells that have not failed, and fails those it does not find exact.
   */
  static void run(List<CellRun> cells, String name, List<String> sources, String bootstrapServers)
      throws IOException, InterruptedException {
    List<CellRun> live = cells.stream().filter(c -> !c.failed()).toList();
    if (live.isEmpty()) {
      return;
    }
    Path dir = Files.createDirectories(Suite.work().resolve("verify"));
    Path json = dir.resolve(name + ".json");
    List<String> args = new ArrayList<>(List.of("verify"));
    args.addAll(sources);
    if (bootstrapServers != null) {
      args.addAll(List.of("--bootstrap-servers", bootstrapServers));
    }
    args.addAll(List.of("--json", json.toString()));
    try (JvmProcess p = Suite.redsink(dir, name, false, args, live.get(0).environment())) {
      int code = p.waitFor(TIMEOUT);
      live.forEach(
          c -> {
            c.log(p.stdoutFile());
            c.log(p.stderrFile());
          });
      if (code == 2 || !Files.exists(json)) {
        live.forEach(c -> c.fail("redsink verify could not run (exit " + code + ")"));
        return;
      }
    }
    JsonNode report = new ObjectMapper().readTree(json.toFile());
    for (CellRun c : live) {
      check(c, report);
    }
  }

  /**
   * The cell's partitions in the report: at least one, each exact; no row without an offset; the
   * records that load no row accounted for, each as what it is.
   */
  private static void check(CellRun c, JsonNode report) {
    Set<String> topics = Set.of(c.cell().topic(), c.cell().seedTopic());
    int audited = 0;
    long[] accounted = new long[3];
    for (JsonNode p : report.get("partitions")) {
      if (!topics.contains(p.get("topic").asText())) {
        continue;
      }
      audited++;
      if (!p.get("exact").asBoolean()) {
        c.fail("redsink verify finds " + p.get("topic").asText() + " not exact: " + p);
      }
      if (p.get("topic").asText().equals(c.cell().topic())) {
        accounted[0] += p.get("dead_lettered").asLong();
        accounted[1] += p.get("refused").asLong();
        accounted[2] += p.get("settled").asLong();
      }
    }
    checkAccounted(c, accounted[0], accounted[1], accounted[2]);
    if (audited == 0) {
      c.fail("redsink verify audited no partition of " + c.cell().topic());
    }
    for (var e : report.get("rows_without_offset").properties()) {
      if (e.getKey().endsWith(c.cell().table())) {
        c.fail("redsink verify finds rows without an offset in " + e.getKey());
      }
    }
    for (var e : report.get("could_not_run").properties()) {
      if (e.getKey().contains(c.cell().id())) {
        c.fail("redsink verify could not audit " + e.getKey() + ": " + e.getValue());
      }
    }
  }

  /**
   * Records of the cell's topic that load no row, as verify counts them: each refused record on
   * Kafka Connect's dead letter queue (or, for the other runtimes, counted refused or
   * dead-lettered), and each tombstone a change stream sends after a delete settled without a row.
   */
  private static void checkAccounted(CellRun c, long deadLettered, long refused, long settled) {
    List<Message> main = c.input().main();
    long refusedRecords = main.stream().filter(Message::isRefused).count();
    long skippedTombstones =
        c.cell().mode().takesChangeEvents()
            ? main.stream().filter(Message::isTombstone).count()
            : 0;
    // A history table's delete closes a version and adds none: its record carries no row.
    long historyDeletes =
        c.cell().mode() == WriteMode.HISTORY
            ? main.stream()
                .filter(m -> m.value() instanceof Message.ChangeEvent e && e.isDelete())
                .count()
            : 0;
    boolean connect =
        c.cell().runtime() == RuntimeKind.CONNECT || c.cell().runtime() == RuntimeKind.CONNECT_37;
    if (connect ? deadLettered != refusedRecords : deadLettered + refused != refusedRecords) {
      c.fail(
          "redsink verify counts "
              + deadLettered
              + " records on the dead letter queue and "
              + refused
              + " refused, for the input's "
              + refusedRecords
              + " refused records");
    }
    if (settled != skippedTombstones + historyDeletes) {
      c.fail(
          "redsink verify counts "
              + settled
              + " records settled without a row, for the input's "
              + skippedTombstones
              + " tombstones of a change stream and "
              + historyDeletes
              + " deletes closing a version");
    }
  }
}
