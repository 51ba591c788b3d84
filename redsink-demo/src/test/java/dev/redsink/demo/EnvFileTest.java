package dev.redsink.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvFileTest {

  @Test
  void writesQuotedExportsThatAShellReadsBack(@TempDir Path dir) throws Exception {
    Map<String, String> vars = new LinkedHashMap<>();
    vars.put("PLAIN", "value");
    vars.put("TRICKY", "it's $HOME `x` \"q\"");
    Path file = dir.resolve("sub/env");

    EnvFile.write(file, vars);

    Process shell =
        new ProcessBuilder(
                "sh",
                "-c",
                ". \"$1\" && printf '%s|%s' \"$PLAIN\" \"$TRICKY\"",
                "sh",
                file.toString())
            .redirectErrorStream(true)
            .start();
    String printed = new String(shell.getInputStream().readAllBytes());
    assertThat(shell.waitFor()).isZero();
    assertThat(printed).isEqualTo("value|it's $HOME `x` \"q\"");
    assertThat(Files.list(file.getParent())).containsExactly(file);
  }
}
