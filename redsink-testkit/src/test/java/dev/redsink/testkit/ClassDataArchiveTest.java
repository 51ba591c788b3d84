package dev.redsink.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Children of one jar share a class-data archive: the first ones dump it, the next map it, and no
 * child's output or exit status changes.
 */
class ClassDataArchiveTest {

  /** The child: prints its argument and exits with status 3. */
  public static final class Child {
    public static void main(String[] args) {
      System.out.println("child says " + args[0]);
      System.exit(3);
    }
  }

  @TempDir Path dir;

  @Test
  void childrenOfAJarShareAnArchiveAndPrintExactlyWhatTheyWouldWithout() throws Exception {
    Path jar = childJar();
    for (int run = 1; run <= 4; run++) {
      JvmProcess child =
          JvmProcess.of(Child.class.getName())
              .jar(jar)
              .start(dir.resolve("out"), "child", List.of("hello"));
      assertThat(child.waitFor(Duration.ofMinutes(1))).as("exit status").isEqualTo(3);
      assertThat(child.stdout()).isEqualTo("child says hello\n");
      assertThat(child.stderr()).as("no CDS message").isEmpty();
      awaitNoDump(jar.getParent().resolve("redsink-class-data"));
    }
    try (Stream<Path> archives = Files.list(jar.getParent().resolve("redsink-class-data"))) {
      assertThat(archives.map(p -> p.getFileName().toString()))
          .singleElement()
          .asString()
          .startsWith("child.jar-")
          .endsWith(".jsa");
    }
  }

  @Test
  void aClassPathDirectoryIsPackedIntoAJarTheChildRunsFrom() throws Exception {
    Path classes = dir.resolve("classes");
    String entry = Child.class.getName().replace('.', '/') + ".class";
    Files.createDirectories(classes.resolve(entry).getParent());
    try (InputStream in = Child.class.getClassLoader().getResourceAsStream(entry)) {
      Files.copy(in, classes.resolve(entry));
    }

    String packed = JarredClassPath.of(classes + File.pathSeparator + dir.resolve("none"));

    assertThat(packed)
        .isEqualTo(dir.resolve("redsink-class-data").resolve("classes.jar").toString());
    try (JarFile jar = new JarFile(packed)) {
      assertThat(jar.getEntry(entry)).isNotNull();
    }
    JvmProcess child =
        JvmProcess.of(Child.class.getName())
            .classPath(classes.toString())
            .start(dir.resolve("out"), "child", List.of("from a directory"));
    assertThat(child.waitFor(Duration.ofMinutes(1))).isEqualTo(3);
    assertThat(child.stdout()).isEqualTo("child says from a directory\n");
    assertThat(child.stderr()).isEmpty();
    Path archives = dir.resolve("redsink-class-data");
    awaitNoDump(archives);
    try (Stream<Path> files = Files.list(archives)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .as("the class path's archive, beside its packed jar")
          .anyMatch(n -> n.startsWith("classes.jar-") && n.endsWith(".jsa"));
    }
  }

  /** A dumping child's archive is moved into place just after it exits. */
  private static void awaitNoDump(Path archives) throws Exception {
    for (int i = 0; i < 100; i++) {
      try (Stream<Path> files = Files.list(archives)) {
        if (files.noneMatch(p -> p.getFileName().toString().contains(".jsa."))) {
          return;
        }
      }
      Thread.sleep(50);
    }
  }

  private Path childJar() throws Exception {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Child.class.getName());
    Path jar = dir.resolve("child.jar");
    String entry = Child.class.getName().replace('.', '/') + ".class";
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream jarOut = new JarOutputStream(out, manifest);
        InputStream in = Child.class.getClassLoader().getResourceAsStream(entry)) {
      jarOut.putNextEntry(new JarEntry(entry));
      in.transferTo(jarOut);
      jarOut.closeEntry();
    }
    return jar;
  }
}
