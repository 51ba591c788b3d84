package dev.redsink.core.typed;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Comparator;

/**
 * Where a Debezium change event sits in the source database's log: the lsn (PostgreSQL), the binlog
 * file and pos (MySQL), or else ts_ms. Events compare by file, then position.
 *
 * @param sourceMillis the source's time of the change (source.ts_ms, its commit time), {@link
 *     #NO_TIME} when the event has none; not part of the order
 */
record Position(String file, long position, long sourceMillis) implements Comparable<Position> {
  static final long NO_TIME = Long.MIN_VALUE;
  static final Position NONE = new Position("", Long.MIN_VALUE, NO_TIME);

  private static final Comparator<Position> ORDER =
      Comparator.comparing(Position::file).thenComparingLong(Position::position);

  static Position of(JsonNode source) {
    long millis = source.path("ts_ms").isNumber() ? source.path("ts_ms").longValue() : NO_TIME;
    if (source.path("lsn").canConvertToLong() && source.path("lsn").isNumber()) {
      return new Position("", source.path("lsn").longValue(), millis);
    }
    if (source.path("pos").isNumber()) {
      return new Position(source.path("file").asText(""), source.path("pos").longValue(), millis);
    }
    if (source.path("ts_ms").isNumber()) {
      return new Position("", millis, millis);
    }
    return NONE;
  }

  @Override
  public int compareTo(Position other) {
    return ORDER.compare(this, other);
  }
}
