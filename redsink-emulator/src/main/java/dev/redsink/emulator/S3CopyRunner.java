package dev.redsink.emulator;

import dev.redsink.emulator.copy.ColumnMapping;
import dev.redsink.emulator.copy.ColumnSpec;
import dev.redsink.emulator.copy.CopyCommand;
import dev.redsink.emulator.copy.CopyException;
import dev.redsink.emulator.copy.IamRoles;
import dev.redsink.emulator.copy.LoadError;
import dev.redsink.emulator.copy.LoadFile;
import dev.redsink.emulator.copy.LoadFiles;
import dev.redsink.emulator.copy.ParquetDatabase;
import dev.redsink.emulator.copy.ParquetLoad;
import dev.redsink.emulator.copy.RowFormat;
import dev.redsink.emulator.copy.TableColumn;
import dev.redsink.emulator.pg.AdminSession;
import dev.redsink.emulator.s3.LocalS3;
import dev.redsink.emulator.wire.BackendSession;
import dev.redsink.emulator.wire.CopyRunner;
import dev.redsink.emulator.wire.ErrorFields;
import dev.redsink.emulator.wire.QueryResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs Redshift's {@code COPY … FROM 's3://…' FORMAT AS PARQUET} in the client's session: checks
 * the role, resolves the files, reads them with DuckDB and streams the rows into PostgreSQL's own
 * COPY on the same session, so the load is atomic and part of the client's transaction.
 */
final class S3CopyRunner implements CopyRunner {

  private static final Logger LOG = LoggerFactory.getLogger(S3CopyRunner.class);
  private static final int PIPE_BUFFER = 1 << 20;

  private final LocalS3 s3;
  private final Supplier<IamRoles> roles;
  private final AdminSession admin;
  private final ParquetDatabase parquet;
  private final AtomicLong queryIds = new AtomicLong(1000);

  S3CopyRunner(LocalS3 s3, Supplier<IamRoles> roles, AdminSession admin, ParquetDatabase parquet) {
    this.s3 = s3;
    this.roles = roles;
    this.admin = admin;
    this.parquet = parquet;
  }

  @Override
  public Loaded run(String sql, BackendSession session) throws CopyFailure, IOException {
    CopyCommand copy;
    List<LoadFile> files;
    try {
      copy = CopyCommand.parse(sql);
      roles.get().assume(copy.role(), session.user());
      files = LoadFiles.resolve(s3.client(), copy);
    } catch (CopyException e) {
      throw fail(session, e.sqlState(), e.getMessage(), e.detail());
    }
    List<ColumnSpec> columns = columns(session, copy);
    long queryId = queryIds.incrementAndGet();
    setCopyCounters(session, queryId, 0);
    String target = copy.table() + " (" + quotedNames(columns) + ")";
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    PipedInputStream in = new PipedInputStream(PIPE_BUFFER);
    PipedOutputStream out = new PipedOutputStream(in);
    ParquetLoad load =
        new ParquetLoad(
            s3.client(), s3.region(), RowFormat.choose(columns, clientEncoding(session)), parquet);
    AtomicLong produced = new AtomicLong();
    Thread producer =
        new Thread(
            () -> {
              try (out) {
                produced.set(load.load(files, columns, copy, queryId, out));
              } catch (RuntimeException e) {
                failure.set(e);
              } catch (IOException e) {
                LOG.debug("COPY reader stopped: {}", e.toString());
              }
            },
            "redsink-emulator-copy-" + queryId);
    producer.setDaemon(true);
    producer.start();
    QueryResult result;
    try {
      result =
          session.copyIn(
              "COPY " + target + " FROM STDIN WITH " + load.postgresCopyOptions(),
              new FailingAtEnd(in, failure, producer));
    } finally {
      in.close();
      join(producer);
    }
    if (failure.get() instanceof CopyException e) {
      e.loadError().ifPresent(error -> record(error, copy, queryId, session));
      throw new CopyFailure(
          ErrorFields.error(e.sqlState(), e.getMessage())
              .withDetail(e.detail().isEmpty() ? null : e.detail()));
    }
    if (failure.get() != null) {
      throw new CopyFailure(
          ErrorFields.error("XX000", "COPY failed: " + failure.get().getMessage()));
    }
    if (result.failed()) {
      throw new CopyFailure(result.error());
    }
    long rows = result.lastCount();
    setCopyCounters(session, queryId, rows);
    return new Loaded(rows, files.stream().mapToLong(LoadFile::size).sum());
  }

