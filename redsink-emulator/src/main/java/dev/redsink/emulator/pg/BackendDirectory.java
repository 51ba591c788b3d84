package dev.redsink.emulator.pg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The emulator's directory in the system's temp directory ({@code redsink-emulator-pg…}): the
 * PostgreSQL data directory under {@code data/} and an {@value #OWNER_LOCK} file this JVM holds
 * locked for the emulator's whole life. The lock is the owner's proof of life: the operating system
 * releases it when the JVM ends in any way (even SIGKILL), so {@link AbandonedDirectories} can tell
 * a dead emulator's directory from a live one, in this JVM or another.
 */
final class BackendDirectory implements AutoCloseable {

  static final String PREFIX = "redsink-emulator-pg";
  static final String OWNER_LOCK = "owner.lock";

  /** Roots of this JVM's live emulators: never opened by the cleaner (see AbandonedDirectories). */
  private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

  private final Path root;
  private final FileChannel channel;
  private final FileLock lock;

  private BackendDirectory(Path root, FileChannel channel, FileLock lock) {
    this.root = root;
    this.channel = channel;
    this.lock = lock;
  }

  /** Creates a new directory in {@code tempDirectory}, locked by this JVM. */
  static BackendDirectory create(Path tempDirectory) {
    try {
      Path root = Files.createTempDirectory(tempDirectory, PREFIX);
      LIVE.add(root);
      // Locked under another name, then renamed: an owner.lock file is always locked while its
      // emulator lives, so a cleaner never sees one unlocked during the start.
      Path pending = root.resolve(OWNER_LOCK + ".new");
      FileChannel channel =
          FileChannel.open(pending, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      FileLock lock = channel.lock();
      try {
        Files.move(pending, root.resolve(OWNER_LOCK), StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        // Windows does not rename an open file; there the window is the start's first instant.
        lock.release();
        channel.close();
        Files.deleteIfExists(pending);
        channel =
            FileChannel.open(
                root.resolve(OWNER_LOCK), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        lock = channel.lock();
      }
      return new BackendDirectory(root, channel, lock);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create the emulator's directory in " + tempDirectory, e);
    }
  }

  /** True when {@code root} belongs to a live emulator of this JVM. */
  static boolean isLiveHere(Path root) {
    return LIVE.contains(root);
  }

  Path root() {
    return root;
  }

  /** PostgreSQL's data directory. */
  Path data() {
    return root.resolve("data");
  }

  /** Deletes the directory, then releases the lock. */
  @Override
  public void close() {
    try {
      delete(root, OWNER_LOCK);
      lock.release();
      channel.close();
      Files.deleteIfExists(root.resolve(OWNER_LOCK));
      Files.deleteIfExists(root);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot remove the emulator's directory " + root, e);
    } finally {
      LIVE.remove(root);
    }
  }

  /** Deletes a directory tree, except the named file at its top (best effort). */
  static void delete(Path root, String keep) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths
          .sorted(Comparator.reverseOrder())
          .filter(p -> !p.equals(root) && !p.equals(root.resolve(keep)))
          .forEach(p -> p.toFile().delete());
    }
  }
}
