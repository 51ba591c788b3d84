package dev.redsink.acceptance;

import dev.redsink.emulator.EmulatorOptions;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.JvmProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * What the cells share: one emulator, one Kafka broker with one Connect worker, the built
 * artifacts, and the working directory ({@code target/acceptance}).
 */
final class Suite {
  private Suite() {}

  /** The shaded {@code redsink} jar built by redsink-cli. */
  static Path cliJar() {
    return artifact("acceptance.cli.jar", "../redsink-cli/target/redsink.jar");
  }

  /**
   * Starts {@code java -jar redsink.jar <args>} in {@code dir}, output to {@code <name>.out} and
   * {@code <name>.err}; with {@code pipedInput} its standard input is a pipe the test writes to.
   */
  static JvmProcess redsink(Path dir, String name, boolean pipedInput, List<String> args)
      throws IOException {
    return redsink(dir, name, pipedInput, args, Map.of());
  }

  /** {@link #redsink(Path, String, boolean, List)} with these environment variables added. */
  static JvmProcess redsink(
      Path dir, String name, boolean pipedInput, List<String> args, Map<String, String> env)
      throws IOException {
    JvmProcess.Launch launch =
        JvmProcess.of("dev.redsink.cli.Redsink")
            .jar(cliJar())
            .jvmOptions(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
    // -Dacceptance.logLevel=INFO (or DEBUG) shows the engine's and the Kafka client's logs in each
    // process's .err file.
    String level = System.getProperty("acceptance.logLevel", "");
    if (!level.isBlank()) {
      launch.env(Map.of("REDSINK_LOG_LEVEL", level, "REDSINK_ROOT_LOG_LEVEL", level));
    }
    launch.env(env);
    if (pipedInput) {
      launch.pipedInput();
    }
    return launch.start(dir, name, args);
  }

  /**
   * The class path of a Kafka Connect 3.7 worker, Kafka's own jars, as
   * redsink-acceptance-connect-3.7 resolved it at build time.
   */
  static String connect37ClassPath() throws IOException {
    return Files.readString(
            artifact(
                "acceptance.connect37.classpath",
                "../redsink-acceptance-connect-3.7/target/worker-classpath.txt"))
        .trim();
  }

  /** The Kafka release of that worker, e.g. {@code 3.7.2}. */
  static String connect37Version() {
    return System.getProperty("acceptance.connect37.version", "3.7.2");
  }

  /** The plugin zip built by redsink-kafka-connect. */
  static Path pluginZip() {
    Path path = Path.of(System.getProperty("acceptance.plugin.zip", "")).toAbsolutePath();
    if (Files.isRegularFile(path)) {
      return path;
    }
    try (var files = Files.list(Path.of("../redsink-kafka-connect/target"))) {
      return files
          .filter(p -> p.getFileName().toString().endsWith("-plugin.zip"))
          .findFirst()
          .orElseThrow(() -> missing("the plugin zip"));
    } catch (IOException e) {
      throw missing("the plugin zip");
    }
  }

  /** The working directory of this run. */
  static Path work() throws IOException {
    return Files.createDirectories(
        Path.of(System.getProperty("acceptance.work", "target/acceptance")).toAbsolutePath());
  }

  /** Empties the working directory, so that every file in it is this run's. */
  static void clearWork() throws IOException {
    delete(work());
  }

  /** Unzips the plugin archive into a fresh plugin.path directory, as a user does. */
  static Path pluginPath() throws IOException {
    return pluginPath("plugins");
  }

  /**
   * A Connect worker's plugin.path: Redsink's plugin unzipped into {@code work/<name>}, and the
   * Debezium connectors' plugin zips the build unpacked (each a plugin of its own).
   */
  static String pluginPathWithDebezium(String name) throws IOException {
    Path debezium =
        Path.of(System.getProperty("acceptance.debezium.plugins", "target/debezium-plugins"))
            .toAbsolutePath();
    if (!Files.isDirectory(debezium)) {
      throw missing(debezium.toString());
    }
    return pluginPath(name) + "," + debezium;
  }

  /** Unzips the plugin archive into {@code work/<name>}, a plugin.path of one suite's own. */
  static Path pluginPath(String name) throws IOException {
    Path dir = work().resolve(name);
    delete(dir);
    Files.createDirectories(dir);
    try (InputStream in = Files.newInputStream(pluginZip());
        ZipInputStream zip = new ZipInputStream(in)) {
      for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
        Path target = dir.resolve(e.getName()).normalize();
        if (!target.startsWith(dir)) {
          throw new IOException("zip entry outside the target: " + e.getName());
        }
        if (e.isDirectory()) {
          Files.createDirectories(target);
        } else {
          Files.createDirectories(target.getParent());
          Files.copy(zip, target);
        }
      }
    }
    return dir;
  }

  private static void delete(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (var walk = Files.walk(dir)) {
        walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** The emulator, with the least-privileged user the matrix's runtimes log in as. */
  static RedshiftEmulator startEmulator() {
    return RedshiftEmulator.start(
        EmulatorOptions.defaults().user(LeastPrivilege.USER, LeastPrivilege.PASSWORD));
  }

  private static Path artifact(String property, String fallback) {
    Path path = Path.of(System.getProperty(property, fallback)).toAbsolutePath();
    if (!Files.isRegularFile(path)) {
      throw missing(path.toString());
    }
    return path;
  }

  private static UncheckedIOException missing(String what) {
    return new UncheckedIOException(
        new IOException(
            "Cannot find "
                + what
                + ": build it first (mvn -B verify -pl redsink-acceptance -am packages it)"));
  }
}
