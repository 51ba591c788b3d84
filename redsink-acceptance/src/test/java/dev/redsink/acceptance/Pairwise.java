package dev.redsink.acceptance;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A greedy pairwise cover: cells chosen until every pair of axis values that some candidate cell
 * has — and every runtime × layout × write mode combination, the table docs/acceptance.md shows —
 * is in at least one chosen cell, each time the candidate adding the most uncovered ones (the first
 * one on ties, so the cover is the same on every run).
 */
final class Pairwise {
  private Pairwise() {}

  /**
   * The pairs of axis values of a cell, e.g. {@code runtime=load|mode=cdc-hard}, and its runtime ×
   * layout × write mode.
   */
  static Set<String> pairs(Cell cell) {
    String[] values = {
      "runtime=" + cell.runtime().label(),
      "layout=" + cell.layout().label(),
      "mode=" + cell.mode().label(),
      "state=" + cell.state().label(),
      "lifecycle=" + cell.lifecycle().label(),
      "options=" + cell.options().label()
    };
    Set<String> pairs = new HashSet<>();
    for (int i = 0; i < values.length; i++) {
      for (int j = i + 1; j < values.length; j++) {
        pairs.add(values[i] + "|" + values[j]);
      }
    }
    pairs.add(values[0] + "|" + values[1] + "|" + values[2]);
    return pairs;
  }

  /** Cells from {@code candidates} that, with {@code chosen}, cover every candidate pair. */
  static List<Cell> cover(List<Cell> candidates, List<Cell> chosen) {
    Set<String> uncovered = new HashSet<>();
    candidates.forEach(c -> uncovered.addAll(pairs(c)));
    chosen.forEach(c -> uncovered.removeAll(pairs(c)));
    List<Cell> added = new ArrayList<>();
    while (!uncovered.isEmpty()) {
      Cell best = null;
      int bestGain = 0;
      for (Cell c : candidates) {
        Set<String> gain = new HashSet<>(pairs(c));
        gain.retainAll(uncovered);
        if (gain.size() > bestGain) {
          best = c;
          bestGain = gain.size();
        }
      }
      added.add(best);
      uncovered.removeAll(pairs(best));
    }
    return added;
  }
}
