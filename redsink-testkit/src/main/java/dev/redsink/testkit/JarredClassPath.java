package dev.redsink.testkit;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A child's class path with each directory (a module's {@code target/classes} and {@code
 * target/test-classes}) packed into a jar, once per test JVM, so that the child's classes can be
 * archived ({@link ClassDataArchive} archives classes from jars only). Entries that do not exist
 * are left out: they hold nothing.
 */
final class JarredClassPath {
  private JarredClassPath() {}

  private static final Map<Path, Path> JARS = new ConcurrentHashMap<>();

  static String of(String classPath) {
    return Arrays.stream(classPath.split(File.pathSeparator))
        .filter(e -> !e.isBlank())
        .map(Path::of)
        .filter(Files::exists)
        .map(
            e ->
                Files.isDirectory(e)
                    ? JARS.computeIfAbsent(e.toAbsolutePath(), JarredClassPath::pack)
                    : e)
        .map(Path::toString)
        .collect(Collectors.joining(File.pathSeparator));
  }

  private static Path pack(Path directory) {
    Path jar =
        directory.resolveSibling("redsink-class-data").resolve(directory.getFileName() + ".jar");
    try {
      Files.createDirectories(jar.getParent());
      Path pending = jar.resolveSibling(jar.getFileName() + "." + UUID.randomUUID());
      try (OutputStream out = Files.newOutputStream(pending);
          JarOutputStream jarOut = new JarOutputStream(out);
          Stream<Path> files = Files.walk(directory)) {
        for (Path file : (Iterable<Path>) files.sorted()::iterator) {
          if (file.equals(directory)) {
            continue;
          }
          String name = directory.relativize(file).toString().replace(File.separatorChar, '/');
          if (Files.isDirectory(file)) {
            jarOut.putNextEntry(new JarEntry(name + "/"));
          } else {
            jarOut.putNextEntry(new JarEntry(name));
            Files.copy(file, jarOut);
          }
          jarOut.closeEntry();
        }
      }
      Files.move(pending, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return jar;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot pack " + directory + " into a jar for a child JVM", e);
    }
  }
}
