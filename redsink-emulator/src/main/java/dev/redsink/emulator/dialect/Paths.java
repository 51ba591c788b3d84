package dev.redsink.emulator.dialect;

/**
 * Dotted and subscripted names in a statement ({@code s.t}, {@code t.payload.items[0].sku}), by
 * significant token index.
 */
final class Paths {

  private Paths() {}

  /** The index after the path starting with the identifier at {@code start}. */
  static int end(Statement s, int start) {
    int j = start + 1;
    while (true) {
      if (s.at(j).isSymbol(".")
          && j + 1 < s.size()
          && (s.at(j + 1).isIdentifier() || s.at(j + 1).isSymbol("*"))) {
        j += 2;
        if (s.at(j - 1).isSymbol("*")) {
          return j;
        }
      } else if (s.at(j).isSymbol("[")) {
        j = closingBracket(s, j) + 1;
      } else {
        return j;
      }
    }
  }

  /** Index of the bracket closing the one at {@code open}. */
  static int closingBracket(Statement s, int open) {
    int depth = 0;
    for (int i = open; i < s.size(); i++) {
      if (s.at(i).isSymbol("[")) {
        depth++;
      } else if (s.at(i).isSymbol("]")) {
        depth--;
        if (depth == 0) {
          return i;
        }
      }
    }
    return s.size();
  }

  /** The last name of the path in [start, end) that is not inside a subscript. */
  static Token lastName(Statement s, int start, int end) {
    Token last = s.at(start);
    for (int i = start + 1; i < end; i++) {
      if (s.at(i).isSymbol("[")) {
        i = closingBracket(s, i);
      } else if (s.at(i - 1).isSymbol(".") && s.at(i).isIdentifier()) {
        last = s.at(i);
      }
    }
    return last;
  }
}
