package dev.redsink.acceptance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The table a cell's input implies: the columns compared (and how), the columns that identify a row
 * (the id, or the primary key: one row per key), and every row in canonical form. {@link #ANY}
 * marks a value the input does not determine.
 */
record ExpectedTable(
    Map<String, ColumnKind> columns, List<String> match, List<Map<String, String>> rows) {

  /** A value the test does not check. */
  static final String ANY = "<any>";

  /** The differences between this table and the rows read back; none when they are equal. */
  List<String> differences(List<Map<String, String>> actual) {
    List<String> problems = new ArrayList<>();
    Map<String, Map<String, String>> want = byMatch(rows, problems, "expected");
    Map<String, Map<String, String>> have = byMatch(actual, problems, "table");
    for (Map.Entry<String, Map<String, String>> e : want.entrySet()) {
      Map<String, String> got = have.get(e.getKey());
      if (got == null) {
        problems.add("missing row " + e.getKey() + ": " + e.getValue());
        continue;
      }
      for (String column : columns.keySet()) {
        String w = e.getValue().get(column);
        String g = got.get(column);
        if (!ANY.equals(w) && !Objects.equals(w, g)) {
          problems.add(
              "row " + e.getKey() + ": " + column + " is " + show(g) + ", expected " + show(w));
        }
      }
    }
    for (Map.Entry<String, Map<String, String>> e : have.entrySet()) {
      if (!want.containsKey(e.getKey())) {
        problems.add("unexpected row " + e.getKey() + ": " + e.getValue());
      }
    }
    if (problems.size() > 25) {
      int more = problems.size() - 25;
      problems = new ArrayList<>(problems.subList(0, 25));
      problems.add("… and " + more + " more differences");
    }
    return problems;
  }

  private Map<String, Map<String, String>> byMatch(
      List<Map<String, String>> list, List<String> problems, String where) {
    Map<String, Map<String, String>> out = new TreeMap<>();
    for (Map<String, String> row : list) {
      Map<String, String> key = new LinkedHashMap<>();
      match.forEach(m -> key.put(m, row.get(m)));
      if (out.put(key.toString(), row) != null) {
        problems.add("more than one row in the " + where + " for " + key);
      }
    }
    return out;
  }

  private static String show(String value) {
    return value == null ? "NULL" : "'" + value + "'";
  }
}
