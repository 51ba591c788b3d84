package dev.redsink.core.typed;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.TableName;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.table.WriteSettings.TombstoneHandling;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The column each field of a typed record lands in, and the names no column can have. */
class FieldNamesTest {
  private static final FieldNames PICO =
      FieldNames.of(
          RowLayout.typed(Set.of(ColumnGroup.METADATA, ColumnGroup.KEY), "pico_"),
          WriteSettings.APPEND);
  private static final FieldNames NO_PREFIX =
      FieldNames.of(
          RowLayout.typed(Set.of(ColumnGroup.METADATA, ColumnGroup.KEY), ""), WriteSettings.APPEND);

  private static Record record(String json) {
    return new Record("t", 0, 5, 0, null, List.of(), json.getBytes(UTF_8));
  }

  private static List<String> columns(FieldNames names, String json) {
    return ValueReader.read(record(json), names).fields().stream().map(FieldValue::name).toList();
  }

  @Test
  void aFieldLandsInItsNameFoldedToLowerCase() {
    assertThat(columns(PICO, "{\"Amount\":1,\"user_ID\":2}")).containsExactly("amount", "user_id");
  }

  @Test
  void aFieldNamedLikeARedsinkColumnLandsInNameValue() {
    assertThat(
            columns(
                PICO,
                "{\"id\":1,\"CREATED_AT\":2,\"pico_topic\":3,\"pico_key\":4,\"redsink_op\":5,"
                    + "\"redsink_rn\":6,\"topic\":7,\"redsink_previous_key_1\":8}"))
        .containsExactly(
            "id_value",
            "created_at_value",
            "pico_topic_value",
            "pico_key_value",
            "redsink_op_value",
            "redsink_rn_value",
            "topic",
            "redsink_previous_key_1_value");
    assertThat(columns(NO_PREFIX, "{\"topic\":1,\"key\":2,\"offset\":3,\"deleted\":4}"))
        .containsExactly("topic_value", "key_value", "offset_value", "deleted");
  }

  @Test
  void withSoftDeletesTheDeletedFlagsNameIsRedsinks() {
    FieldNames soft =
        FieldNames.of(
            RowLayout.typed(Set.of(ColumnGroup.METADATA), "pico_"),
            new WriteSettings(
                WriteMode.CDC,
                List.of("k"),
                TombstoneHandling.IGNORE,
                CdcDeleteMode.SOFT,
                "pico_deleted",
                WriteSettings.DEBEZIUM_UNAVAILABLE_VALUE));
    assertThat(columns(soft, "{\"pico_deleted\":true}")).containsExactly("pico_deleted_value");
    assertThat(columns(PICO, "{\"pico_deleted\":true}")).containsExactly("pico_deleted");
  }

  @Test
  void aNameOver127BytesIsCutAndHashedTheSameWayEveryTime() {
    String longName = "measurement_" + "x".repeat(188);
    String other = "measurement_" + "x".repeat(187) + "y";
    List<String> cols = columns(PICO, "{\"" + longName + "\":1,\"" + other + "\":2}");
    assertThat(cols).hasSize(2).doesNotHaveDuplicates();
    for (String c : cols) {
      assertThat(TableName.utf8Length(c)).isEqualTo(127);
      assertThat(c).startsWith("measurement_xxx").matches(".*_[0-9a-f]{8}");
    }
    assertThat(columns(PICO, "{\"" + longName.toUpperCase() + "\":1}"))
        .as("the same column for the same folded name")
        .containsExactly(cols.get(0));
    assertThat(columns(FieldNames.COLUMNS, "{\"" + cols.get(0) + "\":1}"))
        .as("a fitted name read again stays as it is")
        .containsExactly(cols.get(0));
  }

  @Test
  void anEmptyNameIsABadRecordNamingTheRecord() {
    assertThatThrownBy(() -> columns(PICO, "{\"\":1}"))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("t:0:5")
        .hasMessageContaining("empty name")
        .hasMessageContaining("ReplaceField");
  }

  @Test
  void aNameWithNulIsABadRecordNamingTheField() {
    assertThatThrownBy(() -> columns(PICO, "{\"a\\u0000b\":1}"))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("t:0:5")
        .hasMessageContaining("field 'a\\0b'")
        .hasMessageContaining("NUL");
  }

  @Test
  void namesFoldingToOneColumnAreABadRecordNamingBoth() {
    assertThatThrownBy(() -> columns(PICO, "{\"a\":1,\"A\":2}"))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("t:0:5")
        .hasMessageContaining("fields 'a' and 'A' both land in column 'a'");
    assertThatThrownBy(() -> columns(PICO, "{\"id\":1,\"id_value\":2}"))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("fields 'id' and 'id_value' both land in column 'id_value'");
  }

  @Test
  void anEnvelopesFieldsAreNamedTheSameWay() {
    String envelope =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"pico_topic\",\"type\":\"string\"},"
            + "{\"field\":\"Name\",\"type\":\"string\"}]},\"payload\":{\"pico_topic\":\"x\","
            + "\"Name\":\"y\"}}";
    TypedRow row = ValueReader.read(record(envelope), PICO);
    assertThat(row.fields())
        .extracting(f -> f.name() + "=" + f.value())
        .containsExactly("pico_topic_value=x", "name=y");
    String twice =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"n\",\"type\":\"string\"},"
            + "{\"field\":\"N\",\"type\":\"string\"}]},\"payload\":{\"n\":\"x\",\"N\":\"y\"}}";
    assertThatThrownBy(() -> ValueReader.read(record(twice), PICO))
        .isInstanceOf(BadRecordException.class)
        .hasMessageContaining("fields 'n' and 'N' both land in column 'n'");
  }
}
