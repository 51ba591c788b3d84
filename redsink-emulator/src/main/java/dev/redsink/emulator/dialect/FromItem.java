package dev.redsink.emulator.dialect;

/**
 * One item of a FROM list (or the target of UPDATE, INSERT INTO, MERGE and USING), by significant
 * token index: [start, end) is the item itself without its join condition; for a path item,
 * [pathStart, pathEnd) is the navigation path it iterates over.
 */
record FromItem(
    Kind kind, int start, int end, int pathStart, int pathEnd, Token alias, Token indexAlias) {

  /** What the item ranges over. */
  enum Kind {
    /** A table, view or CTE by (possibly qualified) name. */
    RELATION,
    /** A parenthesized subquery or join, or a set-returning function call. */
    DERIVED,
    /** {@code t.payload.items AS i [AT idx]}: the elements of a SUPER array. */
    UNNEST,
    /** {@code UNPIVOT t.payload AS v AT k}: the values and attribute names of a SUPER object. */
    UNPIVOT
  }

  boolean iteratesSuper() {
    return kind == Kind.UNNEST || kind == Kind.UNPIVOT;
  }
}
