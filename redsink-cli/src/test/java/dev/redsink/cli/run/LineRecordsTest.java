package dev.redsink.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.record.Record;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineRecordsTest {

  private static final long LIMIT = 64L << 20;

  private static List<String> values(InputStream in) {
    List<String> out = new ArrayList<>();
    LineRecords lines = new LineRecords(in, "t", LIMIT);
    List<Record> batch;
    while (!(batch = lines.next(3)).isEmpty()) {
      batch.forEach(r -> out.add(new String(r.value(), StandardCharsets.UTF_8)));
    }
    return out;
  }

  private static List<String> readLines(String text) throws Exception {
    List<String> out = new ArrayList<>();
    try (BufferedReader reader = new BufferedReader(new StringReader(text))) {
      String line;
      while ((line = reader.readLine()) != null) {
        out.add(line);
      }
    }
    return out;
  }

  /** Delivers its bytes a few at a time, so lines and their terminators span reads. */
  private static InputStream trickling(byte[] bytes, int step) {
    return new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, step));
      }
    };
  }

  @Test
  void linesEndAsBufferedReaderEndsThemWhereverTheReadsSplitThem() throws Exception {
    String text = "{\"a\":1}\n\r\n{\"b\":\"é—€\"}\r\n\r{\"c\":3}\r\r\n\n{\"d\":4}";
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    List<String> expected = readLines(text);
    assertThat(expected).hasSize(8);
    assertThat(values(new ByteArrayInputStream(bytes))).isEqualTo(expected);
    for (int step = 1; step <= 5; step++) {
      assertThat(values(trickling(bytes, step))).as("reads of %d bytes", step).isEqualTo(expected);
    }
    assertThat(values(new ByteArrayInputStream("x\n".getBytes(StandardCharsets.UTF_8))))
        .containsExactly("x");
    assertThat(values(new ByteArrayInputStream(new byte[0]))).isEmpty();
  }

  @Test
  void aLineLongerThanAReadIsOneRecordAndOffsetsCountLines() {
    String longLine = "{\"n\":\"" + "x".repeat(200_000) + "\"}";
    byte[] bytes = ("a\n" + longLine + "\nb").getBytes(StandardCharsets.UTF_8);
    LineRecords lines = new LineRecords(new ByteArrayInputStream(bytes), "t", LIMIT);

    assertThat(lines.skipTo(1)).isEqualTo(1);
    List<Record> batch = lines.next(10);
    assertThat(batch).extracting(Record::offset).containsExactly(1L, 2L);
    assertThat(new String(batch.get(0).value(), StandardCharsets.UTF_8)).isEqualTo(longLine);
    assertThat(batch.get(1).value()).containsExactly('b');
  }

  @Test
  void aLineThatIsNotUtf8FailsNamingItsLineInsteadOfLoadingAlteredText() {
    byte[] bytes = {'o', 'k', '\n', '{', '"', (byte) 0xC3, '"', '}', '\n'};
    LineRecords lines = new LineRecords(new ByteArrayInputStream(bytes), "t", LIMIT);

    assertThatThrownBy(() -> lines.next(10))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("not UTF-8");
  }

  @Test
  void utf8IsCheckedPastTheDecodersBufferAndToTheLastByte() {
    String wide = "é".repeat(10_000);
    byte[] valid = ("{\"a\":\"" + wide + "\"}\n").getBytes(StandardCharsets.UTF_8);
    assertThat(new LineRecords(new ByteArrayInputStream(valid), "t", LIMIT).next(10))
        .singleElement()
        .satisfies(r -> assertThat(new String(r.value(), StandardCharsets.UTF_8)).contains(wide));

    byte[] lateBadByte = valid.clone();
    lateBadByte[valid.length - 10] = (byte) 0xFF;
    assertThatThrownBy(
            () -> new LineRecords(new ByteArrayInputStream(lateBadByte), "t", LIMIT).next(10))
        .hasMessageContaining("line 1")
        .hasMessageContaining("not UTF-8");

    byte[] cutShort = {'o', 'k', '\n', 'x', (byte) 0xC3};
    LineRecords lines = new LineRecords(new ByteArrayInputStream(cutShort), "t", LIMIT);
    assertThatThrownBy(() -> lines.next(10)).hasMessageContaining("line 2");
  }

  @Test
  void aLineLongerThanTheLoadLimitFailsNamingItAndTheKeyInsteadOfFillingTheHeap() {
    byte[] bytes = ("a\n" + "x".repeat(300_000)).getBytes(StandardCharsets.UTF_8);
    LineRecords lines = new LineRecords(trickling(bytes, 7_000), "t", 100_000);

    assertThatThrownBy(() -> lines.next(10))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("longer than 100000 (the larger of flush_max_bytes and 64MB)")
        .hasMessageContaining("raise flush_max_bytes");

    byte[] fits = ("a\n" + "y".repeat(100_000) + "\nb").getBytes(StandardCharsets.UTF_8);
    LineRecords fitting = new LineRecords(trickling(fits, 7_000), "t", 100_000);
    assertThat(fitting.next(10)).extracting(r -> r.value().length).containsExactly(1, 100_000, 1);
  }

  @Test
  void aConnectorsLinesMayBeLongerThanItsFlushLimitAsItsRecordsMayInTheOtherRuntimes() {
    byte[] bytes = ("a\n" + "z".repeat(300_000) + "\n").getBytes(StandardCharsets.UTF_8);
    LineRecords lines = LineRecords.ofConnector(trickling(bytes, 7_000), "t", 1024);
    assertThat(lines.next(10)).extracting(r -> r.value().length).containsExactly(1, 300_000);
  }
}
