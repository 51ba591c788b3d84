package dev.redsink.core.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowLayoutTest {
  static final EnumSet<ColumnGroup> ALL = EnumSet.of(ColumnGroup.METADATA, ColumnGroup.KEY);

  @Test
  void defaultsAreTheReferenceColumnsInOrder() {
    RowLayout layout = RowLayout.of(ALL, PayloadFormat.VARBYTE, "pico_");
    assertThat(layout.columns())
        .extracting(c -> c.name() + " " + c.type().display())
        .containsExactly(
            "id VARCHAR(512)",
            "pico_offset VARCHAR(20)",
            "pico_timestamp VARCHAR(20)",
            "pico_topic VARCHAR",
            "pico_partition BIGINT",
            "pico_key VARCHAR(MAX)",
            "payload VARBYTE(16777216)",
            "created_at VARCHAR");
    assertThat(layout.columns())
        .extracting(Column::role)
        .doesNotContain(ColumnRole.HEADERS, ColumnRole.FIELD)
        .hasSize(ColumnRole.values().length - 2);
  }

  @Test
  void typedLayoutPutsFieldsWhereThePayloadWasAndAddedOnesAfterCreatedAt() {
    RowLayout fixed = RowLayout.typed(EnumSet.of(ColumnGroup.KEY), "pico_");
    assertThat(fixed.isTyped()).isTrue();
    assertThat(fixed.column(ColumnRole.PAYLOAD)).isEmpty();
    RowLayout created =
        fixed.withFields(
            List.of(
                RowLayout.field("amount", ColumnType.decimal(10, 2)),
                RowLayout.field("name", ColumnType.varchar(256))));
    assertThat(created.columns())
        .extracting(c -> c.name() + " " + c.type().display())
        .containsExactly(
            "id VARCHAR(512)",
            "pico_key VARCHAR(MAX)",
            "amount DECIMAL(10,2)",
            "name VARCHAR(256)",
            "created_at VARCHAR");
    assertThat(created.fields()).extracting(Column::name).containsExactly("amount", "name");
    assertThat(created.withoutFields()).isEqualTo(fixed);
  }

  @Test
  void headersAndSuperPayload() {
    RowLayout layout = RowLayout.of(EnumSet.of(ColumnGroup.HEADERS), PayloadFormat.SUPER, "pico_");
    assertThat(layout.columns())
        .extracting(c -> c.name() + " " + c.type().display())
        .containsExactly(
            "id VARCHAR(512)", "pico_headers SUPER", "payload SUPER", "created_at VARCHAR");
    assertThat(layout.hasSuperColumns()).isTrue();
  }

  @Test
  void textPayloadWithoutMetadataOrKey() {
    RowLayout layout = RowLayout.of(EnumSet.noneOf(ColumnGroup.class), PayloadFormat.TEXT, "pico_");
    assertThat(layout.columns())
        .extracting(c -> c.name() + " " + c.type().display())
        .containsExactly("id VARCHAR(512)", "payload VARCHAR(MAX)", "created_at VARCHAR");
    assertThat(layout.column(ColumnRole.PAYLOAD).orElseThrow().maxBytes()).isEqualTo(65_535);
  }

  @Test
  void keyOnlyWithCustomPrefix() {
    RowLayout layout = RowLayout.of(EnumSet.of(ColumnGroup.KEY), PayloadFormat.VARBYTE, "rs_");
    assertThat(layout.columns())
        .extracting(Column::name)
        .containsExactly("id", "rs_key", "payload", "created_at");
    assertThat(layout.column(ColumnRole.OFFSET)).isEmpty();
  }

  @Test
  void capacitiesFromAnExistingTable() {
    RowLayout layout =
        RowLayout.of(ALL, PayloadFormat.TEXT, "pico_").withMaxBytes(Map.of("payload", 256));
    assertThat(layout.column(ColumnRole.PAYLOAD).orElseThrow().maxBytes()).isEqualTo(256);
    assertThat(layout.id().maxBytes()).isEqualTo(512);
  }
}
