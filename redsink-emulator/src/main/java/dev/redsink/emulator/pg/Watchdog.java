package dev.redsink.emulator.pg;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small shell process, started before PostgreSQL, that stops PostgreSQL and removes the
 * emulator's directory when the JVM goes away without closing the emulator (SIGKILL, a crash, a
 * halt). It waits on a pipe from the JVM: the operating system closes the JVM's end when the JVM
 * ends in any way, and end-of-file wakes the watchdog; a clean close writes "closed" first and the
 * watchdog just exits. It ignores SIGINT, SIGTERM and SIGHUP, so Ctrl-C in a terminal (sent to the
 * whole process group) leaves it waiting for the JVM's own clean stop.
 *
 * <p>POSIX systems only (Linux, macOS): on Windows no watchdog runs, and a PostgreSQL left by a
 * killed JVM is stopped, and its directory removed, by the next emulator's start ({@link
 * AbandonedDirectories}).
 */
final class Watchdog implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Watchdog.class);

  /**
   * $1 is the emulator's directory. Repeats for up to ten seconds, so that a PostgreSQL still
   * starting when the JVM died (its pid file written late) is caught too; SIGQUIT is PostgreSQL's
   * immediate shutdown.
   */
  private static final String SCRIPT =
      """
      trap '' INT TERM HUP QUIT
      IFS= read -r line
      [ "$line" = closed ] && exit 0
      i=0
      while [ $i -lt 20 ]; do
        pidfile="$1/data/postmaster.pid"
        if [ -f "$pidfile" ]; then
          kill -QUIT "$(head -n 1 "$pidfile")" 2>/dev/null
          sleep 0.5
        fi
        rm -rf "$1" 2>/dev/null
        [ -d "$1" ] || [ $i -lt 2 ] || exit 0
        sleep 0.5
        i=$((i + 1))
      done
      """;

  private final Process process;

  private Watchdog(Process process) {
    this.process = process;
  }

  /** Starts a watchdog for the directory, or none where there is no POSIX shell. */
  static Watchdog start(Path root) {
    if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")) {
      return new Watchdog(null);
    }
    try {
      Process p =
          new ProcessBuilder("sh", "-c", SCRIPT, "redsink-emulator-watchdog", root.toString())
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      return new Watchdog(p);
    } catch (IOException e) {
      LOG.warn(
          "Cannot start the emulator's watchdog ({}); if this JVM is killed, the next emulator"
              + " start stops its PostgreSQL",
          e.toString());
      return new Watchdog(null);
    }
  }

  /** Tells the watchdog that the emulator stopped cleanly; it exits without doing anything. */
  @Override
  public void close() {
    if (process == null) {
      return;
    }
    try (OutputStream in = process.getOutputStream()) {
      in.write("closed\n".getBytes(StandardCharsets.US_ASCII));
    } catch (IOException e) {
      LOG.debug("The emulator's watchdog had already ended", e);
    }
  }
}
