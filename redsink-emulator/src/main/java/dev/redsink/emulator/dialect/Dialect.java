package dev.redsink.emulator.dialect;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Redshift's SQL dialect over PostgreSQL: decides for each client statement whether it is forwarded
 * (possibly rewritten), refused with Redshift's error, or run by the emulator itself. Each rule is
 * a small method or class here; adding one is one small, tested change.
 */
public final class Dialect {

  /** Redshift-only settings the emulator accepts and keeps in the session. */
  private static final Set<String> REDSHIFT_SETTINGS =
      Set.of(
          "enable_case_sensitive_identifier",
          "enable_case_sensitive_super_attribute",
          "enable_result_cache_for_session",
          "query_group",
          "wlm_query_slot_count",
          "describe_field_name_in_uppercase",
          "json_parse_truncate_strings",
          "analyze_threshold_percent",
          "auto_analyze",
          "mv_enable_aqmv_for_session",
          "downcase_delimited_identifier",
          "spectrum_query_maxerror");

  private Dialect() {}

  /** Plans one statement (no top-level semicolons) for a session, without the catalog. */
  public static Plan plan(Statement original, SessionFlags flags) {
    return plan(original, flags, TableColumns.UNKNOWN);
  }

  /** Plans one statement for a session, asking the catalog about tables where it must. */
  public static Plan plan(Statement original, SessionFlags flags, TableColumns catalog) {
    String text = original.text();
    StatementKind kind = StatementKind.of(original);
    DialectContext ctx = new DialectContext(flags.caseSensitiveIdentifiers());
    try {
      // SUPER paths first: their attribute names fold by SUPER's rules, not as identifiers.
      Statement s =
          IdentifierRule.apply(
              AliasReferenceRule.apply(SuperPathRule.apply(original, flags), flags, catalog), ctx);
      s = SuperLiteralRule.apply(s, catalog);
      boolean lateBinding = LateBindingViewRule.applies(s);
      if (lateBinding) {
        s = LateBindingViewRule.withoutClause(s);
      }
      refuseUnsupported(s);
      SpecialStatement special = special(s, ctx);
      if (special != null) {
        return new Plan.Special(text, special, kind);
      }
      if (CreateTableRule.applies(s)) {
        s = Statement.parse(CreateTableRule.rewrite(s, ctx));
      } else if (s.startsWith("ALTER", "TABLE")) {
        s = Statement.parse(AlterTableRule.rewrite(s, ctx));
      }
      s = ExpressionRule.apply(s);
      if (lateBinding) {
        String creation = LateBindingViewRule.creation(s, new SqlNames(flags));
        Plan.Forward forward =
            new Plan.Forward(text, creation, kind, ctx.domains(), ctx.longNames());
        return new Plan.Special(
            text, new SpecialStatement.Substitute("CREATE VIEW", forward), kind);
      }
      return new Plan.Forward(
          text,
          s.text() + ctx.tableKeysComment() + ChangedRelations.comment(s),
          kind,
          ctx.domains(),
          ctx.longNames());
    } catch (DialectException e) {
      return new Plan.Refuse(text, e.error(), kind);
    }
  }

  private static void refuseUnsupported(Statement s) throws DialectException {
    StatementKind kind = StatementKind.of(s);
    if (kind == StatementKind.INSERT) {
      int on = s.find(0, "ON");
      if (on > 0 && s.at(on + 1).is("CONFLICT")) {
        throw new DialectException(RedshiftError.syntaxErrorAt(s.at(on).text()));
      }
    }
    if (kind == StatementKind.INSERT
        || kind == StatementKind.UPDATE
        || kind == StatementKind.DELETE) {
      int returning = s.find(0, "RETURNING");
      if (returning > 0) {
        throw new DialectException(RedshiftError.syntaxErrorAt(s.at(returning).text()));
      }
    }
    if (s.startsWith("CREATE", "INDEX") || s.startsWith("CREATE", "UNIQUE", "INDEX")) {
      throw notSupported("CREATE INDEX");
    }
    if (s.startsWith("CREATE", "SEQUENCE")
        || s.startsWith("CREATE", "TEMP", "SEQUENCE")
        || s.startsWith("CREATE", "TEMPORARY", "SEQUENCE")) {
      throw notSupported("CREATE SEQUENCE");
    }
    if (s.startsWith("WITH") && s.find(0, "MERGE") > 0) {
      throw new DialectException(RedshiftError.syntaxErrorAt(s.at(s.find(0, "MERGE")).text()));
    }
    if (kind == StatementKind.MERGE) {
      MergeRule.check(s);
    }
  }

  private static DialectException notSupported(String what) {
    return new DialectException(
        RedshiftError.of(RedshiftError.FEATURE_NOT_SUPPORTED, what + " is not supported"));
  }

  private static SpecialStatement special(Statement s, DialectContext ctx) throws DialectException {
    if (s.startsWith("TRUNCATE")) {
      return new SpecialStatement.Truncate(s.text());
    }
    if (s.startsWith("VACUUM")) {
      return new SpecialStatement.OutsideBlock("VACUUM", "VACUUM", List.of(), Set.of());
    }
    if (s.startsWith("COPY")) {
      return new SpecialStatement.CopyFromS3(s.text());
    }
    if (s.startsWith("SET") || s.startsWith("RESET")) {
      return setting(s);
    }
    if (s.startsWith("ALTER", "TABLE")) {
      return AlterTableRule.special(s, ctx);
    }
    if (s.startsWith("MERGE")) {
      return MergeRule.removeDuplicates(s, ctx);
    }
    return null;
  }

  private static SpecialStatement setting(Statement s) {
    int i = s.at(1).is("SESSION") || s.at(1).is("LOCAL") ? 2 : 1;
    String name = s.at(i).text().toLowerCase(Locale.ROOT);
    if (!REDSHIFT_SETTINGS.contains(name)) {
      return null;
    }
    if (s.startsWith("RESET")) {
      return new SpecialStatement.SetSession(name, null);
    }
    int value = s.at(i + 1).is("TO") || s.at(i + 1).isSymbol("=") ? i + 2 : i + 1;
    String v = s.text(value, s.size()).replace("'", "").toLowerCase(Locale.ROOT);
    return new SpecialStatement.SetSession(name, v);
  }
}
