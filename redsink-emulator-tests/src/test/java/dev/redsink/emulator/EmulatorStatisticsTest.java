package dev.redsink.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EmulatorStatisticsTest {

  @Test
  void rowsWrittenAreReadFromTheCommandTagsOfWritingStatements() {
    assertThat(EmulatorStatistics.rowsWritten("INSERT 0 5")).isEqualTo(5);
    assertThat(EmulatorStatistics.rowsWritten("UPDATE 2")).isEqualTo(2);
    assertThat(EmulatorStatistics.rowsWritten("DELETE 3")).isEqualTo(3);
    assertThat(EmulatorStatistics.rowsWritten("MERGE 4")).isEqualTo(4);
    assertThat(EmulatorStatistics.rowsWritten("COPY 1000")).isEqualTo(1000);
    assertThat(EmulatorStatistics.rowsWritten("SELECT 7")).isZero();
    assertThat(EmulatorStatistics.rowsWritten("CREATE TABLE")).isZero();
    assertThat(EmulatorStatistics.rowsWritten("COMMIT")).isZero();
    assertThat(EmulatorStatistics.rowsWritten(null)).isZero();
  }

  @Test
  void rowsWrittenAreCountedPerSessionAndInTotalUntilReset() {
    EmulatorStatistics stats = new EmulatorStatistics();
    stats.completed(1, "COPY 10");
    stats.completed(2, "INSERT 0 10");
    stats.completed(2, "SELECT 1");
    assertThat(stats.rowsWritten()).isEqualTo(20);
    assertThat(stats.session(2).rowsWritten()).isEqualTo(10);
    stats.reset();
    assertThat(stats.total().rowsWritten()).isZero();
  }
}
