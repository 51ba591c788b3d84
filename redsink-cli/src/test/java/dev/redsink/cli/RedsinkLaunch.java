package dev.redsink.cli;

import dev.redsink.testkit.JvmProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How this module's and the demo module's tests start a built jar: the test kit's child JVM on
 * {@code target/<jar>} (the test class path before packaging), output in {@code redsink.out} and
 * {@code redsink.err} of its working directory.
 */
public final class RedsinkLaunch {
  private RedsinkLaunch() {}

  /** The production command, this module's target/redsink.jar. */
  static JvmProcess start(Path workDir, Map<String, String> env, String... args)
      throws IOException {
    return start(workDir, env, List.of(), args);
  }

  /**
   * The production command reading standard input from a pipe the test writes to ({@link
   * JvmProcess#write}, {@link JvmProcess#input}), so it waits for more input until the test closes
   * it.
   */
  static JvmProcess startPiped(Path workDir, String... args) throws IOException {
    return JvmProcess.of(Redsink.class.getName())
        .jar(Path.of("target", "redsink.jar"))
        .jvmOptions(List.of("-Xmx1g"))
        .pipedInput()
        .start(workDir, "redsink", List.of(args));
  }

  /** Starts redsink with extra JVM options (system properties such as java.io.tmpdir). */
  static JvmProcess start(
      Path workDir, Map<String, String> env, List<String> jvmOptions, String... args)
      throws IOException {
    return start("redsink.jar", Redsink.class.getName(), workDir, env, jvmOptions, args);
  }

  /** The command from {@code target/<jarName>}, or {@code mainClass} before packaging. */
  public static JvmProcess start(
      String jarName, String mainClass, Path workDir, Map<String, String> env, String... args)
      throws IOException {
    return start(jarName, mainClass, workDir, env, List.of(), args);
  }

  /** The command from a jar, as above, with extra JVM options. */
  public static JvmProcess start(
      String jarName,
      String mainClass,
      Path workDir,
      Map<String, String> env,
      List<String> jvmOptions,
      String... args)
      throws IOException {
    return JvmProcess.of(mainClass)
        .jar(Path.of("target", jarName))
        .jvmOptions(List.of("-Xmx1g"))
        .jvmOptions(jvmOptions)
        .env(env)
        .start(workDir, "redsink", List.of(args));
  }
}
