package dev.redsink.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * A file of shell exports, written to a temporary sibling and moved into place, so a script that
 * waits for the file to appear never reads it half-written.
 */
final class EnvFile {
  private EnvFile() {}

  static void write(Path file, Map<String, String> variables) throws IOException {
    StringBuilder text =
        new StringBuilder("# Written by redsink; source it: . ")
            .append(file.getFileName())
            .append('\n');
    variables.forEach(
        (name, value) ->
            text.append("export ").append(name).append('=').append(quoted(value)).append('\n'));
    Path absolute = file.toAbsolutePath();
    Files.createDirectories(absolute.getParent());
    Path partial = absolute.resolveSibling(absolute.getFileName() + ".partial");
    Files.writeString(partial, text, StandardCharsets.UTF_8);
    Files.move(
        partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** POSIX single quoting: the value reaches the shell verbatim. */
  static String quoted(String value) {
    return "'" + value.replace("'", "'\"'\"'") + "'";
  }
}
