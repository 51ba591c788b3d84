package dev.redsink.bench;

import dev.redsink.emulator.kafka.EmbeddedKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;

/**
 * Scale-out of {@code redsink run}: 1, 2 and 4 processes of one connector file (one consumer group)
 * over 8 topics of one partition each, loading 8 tables, against an emulator whose COPY takes a
 * fixed time (the cost profile), so that the cluster's latency, not this machine's two cores,
 * bounds one process. For each process count: fresh topics, the processes started and their group
 * formed, then the records produced; timed from the first committed rows until 90% of them are
 * loaded (then every row is waited for).
 *
 * <p>Options: {@code --records=1200000 --processes=1,2,4 --cost-profile=copy=3s
 * --jar=redsink-cli/target/redsink.jar}.
 */
public final class RunScaleOut {
  private static final int TOPICS = 8;

  private RunScaleOut() {}

  public static void main(String[] argv) throws Exception {
    Logging.quiet();
    Args args = new Args(argv);
    int records = args.integer("records", 1_200_000);
    List<Integer> counts =
        List.of(args.string("processes", "1,2,4").split(",")).stream()
            .map(Integer::parseInt)
            .toList();
    String costProfile = args.string("cost-profile", "copy=3s");
    Path jar = Path.of(args.string("jar", "redsink-cli/target/redsink.jar"));
    System.out.printf(
        "# redsink run scale-out: %d records of 100-byte JSON over %d topics of 1 partition,"
            + " processes %s, cost profile %s, default settings, %d cores%n",
        records, TOPICS, counts, costProfile, Runtime.getRuntime().availableProcessors());
    Path work = Files.createTempDirectory("redsink-scale-");
    double one = Double.NaN;
    try (EmulatorProcess emulator = EmulatorProcess.start(costProfile);
        EmbeddedKafka kafka = EmbeddedKafka.start()) {
      Endpoint endpoint = emulator.endpoint();
      for (int n : counts) {
        String prefix = "s" + n;
        List<String> topics = IntStream.range(0, TOPICS).mapToObj(i -> prefix + ".t" + i).toList();
        kafka.createTopics(topics, 1);
        List<Process> processes = new ArrayList<>();
        RuntimeProcess.Window w;
        try {
          for (int p = 0; p < n; p++) {
            processes.add(
                RuntimeProcess.redsinkRun(
                    jar,
                    work,
                    prefix,
                    prefix + "_{topic_segment[-1]}",
                    prefix + "\\..*",
                    endpoint,
                    kafka.bootstrapServers(),
                    "",
                    work.resolve(prefix + "-" + p + ".log")));
          }
          awaitGroup(kafka, "redsink-" + prefix, n, Set.copyOf(topics));
          RunVersusConnect.produce(
              kafka.bootstrapServers(), topics, records, 1, PayloadShape.JSON_100);
          List<String> tables = topics.stream().map(t -> prefix + "_" + t.substring(3)).toList();
          w = RuntimeProcess.watch(processes, endpoint, tables, records, 0.9);
        } finally {
          RuntimeProcess.stop(processes);
        }
        double rate = w.rows() / w.seconds();
        if (n == counts.get(0)) {
          one = rate / n;
        }
        System.out.printf(
            "processes %d  %,9d rows in the window  %6.1f s  %,8.0f records/s  %.2f× one"
                + " process's  CPU %.1f s%n",
            n, w.rows(), w.seconds(), rate, rate / one, w.cpuSeconds());
      }
    }
    System.exit(0);
  }

  /** Waits until the group has {@code members} members holding every partition of the topics. */
  private static void awaitGroup(EmbeddedKafka kafka, String group, int members, Set<String> topics)
      throws Exception {
    long deadline = System.currentTimeMillis() + 180_000;
    try (Admin admin = kafka.admin()) {
      while (System.currentTimeMillis() < deadline) {
        try {
          Map<String, ConsumerGroupDescription> d =
              admin.describeConsumerGroups(List.of(group)).all().get();
          List<MemberDescription> m = new ArrayList<>(d.get(group).members());
          Set<String> assigned =
              m.stream()
                  .flatMap(x -> x.assignment().topicPartitions().stream())
                  .map(tp -> tp.topic())
                  .collect(Collectors.toSet());
          if (m.size() == members
              && assigned.containsAll(topics)
              && m.stream().allMatch(x -> !x.assignment().topicPartitions().isEmpty())) {
            return;
          }
        } catch (java.util.concurrent.ExecutionException e) {
          // the group does not exist until its first member joins
        }
        Thread.sleep(500);
      }
    }
    throw new IllegalStateException("group " + group + " did not form with " + members);
  }
}
