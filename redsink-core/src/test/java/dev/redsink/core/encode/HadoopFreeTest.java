package dev.redsink.core.encode;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hadoop is a provided (compile-only) dependency, so the encoder must run without it: this loads
 * the encoder in a class loader whose class path has no Hadoop jar and encodes a file.
 */
class HadoopFreeTest {

  /** Runs inside the Hadoop-free class loader. */
  public static final class Probe implements java.util.function.Supplier<Integer> {
    @Override
    public Integer get() {
      var layout =
          dev.redsink.core.table.RowLayout.of(
              java.util.EnumSet.allOf(dev.redsink.core.table.ColumnGroup.class),
              dev.redsink.core.table.PayloadFormat.VARBYTE,
              "pico_");
      var record =
          new dev.redsink.core.record.Record(
              "t", 0, 1, 2, new byte[] {1}, List.of(), new byte[] {2});
      return new ParquetFileWriter(layout)
          .write(List.of(record), java.time.Instant.EPOCH)
          .bytes()
          .length;
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void encodesWithoutHadoopOnTheClassPath() throws Exception {
    String classPath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<URL> urls = new ArrayList<>();
    boolean sawHadoop = false;
    for (String entry : classPath.split(File.pathSeparator)) {
      if (entry.replace(File.separatorChar, '/').contains("/org/apache/hadoop/")) {
        sawHadoop = true;
        continue;
      }
      urls.add(new File(entry).toURI().toURL());
    }
    assertThat(sawHadoop).as("the test class path should have had Hadoop to remove").isTrue();
    try (URLClassLoader loader =
        new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
      assertThat(loader.loadClass("org.apache.parquet.hadoop.ParquetWriter")).isNotNull();
      assertThat(tryLoad(loader, "org.apache.hadoop.conf.Configuration")).isFalse();
      Class<?> probe = loader.loadClass(Probe.class.getName());
      var supplier =
          (java.util.function.Supplier<Integer>) probe.getDeclaredConstructor().newInstance();
      assertThat(supplier.get()).isGreaterThan(100);
    }
  }

  private static boolean tryLoad(ClassLoader loader, String name) {
    try {
      loader.loadClass(name);
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
