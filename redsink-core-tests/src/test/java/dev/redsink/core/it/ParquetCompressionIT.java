package dev.redsink.core.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.encode.ParquetCompression;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.emulator.RedshiftEmulatorExtension;
import dev.redsink.testkit.Warehouse;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every parquet_compression codec loads through the emulator's COPY, payload and typed. */
@ExtendWith(RedshiftEmulatorExtension.class)
class ParquetCompressionIT {

  @ParameterizedTest
  @EnumSource(ParquetCompression.class)
  void eachCodecLoadsThroughCopy(ParquetCompression codec, RedshiftEmulator emulator)
      throws Exception {
    SinkFixture fx = new SinkFixture(emulator);
    String payload = Warehouse.uniqueTable("c");
    String typed = payload + "_typed";
    Map<String, Object> config = fx.config(payload);
    config.put("parquet_compression", codec.keyword());
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      assertThat(sink.write(SinkFixture.records("orders", 0, 0, 250)).loaded()).isEqualTo(250);
    }
    Map<String, Object> typedConfig = fx.config(typed);
    typedConfig.put("parquet_compression", codec.keyword());
    typedConfig.put("table_layout", "typed");
    try (RedshiftSink sink = RedshiftSink.open(typedConfig)) {
      assertThat(sink.write(SinkFixture.records("orders", 0, 0, 120)).loaded()).isEqualTo(120);
    }

    assertThat(fx.count(payload)).isEqualTo(250);
    assertThat(fx.distinctIds(payload)).isEqualTo(250);
    assertThat(
            fx.value(
                "SELECT convert_from(payload, 'UTF8') FROM "
                    + payload
                    + " WHERE id ="
                    + " 'orders:0:249'"))
        .isEqualTo("{\"n\":249}");
    assertThat(fx.value("SELECT count(*), sum(n) FROM " + typed)).isEqualTo("120|7140");
    assertThat(fx.stagedObjects()).isEmpty();
  }
}
