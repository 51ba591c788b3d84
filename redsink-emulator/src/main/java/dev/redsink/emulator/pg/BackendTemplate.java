package dev.redsink.emulator.pg;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A prepared PostgreSQL data directory (initdb, the "dev" database, Redshift's catalog) kept in a
 * directory a test run names with {@value #PROPERTY}: each emulator start copies it instead of
 * preparing its own, about a second of CPU less per start for suites that start a hundred. Off
 * unless the property is set, so a user's emulator prepares its own and leaves nothing behind.
 *
 * <p>The template's name carries a digest of the PostgreSQL binaries' version and the catalog
 * scripts, so a changed catalog gets a template of its own. The first start to need one prepares it
 * under a unique name and renames it into place; a start racing it (another JVM) prepares its own
 * and keeps whichever rename won.
 */
final class BackendTemplate {

  /** The system property naming the directory templates are kept in. */
  static final String PROPERTY = "redsink.emulator.template";

  /** Files a running or crashed server leaves in its data directory, never copied. */
  private static final Set<String> RUNTIME_FILES =
      Set.of("postmaster.pid", "postmaster.opts", "epg-lock");

  private final Path directory;

  private BackendTemplate(Path directory) {
    this.directory = directory;
  }

  /**
   * The template the system property names, when it is set; {@code catalogDigest} (read only then)
   * names the catalog scripts' version.
   */
  static Optional<BackendTemplate> configured(Supplier<String> catalogDigest) {
    String root = System.getProperty(PROPERTY, "");
    if (root.isBlank()) {
      return Optional.empty();
    }
    String binaries = EmbeddedPostgres.class.getProtectionDomain().getCodeSource().toString();
    String name = "pg-" + Integer.toHexString((binaries + "\n" + catalogDigest.get()).hashCode());
    return Optional.of(new BackendTemplate(Path.of(root).toAbsolutePath().resolve(name)));
  }

  /**
   * Copies the template into {@code data} (which must not exist yet), preparing the template first
   * when it does not exist yet with {@code prepare}, which gets a started server on a fresh data
   * directory and leaves it ready to copy.
   */
  void copyTo(Path data, Preparation prepare) throws IOException, SQLException {
    if (!Files.isRegularFile(directory.resolve("PG_VERSION"))) {
      create(prepare);
    }
    // Parents first; attributes kept, as PostgreSQL refuses a data directory others can read.
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path source : (Iterable<Path>) files::iterator) {
        if (!RUNTIME_FILES.contains(source.getFileName().toString())) {
          Path target = data.resolve(directory.relativize(source).toString());
          Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }

  private void create(Preparation prepare) throws IOException, SQLException {
    Files.createDirectories(directory.getParent());
    Path pending = directory.resolveSibling(directory.getFileName() + "." + UUID.randomUUID());
    EmbeddedPostgres pg =
        EmbeddedPostgres.builder()
            .setDataDirectory(pending)
            .setCleanDataDirectory(false)
            .setRegisterShutdownHook(false)
            .setServerConfig("fsync", "off")
            .setServerConfig("listen_addresses", "127.0.0.1")
            .start();
    try {
      prepare.run(pg);
    } finally {
      // A fast shutdown checkpoints: the directory is consistent once the server is gone.
      pg.close();
    }
    try {
      Files.move(pending, directory, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException lostTheRace) {
      delete(pending);
      if (!Files.isRegularFile(directory.resolve("PG_VERSION"))) {
        throw lostTheRace;
      }
    }
  }

  private static void delete(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** What makes a fresh cluster the emulator's: the "dev" database and Redshift's catalog. */
  @FunctionalInterface
  interface Preparation {
    void run(EmbeddedPostgres pg) throws IOException, SQLException;
  }
}
