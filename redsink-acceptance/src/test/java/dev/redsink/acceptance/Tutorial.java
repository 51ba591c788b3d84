package dev.redsink.acceptance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redsink.emulator.RedshiftEmulator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * docs/tutorial-debezium.md and the files it shows (docs/tutorial-debezium/): the files, the page's
 * code blocks and the file each is labelled with, a SQL file's statements, a connector file, and
 * what psql prints for queries, read as results to compare with the same queries run over JDBC.
 */
final class Tutorial {
  static final Path PAGE = Path.of("..", "docs", "tutorial-debezium.md");
  static final Path FILES = Path.of("..", "docs", "tutorial-debezium");

  /**
   * The line before a code block that labels it with a file: {@code [`x`](tutorial-debezium/x):}.
   */
  private static final Pattern LABEL = Pattern.compile("\\]\\(tutorial-debezium/([^)/]+)\\):$");

  private static final Pattern FENCE = Pattern.compile("^```.*$");
  private static final Pattern ENV = Pattern.compile("\\$\\{env:([A-Za-z_][A-Za-z0-9_]*)\\}");
  private static final Pattern SEPARATOR = Pattern.compile("^-+(\\+-+)*$");
  private static final Pattern FOOTER = Pattern.compile("^\\((\\d+) rows?\\)$");

  private Tutorial() {}

  /** The names of the tutorial's files. */
  static List<String> fileNames() throws IOException {
    try (Stream<Path> files = Files.list(FILES)) {
      return files
          .filter(Files::isRegularFile)
          .map(p -> p.getFileName().toString())
          .sorted()
          .toList();
    }
  }

  static String file(String name) throws IOException {
    return Files.readString(FILES.resolve(name), StandardCharsets.UTF_8);
  }

  /**
   * A fenced code block of the page: its text (each line ending in a newline), the line its fence
   * opens on, and the file it is labelled with, or null.
   */
  record Block(String file, String text, int line) {}

