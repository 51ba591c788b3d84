package dev.redsink.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.error.FatalException;
import dev.redsink.core.record.Record;
import dev.redsink.core.retry.RetryPolicy;
import dev.redsink.core.stage.ObjectStore;
import dev.redsink.core.stage.StagedFile;
import dev.redsink.core.stage.Stager;
import dev.redsink.core.stage.UuidV7;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.typed.ParsedRows;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FileStagingTest {
  private final ExecutorService threads = Executors.newFixedThreadPool(3);
  private final Bucket bucket = new Bucket();
  private final ParquetFileWriter writer =
      new ParquetFileWriter(
          RowLayout.of(EnumSet.of(ColumnGroup.METADATA), PayloadFormat.VARBYTE, "pico_"));

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  @Test
  void stagesEveryFileInRecordOrder() {
    List<List<Record>> cuts = cuts(10, 50);
    FileStaging.Staged staged = staging().stage(cuts, writer, Instant.now(), ParsedRows.NONE);

    assertThat(staged.files()).hasSize(10);
    assertThat(bucket.objects).hasSize(10);
    long bytes = 0;
    for (StagedFile file : staged.files()) {
      assertThat(bucket.objects).containsKey(file.key());
      assertThat(bucket.objects.get(file.key()).length).isEqualTo(file.contentLength());
      bytes += file.contentLength();
    }
    assertThat(staged.bytes()).isEqualTo(bytes);
  }

  @Test
  void aFailedUploadLeavesNoFileBehindAndIsThrown() {
    bucket.failPut = 5;
    assertThatThrownBy(() -> staging().stage(cuts(12, 20), writer, Instant.now(), ParsedRows.NONE))
        .isInstanceOf(FatalException.class)
        .hasMessageContaining("PUT refused");
    assertThat(bucket.objects).as("uploaded files deleted after the failure").isEmpty();
    assertThat(bucket.puts.get()).isLessThanOrEqualTo(12);
  }

  @Test
  void anInterruptedLoadDeletesTheFilesStillUploadingWhenItGaveUp() throws Exception {
    bucket.holdPut = 2;
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread loader =
        new Thread(
            () -> {
              try {
                staging().stage(cuts(6, 20), writer, Instant.now(), ParsedRows.NONE);
              } catch (Throwable t) {
                thrown.set(t);
              }
            });
    loader.start();
    assertThat(bucket.held.await(10, TimeUnit.SECONDS)).as("the second upload started").isTrue();

    loader.interrupt();
    Thread.sleep(200);
    bucket.release.countDown();
    loader.join(10_000);
    threads.shutdown();
    assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

    assertThat(thrown.get()).hasMessageContaining("Interrupted while staging files");
    assertThat(bucket.objects.keySet()).as("no file left in the bucket").isEmpty();
  }

  private FileStaging staging() {
    Stager stager =
        new Stager(bucket, "p", UuidV7.system(), new RetryPolicy(1, Duration.ZERO, d -> {}));
    return new FileStaging(threads, stager);
  }

  private static List<List<Record>> cuts(int files, int rows) {
    List<List<Record>> cuts = new ArrayList<>();
    long offset = 0;
    for (int f = 0; f < files; f++) {
      List<Record> cut = new ArrayList<>();
      for (int r = 0; r < rows; r++) {
        cut.add(new Record("t", 0, offset++, 0L, null, List.of(), new byte[100]));
      }
      cuts.add(cut);
    }
    return cuts;
  }

  /** A thread-safe in-memory bucket whose n-th PUT fails for good. */
  private static final class Bucket implements ObjectStore {
    final Map<String, byte[]> objects = new ConcurrentHashMap<>();
    final AtomicInteger puts = new AtomicInteger();
    volatile int failPut = -1;
    volatile int holdPut = -1;
    final CountDownLatch held = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public String bucket() {
      return "bucket";
    }

    @Override
    public void put(String key, byte[] bytes, String crc32cBase64) {
      int put = puts.incrementAndGet();
      if (put == failPut) {
        throw new FatalException("PUT refused (403)");
      }
      if (put == holdPut) {
        held.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      objects.put(key, bytes);
    }

    @Override
    public void delete(String key) {
      objects.remove(key);
    }

    @Override
    public void copy(String fromKey, String toKey) {
      objects.put(toKey, objects.get(fromKey));
    }
  }
}
