package dev.redsink.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.cli.RedsinkLaunch;
import dev.redsink.testkit.JvmProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code redsink demo --exit --records 20000} as a user runs it. */
class DemoCommandIT {

  @Test
  void loadsTheSampleOrdersAndShowsTheCounts(@TempDir Path dir) throws Exception {
    try (JvmProcess demo =
        RedsinkLaunch.start(
            DemoJar.NAME, DemoJar.MAIN, dir, Map.of(), "demo", "--exit", "--records", "20000")) {
      assertThat(demo.awaitExit(Duration.ofMinutes(4))).as(demo.stderr()).isZero();
      assertThat(demo.stdout())
          .contains("Producing 20,000 sample order events to [orders.eu, orders.us]")
          .contains(
              "Running the Quick start connector (pattern 'orders\\..*', target_table"
                  + " 'orders_{topic_segment[-1]}'):")
          .contains("100% 20,000/20,000 records")
          .containsPattern(
              "Loaded 20,000 records \\(\\d+\\.\\d MB\\) in \\d+ loads? in \\d+\\.\\d s:"
                  + " [\\d,]+ records/s, \\d+\\.\\d MB/s\\.")
          .containsPattern("orders_eu\\s+10,000")
          .containsPattern("orders_us\\s+10,000")
          .contains("Sample query:")
          .contains("orders.us:0:0 | {\"order_id\":")
          .contains("SUPER query (the payloads are JSON; JSON_PARSE makes them SUPER):")
          .contains("    product | orders | quantity")
          .containsPattern("\\n    (kettle|lamp|chair|desk|mug|rug) \\| \\d+ \\| \\d+\\n")
          .containsPattern("Metrics \\(Prometheus text\\) on http://127\\.0\\.0\\.1:\\d+/metrics:")
          .containsPattern(
              "  orders_eu\\s+10,000 rows in [\\d,]+ loads \\([\\d,]+ files\\); load p99 ")
          .contains("  lag: 0 records not in Redshift yet")
          .contains("Stopping the demo.")
          .doesNotContain("Redsink1")
          .doesNotContain("redsink-secret");
      String output = demo.stdout();
      String bar = output.substring(0, output.indexOf("Loaded 20,000 records"));
      assertThat(bar.substring(bar.lastIndexOf("100%")))
          .as("the last progress line, drawn once everything is loaded")
          .contains("lag 0 ");
    }
  }
}
