package dev.redsink.emulator.dialect;

import java.util.List;

/**
 * Redshift's MERGE: one WHEN MATCHED (UPDATE or DELETE) and one WHEN NOT MATCHED (INSERT), no
 * conditions on WHEN, no BY SOURCE, no DO NOTHING; and the REMOVE DUPLICATES simplified form.
 */
final class MergeRule {

  private MergeRule() {}

  static void check(Statement s) throws DialectException {
    int matched = 0;
    int notMatched = 0;
    for (int i = 0; i < s.size(); i++) {
      if (!s.at(i).is("WHEN")) {
        continue;
      }
      int j = i + 1;
      boolean not = s.at(j).is("NOT");
      if (not) {
        j++;
      }
      if (!s.at(j).is("MATCHED")) {
        throw new DialectException(RedshiftError.syntaxErrorAt(s.at(j).text()));
      }
      Token after = s.at(j + 1);
      if (!after.is("THEN")) {
        throw new DialectException(RedshiftError.syntaxErrorAt(after.text()));
      }
      Token action = s.at(j + 2);
      if (not ? !action.is("INSERT") : !(action.is("UPDATE") || action.is("DELETE"))) {
        throw new DialectException(RedshiftError.syntaxErrorAt(action.text()));
      }
      if ((not ? ++notMatched : ++matched) > 1) {
        throw new DialectException(RedshiftError.syntaxErrorAt(s.at(i).text()));
      }
    }
  }

  /** MERGE … REMOVE DUPLICATES as DELETE of matched rows plus INSERT of the source. */
  static SpecialStatement removeDuplicates(Statement s, DialectContext ctx) {
    int remove = s.find(0, "REMOVE");
    if (remove < 0 || !s.at(remove + 1).is("DUPLICATES")) {
      return null;
    }
    int into = s.find(0, "INTO");
    int using = s.find(0, "USING");
    int on = s.find(0, "ON");
    String target = s.text(into + 1, using);
    String source = s.text(using + 1, on);
    int sourceNameEnd = CreateTableRule.nameEnd(s, using + 1);
    String sourceTable = s.text(using + 1, sourceNameEnd);
    String condition = s.text(on + 1, remove);
    return new SpecialStatement.Compound(
        "MERGE",
        List.of(
            "DELETE FROM " + target + " USING " + source + " WHERE " + condition,
            "INSERT INTO " + target + " SELECT * FROM " + sourceTable),
        ctx.longNames());
  }
}
