package dev.redsink.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The classes a child JVM of one jar loads, kept as a dynamic class-data archive (AppCDS) so the
 * next child of that jar maps them instead of loading and verifying them again: a test-only saving
 * of about half of each child's start-up CPU, across the hundreds of children a suite starts.
 *
 * <p>The first few children of a jar dump the classes they loaded when they exit (one at a time;
 * the largest archive wins, so a child that ran a whole load outweighs one that printed its help);
 * the others map the archive once it exists. A killed child dumps nothing, a changed jar gets an
 * archive of its own, and an archive the JVM cannot use is ignored: without one, a child starts as
 * it would anyway. The JVM's CDS messages are off, so no child's output changes.
 */
final class ClassDataArchive {

  /** Children that dump an archive, per jar, before the others only map it. */
  private static final int DUMPS = 3;

  /** The directory the archives are kept in (and the class-path jars they archive). */
  static final String ARCHIVES = "redsink-class-data";

  private static final List<String> QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");
  private static final Map<Path, AtomicInteger> DUMPS_STARTED = new ConcurrentHashMap<>();
  private static final Set<Path> DUMPING = ConcurrentHashMap.newKeySet();

  private final Path archive;
  private final Path dump;

  private ClassDataArchive(Path archive, Path dump) {
    this.archive = archive;
    this.dump = dump;
  }

  /** No archive: the child starts as it would without this class. */
  private static final ClassDataArchive NONE = new ClassDataArchive(null, null);

  /**
   * The archive for a child of this jar, or of this class path when every entry is a jar (CDS
   * archives no class from a directory).
   */
  static ClassDataArchive forLaunch(Path jar, String classPath) {
    if (jar != null) {
      return forJars(List.of(jar.toAbsolutePath()), jar.toAbsolutePath().getParent());
    }
    List<Path> entries =
        Arrays.stream(classPath.split(File.pathSeparator))
            .filter(e -> !e.isBlank())
            .map(e -> Path.of(e).toAbsolutePath())
            .toList();
    if (entries.isEmpty()
        || !entries.stream()
            .allMatch(e -> e.toString().endsWith(".jar") && Files.isRegularFile(e))) {
      return NONE;
    }
    // Beside the build's own jars (a module's packed classes), so a clean removes it; else the
    // system temp directory.
    Path near =
        entries.stream()
            .filter(e -> e.getParent().endsWith(ARCHIVES))
            .map(e -> e.getParent().getParent())
            .findFirst()
            .orElse(Path.of(System.getProperty("java.io.tmpdir")));
    return forJars(entries, near);
  }

  private static ClassDataArchive forJars(List<Path> jars, Path near) {
    long key = System.getProperty("java.vm.version").hashCode();
    try {
      for (Path jar : jars) {
        key = 31 * key + jar.toString().hashCode();
        key = 31 * key + Files.size(jar);
        key = 31 * key + Files.getLastModifiedTime(jar).toMillis();
      }
    } catch (IOException e) {
      return NONE;
    }
    Path archive =
        near.resolve(ARCHIVES)
            .resolve(jars.get(0).getFileName() + "-" + Long.toHexString(key) + ".jsa");
    return new ClassDataArchive(archive, null);
  }

  /**
   * The JVM options of the next child: map the archive, dump one (when this child is among the
   * first few), or neither while another child is dumping.
   */
  ClassDataArchive next() {
    if (archive == null) {
      return this;
    }
    AtomicInteger started = DUMPS_STARTED.computeIfAbsent(archive, a -> new AtomicInteger());
    if (started.get() < DUMPS && DUMPING.add(archive)) {
      started.incrementAndGet();
      return new ClassDataArchive(
          archive, archive.resolveSibling(archive.getFileName() + "." + UUID.randomUUID()));
    }
    return this;
  }

  List<String> jvmOptions() {
    if (archive == null) {
      return List.of();
    }
    if (dump != null) {
      try {
        Files.createDirectories(dump.getParent());
      } catch (IOException e) {
        DUMPING.remove(archive);
        return List.of();
      }
      return concat("-XX:ArchiveClassesAtExit=" + dump);
    }
    return Files.isRegularFile(archive) ? concat("-XX:SharedArchiveFile=" + archive) : List.of();
  }

  private static List<String> concat(String option) {
    return Stream.concat(Stream.of(option), QUIET.stream()).toList();
  }

  /** Once a dumping child exits, keeps its archive if it is the largest so far. */
  void started(Process process) {
    if (dump == null) {
      return;
    }
    process.onExit().whenComplete((p, e) -> keepDump());
  }

  /** Archives of earlier builds of the same jar: their key (size, time) no longer matches. */
  private void removeOlderVersions() throws IOException {
    String name = archive.getFileName().toString();
    String prefix = name.substring(0, name.lastIndexOf('-') + 1);
    try (Stream<Path> files = Files.list(archive.getParent())) {
      for (Path other : (Iterable<Path>) files::iterator) {
        String n = other.getFileName().toString();
        if (n.startsWith(prefix) && n.endsWith(".jsa") && !n.equals(name)) {
          Files.deleteIfExists(other);
        }
      }
    }
  }

  private void keepDump() {
    try {
      if (Files.isRegularFile(dump)) {
        long size = Files.size(dump);
        if (!Files.isRegularFile(archive) || Files.size(archive) < size) {
          Files.move(
              dump, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
          removeOlderVersions();
        } else {
          Files.delete(dump);
        }
      }
    } catch (IOException e) {
      // Without an archive the children start as they would anyway.
    } finally {
      DUMPING.remove(archive);
    }
  }
}
