package dev.redsink.emulator.dialect;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Redshift's identifier rules: quoted identifiers fold to lower case too (unless the session set
 * enable_case_sensitive_identifier), and names are truncated at 127 bytes, not PostgreSQL's 63.
 * Names longer than 63 bytes get a stable shortened PostgreSQL name; the catalog views show the
 * Redshift name.
 */
final class IdentifierRule {

  private IdentifierRule() {}

  static Statement apply(Statement s, DialectContext ctx) {
    StatementEdit edit = s.edit();
    for (int i = 0; i < s.size(); i++) {
      Token t = s.at(i);
      if (t.kind() == Token.Kind.QUOTED_IDENT) {
        String name = t.identifierName();
        if (!ctx.caseSensitiveIdentifiers()) {
          name = foldAscii(name);
        }
        String replacement = quote(postgresName(truncate(name), ctx));
        if (!replacement.equals(t.text())) {
          edit.replace(i, replacement);
        }
      } else if (t.kind() == Token.Kind.WORD && utf8Length(t.text()) > maxPostgres()) {
        edit.replace(i, quote(postgresName(truncate(foldAscii(t.text())), ctx)));
      }
    }
    return edit.isEmpty() ? s : edit.apply();
  }

  static String foldAscii(String name) {
    StringBuilder sb = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      sb.append(c < 128 ? Character.toLowerCase(c) : c);
    }
    return sb.toString();
  }

  /** Truncates to Redshift's 127-byte limit without splitting a character. */
  static String truncate(String name) {
    return cutToBytes(name, RedshiftLimits.IDENTIFIER_MAX_BYTES);
  }

  /** The name PostgreSQL stores: the name itself when short enough, else prefix + hash. */
  static String postgresName(String name, DialectContext ctx) {
    if (utf8Length(name) <= maxPostgres()) {
      return name;
    }
    String hash = hash(name);
    String shortName = cutToBytes(name, maxPostgres() - hash.length() - 1) + "_" + hash;
    ctx.longName(shortName, name);
    return shortName;
  }

  private static int maxPostgres() {
    return RedshiftLimits.POSTGRES_IDENTIFIER_MAX_BYTES;
  }

  private static String cutToBytes(String name, int maxBytes) {
    if (utf8Length(name) <= maxBytes) {
      return name;
    }
    StringBuilder sb = new StringBuilder();
    int bytes = 0;
    for (int i = 0; i < name.length(); ) {
      int cp = name.codePointAt(i);
      int len = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
      if (bytes + len > maxBytes) {
        break;
      }
      sb.appendCodePoint(cp);
      bytes += len;
      i += Character.charCount(cp);
    }
    return sb.toString();
  }

  static int utf8Length(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  private static String hash(String name) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 5).toLowerCase(Locale.ROOT);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
