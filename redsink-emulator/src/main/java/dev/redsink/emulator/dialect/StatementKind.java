package dev.redsink.emulator.dialect;

/** The kind of a statement, for statistics and transaction rules. */
public enum StatementKind {
  SELECT,
  INSERT,
  UPDATE,
  DELETE,
  MERGE,
  COPY,
  CREATE,
  DROP,
  ALTER,
  TRUNCATE,
  VACUUM,
  BEGIN,
  COMMIT,
  ROLLBACK,
  SET,
  OTHER;

  /** True when running it outside a transaction block commits a change. */
  public boolean writes() {
    return switch (this) {
      case INSERT, UPDATE, DELETE, MERGE, COPY, CREATE, DROP, ALTER, TRUNCATE -> true;
      default -> false;
    };
  }

  static StatementKind of(Statement s) {
    Token first = s.at(0);
    if (first.isSymbol("(")) {
      return SELECT;
    }
    String w = first.upper();
    return switch (w) {
      case "SELECT", "WITH", "VALUES", "SHOW", "EXPLAIN" -> SELECT;
      case "INSERT" -> INSERT;
      case "UPDATE" -> UPDATE;
      case "DELETE" -> DELETE;
      case "MERGE" -> MERGE;
      case "COPY" -> COPY;
      case "CREATE" -> CREATE;
      case "DROP" -> DROP;
      case "ALTER" -> ALTER;
      case "TRUNCATE" -> TRUNCATE;
      case "VACUUM" -> VACUUM;
      case "BEGIN", "START" -> BEGIN;
      case "COMMIT", "END" -> COMMIT;
      case "ROLLBACK", "ABORT" -> ROLLBACK;
      case "SET", "RESET" -> SET;
      default -> OTHER;
    };
  }
}
