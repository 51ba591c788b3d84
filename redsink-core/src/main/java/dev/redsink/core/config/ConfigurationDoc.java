package dev.redsink.core.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Renders docs/configuration.md from the key catalogue. Regenerate with {@code mvn -o -B -q -pl
 * redsink-core test -Dtest=ConfigurationDocTest -Dredsink.regenerateDocs=true}.
 */
public final class ConfigurationDoc {
  private ConfigurationDoc() {}

  /** The whole Markdown document. */
  public static String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("# Configuration reference\n\n")
        .append("<!-- Generated from dev.redsink.core.config.ConfigKeys; do not edit by hand.\n")
        .append("     Regenerate: mvn -o -B -q -pl redsink-core test -Dtest=ConfigurationDocTest")
        .append(" -Dredsink.regenerateDocs=true -->\n\n")
        .append("Every key has a TOML spelling (`batch_size`) and a Kafka Connect spelling")
        .append(" (`batch.size`). All problems are reported at once when the sink opens; values")
        .append(" marked secret are masked in every log line, message and `toString`. A key that")
        .append(" is not in this table is an error naming the nearest one (in a connector file,")
        .append(" its environment overrides, or `RedshiftSink.open`); a Kafka Connect")
        .append(" configuration also carries the framework's own keys, so there a near miss of")
        .append(" one of these keys is logged as a warning. A list is a TOML array or one")
        .append(" comma-separated string (the only form in Kafka Connect).\n\n")
        .append("| Key | Kafka Connect | Type | Default | Meaning |\n")
        .append("|---|---|---|---|---|\n");
    for (ConfigKey<?> key : ConfigKeys.ALL) {
      md.append("| `")
          .append(key.name())
          .append("` | `")
          .append(key.dottedName())
          .append("` | ")
          .append(key.type().docName())
          .append(" | ")
          .append(key.defaultText())
          .append(" | ")
          .append(key.doc().replace("|", "\\|"))
          .append(key.sensitivity() == Sensitivity.PLAIN ? "" : " (secret)")
          .append(" |\n");
    }
    return md.toString();
  }

  /** Writes the document to the given file. */
  public static void write(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, markdown(), StandardCharsets.UTF_8);
  }
}
