package dev.redsink.core.it;

import dev.redsink.core.record.Record;
import dev.redsink.emulator.RedshiftEmulator;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.s3.model.S3Object;

/** A sink configuration pointing at the emulator, with a fresh prefix, and JDBC checks. */
final class SinkFixture {

  final RedshiftEmulator emulator;
  final String prefix = "it/" + UUID.randomUUID();

  SinkFixture(RedshiftEmulator emulator) {
    this.emulator = emulator;
  }

  String jdbcUrl() {
    return emulator.jdbcUrl() + "&user=" + emulator.user() + "&password=" + emulator.password();
  }

  Map<String, Object> config(String targetTable) {
    Map<String, Object> c = new HashMap<>();
    c.put("connection_string", jdbcUrl());
    c.put("target_table", targetTable);
    c.put("aws_iam_role", emulator.iamRole());
    c.put("s3_bucket", emulator.bucket());
    c.put("s3_prefix", prefix);
    c.put("aws_region", emulator.region());
    c.put("s3_endpoint", emulator.s3().endpoint().toString());
    c.put("aws_access_key_id", emulator.s3().accessKeyId());
    c.put("aws_secret_access_key", emulator.s3().secretAccessKey());
    c.put("retry_delay", "10ms");
    return c;
  }

  static List<Record> records(String topic, int partition, long from, int count) {
    List<Record> out = new ArrayList<>(count);
    for (long o = from; o < from + count; o++) {
      byte[] value = ("{\"n\":" + o + "}").getBytes(StandardCharsets.UTF_8);
      byte[] key = ("k" + o).getBytes(StandardCharsets.UTF_8);
      out.add(new Record(topic, partition, o, 1_700_000_000_000L + o, key, List.of(), value));
    }
    return out;
  }

  Connection connect() throws SQLException {
    return DriverManager.getConnection(emulator.jdbcUrl(), emulator.user(), emulator.password());
  }

  List<String> rows(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          sb.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  String value(String sql) throws SQLException {
    List<String> rows = rows(sql);
    return rows.isEmpty() ? null : rows.get(0);
  }

  void exec(String... sql) throws SQLException {
    try (Connection c = connect();
        Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  /** Objects left under this fixture's prefix. */
  List<String> stagedObjects() {
    List<String> keys = new ArrayList<>();
    for (S3Object o :
        emulator
            .s3()
            .client()
            .listObjectsV2Paginator(b -> b.bucket(emulator.bucket()).prefix(prefix))
            .contents()) {
      keys.add(o.key());
    }
    return keys;
  }

  /** Every id in a table, checking each appears exactly once. */
  long distinctIds(String table) throws SQLException {
    return Long.parseLong(value("SELECT count(DISTINCT id) FROM " + table));
  }

  long count(String table) throws SQLException {
    return Long.parseLong(value("SELECT count(*) FROM " + table));
  }
}
