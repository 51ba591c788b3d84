package dev.redsink.emulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A file of SQL examples with the answers Redshift's documentation gives, run by tests through
 * several clients. Format: a line {@code == title | source} starts a case; SQL lines follow
 * (statements end with a semicolon); then {@code => row} lines give the last statement's rows in
 * order (columns joined by '|', NULL as nothing), or one {@code =! text} line the error message it
 * must contain. The case titled {@code setup} has no expectation and runs first.
 */
record SqlCorpus(List<String> setup, List<SqlCorpus.Case> cases) {

  /** One example: statements (the last one's result is checked) and what it must answer. */
  record Case(
      String title, String source, List<String> statements, List<String> rows, String error) {

    boolean fails() {
      return error != null;
    }

    /** The statements as one script, for psql. */
    String script() {
      return String.join(";\n", statements) + ";";
    }

    @Override
    public String toString() {
      return title;
    }
  }

  static SqlCorpus read(String resource) {
    String text;
    try (InputStream in = SqlCorpus.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("No corpus " + resource);
      }
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> setup = new ArrayList<>();
    List<Case> cases = new ArrayList<>();
    String title = null;
    String source = null;
    StringBuilder sql = new StringBuilder();
    List<String> rows = new ArrayList<>();
    String error = null;
    for (String line : (text + "\n== end").lines().toList()) {
      if (line.startsWith("== ")) {
        if (title != null) {
          List<String> statements = statements(sql.toString());
          if (title.equals("setup")) {
            setup.addAll(statements);
          } else {
            cases.add(new Case(title, source, statements, List.copyOf(rows), error));
          }
        }
        String[] head = line.substring(3).split("\\|", 2);
        title = head[0].strip();
        source = head.length > 1 ? head[1].strip() : "";
        sql.setLength(0);
        rows.clear();
        error = null;
      } else if (line.startsWith("=>")) {
        rows.add(line.length() > 3 ? line.substring(3) : "");
      } else if (line.startsWith("=!")) {
        error = line.substring(2).strip();
      } else if (!line.startsWith("--")) {
        sql.append(line).append('\n');
      }
    }
    return new SqlCorpus(List.copyOf(setup), List.copyOf(cases));
  }

  /** Statements end with a semicolon at the end of a line (none of ours has one inside). */
  private static List<String> statements(String sql) {
    List<String> out = new ArrayList<>();
    for (String part : sql.split(";\\s*\n")) {
      if (!part.isBlank()) {
        out.add(part.strip().replaceAll(";$", ""));
      }
    }
    return out;
  }
}
