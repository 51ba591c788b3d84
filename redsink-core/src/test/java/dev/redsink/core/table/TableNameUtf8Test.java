package dev.redsink.core.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TableNameUtf8Test {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "orders",
        "zażółć",
        "日本語",
        "emoji 😀 and 𝄞",
        "lone \uD800 high",
        "lone \uDC00"
      })
  void countsTheBytesStringGetBytesWouldMake(String text) {
    assertThat(TableName.utf8Length(text)).isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
  }

  @ParameterizedTest
  @ValueSource(strings = {"orders", "Orders_EU", "ÄBC", "ZAŻÓŁĆ"})
  void foldsAsciiLettersOnly(String name) {
    StringBuilder expected = new StringBuilder();
    name.chars().forEach(c -> expected.append((char) (c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c)));
    assertThat(TableName.fold(name)).isEqualTo(expected.toString());
  }
}
