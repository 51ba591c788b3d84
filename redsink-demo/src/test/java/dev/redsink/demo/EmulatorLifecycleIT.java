package dev.redsink.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.cli.RedsinkLaunch;
import dev.redsink.testkit.JvmProcess;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redsink emulator} started and stopped again and again, as scripts and test suites do:
 * SIGTERM at random moments (during the start too) and SIGKILL of the JVM leave no PostgreSQL
 * process and no data directory; a start removes what a dead emulator left, never what a live one
 * uses. Each emulator gets a temp directory of its own, so only the processes and directories of
 * the emulators this test started are counted (other emulators may run on the machine).
 */
class EmulatorLifecycleIT {

  private static final Duration READY = Duration.ofSeconds(90);
  private static final Duration GONE = Duration.ofSeconds(30);
  private static final String PREFIX = "redsink-emulator-pg";

  @TempDir Path dir;
  private Path temp;
  private List<String> jvm;
  private final Map<JvmProcess, Path> envFiles = new java.util.IdentityHashMap<>();

  @BeforeEach
  void privateTempDirectory() throws IOException {
    temp = Files.createDirectories(dir.resolve("tmp"));
    // PostgreSQL's binaries stay in the shared cache; only the emulators' directories go to temp.
    Path binaries = Path.of(System.getProperty("java.io.tmpdir"), "embedded-pg");
    jvm = List.of("-Djava.io.tmpdir=" + temp, "-Dot.epg.working-dir=" + binaries);
  }

  @Test
  void sigtermAtAnyMomentAndSigkillLeaveNothingBehind() throws Exception {
    long seed = System.nanoTime();
    SplittableRandom random = new SplittableRandom(seed);
    for (int round = 0; round < 2; round++) {
      long delay = random.nextLong(8_000);
      try (JvmProcess redsink = start()) {
        Thread.sleep(delay);
        redsink.terminate(Duration.ofSeconds(90));
      }
      assertNothingLeft("SIGTERM " + delay + " ms after the start (seed " + seed + ")");
    }
    long delay = random.nextLong(6_000);
    try (JvmProcess redsink = start()) {
      Thread.sleep(delay);
      redsink.kill();
    }
    assertNothingLeft("SIGKILL " + delay + " ms after the start (seed " + seed + ")");
    try (JvmProcess redsink = start()) {
      awaitReady(redsink);
      redsink.kill();
    }
    assertNothingLeft("SIGKILL once ready");
  }

  @Test
  void aStartRemovesWhatADeadEmulatorLeftButNotWhatALiveOneUses() throws Exception {
    Path deadRoot;
    long deadServer;
    try (JvmProcess dead = start()) {
      awaitReady(dead);
      deadRoot = single(roots());
      deadServer = postgres(deadRoot);
      // Killed together with its watchdog, the emulator's PostgreSQL and directory stay behind.
      dead.handle()
          .descendants()
          .filter(p -> commandLine(p).contains("redsink-emulator-watchdog"))
          .forEach(ProcessHandle::destroyForcibly);
      dead.kill();
    }
    assertThat(ProcessHandle.of(deadServer).map(ProcessHandle::isAlive)).contains(true);
    assertThat(deadRoot).isDirectory();

    try (JvmProcess live = start()) {
      Map<String, String> liveEnv = awaitReady(live);
      assertThat(ProcessHandle.of(deadServer).map(ProcessHandle::isAlive).orElse(false))
          .as("the dead emulator's PostgreSQL")
          .isFalse();
      assertThat(deadRoot).doesNotExist();
      Path liveRoot = single(roots());

      try (JvmProcess second = start()) {
        awaitReady(second);
        assertThat(liveRoot).as("a live emulator's directory").isDirectory();
        assertThat(roots()).hasSize(2);
        assertThat(selectOne(liveEnv)).isEqualTo(1);
        second.terminate(Duration.ofSeconds(90));
      }
      live.terminate(Duration.ofSeconds(90));
    }
    assertNothingLeft("both emulators stopped with SIGTERM");
  }

  private JvmProcess start() throws IOException {
    Path envFile = dir.resolve("emulator-" + envFiles.size() + ".env");
    JvmProcess redsink =
        RedsinkLaunch.start(
            DemoJar.NAME,
            DemoJar.MAIN,
            dir,
            Map.of(),
            jvm,
            "emulator",
            "--port",
            "0",
            "--s3-port",
            "0",
            "--env-file",
            envFile.toString());
    envFiles.put(redsink, envFile);
    return redsink;
  }

  private Map<String, String> awaitReady(JvmProcess redsink) throws IOException {
    redsink.awaitOutput("Running; stop with Ctrl-C or SIGTERM.", READY);
    Map<String, String> env = new java.util.LinkedHashMap<>();
    Matcher m =
        Pattern.compile("(?m)^export (\\w+)='([^']*)'$")
            .matcher(Files.readString(envFiles.get(redsink)));
    while (m.find()) {
      env.put(m.group(1), m.group(2));
    }
    return env;
  }

  private void assertNothingLeft(String after) {
    Awaitility.await(after)
        .atMost(GONE)
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(
            () -> {
              assertThat(roots()).as("emulator directories after %s", after).isEmpty();
              assertThat(ours()).as("processes of our emulators after %s", after).isEmpty();
            });
  }

  /** The emulators' directories in our temp directory. */
  private List<Path> roots() throws IOException {
    List<Path> out = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(temp, PREFIX + "*")) {
      s.forEach(out::add);
    }
    return out;
  }

  /** PostgreSQL servers and watchdogs working in our temp directory (the JVMs have ended). */
  private List<String> ours() {
    return ProcessHandle.allProcesses()
        .map(EmulatorLifecycleIT::commandLine)
        .filter(c -> c.contains(temp.toString()) && !c.contains("java.io.tmpdir"))
        .toList();
  }

  private long postgres(Path root) {
    return ProcessHandle.allProcesses()
        .filter(p -> commandLine(p).contains(root.resolve("data").toString()))
        .filter(p -> commandLine(p).contains("postgres"))
        .mapToLong(ProcessHandle::pid)
        .findFirst()
        .orElseThrow(() -> new AssertionError("No PostgreSQL runs on " + root));
  }

  private static String commandLine(ProcessHandle p) {
    return p.info().commandLine().orElse("");
  }

  private static Path single(List<Path> roots) {
    assertThat(roots).hasSize(1);
    return roots.get(0);
  }

  private static int selectOne(Map<String, String> env) throws Exception {
    String url =
        "jdbc:postgresql://"
            + env.get("PGHOST")
            + ":"
            + env.get("PGPORT")
            + "/"
            + env.get("PGDATABASE");
    try (Connection c = DriverManager.getConnection(url, env.get("PGUSER"), env.get("PGPASSWORD"));
        ResultSet rs = c.createStatement().executeQuery("SELECT 1")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
