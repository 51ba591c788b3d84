package dev.redsink.reliability;

import dev.redsink.testkit.JvmProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The child JVMs scenarios kill and restart, on the test class path, through the test kit. */
final class Children {
  private Children() {}

  private static final List<String> JVM = List.of("-Xmx512m", "-XX:TieredStopAtLevel=1");

  /** The {@code redsink} command ({@code dev.redsink.cli.Redsink}) with {@code env} added. */
  static JvmProcess redsink(Path dir, String name, Map<String, String> env, String... args)
      throws IOException {
    return JvmProcess.of("dev.redsink.cli.Redsink")
        .jvmOptions(JVM)
        .env(env)
        .poll(Duration.ofMillis(20))
        .start(dir, name, List.of(args));
  }

  /**
   * A {@link ChildLoader} reading {@code properties}, polled every 2 ms so that a kill lands close
   * to the condition awaited.
   */
  static JvmProcess loader(Path properties, Path dir, String name) throws IOException {
    return JvmProcess.of(ChildLoader.class.getName())
        .jvmOptions(JVM)
        .poll(Duration.ofMillis(2))
        .start(dir, name, List.of(properties.toString()));
  }
}
