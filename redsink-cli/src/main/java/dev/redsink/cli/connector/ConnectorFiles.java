package dev.redsink.cli.connector;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The connector files a command was given: every file read (all problems reported together),
 * disabled ones skipped with a note, each file's notes printed once.
 */
public final class ConnectorFiles {
  private ConnectorFiles() {}

  /**
   * Reads every file and returns the enabled ones.
   *
   * @throws ConnectorFileException for the first unusable file, after reading them all
   */
  public static List<ConnectorFile> enabled(
      List<Path> files, ConnectorFileReader reader, PrintWriter out) {
    List<ConnectorFile> enabled = new ArrayList<>();
    List<ConnectorFileException> failures = new ArrayList<>();
    for (Path file : files) {
      try {
        ConnectorFile connector = reader.read(file);
        connector.notes().forEach(n -> out.println("Note: " + file + ": " + n));
        if (connector.enabled()) {
          enabled.add(connector);
        } else {
          out.println(
              "Note: "
                  + file
                  + ": connector '"
                  + connector.key()
                  + "' has enabled = false; skipped");
        }
      } catch (ConnectorFileException e) {
        failures.add(e);
      }
    }
    if (failures.size() == 1) {
      throw failures.get(0);
    }
    if (!failures.isEmpty()) {
      List<String> all = new ArrayList<>();
      failures.forEach(f -> all.add(f.getMessage()));
      throw new ConnectorFileException(Path.of(files.size() + " files"), all);
    }
    return enabled;
  }
}
