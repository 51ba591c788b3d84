package dev.redsink.core.typed;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Recognises the records Debezium writes beside change events — heartbeats, schema changes,
 * transaction metadata — which a topic pattern such as {@code dbz\..*} also matches: write_mode =
 * cdc and history skip them (the ledger moves past them) with one warning per topic, instead of
 * refusing each as a bad record (cdc) or versioning each as a keyed record (history).
 */
final class NotChanges {
  private static final Logger LOG = LoggerFactory.getLogger(NotChanges.class);
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  private NotChanges() {}

  /** What the record is when it is one of Debezium's other records, from its schema or fields. */
  static Optional<String> kind(JsonNode schema, JsonNode payload) {
    String name = schema == null ? "" : schema.path("name").asText("");
    if (name.endsWith(".Heartbeat")
        || (payload.size() == 1 && payload.has("ts_ms") && payload.path("ts_ms").isNumber())) {
      return Optional.of("Debezium heartbeats");
    }
    if (name.endsWith("SchemaChangeValue") || payload.has("ddl") || payload.has("tableChanges")) {
      return Optional.of("Debezium schema changes");
    }
    if (name.endsWith("TransactionMetadataValue")
        || (payload.has("status") && payload.has("data_collections"))) {
      return Optional.of("Debezium transaction metadata");
    }
    return Optional.empty();
  }

  /**
   * Like {@link #kind}, for write_mode = history, which versions any other keyed record: a record
   * with a schema is one of Debezium's by its schema's name alone, and a schemaless one only by
   * Debezium's whole shape, so that a user's record with a field named ddl or status is still a
   * version.
   */
  static Optional<String> kindOfKeyed(JsonNode schema, JsonNode payload) {
    if (schema != null) {
      String name = schema.path("name").asText("");
      if (name.endsWith(".Heartbeat")) {
        return Optional.of("Debezium heartbeats");
      }
      if (name.endsWith("SchemaChangeValue")) {
        return Optional.of("Debezium schema changes");
      }
      if (name.endsWith("TransactionMetadataValue")) {
        return Optional.of("Debezium transaction metadata");
      }
      return Optional.empty();
    }
    if (payload.size() == 1 && payload.path("ts_ms").isNumber()) {
      return Optional.of("Debezium heartbeats");
    }
    if (payload.has("ddl") && payload.has("tableChanges")) {
      return Optional.of("Debezium schema changes");
    }
    if (payload.has("status") && payload.has("data_collections")) {
      return Optional.of("Debezium transaction metadata");
    }
    return Optional.empty();
  }

  static void warnOnce(String topic, String kind) {
    if (WARNED.add(topic + "\u0000" + kind)) {
      LOG.warn(
          "Skipping the records of topic {}: they are {}, not change events; leave the topic out"
              + " of the topics (or topics.regex) this sink reads",
          topic,
          kind);
    }
  }
}
