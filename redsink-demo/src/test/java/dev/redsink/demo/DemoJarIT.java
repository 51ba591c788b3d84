package dev.redsink.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.cli.RedsinkLaunch;
import dev.redsink.testkit.JvmProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo artifact is the whole redsink command plus demo and emulator. */
class DemoJarIT {

  @Test
  void listsTheProductionCommandsAndDemoAndEmulator(@TempDir Path dir) throws Exception {
    try (JvmProcess help =
        RedsinkLaunch.start(DemoJar.NAME, DemoJar.MAIN, dir, Map.of(), "--help")) {
      assertThat(help.awaitExit(Duration.ofMinutes(1))).isZero();
      assertThat(help.stdout())
          .containsPattern("(?m)^  run ")
          .containsPattern("(?m)^  load ")
          .containsPattern("(?m)^  ledger ")
          .containsPattern("(?m)^  demo ")
          .containsPattern("(?m)^  emulator ")
          .doesNotContain("ship separately");
    }
  }
}
