package dev.redsink.emulator;

import static dev.redsink.emulator.Redshift.exec;
import static dev.redsink.emulator.Redshift.value;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Emulators started with {@value BackendTemplate#PROPERTY} set copy one prepared cluster: the first
 * start prepares it, the next ones find it, each copy is the emulator's own (the catalog, the
 * roles, Redshift's serializable default) and nothing one writes shows in another.
 */
class EmulatorTemplateIT {

  /** The property the build sets for every test JVM (see the parent pom). */
  private static final String PROPERTY = "redsink.emulator.template";

  @TempDir Path templates;
  private String before;

  @BeforeEach
  void useTemplates() {
    before = System.getProperty(PROPERTY);
    System.setProperty(PROPERTY, templates.toString());
  }

  @AfterEach
  void restore() {
    if (before == null) {
      System.clearProperty(PROPERTY);
    } else {
      System.setProperty(PROPERTY, before);
    }
  }

  @Test
  void emulatorsCopyOnePreparedClusterAndShareNothingElse() throws Exception {
    try (RedshiftEmulator first = RedshiftEmulator.start()) {
      try (Connection c = Redshift.connect(first)) {
        exec(c, "CREATE TABLE only_in_first (a INT)");
      }
      List<Path> prepared = list(templates);
      assertThat(prepared).hasSize(1);
      assertThat(prepared.get(0).resolve("PG_VERSION")).isRegularFile();
      assertThat(prepared.get(0).resolve("postmaster.pid")).doesNotExist();

      try (RedshiftEmulator second = RedshiftEmulator.start();
          Connection c = Redshift.connect(second)) {
        assertThat(list(templates)).as("the template the first start prepared").isEqualTo(prepared);
        assertThat(value(c, "SELECT count(*) FROM pg_table_def WHERE tablename = 'only_in_first'"))
            .isEqualTo("0");
        exec(c, "CREATE TABLE t (a INT)");
        assertThat(value(c, "SELECT count(*) FROM pg_table_def WHERE tablename = 't'"))
            .as("the catalog, copied")
            .isEqualTo("1");
        assertThat(value(c, "SHOW default_transaction_isolation")).isEqualTo("serializable");
        assertThat(value(c, "SELECT current_user")).isEqualTo(second.user());
      }
    }
  }

  private static List<Path> list(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.sorted().toList();
    }
  }
}
