package dev.redsink.acceptance;

/** What happens to the runtime while the input flows: the fifth axis of the matrix. */
enum Lifecycle {
  FIRST_RUN("first-run", "first run", "all of the input in one run"),
  REPLAY(
      "replay",
      "replay",
      "all of the input, then all of it again (Kafka: a new connector or consumer group reading"
          + " from the start; load: the same file again): the table does not change"),
  RESTART(
      "restart",
      "restart mid-stream",
      "the first part, then the runtime is stopped abruptly while it waits for more (process:"
          + " SIGKILL; Connect: connector and tasks restarted through REST), then everything"),
  NEW_FIELD(
      "new-field",
      "new field mid-stream",
      "the second part of the input brings a field the first part did not have, to the same"
          + " running runtime");

  private final String label;
  private final String title;
  private final String doc;

  Lifecycle(String label, String title, String doc) {
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
