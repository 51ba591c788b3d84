package dev.redsink.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The plugin archive {@code mvn package} builds, as a worker's plugin.path would see it. */
class PluginArchiveIT {
  private static Path archive;

  @BeforeAll
  static void findArchive() throws IOException {
    try (Stream<Path> files = Files.list(Paths.get("target"))) {
      archive =
          files
              .filter(p -> p.getFileName().toString().endsWith("-plugin.zip"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no plugin archive in target/; run package"));
    }
  }

  @Test
  void hasTheConfluentHubLayoutWithAManifest() throws IOException {
    try (ZipFile zip = new ZipFile(archive.toFile())) {
      List<String> names = zip.stream().map(ZipEntry::getName).toList();
      String root = names.get(0).substring(0, names.get(0).indexOf('/') + 1);
      assertThat(root).startsWith("redsink-kafka-connect-redshift-");
      assertThat(names)
          .contains(
              root + "manifest.json",
              root + "doc/README.md",
              root + "etc/redshift-sink.json",
              root + "etc/connect-standalone.properties",
              root + "etc/redshift-sink.properties")
          .anyMatch(n -> n.matches(".*/lib/redsink-kafka-connect-[^/]*\\.jar"))
          .anyMatch(n -> n.matches(".*/lib/redsink-core-[^/]*\\.jar"));
      JsonNode manifest =
          new ObjectMapper().readTree(zip.getInputStream(zip.getEntry(root + "manifest.json")));
      assertThat(manifest.get("name").asText()).isEqualTo("kafka-connect-redshift");
      assertThat(manifest.get("version").asText())
          .isEqualTo(root.substring("redsink-kafka-connect-redshift-".length(), root.length() - 1));
      assertThat(manifest.get("component_types").get(0).asText()).isEqualTo("sink");
      // The requirements promise the oldest Kafka Connect the suite runs the plugin on (MSK
      // Connect's), and the one this build is tested with, and its Java.
      String tested = org.apache.kafka.common.utils.AppInfoParser.getVersion();
      assertThat(manifest.get("requirements").toString())
          .contains("Java 17 or later")
          .contains("Apache Kafka Connect 3.7 or later")
          .contains("tested on 3.7.2 and " + tested + ")");
    }
  }

  @Test
  void shipsNoKafkaOrSlf4jClassesAndTheServiceFile() throws IOException {
    List<String> offending = new ArrayList<>();
    boolean serviceFile = false;
    try (ZipFile zip = new ZipFile(archive.toFile())) {
      for (ZipEntry entry : zip.stream().toList()) {
        if (!entry.getName().endsWith(".jar")) {
          continue;
        }
        try (ZipInputStream jar = new ZipInputStream(zip.getInputStream(entry))) {
          for (ZipEntry inner; (inner = jar.getNextEntry()) != null; ) {
            String name = inner.getName();
            if (name.startsWith("org/apache/kafka/") || name.startsWith("org/slf4j/")) {
              offending.add(entry.getName() + "!" + name);
            }
            if (name.equals("META-INF/services/org.apache.kafka.connect.sink.SinkConnector")) {
              serviceFile = read(jar).trim().equals(RedshiftSinkConnector.class.getName());
            }
          }
        }
      }
    }
    assertThat(offending).isEmpty();
    assertThat(serviceFile).isTrue();
  }

  private static String read(InputStream in) throws IOException {
    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
  }
}
