package dev.redsink.core.table;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A name cut to a byte budget so that a name Redsink derives (a table's ledger, a replace run's
 * table, a long field's column) fits Redshift's 127-byte identifiers: a name over the budget keeps
 * as much of itself as fits, whole characters only, and ends in {@code _} and 8 hex digits of the
 * full name's SHA-256, so distinct long names stay distinct.
 */
public final class FittedName {
  private static final int HASH_HEX_CHARS = 8;

  private FittedName() {}

  /** {@code name} when it fits {@code budget} bytes of UTF-8, otherwise its cut, hashed form. */
  public static String of(String name, int budget) {
    if (TableName.utf8Length(name) <= budget) {
      return name;
    }
    String suffix = "_" + sha256Hex(name).substring(0, HASH_HEX_CHARS);
    int room = budget - suffix.length();
    StringBuilder kept = new StringBuilder();
    int bytes = 0;
    for (int i = 0; i < name.length(); ) {
      int cp = name.codePointAt(i);
      int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
      if (bytes + size > room) {
        break;
      }
      kept.appendCodePoint(cp);
      bytes += size;
      i += Character.charCount(cp);
    }
    return kept + suffix;
  }

  private static String sha256Hex(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Cannot hash a table name: SHA-256 is missing", e);
    }
  }
}
