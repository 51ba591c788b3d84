package dev.redsink.acceptance;

/** What the warehouse holds before the cell's input arrives: the fourth axis of the matrix. */
enum TableState {
  ABSENT("absent", "absent", "no table yet: the runtime starts on an empty warehouse"),
  EARLIER_RUN(
      "earlier-run",
      "created by an earlier run",
      "the same runtime loaded another topic into the same table first (its rows stay, or for a"
          + " replace are replaced)"),
  DBA_TABLE(
      "dba-table",
      "created by a DBA",
      "created beforehand by hand, columns in another order plus two of the DBA's own: a"
          + " nullable one and a NOT NULL one with a DEFAULT"),
  NEW_SCHEMA(
      "new-schema",
      "in a schema not created yet",
      "target_schema names a schema that does not exist yet: Redsink creates it");

  private final String label;
  private final String title;
  private final String doc;

  TableState(String label, String title, String doc) {
    this.label = label;
    this.title = title;
    this.doc = doc;
  }

  String label() {
    return label;
  }

  String title() {
    return title;
  }

  String doc() {
    return doc;
  }
}
