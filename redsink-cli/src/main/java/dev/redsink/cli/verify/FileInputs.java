package dev.redsink.cli.verify;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** verify's {@code --file [TOPIC=]FILE} options: which file each topic was loaded from. */
public final class FileInputs {
  private FileInputs() {}

  /**
   * The file of each topic.
   *
   * @param topic the --topic given, which a FILE without a topic belongs to (may be null)
   * @throws IllegalArgumentException when a FILE has no topic, or a topic two files
   */
  public static Map<String, Path> parse(List<String> inputs, String topic) {
    Map<String, Path> files = new LinkedHashMap<>();
    for (String input : inputs) {
      int eq = input.indexOf('=');
      String t = eq > 0 ? input.substring(0, eq) : topic;
      if (t == null) {
        throw new IllegalArgumentException(
            "--file "
                + input
                + " needs its topic: give --topic, or write --file TOPIC=FILE (the topic whose"
                + " ledger rows and table the file was loaded into)");
      }
      Path previous = files.put(t, Path.of(eq > 0 ? input.substring(eq + 1) : input));
      if (previous != null) {
        throw new IllegalArgumentException(
            "--file gives topic " + t + " two files, " + previous + " and " + files.get(t));
      }
    }
    return files;
  }
}
