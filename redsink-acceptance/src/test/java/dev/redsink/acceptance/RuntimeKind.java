package dev.redsink.acceptance;

/** How the product is run: the first axis of the matrix. */
enum RuntimeKind {
  CONNECT(
      "connect",
      "Kafka Connect",
      "the plugin unzipped from the built zip onto a Connect worker's plugin.path (real plugin"
          + " class loading), one connector per cell, created through the REST API; the connectors"
          + " divert refused records to a dead letter queue, which must hold exactly those"),
  CONNECT_37(
      "connect37",
      "Kafka Connect 3.7",
      "the same on a real Kafka Connect 3.7.2 worker (as Amazon MSK Connect runs): Kafka's own"
          + " ConnectDistributed in a JVM of its own, from Kafka 3.7.2's jars, joined to the suite's"
          + " broker, driven through its REST API; a restart mid-stream also kills the worker's"
          + " process (SIGKILL) and starts it again"),
  RUN(
      "run",
      "`redsink run`",
      "`java -jar redsink.jar run` as a child process against the in-process Kafka broker, one"
          + " connector file per cell (several cells share a process)"),
  LOAD(
      "load",
      "`redsink load`",
      "`java -jar redsink.jar load` as a child process on a newline-delimited file (or stdin)"),
  REPLACE(
      "replace",
      "`redsink load --replace`",
      "`java -jar redsink.jar load --replace` as a child process: the table becomes exactly the"
          + " input, atomically");

  private final String label;
  private final String title;
  private final String doc;

  RuntimeKind(String label, String title, String doc) {
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

  /** Whether records come from Kafka (with keys, headers, tombstones and partitions). */
  boolean fromKafka() {
    return isConnect() || this == RUN;
  }

  /** Whether the runtime is the Kafka Connect plugin, on either worker. */
  boolean isConnect() {
    return this == CONNECT || this == CONNECT_37;
  }

  /** Whether the runtime is a {@code redsink load} process reading lines. */
  boolean fromLines() {
    return this == LOAD || this == REPLACE;
  }
}
