package dev.redsink.acceptance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.acceptance.ChangeStreams.SourceColumn;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The versions {@code write_mode = "history"} must keep of a source table, as the source itself
 * records its changes: a trigger logs every row change (the row image, read back in the table's
 * present column types) and every truncate, with the transaction, whose commit time
 * (pg_xact_commit_timestamp) is what Debezium sends as a change's source.ts_ms, to the millisecond.
 * Rows a snapshot read were not changes Debezium saw: their version starts at the source.ts_ms of
 * the snapshot's event on the topic. Redsink's history table is read key by key and compared.
 */
final class SourceVersions {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Keys in numeric order when they are numbers. */
  private static final Comparator<String> KEYS =
      Comparator.<String, Boolean>comparing(k -> !k.matches("-?\\d{1,18}"))
          .thenComparing(
              k -> k.matches("-?\\d{1,18}") ? Long.parseLong(k) : 0L, Comparator.naturalOrder())
          .thenComparing(Comparator.naturalOrder());

  private final String table;
  private final String key;
  private final String log;

  /**
   * The versions of the source table {@code table}, whose primary key is the column {@code key}.
   */
  SourceVersions(String table, String key) {
    this.table = table;
    this.key = key;
    this.log = table + "_changes";
  }

  /** The statements that make the source log every change of the table, run before any change. */
  String[] install() {
    String function = log + "_log";
    return new String[] {
      "CREATE TABLE "
          + log
          + " (change_seq bigserial PRIMARY KEY, change_xid xid8 NOT NULL DEFAULT"
          + " pg_current_xact_id(), change_op char(1) NOT NULL, change_old text, change_new text,"
          + " change_image jsonb)",
      "CREATE FUNCTION "
          + function
          + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN\n"
          + " IF TG_OP = 'TRUNCATE' THEN\n"
          + "  INSERT INTO "
          + log
          + " (change_op) VALUES ('t');\n"
          + " ELSIF TG_OP = 'INSERT' THEN\n"
          + "  INSERT INTO "
          + log
          + " (change_op, change_new, change_image) VALUES ('i', NEW."
          + key
          + ", to_jsonb(NEW));\n"
          + " ELSIF TG_OP = 'UPDATE' THEN\n"
          + "  INSERT INTO "
          + log
          + " (change_op, change_old, change_new, change_image) VALUES ('u', OLD."
          + key
          + ", NEW."
          + key
          + ", to_jsonb(NEW));\n"
          + " ELSE\n"
          + "  INSERT INTO "
          + log
          + " (change_op, change_old) VALUES ('d', OLD."
          + key
          + ");\n"
          + " END IF;\n"
          + " RETURN NULL;\n"
          + "END $$",
      "CREATE TRIGGER "
          + function
          + " AFTER INSERT OR UPDATE OR DELETE ON "
          + table
          + " FOR EACH ROW EXECUTE FUNCTION "
          + function
          + "()",
      "CREATE TRIGGER "
          + function
          + "_truncate AFTER TRUNCATE ON "
          + table
          + " FOR EACH STATEMENT EXECUTE FUNCTION "
          + function
          + "()"
    };
  }

