package dev.redsink.emulator.wire;

import dev.redsink.emulator.dialect.Domain;
import dev.redsink.emulator.dialect.RedshiftError;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns PostgreSQL's errors into the ones Redshift returns for the same situation (SQLSTATE,
 * message and detail), and hides the emulator's own names (domains, helper functions).
 */
final class ErrorTranslation {

  private static final Pattern DOMAIN_CHECK =
      Pattern.compile("value for domain (?:pg_catalog\\.)?(rs_\\w+?_\\d+|super) violates.*");
  private static final Pattern DOMAIN_NAME =
      Pattern.compile("(?:pg_catalog\\.)?(rs_(?:varchar|char|varbyte)_\\d+)");
  private static final Pattern TOO_LONG = Pattern.compile("value too long for type (.*)");
  private static final Pattern ALREADY_EXISTS = Pattern.compile("relation (\".*\") already exists");
  private static final Pattern NAVIGATION =
      Pattern.compile(
          "function redsink_emulator\\.super_get\\((.+), (?:unknown|integer)\\) does not exist");
  private static final String EMULATOR_SCHEMA = "redsink_emulator.";

  /** Names the backend functions behind late-binding views (views.sql). */
  private static final String LATE_BINDING = "late_binding_view";

  private ErrorTranslation() {}

  static ErrorFields toRedshift(ErrorFields raised) {
    ErrorFields e = raised;
    if (e.where() != null && e.where().contains("redshift_raise")) {
      return e.with('W', null).with('F', null).with('L', null).with('R', null);
    }
    if (e.where() != null && e.where().contains(LATE_BINDING)) {
      // Redshift runs a late-binding view's query as the client's own: no emulator function in
      // its context, no internal query.
      e = e.with('W', null).with('q', null).with('p', null);
    }
    String state = e.sqlState();
    String message = e.message();
    Matcher m;
    if (state.equals("22001") && (m = TOO_LONG.matcher(message)).matches()) {
      return apply(e, RedshiftError.valueTooLong(m.group(1)));
    }
    if (state.equals("23514") && (m = DOMAIN_CHECK.matcher(message)).matches()) {
      String domain = m.group(1);
      if (domain.equals("super")) {
        return apply(
            e,
            RedshiftError.engine(
                "Value too long for SUPER type",
                8001,
                "SUPER value exceeds the 16 MB limit",
                "super.cpp:0"));
      }
      String type = Domain.redshiftTypeName(domain);
      if (domain.startsWith("rs_varbyte_")) {
        return apply(
            e,
            RedshiftError.engine(
                "Value too long for VARBYTE type",
                8001,
                "Value too long for type " + type,
                "varbyte.cpp:0"));
      }
      return apply(e, RedshiftError.valueTooLong(type));
    }
    if (state.equals("40001")) {
      return apply(
          e,
          new RedshiftError(
              "XX000",
              "1023",
              "Serializable isolation violation on table - 0, transactions forming the cycle are:"
                  + " (emulated: "
                  + message
                  + ")"));
    }
    if (state.equals("21000") && message.startsWith("MERGE command cannot affect row")) {
      return apply(
          e, RedshiftError.of("XX000", "Found multiple matches to update the same tuple."));
    }
    if (state.equals("42883") && (m = NAVIGATION.matcher(message)).matches()) {
      // The emulator's own text: Redshift's documentation gives none for this refusal.
      String type = m.group(1);
      String shown = Domain.redshiftTypeName(type) != null ? Domain.redshiftTypeName(type) : type;
      return e.withSqlState("42804")
          .withMessage(
              "Cannot navigate into a value of type "
                  + shown
                  + ": PartiQL paths (. and []) apply to SUPER values only")
          .with('H', null);
    }
    if (state.equals("42883") && message.contains(EMULATOR_SCHEMA)) {
      // A PostgreSQL JSON operator the dialect made undefined (Redshift has none of them).
      return e.withMessage(message.replace(EMULATOR_SCHEMA, "")).with('H', null);
    }
    if (state.equals("42P07") && (m = ALREADY_EXISTS.matcher(message)).matches()) {
      return e.withMessage("Relation " + m.group(1) + " already exists");
    }
    return renameDomains(e);
  }

  private static ErrorFields apply(ErrorFields e, RedshiftError r) {
    return e.withSqlState(r.sqlState())
        .withMessage(r.message())
        .withDetail(r.detail())
        .with('W', null)
        .with('F', null)
        .with('L', null)
        .with('R', null)
        .with('s', null)
        .with('t', null)
        .with('c', null)
        .with('d', null)
        .with('n', null);
  }

  private static ErrorFields renameDomains(ErrorFields e) {
    ErrorFields out = e;
    for (char field : new char[] {'M', 'D', 'W'}) {
      String v = out.asMap().get(field);
      if (v != null && v.contains("rs_")) {
        Matcher m = DOMAIN_NAME.matcher(v);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
          m.appendReplacement(sb, Matcher.quoteReplacement(Domain.redshiftTypeName(m.group(1))));
        }
        m.appendTail(sb);
        out = out.with(field, sb.toString());
      }
    }
    return out;
  }
}
