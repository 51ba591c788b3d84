package dev.redsink.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.acceptance.Tutorial.Block;
import dev.redsink.acceptance.Tutorial.Result;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.config.provider.ConfigProvider;
import org.apache.kafka.connect.runtime.WorkerConfig;
import org.apache.kafka.connect.runtime.distributed.DistributedConfig;
import org.junit.jupiter.api.Test;

/**
 * docs/tutorial-debezium.md shows its files as they are: every file of docs/tutorial-debezium/ in a
 * code block labelled with its name, and every block so labelled holds its file. The files are what
 * DebeziumPipelineIT runs, so the page cannot drift from what is run.
 */
class TutorialPageTest {

  @Test
  void everyFileOfTheTutorialIsShownOnThePage() throws IOException {
    List<Block> blocks = Tutorial.blocks();
    assertThat(Tutorial.fileNames()).isNotEmpty();
    for (String name : Tutorial.fileNames()) {
      assertThat(blocks)
          .as(
              "a code block of %s labelled [`%s`](tutorial-debezium/%s):",
              Tutorial.PAGE, name, name)
          .anySatisfy(b -> assertThat(b.file()).isEqualTo(name));
    }
  }

  @Test
  void everyBlockLabelledWithAFileHoldsThatFile() throws IOException {
    List<Block> labelled = Tutorial.blocks().stream().filter(b -> b.file() != null).toList();
    assertThat(labelled).isNotEmpty();
    for (Block block : labelled) {
      Path file = Tutorial.FILES.resolve(block.file());
      assertThat(file).as("the file of the code block on line %d", block.line()).isRegularFile();
      assertThat(block.text())
          .as("the code block on line %d against %s", block.line(), file)
          .isEqualTo(Tutorial.file(block.file()));
    }
  }

  /** Each output file holds what psql prints for queries.sql: a result per statement. */
  @Test
  void theOutputFilesHoldAResultPerQuery() throws IOException {
    List<String> statements = Tutorial.statements(Tutorial.file("queries.sql"));
    for (String output : List.of("after-snapshot.txt", "after-changes.txt")) {
      List<Result> results = Tutorial.psqlOutput(Tutorial.file(output));
      assertThat(results).as(output).hasSameSizeAs(statements);
      for (int i = 0; i < statements.size(); i++) {
        boolean query = statements.get(i).regionMatches(true, 0, "SELECT", 0, 6);
        assertThat(results.get(i).tag() == null)
            .as("%s, result %d: a table for a query, a command tag otherwise", output, i + 1)
            .isEqualTo(query);
      }
    }
  }

  /**
   * The worker's file is a valid distributed worker configuration (the suite's worker is one of its
   * own), and its config provider is the one the sink's {@code ${env:…}} references name.
   */
  @Test
  void theWorkerResolvesTheSinksReferencesWithItsConfigProvider() throws Exception {
    Properties file = new Properties();
    file.load(new StringReader(Tutorial.file("connect-distributed.properties")));
    Map<String, String> worker = new LinkedHashMap<>();
    file.stringPropertyNames().forEach(k -> worker.put(k, file.getProperty(k)));
    DistributedConfig config = new DistributedConfig(worker);
    assertThat(config.getList(WorkerConfig.CONFIG_PROVIDERS_CONFIG)).containsExactly("env");
    assertThat(Class.forName(worker.get("config.providers.env.class")))
        .isAssignableTo(ConfigProvider.class);

    Map<String, String> sink = Tutorial.connector("redshift-sink.json").config();
    // Each variable stands for itself: a variable the emulator's file lacks fails, and a reference
    // to another provider is left as it is.
    Map<String, String> names = new LinkedHashMap<>();
    Tutorial.EMULATOR_VARIABLES.forEach(name -> names.put(name, name));
    assertThat(Tutorial.resolveEnvironment(sink, names).values())
        .as("the sink's values once the env provider resolved them")
        .noneMatch(v -> v.contains("${"));
  }

  /** The downloads the page names are the Kafka and Debezium releases the suite runs. */
  @Test
  void thePageDownloadsTheReleasesTheSuiteRuns() throws IOException {
    String page = Files.readString(Tutorial.PAGE);
    String kafka = property(Path.of("..", "pom.xml"), "kafka.version");
    String debezium = property(Path.of("pom.xml"), "debezium.version");
    assertThat(page)
        .contains("/kafka/" + kafka + "/kafka_2.13-" + kafka + ".tgz")
        .contains("debezium-connector-postgres-" + debezium + "-plugin.zip")
        .doesNotContainPattern("kafka_2\\.13-(?!" + Pattern.quote(kafka) + ")\\d")
        .doesNotContainPattern(
            "debezium-connector-postgres-(?!" + Pattern.quote(debezium) + ")\\d");
  }

  private static String property(Path pom, String name) throws IOException {
    Matcher m =
        Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(Files.readString(pom));
    assertThat(m.find()).as("%s in %s", name, pom).isTrue();
    return m.group(1);
  }
}
