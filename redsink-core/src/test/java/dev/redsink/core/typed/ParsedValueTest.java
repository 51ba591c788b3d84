package dev.redsink.core.typed;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.core.record.Record;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reading record values as JSON, envelope schemas parsed once per distinct schema. */
class ParsedValueTest {
  private static final String SCHEMA =
      "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":false,"
          + "\"field\":\"s\\\"}{\"},{\"type\":\"int64\",\"optional\":true,\"field\":\"n\"}],"
          + "\"optional\":false,\"name\":\"x.Value\"}";

  @Test
  void anEnvelopeAsJsonConverterWritesItSharesItsSchemaWithTheNextRecords() throws IOException {
    ParsedValue one = ParsedValue.of(bytes("{\"schema\":" + SCHEMA + ",\"payload\":{\"n\":1}}"));
    ParsedValue two =
        ParsedValue.of(
            bytes("{\"schema\":" + SCHEMA + ",\"payload\":{\"s\\\"}{\":\"}\",\"n\":2}}"));
    assertThat(two.schema()).isSameAs(one.schema());
    assertThat(one.schema()).isEqualTo(new ObjectMapper().readTree(SCHEMA));
    assertThat(two.payload().get("s\"}{").asText()).isEqualTo("}");
    assertThat(two.payload().get("n").asLong()).isEqualTo(2);
  }

  @Test
  void schemasReadInTurnAreEachFoundAgainAndNeverTakenForAnother() throws IOException {
    String key = "{\"type\":\"struct\",\"fields\":[{\"type\":\"int64\",\"field\":\"n\"}]}";
    // the same bytes as SCHEMA up to its last field: a schema found by its bytes must match whole
    String longer = SCHEMA.substring(0, SCHEMA.length() - 1) + ",\"version\":2}";
    ParsedValue firstValue = null;
    ParsedValue firstKey = null;
    for (int i = 0; i < 3; i++) {
      ParsedValue value =
          ParsedValue.of(bytes("{\"schema\":" + SCHEMA + ",\"payload\":{\"n\":" + i + "}}"));
      ParsedValue k =
          ParsedValue.of(bytes("{\"schema\":" + key + ",\"payload\":{\"n\":" + -i + "}}"));
      ParsedValue other =
          ParsedValue.of(bytes("{\"schema\":" + longer + ",\"payload\":{\"n\":7}}"));
      firstValue = firstValue == null ? value : firstValue;
      firstKey = firstKey == null ? k : firstKey;
      assertThat(value.schema()).isSameAs(firstValue.schema());
      assertThat(k.schema()).isSameAs(firstKey.schema());
      assertThat(value.payload().get("n").asLong()).isEqualTo(i);
      assertThat(k.payload().get("n").asLong()).isEqualTo(-i);
      assertThat(k.schema()).isEqualTo(new ObjectMapper().readTree(key));
      assertThat(other.schema()).isEqualTo(new ObjectMapper().readTree(longer));
      assertThat(other.payload().get("n").asLong()).isEqualTo(7);
    }
  }

  @Test
  void aNullPayloadIsAnEnvelopeOfNull() throws IOException {
    ParsedValue v = ParsedValue.of(bytes("{\"schema\":" + SCHEMA + ",\"payload\":null}"));
    assertThat(v.schema()).isNotNull();
    assertThat(v.payload().isNull()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{ \"schema\": " + SCHEMA + ", \"payload\": {\"n\": 3} }",
        "{\"payload\":{\"n\":3},\"schema\":" + SCHEMA + "}"
      })
  void otherFormsOfAnEnvelopeAreReadWhole(String value) throws IOException {
    ParsedValue v = ParsedValue.of(bytes(value));
    assertThat(v.schema()).isEqualTo(new ObjectMapper().readTree(SCHEMA));
    assertThat(v.payload().get("n").asLong()).isEqualTo(3);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"schema\":" + SCHEMA + ",\"payload\":{\"n\":3},\"other\":1}",
        "{\"schema\":{\"fields\":[]},\"payload\":{\"n\":3}}",
        "{\"schema\":\"text\",\"payload\":{\"n\":3}}",
        "{\"n\":3}"
      })
  void aValueThatIsNotAnEnvelopeIsTheWholeValue(String value) throws IOException {
    ParsedValue v = ParsedValue.of(bytes(value));
    assertThat(v.schema()).isNull();
    assertThat(v.payload()).isEqualTo(new ObjectMapper().readTree(value));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"schema\":" + SCHEMA + ",\"payload\":{\"n\":}}",
        "{\"schema\":{\"type\":\"struct\",\"fields\":[}},\"payload\":{}}",
        "{\"schema\":{\"type\":\"struct\""
      })
  void invalidJsonIsRefused(String value) {
    assertThatThrownBy(() -> ParsedValue.of(bytes(value))).isInstanceOf(IOException.class);
  }

  @Test
  void anEnvelopeAsJsonConverterWritesItIsHeldSplitItsSchemaSharedByTheNextRecords()
      throws IOException {
    Record one = record("{\"schema\":" + SCHEMA + ",\"payload\":{\"n\":1}}");
    Record two = record("{\"schema\":" + SCHEMA + ",\"payload\":{\"s\\\"}{\":\"}\",\"n\":2}}");
    Record heldOne = ParsedValue.held(one);
    Record heldTwo = ParsedValue.held(two);

    assertThat(new String(heldOne.valueSchema(), UTF_8)).isEqualTo(SCHEMA);
    assertThat(heldTwo.valueSchema()).as("one copy of the schema").isSameAs(heldOne.valueSchema());
    assertThat(new String(heldTwo.value(), UTF_8)).isEqualTo("{\"s\\\"}{\":\"}\",\"n\":2}");
    assertThat(heldTwo.wholeValue()).isEqualTo(two.value());
    assertThat(heldTwo.bytes()).as("weighs its payload").isEqualTo(heldTwo.value().length);
    assertThat(heldTwo.id()).isEqualTo(two.id());
    assertThat(ParsedValue.held(heldTwo)).as("held already").isSameAs(heldTwo);
    ParsedValue read = ParsedValue.of(heldTwo);
    assertThat(read.schema()).isSameAs(ParsedValue.of(two).schema());
    assertThat(read.payload()).isEqualTo(ParsedValue.of(two).payload());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"schema\":" + SCHEMA + ",\"payload\":{\"n\":3}}",
        "{\"schema\":" + SCHEMA + ",\"payload\":null}",
        "{\"schema\":" + SCHEMA + ",\"payload\":{\"n\":3},\"other\":1}",
        "{ \"schema\": " + SCHEMA + ", \"payload\": {\"n\": 3} }",
        "{\"schema\":{\"fields\":[]},\"payload\":{\"n\":3}}",
        "{\"schema\":\"text\",\"payload\":{\"n\":3}}",
        "{\"n\":3}"
      })
  void aValueHeldReadsAsTheValueReadWhole(String value) throws IOException {
    Record whole = record(value);
    Record held = ParsedValue.held(whole);
    assertThat(held.wholeValue()).isEqualTo(whole.value());
    assertThat(ParsedValue.of(held)).isEqualTo(ParsedValue.of(whole.value()));
    if (!value.startsWith("{\"schema\":" + SCHEMA + ",")) {
      assertThat(held).as("only JsonConverter's own form is split").isSameAs(whole);
    }
  }

  private static Record record(String value) {
    return new Record("t", 0, 0, 0, null, List.of(), bytes(value));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }
}
