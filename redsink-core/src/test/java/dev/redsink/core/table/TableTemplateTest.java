package dev.redsink.core.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.error.InvalidConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TableTemplateTest {

  @ParameterizedTest
  @CsvSource({
    "orders_{topic}, orders.eu, orders_orders.eu",
    "orders_{topic_segment[-1]}, orders.eu, orders_eu",
    "orders_{topic_segment[0]}, orders.eu, orders_orders",
    "{topic_segment[1]}_{topic_segment[-2]}, a.b.c, b_b",
    "{topic_segment[0]}, single, single",
    "plain, anything, plain",
    "{topic}, a..b, a..b",
    "x_{topic_segment[1]}, a..b, x_",
  })
  void resolves(String template, String topic, String table) {
    assertThat(TableTemplate.of(template).resolve(topic)).isEqualTo(table);
  }

  @Test
  void placeholdersAreDetected() {
    assertThat(TableTemplate.of("orders").hasPlaceholders()).isFalse();
    assertThat(TableTemplate.of("o_{topic}").hasPlaceholders()).isTrue();
  }

  @Test
  void outOfRangeSegmentNamesTemplateAndTopic() {
    TableTemplate t = TableTemplate.of("orders_{topic_segment[2]}");
    assertThatThrownBy(() -> t.resolve("orders.eu"))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining(
            "target_table: Cannot resolve template 'orders_{topic_segment[2]}' for topic"
                + " 'orders.eu': topic_segment[2] is out of range: the topic has 2 segments (valid"
                + " n: 0..1 or -2..-1)");
    assertThatThrownBy(() -> TableTemplate.of("{topic_segment[-3]}").resolve("a.b"))
        .hasMessageContaining("topic_segment[-3] is out of range");
  }

  @Test
  void tooLongNamesAreRejectedInBytesNotCharacters() {
    String topic = "é".repeat(64); // 128 bytes, 64 characters
    assertThatThrownBy(() -> TableTemplate.of("{topic}").resolve(topic))
        .hasMessageContaining("is 128 bytes in UTF-8; Redshift allows 127 and would truncate it");
    assertThat(TableTemplate.of("{topic}").resolve("é".repeat(63) + "a")).hasSize(64);
    assertThat(TableTemplate.parse("x".repeat(128)).problem()).contains("is 128 bytes");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "orders_{partition}|unknown placeholder '{partition}' in 'orders_{partition}'; use {topic} or {topic_segment[n]}",
        "orders_{topic|unbalanced '{' or '}' in 'orders_{topic'",
        "orders}_{topic}|unbalanced '{' or '}' in 'orders}_{topic}'",
        "{topic_segment[x]}|unknown placeholder '{topic_segment[x]}' in '{topic_segment[x]}'; use {topic} or {topic_segment[n]}",
      })
  void invalidTemplates(String template, String problem) {
    assertThat(TableTemplate.parse(template).problem()).isEqualTo(problem);
    assertThat(TableTemplate.parse(template).value()).isEmpty();
  }

  @Test
  void foldingCollisionsAreReported() {
    FoldedNames names = new FoldedNames();
    assertThat(names.record("Orders.EU", "Orders.EU")).isEmpty();
    assertThat(names.record("Orders.EU", "Orders.EU")).isEmpty();
    assertThat(names.record("orders.eu", "orders.eu"))
        .contains(
            "Table name 'orders.eu' for topic 'orders.eu' and the earlier name 'Orders.EU' both"
                + " fold to the Redshift table 'orders.eu'; their rows land in one table. Change"
                + " target_table if that is not intended");
  }

  @Test
  void foldingTouchesOnlyAsciiLetters() {
    assertThat(TableName.fold("ÄBC_Ü")).isEqualTo("Äbc_Ü");
    assertThat(TableName.of("Analytics", "Orders").folded()).isEqualTo("orders");
    assertThat(TableName.of("Analytics", "Orders").foldedSchema()).contains("analytics");
  }

  @Test
  void warnsWhenTheConfiguredNameHasADotOfItsOwn() {
    assertThat(TableTemplate.of("analytics.orders").dotWarning())
        .hasValueSatisfying(
            w ->
                assertThat(w)
                    .contains("target_table \"analytics.orders\" has a dot of its own")
                    .contains("set target_schema = \"analytics\" and target_table = \"orders\""));
    assertThat(TableTemplate.of("orders_{topic}").dotWarning())
        .as("a dot from the topic is the reference design's naming")
        .isEmpty();
    assertThat(TableTemplate.of("orders").dotWarning()).isEmpty();
  }
}