  static List<Block> blocks() throws IOException {
    List<String> lines = Files.readAllLines(PAGE, StandardCharsets.UTF_8);
    List<Block> blocks = new ArrayList<>();
    String previous = "";
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (!FENCE.matcher(line).matches()) {
        if (!line.isBlank()) {
          previous = line;
        }
        continue;
      }
      int open = i;
      StringBuilder text = new StringBuilder();
      for (i++; i < lines.size() && !lines.get(i).equals("```"); i++) {
        text.append(lines.get(i)).append('\n');
      }
      if (i == lines.size()) {
        throw new IllegalStateException(
            PAGE + ": the code block of line " + (open + 1) + " never ends");
      }
      Matcher label = LABEL.matcher(previous);
      blocks.add(new Block(label.find() ? label.group(1) : null, text.toString(), open + 1));
      previous = "";
    }
    return blocks;
  }

  /**
   * The statements of a SQL file, as psql -f sends them: split at each semicolon outside quotes,
   * comments removed, each without its semicolon.
   */
  static List<String> statements(String sql) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (quote != 0) {
        current.append(c);
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        current.append(c);
      } else if (c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
        while (i < sql.length() && sql.charAt(i) != '\n') {
          i++;
        }
        current.append('\n');
      } else if (c == ';') {
        out.add(current.toString().strip());
        current.setLength(0);
      } else {
        current.append(c);
      }
    }
    if (!current.toString().isBlank()) {
      throw new IllegalArgumentException(
          "a statement without its semicolon: " + current.toString().strip());
    }
    return out;
  }

  /** A connector file as it is POSTed to a worker's /connectors: its name and configuration. */
  record Connector(String name, Map<String, String> config) {}

  static Connector connector(String file) throws IOException {
    JsonNode json = new ObjectMapper().readTree(file(file));
    Map<String, String> config = new LinkedHashMap<>();
    json.get("config")
        .fields()
        .forEachRemaining(e -> config.put(e.getKey(), e.getValue().asText()));
    return new Connector(json.get("name").asText(), config);
  }

  /**
   * The variables {@code redsink emulator --env-file} writes, which a worker started after sourcing
   * that file has in its environment (docs/cli.md).
   */
  static final List<String> EMULATOR_VARIABLES =
      List.of(
          "PGHOST",
          "PGPORT",
          "PGUSER",
          "PGPASSWORD",
          "PGDATABASE",
          "AWS_ENDPOINT_URL",
          "AWS_ACCESS_KEY_ID",
          "AWS_SECRET_ACCESS_KEY",
          "AWS_REGION",
          "REDSINK_IAM_ROLE",
          "REDSINK_S3_BUCKET");

  /** Those variables' values for this emulator, by name. */
  static Map<String, String> emulatorEnvironment(RedshiftEmulator emulator) {
    Map<String, String> env = new LinkedHashMap<>();
    for (String name : EMULATOR_VARIABLES) {
      env.put(
          name,
          switch (name) {
            case "PGHOST" -> emulator.host();
            case "PGPORT" -> Integer.toString(emulator.port());
            case "PGUSER" -> emulator.user();
            case "PGPASSWORD" -> emulator.password();
            case "PGDATABASE" -> emulator.database();
            case "AWS_ENDPOINT_URL" -> emulator.s3().endpoint().toString();
            case "AWS_ACCESS_KEY_ID" -> emulator.s3().accessKeyId();
            case "AWS_SECRET_ACCESS_KEY" -> emulator.s3().secretAccessKey();
            case "AWS_REGION" -> emulator.s3().region();
            case "REDSINK_IAM_ROLE" -> emulator.iamRole();
            case "REDSINK_S3_BUCKET" -> emulator.bucket();
            default -> throw new IllegalStateException("no value for " + name);
          });
    }
    return env;
  }

  /**
   * A configuration with each {@code ${env:NAME}} replaced by the variable's value, as Kafka's
   * EnvVarConfigProvider resolves it in the worker; a variable not in {@code environment} fails.
   */
  static Map<String, String> resolveEnvironment(
      Map<String, String> config, Map<String, String> environment) {
    Map<String, String> out = new LinkedHashMap<>();
    config.forEach(
        (key, value) -> {
          Matcher m = ENV.matcher(value);
          StringBuilder resolved = new StringBuilder();
          while (m.find()) {
            String name = m.group(1);
            if (!environment.containsKey(name)) {
              throw new IllegalArgumentException(
                  key + " reads ${env:" + name + "}, which the emulator's file does not set");
            }
            m.appendReplacement(resolved, Matcher.quoteReplacement(environment.get(name)));
          }
          m.appendTail(resolved);
          out.put(key, resolved.toString());
        });
    return out;
  }

  /**
   * What psql prints for one statement: a command tag (columns and rows empty), or a result's
   * column names and rows, each cell as its text (NULL as empty).
   */
  record Result(String tag, List<String> columns, List<List<String>> rows) {
    static Result tag(String tag) {
      return new Result(tag, List.of(), List.of());
    }

    static Result table(List<String> columns, List<List<String>> rows) {
      return new Result(null, List.copyOf(columns), List.copyOf(rows));
    }

    @Override
    public String toString() {
      if (tag != null) {
        return tag;
      }
      StringBuilder text = new StringBuilder(String.join(" | ", columns));
      rows.forEach(r -> text.append('\n').append(String.join(" | ", r)));
      return text.append("\n(").append(rows.size()).append(" rows)").toString();
    }
  }

  /**
   * psql's output of a file of statements (its aligned format, trailing blanks removed), read as
   * one result per statement. Cells must not hold '|' or line breaks.
   */
  static List<Result> psqlOutput(String text) {
    List<String> lines = text.lines().toList();
    List<Result> results = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      if (i + 1 < lines.size() && SEPARATOR.matcher(lines.get(i + 1)).matches()) {
        List<String> columns = cells(line);
        List<List<String>> rows = new ArrayList<>();
        for (i += 2; i < lines.size() && !FOOTER.matcher(lines.get(i)).matches(); i++) {
          rows.add(cells(lines.get(i)));
        }
        if (i == lines.size()) {
          throw new IllegalArgumentException("a result without its (n rows) line: " + columns);
        }
        Matcher footer = FOOTER.matcher(lines.get(i));
        footer.matches();
        if (Integer.parseInt(footer.group(1)) != rows.size()) {
          throw new IllegalArgumentException(lines.get(i) + " after " + rows.size() + " rows");
        }
        results.add(Result.table(columns, rows));
      } else {
        results.add(Result.tag(line.strip()));
      }
    }
    return results;
  }

  private static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    for (String cell : line.split("\\|", -1)) {
      cells.add(cell.strip());
    }
    return cells;
  }

  /**
   * Runs the statements in one session, as psql -f does, and returns what psql would print for
   * each: a statement without a result set prints its command's name (SET, the only kind the
   * tutorial's queries have), a query its columns and rows.
   */
  static List<Result> run(Connection c, List<String> statements) throws SQLException {
    List<Result> results = new ArrayList<>();
    try (Statement st = c.createStatement()) {
      for (String sql : statements) {
        if (!st.execute(sql)) {
          results.add(Result.tag(sql.split("\\s+", 2)[0].toUpperCase(Locale.ROOT)));
          continue;
        }
        try (ResultSet rs = st.getResultSet()) {
          int n = rs.getMetaData().getColumnCount();
          List<String> columns = new ArrayList<>();
          for (int i = 1; i <= n; i++) {
            columns.add(rs.getMetaData().getColumnLabel(i));
          }
          List<List<String>> rows = new ArrayList<>();
          while (rs.next()) {
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
              String value = rs.getString(i);
              row.add(value == null ? "" : value);
            }
            rows.add(row);
          }
          results.add(Result.table(columns, rows));
        }
      }
    }
    return results;
  }
}
