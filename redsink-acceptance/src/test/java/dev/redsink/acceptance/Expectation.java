package dev.redsink.acceptance;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.redsink.acceptance.Message.ChangeEvent;
import dev.redsink.acceptance.Message.HeaderValue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Computes the table a cell's input implies, the way a user would reason about it: every record a
 * row (append), the last record per key (upsert; a tombstone deletes with delete_on_tombstone), the
 * change events applied in order (cdc: hard deletes remove the row, soft ones keep its last values
 * flagged deleted), every change a version closed by its key's next change or delete (history),
 * after an earlier run's rows — or, for a replace, the last input alone.
 */
final class Expectation {
  static final String DELETED = "pico_deleted";
  static final String IS_ACTIVE = "_record_is_active";
  static final String CREATE_TIME = "_record_create_time";
  static final String DELETE_TIME = "_record_delete_time";

  private final Cell cell;
  private final WriteMode mode;
  private final Map<String, ColumnKind> columns = new LinkedHashMap<>();

  /** The active version of each key (history), to close at the key's next change. */
  private final Map<String, Map<String, String>> activeVersions = new HashMap<>();

  private Expectation(Cell cell, WriteMode mode) {
    this.cell = cell;
    this.mode = mode;
  }

  /** The table after the cell's whole lifecycle. */
  static ExpectedTable of(Cell cell, CellInput input) {
    return of(cell, earlierRun(cell, input), input.main());
  }

  /**
   * What a history table's {@code <table>_current} view shows after the cell's whole lifecycle: the
   * table write_mode = cdc with hard deletes would have made of the same change events.
   */
  static ExpectedTable current(Cell cell, CellInput input) {
    return new Expectation(cell, WriteMode.CDC_HARD).compute(earlierRun(cell, input), input.main());
  }

  /** What an earlier run loaded into the table: nothing for a replace, which replaces it. */
  private static List<Message> earlierRun(Cell cell, CellInput input) {
    return cell.runtime() == RuntimeKind.REPLACE ? List.of() : input.earlier();
  }

  /**
   * The records of the cell's topic that Kafka Connect's dead letter queue must hold, each as
   * {@code topic-partition@offset} (Connect's error headers name them so): the refused ones.
   */
  static Set<String> deadLetters(Cell cell, CellInput input) {
    Set<String> refused = new TreeSet<>();
    Map<Integer, Long> offsets = new HashMap<>();
    for (Message m : input.main()) {
      long offset = offsets.merge(m.partition(), 1L, Long::sum) - 1;
      if (m.isRefused()) {
        refused.add(cell.topic() + "-" + m.partition() + "@" + offset);
      }
    }
    return refused;
  }

  /** The table after loading {@code earlier} from the seed topic and then {@code main}. */
  static ExpectedTable of(Cell cell, List<Message> earlier, List<Message> main) {
    return new Expectation(cell, cell.mode()).compute(earlier, main);
  }

  private ExpectedTable compute(List<Message> earlier, List<Message> main) {
    columns.put("id", ColumnKind.TEXT);
    columns.put("pico_offset", ColumnKind.TEXT);
    columns.put("pico_timestamp", ColumnKind.TEXT);
    columns.put("pico_topic", ColumnKind.TEXT);
    columns.put("pico_partition", ColumnKind.NUMBER);
    columns.put(
        "pico_key",
        cell.layout().isTyped() && cell.runtime().fromKafka()
            ? ColumnKind.KEY_JSON
            : ColumnKind.KEY_BYTES);
    switch (cell.layout()) {
      case VARBYTE -> columns.put("payload", ColumnKind.BYTES);
      case TEXT -> columns.put("payload", ColumnKind.TEXT);
      case SUPER -> columns.put("payload", ColumnKind.JSON);
      case HEADERS -> {
        columns.put("payload", ColumnKind.TEXT);
        columns.put("pico_headers", ColumnKind.JSON);
      }
      default -> {}
    }
    if (mode == WriteMode.CDC_SOFT) {
      columns.put(DELETED, ColumnKind.BOOL);
    }
    if (mode == WriteMode.HISTORY) {
      columns.put(IS_ACTIVE, ColumnKind.BOOL);
      columns.put(CREATE_TIME, ColumnKind.TIMESTAMP);
      columns.put(DELETE_TIME, ColumnKind.TIMESTAMP);
    }
    if (cell.state() == TableState.DBA_TABLE) {
      columns.put(DbaTable.NULLABLE, ColumnKind.TEXT);
      columns.put(DbaTable.WITH_DEFAULT, ColumnKind.TEXT);
    }
    Map<String, Map<String, String>> table = new LinkedHashMap<>();
    int[] appended = {0};
    apply(cell.seedTopic(), earlier, table, appended);
    apply(cell.topic(), main, table, appended);
    List<Map<String, String>> rows = new ArrayList<>();
    for (Map<String, String> row : table.values()) {
      Map<String, String> full = new LinkedHashMap<>();
      columns.keySet().forEach(c -> full.put(c, row.get(c)));
      rows.add(full);
    }
    return new ExpectedTable(
        Collections.unmodifiableMap(new LinkedHashMap<>(columns)), match(), rows);
  }