  private static CopyFailure fail(
      BackendSession session, String state, String message, String detail) throws IOException {
    QueryResult r =
        session.raise(state, message, detail == null || detail.isEmpty() ? null : detail);
    return new CopyFailure(r.error());
  }

  /**
   * The target columns with Redshift's type names, in the order of the file's columns: see {@link
   * ColumnMapping}.
   */
  private static List<ColumnSpec> columns(BackendSession session, CopyCommand copy)
      throws IOException, CopyFailure {
    QueryResult r =
        session.query(
            "SELECT a.attname || chr(9) || pg_catalog.redshift_type(a.atttypid, a.atttypmod)"
                + " || chr(9) || a.attidentity::text"
                + " || chr(9) || (a.attnotnull AND NOT a.atthasdef AND a.attidentity = '')::text"
                + " FROM pg_catalog.pg_attribute a WHERE a.attrelid = "
                + literal(copy.table())
                + "::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum");
    if (r.failed()) {
      throw new CopyFailure(r.error());
    }
    List<TableColumn> table = new ArrayList<>();
    for (String row : r.firstColumn()) {
      String[] parts = row.split("\t", 4);
      table.add(
          new TableColumn(
              parts[0], parts[1], TableColumn.Identity.of(parts[2]), "true".equals(parts[3])));
    }
    try {
      return ColumnMapping.choose(table, copy.table(), copy);
    } catch (CopyException e) {
      throw fail(session, e.sqlState(), e.getMessage(), e.detail());
    }
  }

  /** The session's client_encoding, which PostgreSQL applies to binary COPY's text fields. */
  private static String clientEncoding(BackendSession session) throws IOException {
    QueryResult r = session.query("SELECT pg_catalog.current_setting('client_encoding')");
    return r.failed() || r.firstColumn().isEmpty() ? "" : r.firstColumn().get(0);
  }

  private static String quotedNames(List<ColumnSpec> columns) {
    List<String> names = new ArrayList<>();
    for (ColumnSpec c : columns) {
      names.add("\"" + c.name().replace("\"", "\"\"") + "\"");
    }
    return String.join(", ", names);
  }

  private static void setCopyCounters(BackendSession session, long queryId, long rows)
      throws IOException {
    session.query(
        "SELECT set_config('redsink.last_copy_id', '"
            + queryId
            + "', false), set_config('redsink.last_copy_count', '"
            + rows
            + "', false)");
  }

  private void record(LoadError error, CopyCommand copy, long queryId, BackendSession session) {
    try {
      admin.execute(
          "INSERT INTO redsink_emulator.load_errors (userid, slice, tbl, starttime, session, query,"
              + " filename, line_number, colname, type, col_length, position, raw_line,"
              + " raw_field_value, err_code, err_reason, is_partial, start_offset, transaction_id,"
              + " error_message) VALUES (1, 0, (SELECT CASE WHEN to_regclass(?) IS NULL THEN 0"
              + " ELSE to_regclass(?)::oid::int END), (now() AT TIME ZONE 'UTC'), ?, ?, ?, 1, ?, ?,"
              + " '', 0, '', ?, ?, ?, 0, 0, 0, ?)",
          copy.table(),
          copy.table(),
          session.sessionId(),
          (int) queryId,
          error.fileName(),
          error.columnName(),
          shortType(error.columnType()),
          error.rawFieldValue(),
          error.code(),
          truncate(error.reason(), 100),
          error.reason());
    } catch (SQLException e) {
      LOG.warn("Cannot record a load error in stl_load_errors: {}", e.getMessage());
    }
  }

  private static String shortType(String type) {
    return truncate(type == null ? "" : type, 10);
  }

  private static String truncate(String s, int max) {
    return s == null ? "" : s.length() <= max ? s : s.substring(0, max);
  }

  private static String literal(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  private static void join(Thread t) {
    try {
      t.join(30_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The rows stream; at its end it waits for the reader and, when the reader failed, throws instead
   * of ending so the PostgreSQL COPY is abandoned rather than committed half-loaded.
   */
  private static final class FailingAtEnd extends InputStream {
    private final InputStream in;
    private final AtomicReference<RuntimeException> failure;
    private final Thread producer;

    FailingAtEnd(InputStream in, AtomicReference<RuntimeException> failure, Thread producer) {
      this.in = in;
      this.failure = failure;
      this.producer = producer;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n;
      try {
        n = in.read(b, off, len);
      } catch (IOException e) {
        n = -1;
      }
      if (n < 0) {
        join(producer);
        if (failure.get() != null) {
          throw new CopyRunner.AbandonCopy(String.valueOf(failure.get().getMessage()));
        }
      }
      return n;
    }
  }
}
