package dev.redsink.emulator.dialect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Collects replacements of significant-token ranges of a statement and renders the new text. */
public final class StatementEdit {

  private record Replacement(int from, int to, String text) {}

  private final Statement statement;
  private final List<Replacement> replacements = new ArrayList<>();

  StatementEdit(Statement statement) {
    this.statement = statement;
  }

  /** Replaces significant tokens [from, to) with {@code text}. Ranges must not overlap. */
  public StatementEdit replace(int from, int to, String text) {
    replacements.add(new Replacement(from, to, text));
    return this;
  }

  public StatementEdit replace(int index, String text) {
    return replace(index, index + 1, text);
  }

  public StatementEdit remove(int from, int to) {
    return replace(from, to, "");
  }

  public boolean isEmpty() {
    return replacements.isEmpty();
  }

  public String render() {
    replacements.sort(Comparator.comparingInt(Replacement::from));
    List<Token> tokens = statement.tokens();
    StringBuilder sb = new StringBuilder();
    int next = 0;
    for (Replacement r : replacements) {
      int start = statement.tokenIndex(r.from());
      int end = r.to() > r.from() ? statement.tokenIndex(r.to() - 1) + 1 : start;
      for (int i = next; i < start; i++) {
        sb.append(tokens.get(i).text());
      }
      sb.append(r.text());
      next = Math.max(next, end);
    }
    for (int i = next; i < tokens.size(); i++) {
      sb.append(tokens.get(i).text());
    }
    return sb.toString().strip();
  }

  public Statement apply() {
    return Statement.parse(render());
  }
}
