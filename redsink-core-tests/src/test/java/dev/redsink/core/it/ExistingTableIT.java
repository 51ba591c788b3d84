package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.ReplaceRun;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.Warehouse;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tables someone else created or changed: Redsink's columns in another order, columns of their own
 * (left to their DEFAULT or NULL), and a column added while the sink runs.
 */
@ExtendWith(RedshiftEmulatorExtension.class)
class ExistingTableIT {

  private SinkFixture fx;
  private String table;

  @BeforeEach
  void setUp(RedshiftEmulator emulator) {
    fx = new SinkFixture(emulator);
    table = Warehouse.uniqueTable("ex");
  }

  private Map<String, Object> textConfig() {
    Map<String, Object> config = fx.config(table);
    config.put("payload_format", "text");
    return config;
  }

  @Test
  void loadsIntoATableWithColumnsOfItsOwnInAnotherOrder() throws Exception {
    fx.execute(
        "CREATE TABLE "
            + table
            + " (created_at VARCHAR, payload VARCHAR(MAX), note VARCHAR(20), pico_key VARCHAR(MAX),"
            + " pico_partition BIGINT, pico_topic VARCHAR, batch_no INTEGER DEFAULT 7,"
            + " pico_timestamp VARCHAR(20), pico_offset VARCHAR(20), id VARCHAR(512))");
    try (RedshiftSink sink = RedshiftSink.open(textConfig())) {
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 3)).loaded()).isEqualTo(3);
    }
    assertThat(fx.count(table)).isEqualTo(3);
    assertThat(fx.value("SELECT payload FROM " + table + " WHERE id = 't:0:1'"))
        .isEqualTo("{\"n\":1}");
    assertThat(fx.value("SELECT pico_offset FROM " + table + " WHERE id = 't:0:2'")).isEqualTo("2");
    assertThat(fx.value("SELECT count(*) FROM " + table + " WHERE batch_no = 7 AND note IS NULL"))
        .as("their columns got their DEFAULT or NULL")
        .isEqualTo("3");
  }

  @Test
  void keepsLoadingAfterSomeoneAddsAColumn() throws Exception {
    try (RedshiftSink sink = RedshiftSink.open(textConfig())) {
      assertThat(sink.write(SinkFixture.records("t", 0, 0, 3)).loaded()).isEqualTo(3);
      fx.execute("ALTER TABLE " + table + " ADD COLUMN region VARCHAR(8) DEFAULT 'eu'");
      assertThat(sink.write(SinkFixture.records("t", 0, 3, 3)).loaded()).isEqualTo(3);
    }
    assertThat(fx.count(table)).isEqualTo(6);
    assertThat(fx.distinctIds(table)).isEqualTo(6);
    assertThat(fx.value("SELECT region FROM " + table + " WHERE id = 't:0:5'")).isEqualTo("eu");
    assertThat(fx.stagedObjects()).isEmpty();
  }

  @Test
  void replacingATableKeepsItsOwnColumnsAndTheirDefaults() throws Exception {
    fx.execute(
        "CREATE TABLE "
            + table
            + " (id VARCHAR(512), pico_offset VARCHAR(20), pico_timestamp VARCHAR(20),"
            + " pico_topic VARCHAR, pico_partition BIGINT, pico_key VARCHAR(MAX),"
            + " payload VARCHAR(MAX), created_at VARCHAR, batch_no INTEGER NOT NULL DEFAULT 7)");
    try (RedshiftSink sink = RedshiftSink.open(textConfig());
        ReplaceRun run = sink.replace("t")) {
      run.write(SinkFixture.records("t", 0, 0, 4));
      assertThat(run.commit().rowsAfter()).isEqualTo(4);
    }
    assertThat(fx.count(table)).isEqualTo(4);
    assertThat(fx.value("SELECT count(*) FROM " + table + " WHERE batch_no = 7")).isEqualTo("4");
  }

  @Test
  void refusesATableWithARequiredColumnItDoesNotWrite() throws Exception {
    fx.execute(
        "CREATE TABLE "
            + table
            + " (id VARCHAR(512), pico_offset VARCHAR(20), pico_timestamp VARCHAR(20),"
            + " pico_topic VARCHAR, pico_partition BIGINT, pico_key VARCHAR(MAX),"
            + " payload VARCHAR(MAX), created_at VARCHAR, tenant INTEGER NOT NULL)");
    assertThatThrownBy(() -> RedshiftSink.open(textConfig()))
        .hasMessageContaining("Schema mismatch detected")
        .hasMessageContaining(
            "column 'tenant' is NOT NULL without a DEFAULT, and Redsink does not write it");
    assertThat(fx.count(table)).isZero();
  }
}
