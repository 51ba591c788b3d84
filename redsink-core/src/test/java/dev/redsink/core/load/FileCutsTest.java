package dev.redsink.core.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.config.ByteSizes;
import dev.redsink.core.config.FileSplit;
import dev.redsink.core.record.Record;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FileCutsTest {

  @Test
  void noRecordsMakeNoFileInEveryMode() {
    assertThat(FileCuts.cut(List.of(), FileSplit.rows(100))).isEmpty();
    assertThat(
            FileCuts.cut(
                List.of(), new FileSplit(100, Optional.of(ByteSizes.MIB), Optional.of(4), 4)))
        .isEmpty();
  }

  @Test
  void batchSizeRowsPerFileWhenNotCutBySize() {
    List<List<Record>> files = FileCuts.cut(records(250, 10), FileSplit.rows(100));
    assertThat(files).extracting(List::size).containsExactly(100, 100, 50);
  }

  @Test
  void bySizeGivesFilesOfAboutEqualBytesInOrder() {
    Random random = new Random(7);
    List<Record> records = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      records.add(record(i, 200 + random.nextInt(2_000)));
    }
    long total = records.stream().mapToLong(FileCuts::bytes).sum();
    long max = 1_000_000;
    List<List<Record>> files =
        FileCuts.cut(records, new FileSplit(100, Optional.of(max), Optional.empty(), 4));

    assertThat(files).hasSize((int) ((total + max - 1) / max));
    assertThat(files.stream().flatMap(List::stream).toList()).isEqualTo(records);
    for (List<Record> file : files) {
      long bytes = file.stream().mapToLong(FileCuts::bytes).sum();
      assertThat(bytes).isLessThanOrEqualTo(max + 2_300);
      assertThat(bytes).isGreaterThan(total / files.size() - 2_300);
    }
  }

  @Test
  void slicesRoundTheFileCountUpWithEqualRowsWhenCutByRows() {
    List<Record> records = records(50_000, 100);
    List<List<Record>> files =
        FileCuts.cut(records, new FileSplit(20_000, Optional.empty(), Optional.of(4), 4));
    assertThat(files).extracting(List::size).containsExactly(12_500, 12_500, 12_500, 12_500);
  }

  @Test
  void everyFileGetsARecordEvenWhenOneRecordIsHuge() {
    List<Record> records = new ArrayList<>(records(3, 10));
    records.add(1, record(99, (int) (3 * ByteSizes.MIB)));
    List<List<Record>> files =
        FileCuts.cut(records, new FileSplit(100, Optional.of(ByteSizes.MIB), Optional.empty(), 4));
    assertThat(files).hasSize(4).allSatisfy(f -> assertThat(f).isNotEmpty());
    assertThat(files.stream().flatMap(List::stream).toList()).isEqualTo(records);
  }

  static List<Record> records(int count, int valueBytes) {
    List<Record> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(record(i, valueBytes));
    }
    return records;
  }

  static Record record(long offset, int valueBytes) {
    return new Record("t", 0, offset, 0L, null, List.of(), new byte[valueBytes]);
  }
}
