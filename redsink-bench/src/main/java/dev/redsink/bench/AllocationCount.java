package dev.redsink.bench;

import dev.redsink.core.encode.ParquetFileWriter;
import dev.redsink.core.record.Record;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;

/**
 * Counts the objects the encoder allocates per record, exactly: with the Epsilon collector nothing
 * is ever freed, so a class histogram of every object in the heap (reachable or not) taken before
 * and after encoding N files, after a JIT warm-up, differs by exactly what those files allocated.
 *
 * <pre>
 * java -XX:+UnlockExperimentalVMOptions -XX:+UseEpsilonGC -Xms12g -Xmx12g -XX:+AlwaysPreTouch \
 *   -cp redsink-bench/target/benchmarks.jar dev.redsink.bench.AllocationCount --shape=JSON_1K
 * </pre>
 *
 * <p>Options: {@code --shape=JSON_1K --warmup-files=300 --files=20 --top=15}.
 */
public final class AllocationCount {

  private AllocationCount() {}

  public static void main(String[] argv) throws Exception {
    Args args = new Args(argv);
    PayloadShape shape = PayloadShape.valueOf(args.string("shape", "JSON_1K"));
    int warmup = args.integer("warmup-files", 300);
    int files = args.integer("files", 20);
    int top = args.integer("top", 15);
    List<Record> records = EncodeInput.records(shape);
    ParquetFileWriter writer = EncodeInput.writer();
    long sink = 0;
    for (int i = 0; i < warmup; i++) {
      sink += writer.write(records, EncodeInput.CREATED_AT).size();
    }
    Map<String, long[]> before = histogram();
    for (int i = 0; i < files; i++) {
      sink += writer.write(records, EncodeInput.CREATED_AT).size();
    }
    Map<String, long[]> after = histogram();
    double rows = (double) files * records.size();
    List<Map.Entry<String, long[]>> diff = new ArrayList<>();
    long objects = 0;
    long bytes = 0;
    for (Map.Entry<String, long[]> e : after.entrySet()) {
      long[] was = before.getOrDefault(e.getKey(), new long[2]);
      long[] delta = {e.getValue()[0] - was[0], e.getValue()[1] - was[1]};
      if (delta[0] > 0) {
        diff.add(Map.entry(e.getKey(), delta));
        objects += delta[0];
        bytes += delta[1];
      }
    }
    diff.sort((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]));
    System.out.printf(
        "# %s: %d files of %d records after %d warm-up files (checksum %d)%n",
        shape, files, records.size(), warmup, sink);
    System.out.printf(
        "allocations per record: %.2f objects, %.0f bytes%n", objects / rows, bytes / rows);
    System.out.println("objects/record\tbytes/record\tclass");
    for (Map.Entry<String, long[]> e : diff.subList(0, Math.min(top, diff.size()))) {
      System.out.printf(
          "%.3f\t%.1f\t%s%n", e.getValue()[0] / rows, e.getValue()[1] / rows, e.getKey());
    }
  }

  /** Instances and bytes per class of every object in the heap, unreachable ones included. */
  private static Map<String, long[]> histogram() throws Exception {
    String text =
        (String)
            ManagementFactory.getPlatformMBeanServer()
                .invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "gcClassHistogram",
                    new Object[] {new String[] {"-all"}},
                    new String[] {String[].class.getName()});
    Map<String, long[]> counts = new HashMap<>();
    for (String line : text.split("\n")) {
      String[] parts = line.trim().split("\\s+");
      if (parts.length >= 4 && parts[0].endsWith(":")) {
        counts.put(parts[3], new long[] {Long.parseLong(parts[1]), Long.parseLong(parts[2])});
      }
    }
    return counts;
  }
}