  private List<String> match() {
    return switch (mode) {
      case APPEND, HISTORY -> List.of("id");
      case UPSERT_FIELDS -> List.of("region", "order_id");
      default -> List.of("order_id");
    };
  }

  private void apply(
      String topic, List<Message> messages, Map<String, Map<String, String>> table, int[] n) {
    Map<Integer, Long> offsets = new HashMap<>();
    for (Message m : messages) {
      long offset = offsets.merge(m.partition(), 1L, Long::sum) - 1;
      Map<String, String> meta = metadata(topic, m, offset);
      if (m.isRefused()) {
        continue; // in the dead letter queue (deadLetters), not the table
      }
      if (!cell.layout().isTyped()) {
        Map<String, String> row = new LinkedHashMap<>(meta);
        row.put("payload", columns.get("payload").canonical(m.value()));
        if (cell.layout() == Layout.HEADERS) {
          row.put("pico_headers", headers(m));
        }
        table.put("#" + n[0]++, withDba(row));
      } else if (mode == WriteMode.APPEND) {
        table.put("#" + n[0]++, withDba(typedRow(meta, m.row())));
      } else if (m.value() instanceof ChangeEvent event && mode == WriteMode.HISTORY) {
        version(table, meta, event, m.timestamp());
      } else if (m.value() instanceof ChangeEvent event) {
        change(table, meta, event);
      } else if (m.isTombstone()) {
        if (mode == WriteMode.DELETE_ON_TOMBSTONE) {
          table.remove(keyOf(m.keyFields()));
        }
      } else {
        table.put(keyOf(m.row()), withDba(typedRow(meta, m.row())));
      }
    }
  }

  /**
   * A change event in history mode: it closes its key's active version at the time the source
   * committed it (source.ts_ms, the message's timestamp), and unless it is a delete adds the key's
   * new active version, created then.
   */
  private void version(
      Map<String, Map<String, String>> table,
      Map<String, String> meta,
      ChangeEvent event,
      long committedAt) {
    String time = ColumnKind.TIMESTAMP.canonical(Instant.ofEpochMilli(committedAt));
    Map<String, Object> image = event.isDelete() ? event.before() : event.after();
    Map<String, String> closed = activeVersions.remove(keyOf(image));
    if (closed != null) {
      closed.put(IS_ACTIVE, "false");
      closed.put(DELETE_TIME, time);
    }
    if (event.isDelete()) {
      return;
    }
    Map<String, String> row = typedRow(meta, event.after());
    row.put(IS_ACTIVE, "true");
    row.put(CREATE_TIME, time);
    row.put(DELETE_TIME, null);
    table.put(meta.get("id"), withDba(row));
    activeVersions.put(keyOf(image), row);
  }

