package dev.redsink.emulator.copy;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Reads Parquet files from S3 with DuckDB (an independent reader, as Redshift has its own), checks
 * them against the target columns like Redshift's COPY does, and streams the rows to PostgreSQL's
 * {@code COPY <table> (<cols>) FROM STDIN WITH } {@link #POSTGRES_COPY_OPTIONS}.
 */
public final class ParquetLoad {
  /** The options for the CSV form: {@link RowFormat#CSV}. */
  public static final String POSTGRES_COPY_OPTIONS = RowFormat.CSV.copyOptions();

  private final S3Client s3;
  private final String region;
  private final RowFormat format;
  private final ParquetDatabase database;

  /**
   * Reads files through {@code s3} and writes CSV; {@code region} is used in file names of error
   * messages.
   */
  public ParquetLoad(S3Client s3, String region) {
    this(s3, region, RowFormat.CSV);
  }

  /**
   * Reads files through {@code s3} and writes rows in {@code format}, with a DuckDB database of its
   * own for each load.
   */
  public ParquetLoad(S3Client s3, String region, RowFormat format) {
    this(s3, region, format, null);
  }

  /**
   * Reads files through {@code s3} and writes rows in {@code format}, on a connection to {@code
   * database} (the emulator's, shared by its COPYs), or on a database of its own when null.
   */
  public ParquetLoad(S3Client s3, String region, RowFormat format, ParquetDatabase database) {
    this.s3 = s3;
    this.region = region;
    this.format = format;
    this.database = database;
  }

  /** The WITH clause PostgreSQL's {@code COPY … FROM STDIN} needs for this load's rows. */
  public String postgresCopyOptions() {
    return format.copyOptions();
  }

  /**
   * Streams every row of {@code files}, mapped by position onto {@code columns}, to {@code out} in
   * this load's {@link RowFormat}, and returns the row count. On failure nothing more is written
   * and the caller must abort its PostgreSQL COPY (the load is atomic).
   *
   * @param queryId the COPY's query id, printed in Redshift's detail block
   * @throws CopyException with a {@link LoadError} for data errors, or for S3 failures
   */
  public long load(
      List<LoadFile> files,
      List<ColumnSpec> columns,
      CopyCommand copy,
      long queryId,
      OutputStream out) {
    RowOut rowOut = format.open(out, columns.size());
    long rows = 0;
    try (Connection db =
        database != null ? database.connect() : DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement st = db.createStatement()) {
        st.execute("SET TimeZone = 'UTC'");
      }
      for (LoadFile file : files) {
        Path local = download(file);
        try {
          rows += loadFile(db, local, file, columns, copy, rowOut);
        } catch (CopyException e) {
          throw e.loadError().map(error -> CopyException.loadFailed(error, queryId)).orElse(e);
        } finally {
          Files.deleteIfExists(local);
        }
      }
      rowOut.finish();
      return rows;
    } catch (SQLException e) {
      throw CopyException.refused("Cannot start the Parquet reader: " + e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write COPY rows: " + e.getMessage(), e);
    }
  }

  private Path download(LoadFile file) {
    try {
      Path local = Files.createTempFile("redsink-copy-", ".parquet");
      Files.delete(local); // the SDK refuses to overwrite
      s3.getObject(b -> b.bucket(file.bucket()).key(file.key()), ResponseTransformer.toFile(local));
      return local;
    } catch (SdkException e) {
      throw S3Failures.of("Cannot read " + file.url(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create a temporary file: " + e.getMessage(), e);
    }
  }

  private long loadFile(
      Connection db,
      Path local,
      LoadFile file,
      List<ColumnSpec> columns,
      CopyCommand copy,
      RowOut out)
      throws IOException {
    String fileUrl = file.httpsUrl(region);
    String literal = "'" + local.toString().replace("'", "''") + "'";
    try {
      List<FileColumn> fileColumns = FileColumn.read(db, literal);
      if (fileColumns.size() != columns.size()) {
        throw CopyException.loadFailed(
            new LoadError(
                LoadError.INCOMPATIBLE_SCHEMA,
                fileUrl,
                "",
                "",
                "",
                "Unmatched number of columns between table and file. Table columns: "
                    + columns.size()
                    + ", Data columns: "
                    + fileColumns.size()
                    + ", File name: "
                    + fileUrl),
            0);
      }
      List<ColumnPlan> plans = new ArrayList<>(columns.size());
      for (int i = 0; i < columns.size(); i++) {
        plans.add(ColumnPlan.of(fileColumns.get(i), columns.get(i), copy, fileUrl, format));
      }
      RowWriter writer = new RowWriter(plans, copy.invalidCharReplacement(), fileUrl);
      StringBuilder select = new StringBuilder("SELECT ");
      for (int i = 0; i < plans.size(); i++) {
        select.append(i == 0 ? "" : ", ").append(plans.get(i).expression());
      }
      select.append(" FROM read_parquet(").append(literal).append(")");
      long rows = 0;
      try (Statement st = db.createStatement();
          ResultSet rs = st.executeQuery(select.toString())) {
        while (rs.next()) {
          writer.write(rs, out);
          rows++;
        }
      }
      return rows;
    } catch (SQLException e) {
      throw readFailure(e, fileUrl);
    }
  }

  private static CopyException readFailure(SQLException e, String fileUrl) {
    String message = String.valueOf(e.getMessage());
    boolean utf8 = message.contains("UTF8") || message.contains("UTF-8");
    return CopyException.loadFailed(
        new LoadError(
            utf8 ? LoadError.INVALID_UTF8 : LoadError.INCOMPATIBLE_SCHEMA,
            fileUrl,
            "",
            "",
            "",
            (utf8 ? "Invalid UTF-8 in a Parquet string column of file '" : "Cannot read file '")
                + fileUrl
                + "': "
                + message.lines().findFirst().orElse("")),
        0);
  }
}
