package dev.redsink.reliability;

import dev.redsink.core.RedshiftSink;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import dev.redsink.core.record.TopicPartition;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The loader a kill scenario runs in a child JVM: resumes each partition of a generated stream from
 * the ledger and writes it in batches through {@link RedshiftSink}, printing one line per write, so
 * the parent can SIGKILL it anywhere and start it again.
 */
public final class ChildLoader {

  private ChildLoader() {}

  /** Argument: a properties file with {@code sink.*} configuration and {@code stream.*}. */
  public static void main(String[] args) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(Path.of(args[0]))) {
      p.load(r);
    }
    Map<String, Object> config = new HashMap<>();
    for (String name : p.stringPropertyNames()) {
      if (name.startsWith("sink.")) {
        config.put(name.substring("sink.".length()), p.getProperty(name));
      }
    }
    SourceStream stream =
        new SourceStream(
            p.getProperty("stream.topic"),
            Integer.parseInt(p.getProperty("stream.partitions")),
            Long.parseLong(p.getProperty("stream.perPartition")));
    long chunk = Long.parseLong(p.getProperty("stream.chunk"));
    try (RedshiftSink sink = RedshiftSink.open(config)) {
      Map<TopicPartition, Long> ledger = sink.nextOffsets(stream.topicPartitions());
      Map<Integer, Long> next = new HashMap<>();
      stream.topicPartitions().forEach(tp -> next.put(tp.partition(), ledger.getOrDefault(tp, 0L)));
      System.out.println("RESUMED " + next);
      int writes = 0;
      while (next.values().stream().anyMatch(o -> o < stream.perPartition())) {
        List<Record> batch = new ArrayList<>();
        for (int part = 0; part < stream.partitions(); part++) {
          batch.addAll(stream.slice(part, next.get(part), chunk));
        }
        LoadResult result = sink.write(batch);
        for (Map.Entry<TopicPartition, Long> e : result.next().entrySet()) {
          next.merge(e.getKey().partition(), e.getValue(), Math::max);
        }
        System.out.println("WROTE " + ++writes + " loaded=" + result.loaded());
      }
      System.out.println("DONE");
    } catch (RedsinkException e) {
      System.out.println("STOPPED " + e.getMessage());
      System.exit(3);
    }
  }
}
