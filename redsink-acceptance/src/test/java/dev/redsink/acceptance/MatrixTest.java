package dev.redsink.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The generated matrix: what it excludes and why, and what the reduced one covers. */
class MatrixTest {

  @Test
  void theFullMatrixIsEveryCombinationNoExclusionApplies() {
    List<Cell> all = Matrix.all();
    assertThat(all)
        .hasSize(
            RuntimeKind.values().length
                * Layout.values().length
                * WriteMode.values().length
                * TableState.values().length
                * Lifecycle.values().length);
    assertThat(Matrix.full())
        .allMatch(c -> Exclusion.of(c).isEmpty())
        .hasSize((int) all.stream().filter(c -> Exclusion.of(c).isEmpty()).count());
    for (Exclusion e : Exclusion.ALL) {
      assertThat(all).as(e.what()).anyMatch(c -> Exclusion.of(c).orElse(null) == e);
    }
  }

  @Test
  void theReducedMatrixCoversEveryPairOfTheFullOneAndEveryPinnedCell() {
    Set<String> wanted = new HashSet<>();
    Matrix.full().forEach(c -> wanted.addAll(Pairwise.pairs(c)));
    Set<String> covered = new HashSet<>();
    Matrix.reduced().forEach(c -> covered.addAll(Pairwise.pairs(c)));
    assertThat(covered).containsAll(wanted);
    List<Cell> pinned = Matrix.PINNED.stream().map(Matrix.Pinned::cell).toList();
    assertThat(Matrix.reduced()).containsAll(pinned);
    assertThat(pinned).allMatch(c -> Exclusion.of(c).isEmpty());
  }

  @Test
  void everyRuntimeMeetsEveryTableStateAndLifecycleAndEveryLayoutItCanTake() {
    for (RuntimeKind r : RuntimeKind.values()) {
      assertThat(Matrix.reduced()).as(r.label()).anyMatch(c -> c.runtime() == r);
    }
    assertThat(Matrix.reduced().stream().map(Cell::naming).distinct()).hasSize(2);
    assertThat(Matrix.reduced().stream().map(Cell::options).distinct())
        .hasSize(TableOptions.values().length);
  }

  @Test
  void historyRunsThroughEveryRuntimeOnAnEmptyWarehouseAndAnExistingTableAndReplays() {
    List<Cell> history =
        Matrix.reduced().stream().filter(c -> c.mode() == WriteMode.HISTORY).toList();
    Set<TableState> empty = Set.of(TableState.ABSENT, TableState.NEW_SCHEMA);
    for (RuntimeKind r : RuntimeKind.values()) {
      if (r == RuntimeKind.CONNECT_37) {
        assertThat(history).as("excluded").noneMatch(c -> c.runtime() == r);
        continue;
      }
      assertThat(history)
          .as(r.label() + " on an empty warehouse")
          .anyMatch(c -> c.runtime() == r && empty.contains(c.state()));
      assertThat(history)
          .as(r.label() + " on an existing table")
          .anyMatch(c -> c.runtime() == r && !empty.contains(c.state()));
    }
    assertThat(history.stream().map(Cell::state).distinct()).hasSize(TableState.values().length);
    assertThat(history)
        .as("a replay on an empty warehouse and on an existing table")
        .anyMatch(c -> c.lifecycle() == Lifecycle.REPLAY && empty.contains(c.state()))
        .anyMatch(c -> c.lifecycle() == Lifecycle.REPLAY && !empty.contains(c.state()));
    assertThat(history)
        .as("no more history cells than the runtime × layout table needs")
        .hasSize(2 * (RuntimeKind.values().length - 1));
  }

  @Test
  void cellIdsAreUniqueAndFitRedshiftAndKafkaNames() {
    List<Cell> all = Matrix.all();
    assertThat(all.stream().map(Cell::id).distinct()).hasSize(all.size());
    assertThat(all).allMatch(c -> c.id().matches("a[0-9a-z]{7}"));
  }

  @Test
  void theSameSeedGivesTheSameInput() {
    Cell cell = Matrix.PINNED.get(2).cell();
    CellInput a = InputGenerator.generate(cell, 42);
    CellInput b = InputGenerator.generate(cell, 42);
    assertThat(Expectation.of(cell, a)).isEqualTo(Expectation.of(cell, b));
    assertThat(a.part1().size() % InputGenerator.BATCH).isZero();
  }
}
