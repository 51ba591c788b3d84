package dev.redsink.acceptance;

import java.util.List;
import java.util.function.Function;

/**
 * Renders the generated part of docs/acceptance.md from the matrix itself: the axes, what is left
 * out and why, the runtime × layout × write mode table of what the suite runs, and the pinned
 * cells. {@link AcceptanceDocTest} fails when the checked-in document differs.
 */
final class AcceptanceDoc {
  static final String BEGIN =
      "<!-- Generated from dev.redsink.acceptance.Matrix; do not edit by hand. Regenerate: mvn -B"
          + " test -pl redsink-acceptance -am -Dtest=AcceptanceDocTest"
          + " -Dsurefire.failIfNoSpecifiedTests=false -Dacceptance.regenerateDocs=true -->";
  static final String END = "<!-- End of the generated part. -->";

  private AcceptanceDoc() {}

  /** The generated part, markers included. */
  static String generated() {
    List<Cell> full = Matrix.full();
    List<Cell> reduced = Matrix.reduced();
    StringBuilder md = new StringBuilder();
    md.append(BEGIN).append("\n\n");
    md.append("## The axes\n\n");
    axis(md, "Runtime", RuntimeKind.values(), RuntimeKind::title, RuntimeKind::doc);
    axis(md, "Layout", Layout.values(), Layout::title, Layout::doc);
    axis(md, "Write mode", WriteMode.values(), WriteMode::title, WriteMode::doc);
    axis(md, "Table state", TableState.values(), TableState::title, TableState::doc);
    axis(md, "Lifecycle", Lifecycle.values(), Lifecycle::title, Lifecycle::doc);
    axis(md, "Table options", TableOptions.values(), TableOptions::title, TableOptions::doc);
    md.append("A cell's table is named by a fixed `target_table` or by the template")
        .append(" `acc_{topic_segment[-1]}`, and gets one set of table options, both chosen by")
        .append(" the cell's name (about half each naming, a quarter each set of options; the")
        .append(" pinned cells use the defaults). The reduced matrix covers every set of options")
        .append(" with every value of the other axes. A table Redsink creates must show the")
        .append(" options' distribution and sort key in `svv_table_info`; a DBA's table keeps its")
        .append(" own.\n\n");

    md.append("## What is left out, and why\n\n")
        .append(
            "Of the "
                + Matrix.all().size()
                + " combinations of the axes, "
                + full.size()
                + " are meaningful and make the full matrix. Left out:\n\n")
        .append("| # | combination | why |\n|---|---|---|\n");
    for (int i = 0; i < Exclusion.ALL.size(); i++) {
      Exclusion e = Exclusion.ALL.get(i);
      md.append("| ")
          .append(i + 1)
          .append(" | ")
          .append(e.what())
          .append(" | ")
          .append(e.why())
          .append(" |\n");
    }

    md.append("\n## What works with what\n\n")
        .append("Each entry is the number of cells (table states × lifecycles) the full matrix")
        .append(" runs for that runtime, layout and write mode, and in brackets how many of them")
        .append(" `mvn -B verify` runs (the reduced matrix: ")
        .append(reduced.size())
        .append(" cells covering every entry of this table and every pair of axis values the")
        .append(" full matrix has). A number")
        .append(" means the suite ran the product that way and compared the table with the one")
        .append(" its input implies; — n means left out by exclusion n above.\n\n");
    md.append("| runtime | layout |");
    for (WriteMode m : WriteMode.values()) {
      md.append(' ').append(m.title()).append(" |");
    }
    md.append("\n|---|---|").append("---|".repeat(WriteMode.values().length)).append('\n');
    for (RuntimeKind r : RuntimeKind.values()) {
      for (Layout l : Layout.values()) {
        md.append("| ").append(r.title()).append(" | ").append(l.title()).append(" |");
        for (WriteMode m : WriteMode.values()) {
          long inFull = count(full, r, l, m);
          long inReduced = count(reduced, r, l, m);
          md.append(' ');
          if (inFull == 0) {
            Cell any = Cell.of(r, l, m, TableState.ABSENT, Lifecycle.FIRST_RUN);
            md.append("— ").append(Exclusion.ALL.indexOf(Exclusion.of(any).orElseThrow()) + 1);
          } else {
            md.append(inFull).append(" (").append(inReduced).append(')');
          }
          md.append(" |");
        }
        md.append('\n');
      }
    }

    md.append("\n## Pinned cells\n\n")
        .append("The reduced matrix always runs these: each failed before the fix it guards, or")
        .append(" takes history through a runtime and table state that pairwise choice could")
        .append(" leave out.\n\n")
        .append("| cell | why |\n|---|---|\n");
    for (Matrix.Pinned p : Matrix.PINNED) {
      md.append("| `").append(p.cell().name()).append("` | ").append(p.why()).append(" |\n");
    }
    md.append('\n').append(END).append('\n');
    return md.toString();
  }

  private static <T> void axis(
      StringBuilder md,
      String name,
      T[] values,
      Function<T, String> title,
      Function<T, String> doc) {
    md.append("**").append(name).append("**\n\n| value | what the suite does |\n|---|---|\n");
    for (T v : values) {
      md.append("| ").append(title.apply(v)).append(" | ").append(doc.apply(v)).append(" |\n");
    }
    md.append('\n');
  }

  private static long count(List<Cell> cells, RuntimeKind r, Layout l, WriteMode m) {
    return cells.stream().filter(c -> c.runtime() == r && c.layout() == l && c.mode() == m).count();
  }
}