  private void change(
      Map<String, Map<String, String>> table, Map<String, String> meta, ChangeEvent event) {
    if (!event.isDelete()) {
      Map<String, String> row = typedRow(meta, event.after());
      if (mode == WriteMode.CDC_SOFT) {
        row.put(DELETED, "false");
      }
      table.put(keyOf(event.after()), withDba(row));
      return;
    }
    String key = keyOf(event.before());
    if (mode == WriteMode.CDC_HARD) {
      table.remove(key);
      return;
    }
    Map<String, String> row = table.get(key);
    row = row == null ? withDba(typedRow(meta, event.before())) : new LinkedHashMap<>(row);
    // Whether the flagged row names the delete or the last change depends on whether both were in
    // one load; the values and the flag do not.
    row.put("id", ExpectedTable.ANY);
    row.put("pico_offset", ExpectedTable.ANY);
    row.put("pico_timestamp", ExpectedTable.ANY);
    row.put(DELETED, "true");
    table.put(key, row);
  }

  private Map<String, String> metadata(String topic, Message m, long offset) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("id", topic + ":" + m.partition() + ":" + offset);
    meta.put("pico_offset", Long.toString(offset));
    meta.put(
        "pico_timestamp",
        cell.runtime().fromKafka() ? Long.toString(m.timestamp()) : ExpectedTable.ANY);
    meta.put("pico_topic", topic);
    meta.put("pico_partition", Integer.toString(m.partition()));
    meta.put("pico_key", key(m));
    return meta;
  }

  /**
   * The key column: the bytes produced, except that Kafka Connect's JsonConverter hands the plugin
   * a key it writes back as schemaless JSON (an envelope's schema is dropped).
   */
  private String key(Message m) {
    byte[] produced = Encoding.key(cell, m);
    if (produced == null) {
      return null;
    }
    if (cell.runtime().isConnect() && cell.layout().isTyped()) {
      ObjectNode fields = JsonNodeFactory.instance.objectNode();
      m.keyFields()
          .forEach(
              (k, v) -> {
                if (v instanceof Long l) {
                  fields.put(k, l);
                } else {
                  fields.put(k, String.valueOf(v));
                }
              });
      return ColumnKind.KEY_JSON.canonical(fields.toString().getBytes(StandardCharsets.UTF_8));
    }
    return columns.get("pico_key").canonical(produced);
  }

  private Map<String, String> typedRow(Map<String, String> meta, Map<String, Object> fields) {
    Map<String, String> row = new LinkedHashMap<>(meta);
    fields.forEach(
        (name, value) -> {
          ColumnKind kind = fieldKind(name);
          String column = column(meta, name);
          columns.putIfAbsent(column, kind);
          row.put(column, kind.canonical(value));
        });
    return row;
  }

  /**
   * The column a field lands in, as docs/table-layouts.md says: its name in lower case, with {@code
   * _value} after a name Redsink's own columns have.
   */
  private static String column(Map<String, String> meta, String field) {
    String folded = field.toLowerCase(Locale.ROOT);
    return meta.containsKey(folded) || folded.equals("created_at") ? folded + "_value" : folded;
  }

  private static ColumnKind fieldKind(String name) {
    return switch (name) {
      case "order_id", "qty", "amount" -> ColumnKind.NUMBER;
      case "active" -> ColumnKind.BOOL;
      case "placed_at" -> ColumnKind.TIMESTAMP;
      default -> ColumnKind.TEXT;
    };
  }

  private Map<String, String> withDba(Map<String, String> row) {
    if (cell.state() == TableState.DBA_TABLE) {
      row.put(DbaTable.NULLABLE, null);
      row.put(DbaTable.WITH_DEFAULT, DbaTable.DEFAULT_VALUE);
    }
    return row;
  }

  private String keyOf(Map<String, Object> fields) {
    return mode == WriteMode.UPSERT_FIELDS
        ? fields.get("region") + "|" + fields.get("order_id")
        : String.valueOf(fields.get("order_id"));
  }

  private static String headers(Message m) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    for (HeaderValue h : m.headers()) {
      if (h.value() == null) {
        o.putNull(h.name());
      } else {
        o.put(h.name(), h.value());
      }
    }
    return Canonical.json(o.toString());
  }
}
