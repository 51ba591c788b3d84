package dev.redsink.core.typed;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
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

  private static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }
}
