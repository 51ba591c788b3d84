package dev.redsink.emulator.copy;

import dev.redsink.emulator.copy.CopyTokens.Token;
import dev.redsink.emulator.copy.CopyTokens.Type;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Recursive-descent parser for Redshift's COPY from Parquet
 * (https://docs.aws.amazon.com/redshift/latest/dg/r_COPY.html), refusing parameters Redshift
 * refuses for columnar formats with Redshift's messages.
 */
final class CopyParser {
  private static final Set<String> FORMATS =
      Set.of("PARQUET", "CSV", "JSON", "AVRO", "ORC", "FIXEDWIDTH", "SHAPEFILE");

  /** Row-format parameters: Redshift documents them as not allowed for columnar COPY. */
  private static final Set<String> NOT_COLUMNAR =
      Set.of(
          "MAXERROR",
          "ACCEPTANYDATE",
          "TRUNCATECOLUMNS",
          "DELIMITER",
          "GZIP",
          "BZIP2",
          "LZOP",
          "ZSTD",
          "IGNOREHEADER",
          "DATEFORMAT",
          "TIMEFORMAT",
          "BLANKSASNULL",
          "EMPTYASNULL",
          "NULL",
          "ESCAPE",
          "REMOVEQUOTES",
          "ROUNDEC",
          "TRIMBLANKS",
          "IGNOREBLANKLINES",
          "ENCODING",
          "ENCRYPTED",
          "COMPUPDATE",
          "COMPROWS",
          "NOLOAD",
          "READRATIO",
          "SSH",
          "MASTER_SYMMETRIC_KEY",
          "QUOTE",
          "IGNOREALLERRORS");

  private static final Set<String> OPTION_VALUES =
      Set.of("ON", "OFF", "TRUE", "FALSE", "AUTO", "PRESET", "UTF8", "UTF16", "UTF16LE", "UTF16BE");

  private static final Set<String> KEY_CREDENTIALS =
      Set.of("ACCESS_KEY_ID", "SECRET_ACCESS_KEY", "SESSION_TOKEN");

  static final String ONLY_IAM_ROLE =
      "COPY from this file format only accepts IAM_ROLE credentials";

  private final String sql;
  private final List<Token> tokens;
  private int pos;

  private final Set<CopyFlag> flags = EnumSet.noneOf(CopyFlag.class);
  private final List<String> formats = new ArrayList<>();
  private final List<String> unsupported = new ArrayList<>();
  private CopyRole role;
  private int authorizations;
  private boolean keyCredentials;
  private boolean region;
  private Optional<Character> replacement = Optional.empty();
  private StatUpdate statUpdate = StatUpdate.DEFAULT;

  CopyParser(String sql) {
    this.sql = sql;
    this.tokens = CopyTokens.of(sql);
  }

  CopyCommand parse() {
    expectWord("COPY");
    String table = tableReference();
    List<String> columns = peek().isSymbol("(") ? columnList() : List.of();
    if (peek().isWord("TO")) {
      throw CopyException.refused("COPY TO is not supported; Redshift exports data with UNLOAD");
    }
    expectWord("FROM");
    Token from = next();
    if (from.isWord("STDIN")) {
      throw CopyException.refused(
          "COPY from STDIN is not supported; Redshift loads with COPY FROM 's3://...'");
    }
    if (from.type() != Type.STRING) {
      throw syntaxErrorAt(from);
    }
    while (!atEnd()) {
      option();
    }
    validate();
    String location = from.value();
    if (!location.startsWith("s3://")) {
      throw CopyException.refused(
          "The emulator only loads from Amazon S3: FROM must be 's3://bucket/prefix', got '"
              + location
              + "'");
    }
    String path = location.substring("s3://".length());
    int slash = path.indexOf('/');
    String bucket = slash < 0 ? path : path.substring(0, slash);
    String key = slash < 0 ? "" : path.substring(slash + 1);
    if (bucket.isEmpty()) {
      throw CopyException.refused("Invalid S3 location '" + location + "': no bucket name");
    }
    return new CopyCommand(table, columns, bucket, key, role, flags, replacement, statUpdate);
  }

  private String tableReference() {
    Token first = identifier();
    Token last = first;
    while (peek().isSymbol(".")) {
      next();
      last = identifier();
    }
    return sql.substring(first.start(), last.end());
  }

  private List<String> columnList() {
    next(); // (
    List<String> columns = new ArrayList<>();
    do {
      columns.add(identifier().value().toLowerCase(Locale.ROOT));
    } while (acceptSymbol(","));
    if (!acceptSymbol(")")) {
      throw syntaxErrorAt(peek());
    }
    return columns;
  }

  private void option() {
    Token t = next();
    if (t.type() != Type.WORD) {
      throw syntaxErrorAt(t);
    }
    String word = t.upper();
    switch (word) {
      case "IAM_ROLE":
        authorizations++;
        Token r = next();
        if (r.isWord("DEFAULT")) {
          role = CopyRole.CLUSTER_DEFAULT;
        } else if (r.type() == Type.STRING) {
          role = CopyRole.of(r.value());
        } else {
          throw syntaxErrorAt(r);
        }
        return;
      case "WITH":
        if (!peek().isWord("CREDENTIALS")) {
          throw syntaxErrorAt(peek());
        }
        return;
      case "CREDENTIALS":
        authorizations++;
        acceptWord("AS");
        credentials(expectString());
        return;
      case "FORMAT":
        acceptWord("AS");
        format(next());
        return;
      case "AS":
        format(next());
        return;
      case "MANIFEST":
      case "SERIALIZETOJSON":
      case "FILLRECORD":
      case "EXPLICIT_IDS":
        flags.add(CopyFlag.valueOf(word));
        return;
      case "ACCEPTINVCHARS":
        acceptWord("AS");
        replacement = Optional.of(peek().type() == Type.STRING ? replacementChar(next()) : '?');
        return;
      case "STATUPDATE":
        statUpdate = statUpdateValue();
        return;
      case "REGION":
        acceptWord("AS");
        expectString();
        region = true;
        return;
      default:
        if (FORMATS.contains(word)) {
          format(t);
        } else if (KEY_CREDENTIALS.contains(word)) {
          authorizations++;
          keyCredentials = true;
          acceptWord("AS");
          expectString();
        } else if (NOT_COLUMNAR.contains(word)) {
          unsupported.add(word);
          skipArguments();
        } else {
          throw syntaxErrorAt(t);
        }
    }
  }

  private void format(Token t) {
    if (t.type() != Type.WORD || !FORMATS.contains(t.upper())) {
      throw syntaxErrorAt(t);
    }
    formats.add(t.upper());
    skipArguments(); // CSV QUOTE 'x', JSON 'auto', FIXEDWIDTH 'spec' ...
  }

  private void skipArguments() {
    while (true) {
      Token t = peek();
      if (t.isWord("AS")
          || t.isWord("QUOTE")
          || t.type() == Type.STRING
          || t.type() == Type.NUMBER
          || (t.type() == Type.WORD && OPTION_VALUES.contains(t.upper()))) {
        next();
      } else {
        return;
      }
    }
  }

  private void credentials(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.contains("aws_access_key_id") || lower.contains("aws_secret_access_key")) {
      keyCredentials = true;
      return;
    }
    if (!text.startsWith("aws_iam_role=")) {
      throw CopyException.refused(
          "Invalid credentials. Must be of the format: credentials 'aws_iam_role=...' or"
              + " 'aws_access_key_id=...;aws_secret_access_key=...[;token=...]'");
    }
    role = CopyRole.of(text.substring("aws_iam_role=".length()));
  }

  private static char replacementChar(Token t) {
    String v = t.value();
    if (v.length() != 1 || v.charAt(0) == 0 || v.charAt(0) > 127) {
      throw CopyException.refused(
          "ACCEPTINVCHARS replacement must be a single ASCII character other than NUL, got '"
              + v
              + "'");
    }
    return v.charAt(0);
  }

  private StatUpdate statUpdateValue() {
    Token t = peek();
    if (t.isWord("ON") || t.isWord("TRUE")) {
      next();
      return StatUpdate.ON;
    }
    if (t.isWord("OFF") || t.isWord("FALSE")) {
      next();
      return StatUpdate.OFF;
    }
    return StatUpdate.ON;
  }

  private void validate() {
    if (!formats.contains("PARQUET")) {
      throw CopyException.refused(
          "The emulator only supports COPY from Parquet: add FORMAT AS PARQUET"
              + (formats.isEmpty() ? "" : " (got " + formats.get(0) + ")"));
    }
    formats.stream()
        .filter(f -> !f.equals("PARQUET"))
        .findFirst()
        .ifPresent(f -> refuseForParquet(f));
    if (keyCredentials) {
      throw CopyException.refused(ONLY_IAM_ROLE);
    }
    if (region) {
      refuseForParquet("REGION");
    }
    if (!unsupported.isEmpty()) {
      refuseForParquet(unsupported.get(0));
    }
    if (authorizations == 0) {
      throw CopyException.refused(
          "Missing credentials: COPY from Parquet needs IAM_ROLE 'arn:aws:iam::...' or IAM_ROLE"
              + " default");
    }
    if (authorizations > 1) {
      throw CopyException.refused(
          "Conflicting credentials: give exactly one of IAM_ROLE or CREDENTIALS");
    }
  }

  private static void refuseForParquet(String option) {
    String name = option.equals("NULL") ? "NULL AS" : option;
    throw CopyException.refused(name + " argument is not supported for PARQUET based COPY");
  }

  private Token identifier() {
    Token t = next();
    if (t.type() != Type.WORD && t.type() != Type.QUOTED_IDENTIFIER) {
      throw syntaxErrorAt(t);
    }
    return t;
  }

  private String expectString() {
    Token t = next();
    if (t.type() != Type.STRING) {
      throw syntaxErrorAt(t);
    }
    return t.value();
  }

  private void expectWord(String word) {
    Token t = next();
    if (!t.isWord(word)) {
      throw syntaxErrorAt(t);
    }
  }

  private boolean acceptWord(String word) {
    if (peek().isWord(word)) {
      pos++;
      return true;
    }
    return false;
  }

  private boolean acceptSymbol(String symbol) {
    if (peek().isSymbol(symbol)) {
      pos++;
      return true;
    }
    return false;
  }

  private boolean atEnd() {
    while (peek().isSymbol(";")) {
      pos++;
    }
    return peek().type() == Type.END;
  }

  private Token peek() {
    return tokens.get(pos);
  }

  private Token next() {
    Token t = tokens.get(pos);
    if (t.type() != Type.END) {
      pos++;
    }
    return t;
  }

  private CopyException syntaxErrorAt(Token t) {
    return t.type() == Type.END
        ? CopyException.syntax("syntax error at end of input")
        : CopyException.syntax(
            "syntax error at or near \"" + sql.substring(t.start(), t.end()) + "\"");
  }
}
