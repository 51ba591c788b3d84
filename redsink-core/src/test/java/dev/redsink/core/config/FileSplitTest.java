package dev.redsink.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class FileSplitTest {
  private static final long MB = ByteSizes.MIB;

  @Test
  void rowsPerFileByDefault() {
    FileSplit split = FileSplit.rows(100);
    assertThat(split.fileCount(1, 10)).isEqualTo(1);
    assertThat(split.fileCount(100, 10 * MB)).isEqualTo(1);
    assertThat(split.fileCount(101, 10 * MB)).isEqualTo(2);
    assertThat(split.fileCount(10_000, MB)).isEqualTo(100);
  }

  @Test
  void bySizeIgnoresRows() {
    FileSplit split = new FileSplit(100, Optional.of(64 * MB), Optional.empty(), 4);
    assertThat(split.fileCount(10_000, 10 * MB)).isEqualTo(1);
    assertThat(split.fileCount(1_000_000, 1000 * MB)).isEqualTo(16);
    assertThat(split.fileCount(3, 1000 * MB)).as("never more files than rows").isEqualTo(3);
  }

  @Test
  void roundsUpToSlicesWhileFilesHoldAMegabyte() {
    FileSplit split = new FileSplit(100, Optional.of(64 * MB), Optional.of(4), 4);
    assertThat(split.fileCount(1_000_000, 1000 * MB)).isEqualTo(16);
    assertThat(split.fileCount(1_000_000, 1100 * MB)).isEqualTo(20);
    assertThat(split.fileCount(100_000, 100 * MB)).as("100 MB: 4 files of 25 MB").isEqualTo(4);
    assertThat(split.fileCount(1_000, 2 * MB)).as("files would hold under 1 MB").isEqualTo(1);
  }
}
