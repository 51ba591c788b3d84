package dev.redsink.acceptance;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The acceptance matrix, generated from the axes: the full matrix is every combination no {@link
 * Exclusion} applies to; the reduced one (inside {@code mvn verify}) covers every pair of axis
 * values the full one has, plus the pinned cells, each guarding a failure once seen by users or
 * taking history, whose cells pairwise choice would place at random, through every runtime on an
 * empty warehouse and on an existing table.
 */
final class Matrix {
  private Matrix() {}

  /** A cell the reduced matrix always runs, and why: the failure it guards, or what it proves. */
  record Pinned(Cell cell, String why) {}

  /**
   * Cells that failed for users on a fresh warehouse before the fixes they guard, then the history
   * cells: two per runtime (one per typed layout, which the reduced matrix needs anyway), one on an
   * empty warehouse and one on an existing table, most of them replaying.
   */
  static final List<Pinned> PINNED =
      List.of(
          pin(
              RuntimeKind.LOAD,
              Layout.TYPED_JSON,
              WriteMode.APPEND,
              TableNaming.TEMPLATE,
              "a typed table not created yet: \"Cannot read the ledger of …: relation … does not"
                  + " exist\"; the summary named the template, not the table"),
          pin(
              RuntimeKind.LOAD,
              Layout.TYPED_JSON,
              WriteMode.UPSERT_FIELDS,
              TableNaming.FIXED,
              "primary_key as a TOML list: \"expected a string, got a list\""),
          pin(
              RuntimeKind.LOAD,
              Layout.TYPED_ENVELOPE,
              WriteMode.CDC_HARD,
              TableNaming.FIXED,
              "cdc into a table not created yet (fixed target_table)"),
          pin(
              RuntimeKind.LOAD,
              Layout.TYPED_JSON,
              WriteMode.CDC_SOFT,
              TableNaming.TEMPLATE,
              "cdc with soft deletes into a table not created yet"),
          pin(
              RuntimeKind.REPLACE,
              Layout.TYPED_JSON,
              WriteMode.APPEND,
              TableNaming.TEMPLATE,
              "a typed replace of a table not created yet: \"Cannot start a replace of …\""),
          pin(
              RuntimeKind.CONNECT,
              Layout.TYPED_ENVELOPE,
              WriteMode.APPEND,
              TableNaming.TEMPLATE,
              "Kafka Connect, typed: the task failed in open(): \"Cannot read the ledger to"
                  + " resume\""),
          pin(
              RuntimeKind.CONNECT,
              Layout.TYPED_JSON,
              WriteMode.UPSERT_RECORD_KEY,
              TableNaming.FIXED,
              "Kafka Connect, upsert into a table not created yet"),
          pin(
              RuntimeKind.CONNECT,
              Layout.TYPED_ENVELOPE,
              WriteMode.CDC_HARD,
              TableNaming.TEMPLATE,
              "Kafka Connect, Debezium envelopes into a table not created yet"),
          pin(
              RuntimeKind.RUN,
              Layout.TYPED_JSON,
              WriteMode.APPEND,
              TableNaming.TEMPLATE,
              "redsink run, typed: nextOffsets failed on the first assignment"),
          pin(
              RuntimeKind.RUN,
              Layout.TYPED_ENVELOPE,
              WriteMode.CDC_SOFT,
              TableNaming.FIXED,
              "redsink run, cdc into a table not created yet"),
          history(
              RuntimeKind.CONNECT,
              Layout.TYPED_JSON,
              TableState.ABSENT,
              Lifecycle.REPLAY,
              "history through the plugin on an empty warehouse: every version, closed at its"
                  + " key's next change, and the _current view; a replay adds no version"),
          history(
              RuntimeKind.CONNECT,
              Layout.TYPED_ENVELOPE,
              TableState.EARLIER_RUN,
              Lifecycle.REPLAY,
              "history through the plugin onto a table an earlier run loaded: the new changes"
                  + " close the earlier run's active versions"),
          history(
              RuntimeKind.RUN,
              Layout.TYPED_JSON,
              TableState.ABSENT,
              Lifecycle.REPLAY,
              "history through redsink run on an empty warehouse; a replay adds no version"),
          history(
              RuntimeKind.RUN,
              Layout.TYPED_ENVELOPE,
              TableState.DBA_TABLE,
              Lifecycle.RESTART,
              "history through redsink run into a DBA's table, which gains the history columns,"
                  + " across a SIGKILL: no version lost or loaded twice"),
          history(
              RuntimeKind.LOAD,
              Layout.TYPED_ENVELOPE,
              TableState.NEW_SCHEMA,
              Lifecycle.REPLAY,
              "history through redsink load into a schema not created yet, the view beside the"
                  + " table; loading the file again adds no version"),
          history(
              RuntimeKind.LOAD,
              Layout.TYPED_JSON,
              TableState.DBA_TABLE,
              Lifecycle.REPLAY,
              "history through redsink load into a DBA's table (UPDATE granted, as documented);"
                  + " loading the file again adds no version"),
          history(
              RuntimeKind.REPLACE,
              Layout.TYPED_JSON,
              TableState.ABSENT,
              Lifecycle.NEW_FIELD,
              "a history replace on an empty warehouse: the versions of its input alone, and the"
                  + " view shows the field the second part brings"),
          history(
              RuntimeKind.REPLACE,
              Layout.TYPED_ENVELOPE,
              TableState.EARLIER_RUN,
              Lifecycle.FIRST_RUN,
              "a history replace of a table an earlier run loaded: the earlier versions go, and"
                  + " the view shows the new ones"));