  /**
   * The number of the last change logged so far: a snapshot started now reads the ones up to it.
   */
  long lastChange(Connection source) throws SQLException {
    try (Statement st = source.createStatement();
        ResultSet rs = st.executeQuery("SELECT coalesce(max(change_seq), 0) FROM " + log)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** One version of a key: its column values, whether active, and when it was created and ended. */
  record Version(
      String key,
      Map<String, String> values,
      boolean active,
      LocalDateTime created,
      LocalDateTime deleted) {
    static final Comparator<Version> ORDER =
        Comparator.comparing(Version::created)
            .thenComparing(Version::deleted, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(v -> v.values().toString());

    @Override
    public String toString() {
      return created + " → " + (deleted == null ? "…" : deleted) + (active ? " active" : "");
    }
  }

  /**
   * What the change topic tells of the versions: the time of each snapshot row's version (its op r
   * event's source.ts_ms, by key), and the changes Debezium sent more than once (the same lsn, op
   * and key, as {@code op key at lsn}), after a restart of its connector: a history table versions
   * each copy.
   */
  record TopicEvents(Map<String, LocalDateTime> snapshotTimes, List<String> resent) {
    static TopicEvents of(Iterable<ConsumerRecord<byte[], byte[]>> topic, String key)
        throws IOException {
      Map<String, LocalDateTime> times = new TreeMap<>(KEYS);
      Set<String> seen = new TreeSet<>();
      Set<String> resent = new TreeSet<>();
      for (ConsumerRecord<byte[], byte[]> r : topic) {
        if (r.value() == null) {
          continue;
        }
        JsonNode payload =
            JSON.readTree(new String(r.value(), StandardCharsets.UTF_8)).path("payload");
        String op = payload.path("op").asText();
        JsonNode image = payload.path(op.equals("d") ? "before" : "after");
        if (op.equals("r")) {
          LocalDateTime at = millis(payload.path("source").path("ts_ms").asLong());
          times.put(image.path(key).asText(), at);
        } else if (!op.isEmpty()) {
          String change =
              op + " " + image.path(key).asText() + " at " + payload.path("source").path("lsn");
          if (!seen.add(change)) {
            resent.add(change);
          }
        }
      }
      return new TopicEvents(times, List.copyOf(resent));
    }
  }

  /**
   * The versions the source's changes make, by key, each in the order its key's versions have.
   *
   * @param snapshotThrough the last change made before the snapshot (it reads the rows they left)
   * @param snapshotTimes the time of each snapshot row's version
   * @param refused a SQL condition on a row image: true for the changes the sink refuses (to its
   *     dead letter queue), which make no version
   */
  Map<String, List<Version>> expected(
      Connection source,
      List<SourceColumn> columns,
      long snapshotThrough,
      Map<String, LocalDateTime> snapshotTimes,
      String refused)
      throws Exception {
    StringBuilder sql =
        new StringBuilder(
            "SELECT change_seq, change_op, change_old, change_new, coalesce("
                + refused
                + ", false) AS change_refused, (extract(epoch FROM"
                + " date_trunc('milliseconds', pg_xact_commit_timestamp(change_xid::xid))) * 1000)"
                + "::bigint AS change_at");
    for (SourceColumn c : columns) {
      sql.append(", ").append(c.sourceRead()).append(" AS ").append(c.name());
    }
    sql.append(" FROM ")
        .append(log)
        .append(" LEFT JOIN LATERAL jsonb_populate_record(NULL::")
        .append(table)
        .append(", change_image) AS ")
        .append(table)
        .append(" ON true ORDER BY change_seq");
    Map<String, List<Version>> versions = new TreeMap<>(KEYS);
    Map<String, Map<String, String>> snapshot = new TreeMap<>(KEYS);
    try (Statement st = source.createStatement();
        ResultSet rs = st.executeQuery(sql.toString())) {
      while (rs.next()) {
        String op = rs.getString("change_op");
        String oldKey = rs.getString("change_old");
        String newKey = rs.getString("change_new");
        Map<String, String> values = new TreeMap<>();
        for (SourceColumn c : columns) {
          values.put(c.name(), c.kind().read(rs, c.name()));
        }
        if (rs.getLong("change_seq") <= snapshotThrough) {
          // Before the snapshot: only the rows these changes leave are read, a version each.
          if (oldKey != null) {
            snapshot.remove(oldKey);
          }
          if (op.equals("t")) {
            snapshot.clear();
          } else if (newKey != null) {
            snapshot.put(newKey, values);
          }
          continue;
        }
        snapshotVersions(versions, snapshot, snapshotTimes);
        if (rs.getBoolean("change_refused")) {
          continue;
        }
        LocalDateTime at = millis(rs.getLong("change_at"));
        switch (op) {
          case "t" -> versions.values().forEach(list -> close(list, at));
          case "d" -> close(versions.get(oldKey), at);
          case "u" -> {
            close(versions.get(oldKey), at);
            open(versions, newKey, values, at);
          }
          default -> open(versions, newKey, values, at);
        }
      }
    }
    snapshotVersions(versions, snapshot, snapshotTimes);
    versions.values().forEach(list -> list.sort(Version.ORDER));
    return versions;
  }

  /** The versions of the rows the snapshot read, at their events' times; once. */
  private static void snapshotVersions(
      Map<String, List<Version>> versions,
      Map<String, Map<String, String>> snapshot,
      Map<String, LocalDateTime> snapshotTimes) {
    for (var row : snapshot.entrySet()) {
      LocalDateTime at = snapshotTimes.get(row.getKey());
      if (at == null) {
        throw new AssertionError("no snapshot event on the topic for key " + row.getKey());
      }
      open(versions, row.getKey(), row.getValue(), at);
    }
    snapshot.clear();
  }

  private static void open(
      Map<String, List<Version>> versions,
      String key,
      Map<String, String> values,
      LocalDateTime at) {
    List<Version> list = versions.computeIfAbsent(key, k -> new ArrayList<>());
    close(list, at);
    list.add(new Version(key, values, true, at, null));
  }

  private static void close(List<Version> list, LocalDateTime at) {
    if (list != null && !list.isEmpty() && list.get(list.size() - 1).active()) {
      Version last = list.get(list.size() - 1);
      list.set(list.size() - 1, new Version(last.key(), last.values(), false, last.created(), at));
    }
  }

  /** The versions a history table holds, by key, each key's in order of their times. */
  Map<String, List<Version>> actual(
      Connection warehouse, String historyTable, List<SourceColumn> columns) throws Exception {
    StringBuilder sql = new StringBuilder("SELECT ");
    for (SourceColumn c : columns) {
      sql.append('"').append(c.column()).append("\" AS ").append(c.name()).append(", ");
    }
    sql.append("_record_is_active AS change_active, _record_create_time AS change_created,")
        .append(" _record_delete_time AS change_deleted FROM ")
        .append(historyTable);
    Map<String, List<Version>> versions = new TreeMap<>(KEYS);
    try (Statement st = warehouse.createStatement();
        ResultSet rs = st.executeQuery(sql.toString())) {
      while (rs.next()) {
        Map<String, String> values = new TreeMap<>();
        for (SourceColumn c : columns) {
          values.put(c.name(), c.kind().read(rs, c.name()));
        }
        String k = String.valueOf(values.get(key));
        versions
            .computeIfAbsent(k, x -> new ArrayList<>())
            .add(
                new Version(
                    k,
                    values,
                    rs.getBoolean("change_active"),
                    local(rs.getTimestamp("change_created")),
                    local(rs.getTimestamp("change_deleted"))));
      }
    }
    versions.values().forEach(list -> list.sort(Version.ORDER));
    return versions;
  }

  /** The keys with an active version. */
  static Set<String> live(Map<String, List<Version>> versions) {
    Set<String> out = new TreeSet<>(KEYS);
    versions.forEach(
        (k, list) -> {
          if (list.stream().anyMatch(Version::active)) {
            out.add(k);
          }
        });
    return out;
  }

  /** The versions of these keys. */
  static Map<String, List<Version>> only(Map<String, List<Version>> versions, Set<String> keys) {
    Map<String, List<Version>> out = new TreeMap<>(KEYS);
    versions.forEach(
        (k, list) -> {
          if (keys.contains(k)) {
            out.put(k, list);
          }
        });
    return out;
  }

  /**
   * Per key, how its versions differ: the versions each side has (times and activity), and for
   * versions at the same times, the columns whose values differ ({@code column: source →
   * Redshift}). Empty when both are the same.
   */
  static Map<String, String> differences(
      Map<String, List<Version>> want, Map<String, List<Version>> have) {
    Map<String, String> out = new TreeMap<>(KEYS);
    Set<String> keys = new TreeSet<>(KEYS);
    keys.addAll(want.keySet());
    keys.addAll(have.keySet());
    for (String key : keys) {
      List<Version> w = want.getOrDefault(key, List.of());
      List<Version> h = have.getOrDefault(key, List.of());
      if (w.equals(h)) {
        continue;
      }
      StringBuilder d = new StringBuilder();
      if (!w.toString().equals(h.toString())) {
        d.append("versions ").append(w).append(" → ").append(h).append("; ");
      }
      for (int i = 0; i < Math.min(w.size(), h.size()); i++) {
        for (String column : w.get(i).values().keySet()) {
          String a = w.get(i).values().get(column);
          String b = h.get(i).values().get(column);
          if (!Objects.equals(a, b)) {
            d.append('#').append(i + 1).append(' ').append(column).append(": ");
            d.append(a).append(" → ").append(b).append("; ");
          }
        }
      }
      out.put(key, d.toString());
    }
    return out;
  }

  /** The versions as the rows of a markdown table of the named columns, with their times. */
  static String table(List<Version> versions, List<String> columns) {
    StringBuilder out = new StringBuilder("\n| ");
    columns.forEach(c -> out.append(c).append(" | "));
    out.append("_record_is_active | _record_create_time | _record_delete_time |\n|");
    out.append("---|".repeat(columns.size() + 3)).append('\n');
    for (Version v : versions) {
      out.append("| ");
      columns.forEach(c -> out.append(v.values().get(c)).append(" | "));
      out.append(v.active()).append(" | ").append(v.created()).append(" | ");
      out.append(v.deleted() == null ? "NULL" : v.deleted()).append(" |\n");
    }
    return out.toString();
  }

  private static LocalDateTime millis(long epochMillis) {
    return LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneOffset.UTC);
  }

  private static LocalDateTime local(Timestamp t) {
    return t == null ? null : t.toLocalDateTime();
  }
}
