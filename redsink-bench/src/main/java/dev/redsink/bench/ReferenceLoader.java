package dev.redsink.bench;

import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TableSql;
import dev.redsink.core.table.Column;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableKeys;
import dev.redsink.core.table.TableName;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The reference design's load, simulated to count what it costs Redshift: per chunk one Parquet
 * file, then in autocommit mode COPY into one shared staging table, INSERT … SELECT with ROW_NUMBER
 * and NOT EXISTS dedup on id, TRUNCATE (which commits on Redshift). Its SQL is written here, not by
 * core.sql, because it is another design's; REGION is left out because the emulator, like Redshift,
 * refuses it on Parquet COPY.
 */
final class ReferenceLoader {
  private final Connection connection;
  private final S3Client s3;
  private final Endpoint endpoint;
  private final String target;
  private final String staging;
  private final RowLayout layout = EncodeInput.layout();
  private final ParquetFileWriter writer = new ParquetFileWriter(layout);
  private final String insert;

  ReferenceLoader(Connection connection, S3Client s3, Endpoint endpoint, String target) {
    this.connection = connection;
    this.s3 = s3;
    this.endpoint = endpoint;
    this.target = target;
    this.staging = "staging_" + target;
    String columns = layout.columns().stream().map(Column::name).collect(Collectors.joining(", "));
    this.insert =
        "INSERT INTO "
            + target
            + " ("
            + columns
            + ") SELECT "
            + columns
            + " FROM (SELECT "
            + columns
            + ", ROW_NUMBER() OVER (PARTITION BY id ORDER BY created_at) AS rn FROM "
            + staging
            + ") s WHERE s.rn = 1 AND NOT EXISTS (SELECT 1 FROM "
            + target
            + " t WHERE t.id = s.id)";
  }

  /** Creates the target and the shared staging table. */
  void createTables() throws SQLException {
    connection.setAutoCommit(true);
    try (Statement st = connection.createStatement()) {
      st.execute(TableSql.createTable(TableName.of(target), layout, TableKeys.AUTO));
      st.execute("CREATE TABLE IF NOT EXISTS " + staging + " (LIKE " + target + ")");
    }
  }

  /** Loads one chunk as the reference does: upload, COPY, INSERT, TRUNCATE, delete the file. */
  void load(List<Record> chunk) throws SQLException {
    String key = "reference/" + UUID.randomUUID() + ".parquet";
    byte[] file = writer.write(chunk, Instant.now()).bytes();
    s3.putObject(b -> b.bucket(endpoint.bucket()).key(key), RequestBody.fromBytes(file));
    try (Statement st = connection.createStatement()) {
      st.execute(
          "COPY "
              + staging
              + " FROM 's3://"
              + endpoint.bucket()
              + "/"
              + key
              + "' CREDENTIALS 'aws_iam_role="
              + endpoint.iamRole()
              + "' FORMAT AS PARQUET");
      st.execute(insert);
      st.execute("TRUNCATE " + staging);
    }
    s3.deleteObject(b -> b.bucket(endpoint.bucket()).key(key));
  }
}