  private static Pinned pin(
      RuntimeKind runtime, Layout layout, WriteMode mode, TableNaming naming, String failure) {
    return new Pinned(
        new Cell(
            runtime,
            layout,
            mode,
            TableState.ABSENT,
            Lifecycle.FIRST_RUN,
            naming,
            TableOptions.DEFAULTS),
        failure);
  }

  /** A history cell, its table naming and options chosen by its name like any cell's. */
  private static Pinned history(
      RuntimeKind runtime, Layout layout, TableState state, Lifecycle lifecycle, String why) {
    return new Pinned(Cell.of(runtime, layout, WriteMode.HISTORY, state, lifecycle), why);
  }

  /** Every combination of axis values, excluded ones included, in axis order. */
  static List<Cell> all() {
    List<Cell> cells = new ArrayList<>();
    for (RuntimeKind runtime : RuntimeKind.values()) {
      for (Layout layout : Layout.values()) {
        for (WriteMode mode : WriteMode.values()) {
          for (TableState state : TableState.values()) {
            for (Lifecycle lifecycle : Lifecycle.values()) {
              cells.add(Cell.of(runtime, layout, mode, state, lifecycle));
            }
          }
        }
      }
    }
    return cells;
  }

  /** Every cell no exclusion applies to. */
  static List<Cell> full() {
    return all().stream().filter(c -> Exclusion.of(c).isEmpty()).toList();
  }

  /** The pinned cells, then a pairwise cover of the full matrix. */
  static List<Cell> reduced() {
    Set<Cell> cells = new LinkedHashSet<>();
    PINNED.forEach(p -> cells.add(p.cell()));
    cells.addAll(Pairwise.cover(full(), new ArrayList<>(cells)));
    return List.copyOf(cells);
  }

  /**
   * The cells a run selects: {@code reduced} or {@code full}, filtered by a regular expression over
   * cell names when {@code filter} is not blank.
   */
  static List<Cell> select(String matrix, String filter) {
    List<Cell> cells =
        switch (matrix == null || matrix.isBlank() ? "reduced" : matrix.trim()) {
          case "reduced" -> reduced();
          case "full" -> full();
          default ->
              throw new IllegalArgumentException(
                  "acceptance.matrix must be reduced or full, got '" + matrix + "'");
        };
    if (filter == null || filter.isBlank()) {
      return cells;
    }
    Pattern pattern = Pattern.compile(filter);
    return cells.stream().filter(c -> pattern.matcher(c.name()).find()).toList();
  }
}
