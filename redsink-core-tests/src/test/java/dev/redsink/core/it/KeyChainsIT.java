package dev.redsink.core.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.ReplaceRun;
import dev.redsink.core.record.Header;
import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.Warehouse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Keys changed more than once (1 → 2 → 3, 4 → 5 → 6 → 7) and two keys swapped through a temporary
 * key (10 → 12, 11 → 10, 12 → 11), as Debezium sends them with the source's REPLICA IDENTITY
 * DEFAULT: each change a delete of the old key (the new key in a header), its tombstone and a
 * create of the new key with the placeholder for the unchanged TOASTed note. Kafka puts each event
 * in its key's partition, so a load may hold any prefix of each partition: however the loads cut
 * the stream, every row ends with its own note, never NULL and never another row's.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class KeyChainsIT {
  private static final String TOPIC = "db.public.accounts";
  private static final int PARTITIONS = 3;
  private static final String UNSENT = "__debezium_unavailable_value";

  /** The source table's rows at the end, as {@code id|note}. */
  private static final List<String> FINAL = List.of("3|one", "7|four", "10|eleven", "11|ten");

  private SinkFixture fx;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    fx = new SinkFixture(emulator);
  }

  /** The change stream, per partition in offset order. */
  private static List<List<Record>> stream() {
    Stream s = new Stream();
    for (int id : new int[] {1, 4, 10, 11}) {
      s.create(id, 100, nameOf(id));
    }
    s.move(1, 2, 200);
    s.move(2, 3, 300);
    s.move(4, 5, 400);
    s.move(5, 6, 500);
    s.move(6, 7, 600);
    // One transaction: UPDATE … SET id = 12 WHERE id = 10; … id = 10 WHERE id = 11; … 11 … 12.
    s.move(10, 12, 700);
    s.move(11, 10, 800);
    s.move(12, 11, 900);
    return s.partitions;
  }

  private static String nameOf(int id) {
    return switch (id) {
      case 1 -> "one";
      case 4 -> "four";
      case 10 -> "ten";
      default -> "eleven";
    };
  }

  /** The rows are in the table from an earlier load; every key change comes in one load. */
  @Test
  void everyChangeInOneLoad() throws Exception {
    List<Record> snapshot = new ArrayList<>();
    List<Record> changes = new ArrayList<>();
    for (Record r : all()) {
      (r.timestamp() == 100 ? snapshot : changes).add(r);
    }
    assertThat(load(List.of(snapshot, changes), "hard")).containsExactlyElementsOf(FINAL);
    assertThat(load(List.of(snapshot, changes), "soft")).containsExactlyElementsOf(FINAL);
  }

  /**
   * The first move's delete loads alone (its row waits in the moved-rows table), then the create of
   * 2, the delete of 2 and the create of 3 in one load: 3 takes the waiting row.
   */
  @Test
  void theFirstDeleteAloneThenTheRestOfTheChain() throws Exception {
    List<Record> snapshot = new ArrayList<>();
    List<Record> deleteOfOne = new ArrayList<>();
    List<Record> rest = new ArrayList<>();
    for (Record r : all()) {
      boolean ofOne = new String(r.key(), UTF_8).equals("{\"id\":1}");
      (r.timestamp() == 100 ? snapshot : ofOne ? deleteOfOne : rest).add(r);
    }
    assertThat(load(List.of(snapshot, deleteOfOne, rest), "hard")).containsExactlyElementsOf(FINAL);
  }

  @Test
  void everyEventInALoadOfItsOwnInSourceOrder() throws Exception {
    List<List<Record>> loads = new ArrayList<>();
    for (Record r : bySourceOrder()) {
      loads.add(List.of(r));
    }
    assertThat(load(loads, "hard")).containsExactlyElementsOf(FINAL);
  }

  /**
   * Each hop's create loads before its delete (the create's partition ahead), one event a load: the
   * create takes the old key's row from the table, and the delete then keeps nothing.
   */
  @Test
  void eachCreateLoadsBeforeItsDelete() throws Exception {
    List<Record> order = bySourceOrder();
    List<List<Record>> loads = new ArrayList<>();
    for (int i = 0; i < order.size(); i++) {
      Record r = order.get(i);
      boolean delete =
          i + 2 < order.size()
              && new String(r.value() == null ? new byte[0] : r.value(), UTF_8)
                  .contains("\"op\":\"d\"");
      if (delete) {
        // delete, tombstone, create → create, delete, tombstone
        loads.add(List.of(order.get(i + 2)));
        loads.add(List.of(r));
        loads.add(List.of(order.get(i + 1)));
        i += 2;
      } else {
        loads.add(List.of(r));
      }
    }
    assertThat(load(loads, "hard")).containsExactlyElementsOf(FINAL);
    assertThat(load(loads, "soft")).containsExactlyElementsOf(FINAL);
  }

  /**
   * Loads that each take a random prefix of what remains of each partition, as a connector's tasks
   * and polls cut a topic: a later key change's create may load before an earlier one's, and a
   * create before its delete or after it.
   */
  @Test
  void randomCutsOfThePartitions() throws Exception {
    long seed = Long.getLong("keychains.seed", System.nanoTime());
    Random random = new Random(seed);
    for (int run = 0; run < Integer.getInteger("keychains.runs", 8); run++) {
      List<List<Record>> loads = randomCuts(random);
      assertThat(load(loads, "hard"))
          .as("seed %d (-Dkeychains.seed), run %d, loads %s", seed, run, ids(loads))
          .containsExactlyElementsOf(FINAL);
    }
  }

  /**
   * A chain 4 → 5 → 6 → 7 whose creates of 5 and 6 load before the row of 4 exists, and the delete
   * of 4 after the delete of 6: 7, created last, takes 4's note through both moves. (The load of
   * 6's create and delete stages a moved row and a delete of 6, both continuing 5's kept row: what
   * 5's row awaited must follow the moved row to 7, not be forgotten with the delete.)
   */
  @Test
  void aChainWhoseMovesLoadBeforeItsFirstRow() throws Exception {
    List<List<Record>> p = stream();
    Record c4 = p.get(1).get(1);
    Record d4 = p.get(1).get(5);
    Record c7 = p.get(1).get(7);
    Record c5 = p.get(2).get(4);
    Record d5 = p.get(2).get(5);
    Record c6 = p.get(0).get(1);
    Record d6 = p.get(0).get(2);
    List<List<Record>> loads =
        List.of(List.of(c5, d5), List.of(c6, d6, c4), List.of(d4), List.of(c7));
    assertThat(load(loads, "hard")).containsExactly("7|four");
  }

  private static List<List<Record>> randomCuts(Random random) {
    List<List<Record>> partitions = stream();
    int[] next = new int[PARTITIONS];
    List<List<Record>> loads = new ArrayList<>();
    boolean left = true;
    while (left) {
      List<Record> load = new ArrayList<>();
      left = false;
      for (int p = 0; p < PARTITIONS; p++) {
        int remaining = partitions.get(p).size() - next[p];
        int take = remaining == 0 ? 0 : random.nextInt(Math.min(remaining, 4) + 1);
        load.addAll(partitions.get(p).subList(next[p], next[p] + take));
        next[p] += take;
        left |= next[p] < partitions.get(p).size();
      }
      loads.add(load);
    }
    return loads;
  }

  private static List<List<String>> ids(List<List<Record>> loads) {
    return loads.stream().map(l -> l.stream().map(Record::id).toList()).toList();
  }

  /**
   * A replace whose run loads a create before its delete hands the note to the table with its rows:
   * the delete, loaded into the table after the replace, gives the create's row its value.
   */
  @Test
  void aReplaceHandsWhatItsCreatesAwaitToTheTable() throws Exception {
    String table = Warehouse.uniqueTable("chain");
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    config.put("write_mode", "cdc");
    List<List<Record>> p = stream();
    List<Record> snapshot = new ArrayList<>(p.get(1).subList(0, 3));
    snapshot.add(p.get(2).get(0));
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      try (ReplaceRun run = sink.replace(TOPIC)) {
        run.write(snapshot);
        // The create of 2 (from 1) loads first; its delete is in another partition.
        run.write(List.of(p.get(2).get(1)));
        run.commit();
      }
      assertThat(fx.rows("SELECT COUNT(*) FROM _redsink_awaited_" + table)).containsExactly("2");
      sink.write(p.get(1).subList(3, 5));
    }
    assertThat(
            fx.rows("SELECT id_value, COALESCE(note, 'NULL') FROM " + table + " ORDER BY id_value"))
        .containsExactly("2|one", "4|four", "10|ten", "11|eleven");
    assertThat(
            fx.rows(
                "SELECT COUNT(*) FROM pg_tables WHERE tablename IN ('_redsink_awaited_"
                    + table
                    + "', '_redsink_moved_"
                    + table
                    + "')"))
        .containsExactly("0");
  }

  /** Loads {@code loads} into a new table, twice (a replay), and returns its live rows. */
  private List<String> load(List<List<Record>> loads, String deleteMode) throws Exception {
    String table = Warehouse.uniqueTable("chain");
    Map<String, Object> config = fx.config(table);
    config.put("table_layout", "typed");
    config.put("write_mode", "cdc");
    config.put("cdc_delete_mode", deleteMode);
    for (int replay = 0; replay < 2; replay++) {
      try (RedshiftSink sink = RedshiftSink.open(config)) {
        for (List<Record> load : loads) {
          if (!load.isEmpty()) {
            sink.write(load);
          }
        }
      }
    }
    List<String> rows = new ArrayList<>();
    if (!fx.rows("SELECT COUNT(*) FROM pg_tables WHERE tablename = '_redsink_moved_" + table + "'")
        .equals(List.of("0"))) {
      // A row waiting for a create that loaded: shown beside the table's rows.
      for (String kept :
          fx.rows("SELECT id_value, note, redsink_next_key_1 FROM _redsink_moved_" + table)) {
        rows.add("kept " + kept);
      }
    }
    if (!fx.rows(
            "SELECT COUNT(*) FROM pg_tables WHERE tablename = '_redsink_awaited_" + table + "'")
        .equals(List.of("0"))) {
      rows.add("awaiting " + fx.rows("SELECT * FROM _redsink_awaited_" + table));
    }
    String live = deleteMode.equals("soft") ? " WHERE pico_deleted IS NOT TRUE" : "";
    rows.addAll(
        fx.rows(
            "SELECT id_value, COALESCE(note, 'NULL') FROM " + table + live + " ORDER BY id_value"));
    return rows;
  }

  private static List<Record> all() {
    List<Record> out = new ArrayList<>();
    stream().forEach(out::addAll);
    return out;
  }

  /** Every event, in the order the source wrote them. */
  private static List<Record> bySourceOrder() {
    List<Record> out = new ArrayList<>(all());
    out.sort(
        (a, b) ->
            a.timestamp() != b.timestamp()
                ? Long.compare(a.timestamp(), b.timestamp())
                : Long.compare(sequence(a), sequence(b)));
    return out;
  }

  private static long sequence(Record r) {
    return Long.parseLong(new String(r.headers().get(r.headers().size() - 1).value(), UTF_8));
  }

  /**
   * Builds the partitions of a change stream: each event in its key's partition, at the next
   * offset, its record timestamp the change's position (lsn) and its last header a sequence number
   * in source order.
   */
  private static final class Stream {
    final List<List<Record>> partitions = new ArrayList<>();
    private int sequence;

    Stream() {
      for (int p = 0; p < PARTITIONS; p++) {
        partitions.add(new ArrayList<>());
      }
    }

    void create(int id, long lsn, String note) {
      add(id, lsn, "c", "null", row(id, "\"" + note + "\""), List.of());
    }

    /** A primary-key change from {@code from} to {@code to}: delete, tombstone, create. */
    void move(int from, int to, long lsn) {
      add(
          from,
          lsn,
          "d",
          row(from, "null"),
          "null",
          List.of(new Header("__debezium.newkey", key(to).getBytes(UTF_8))));
      add(from, lsn, null, null, null, List.of());
      add(
          to,
          lsn,
          "c",
          "null",
          row(to, "\"" + UNSENT + "\""),
          List.of(new Header("__debezium.oldkey", key(from).getBytes(UTF_8))));
    }

    private void add(
        int id, long lsn, String op, String before, String after, List<Header> headers) {
      List<Record> partition = partitions.get(id % PARTITIONS);
      List<Header> all = new ArrayList<>(headers);
      all.add(new Header("sequence", Integer.toString(sequence++).getBytes(UTF_8)));
      String value =
          op == null
              ? null
              : "{\"before\":"
                  + before
                  + ",\"after\":"
                  + after
                  + ",\"source\":{\"lsn\":"
                  + lsn
                  + "},\"op\":\""
                  + op
                  + "\"}";
      partition.add(
          new Record(
              TOPIC,
              id % PARTITIONS,
              partition.size(),
              lsn,
              key(id).getBytes(UTF_8),
              all,
              value == null ? null : value.getBytes(UTF_8)));
    }

    private static String key(int id) {
      return "{\"id\":" + id + "}";
    }

    private static String row(int id, String note) {
      return "{\"id\":" + id + ",\"note\":" + note + "}";
    }
  }
}
