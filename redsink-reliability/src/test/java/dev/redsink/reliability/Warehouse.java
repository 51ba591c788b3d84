package dev.redsink.reliability;

import dev.redsink.core.record.TopicPartition;
import dev.redsink.core.sql.LedgerSql;
import dev.redsink.core.table.TableName;
import dev.redsink.emulator.RedshiftEmulator;
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

/**
 * The emulated cluster and bucket as a user would inspect them: sink configurations pointing at it,
 * table and ledger contents over JDBC, and staged objects left in S3.
 */
final class Warehouse {

  final RedshiftEmulator emulator;

  Warehouse(RedshiftEmulator emulator) {
    this.emulator = emulator;
  }

  /** A table name unique to one scenario. */
  static String uniqueTable(String stem) {
    return stem + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
  }

  String jdbcUrl() {
    return emulator.jdbcUrl() + "&user=" + emulator.user() + "&password=" + emulator.password();
  }

  /** A sink configuration for one table with its own S3 prefix and fast retries. */
  Map<String, Object> config(String table) {
    Map<String, Object> c = new HashMap<>();
    c.put("connection_string", jdbcUrl());
    c.put("target_table", table);
    c.put("aws_iam_role", emulator.iamRole());
    c.put("s3_bucket", emulator.bucket());
    c.put("s3_prefix", "reliability/" + table);
    c.put("aws_region", emulator.region());
    c.put("s3_endpoint", emulator.s3().endpoint().toString());
    c.put("aws_access_key_id", emulator.s3().accessKeyId());
    c.put("aws_secret_access_key", emulator.s3().secretAccessKey());
    c.put("batch_size", 5000);
    c.put("max_retries", 5);
    c.put("retry_delay", "20ms");
    return c;
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

  long number(String sql) throws SQLException {
    return Long.parseLong(rows(sql).get(0));
  }

  boolean tableExists(String table) throws SQLException {
    return number("SELECT count(*) FROM svv_columns WHERE table_name = " + literal(table)) > 0;
  }

  long count(String table) throws SQLException {
    return number("SELECT count(*) FROM " + quote(table));
  }

  long distinctIds(String table) throws SQLException {
    return number("SELECT count(DISTINCT id) FROM " + quote(table));
  }

  /** The ledger table of one target table (in the search path). */
  static String ledgerTable(String table) {
    return LedgerSql.ledgerOf(TableName.of(table)).name();
  }

  /** The ledger rows of one target table (none when its ledger does not exist yet). */
  Map<TopicPartition, Long> ledger(String table) throws SQLException {
    Map<TopicPartition, Long> out = new HashMap<>();
    String ledger = ledgerTable(table);
    if (!tableExists(ledger)) {
      return out;
    }
    for (String row :
        rows(
            "SELECT topic, partition, next_offset FROM "
                + quote(ledger)
                + " WHERE target_table = "
                + literal(TableName.fold(table)))) {
      String[] f = row.split("\\|");
      out.put(new TopicPartition(f[0], Integer.parseInt(f[1])), Long.parseLong(f[2]));
    }
    return out;
  }

  /** Keys left under a table's staging prefix. */
  List<String> stagedObjects(String table) {
    List<String> keys = new ArrayList<>();
    for (S3Object o :
        emulator
            .s3()
            .client()
            .listObjectsV2Paginator(
                b -> b.bucket(emulator.bucket()).prefix("reliability/" + table + "/"))
            .contents()) {
      keys.add(o.key());
    }
    return keys;
  }

  /** Every injected fault fired so far, SQL and S3 together. */
  int faultsFired() {
    return emulator.sqlFaults().fired() + emulator.s3Faults().firedFaults().size();
  }

  /** Faults armed but not fired yet, SQL and S3 together. */
  int faultsPending() {
    return emulator.sqlFaults().pending() + emulator.s3Faults().pending();
  }

  /** Disarms and forgets every fault. */
  void resetFaults() {
    emulator.sqlFaults().reset();
    emulator.s3Faults().reset();
  }

  static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
