package dev.redsink.acceptance;

import java.util.ArrayList;
import java.util.List;

/**
 * A cell's input: what an earlier run loads first (table state earlier-run), and the main input in
 * two parts (the lifecycle decides whether a stop or a new field comes between them).
 */
record CellInput(long seed, List<Message> earlier, List<Message> part1, List<Message> part2) {

  /** The main input, both parts in order. */
  List<Message> main() {
    List<Message> all = new ArrayList<>(part1);
    all.addAll(part2);
    return all;
  }
}
