package dev.redsink.core.typed;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Comparator;

/**
 * Where a Debezium change event sits in the source database's log: the lsn (PostgreSQL), the binlog
 * file and pos (MySQL), or else ts_ms. Events compare by file, then position.
 */
record Position(String file, long position) implements Comparable<Position> {
  static final Position NONE = new Position("", Long.MIN_VALUE);

  private static final Comparator<Position> ORDER =
      Comparator.comparing(Position::file).thenComparingLong(Position::position);

  static Position of(JsonNode source) {
    if (source.path("lsn").canConvertToLong() && source.path("lsn").isNumber()) {
      return new Position("", source.path("lsn").longValue());
    }
    if (source.path("pos").isNumber()) {
      return new Position(source.path("file").asText(""), source.path("pos").longValue());
    }
    if (source.path("ts_ms").isNumber()) {
      return new Position("", source.path("ts_ms").longValue());
    }
    return NONE;
  }

  @Override
  public int compareTo(Position other) {
    return ORDER.compare(this, other);
  }
}
