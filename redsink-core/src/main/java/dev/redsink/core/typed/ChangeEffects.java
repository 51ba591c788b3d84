package dev.redsink.core.typed;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.HistoryColumns;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.verify.EffectReader;
import dev.redsink.core.verify.PayloadDigest;
import dev.redsink.core.verify.RecordEffect;
import dev.redsink.core.verify.RecordEffect.Effect;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What each record of a log does to a table of this layout and write mode, read by the load's own
 * change reader, for {@code redsink verify}'s replay of the log. Read in log order: in history, a
 * change its key's versions are already past, or a copy of its key's newest version, adds no
 * version, as the load drops it ({@code HistorySql.dropKnown}, {@code VersionFold}).
 */
public final class ChangeEffects implements EffectReader {
  private final WriteSettings write;
  private final ChangeReader reader;
  private final boolean tombstonesLoad;
  private final PayloadDigest digest;
  private final VersionTime times;

  /**
   * Per key in history: its latest time so far, and its newest version's time and a fingerprint of
   * its values as sent (a copy sent again carries the same, unsent placeholders included).
   */
  private final Map<List<String>, Newest> newest = new HashMap<>();

  private static final class Newest {
    long latest = Long.MIN_VALUE;
    long versionTime = Long.MIN_VALUE;
    long values;
  }

  /**
   * @param tombstonesLoad whether an append stores a null-valued record as a row (redsink run and
   *     load do; Kafka Connect skips it)
   */
  public ChangeEffects(RowLayout layout, WriteSettings write, boolean tombstonesLoad) {
    this.write = write;
    this.reader = write.byKey() ? new ChangeReader(write, FieldNames.of(layout, write)) : null;
    this.tombstonesLoad = tombstonesLoad;
    this.times = write.mode() == WriteMode.HISTORY ? new VersionTime(write) : null;
    this.digest =
        layout.isTyped() || layout.payloadFormat() == PayloadFormat.SUPER
            ? null
            : layout.payloadFormat() == PayloadFormat.VARBYTE
                ? PayloadDigest.varbyte()
                : PayloadDigest.text();
  }

  @Override
  public RecordEffect read(Record record) {
    if (reader == null) {
      if (record.value() == null && !tombstonesLoad) {
        return RecordEffect.NOTHING;
      }
      return digest == null
          ? RecordEffect.ROW_OF_ITS_OWN
          : RecordEffect.rowWithDigest(digest.of(record.wholeValue()));
    }
    Change change;
    try {
      change = reader.read(record, 0);
    } catch (BadRecordException e) {
      return RecordEffect.refused(e.getMessage());
    }
    boolean history = write.mode() == WriteMode.HISTORY;
    if (history
        && (change.op() == Change.Op.UPSERT || change.op() == Change.Op.DELETE)
        && !versions(change)) {
      return RecordEffect.NOTHING;
    }
    return switch (change.op()) {
      case UPSERT ->
          history
              ? RecordEffect.ROW_OF_ITS_OWN
              : RecordEffect.keyed(Effect.KEY_ROW, change.keyColumns(), change.key());
      case SOFT_DELETE ->
          RecordEffect.keyed(Effect.KEY_SOFT_DELETE, change.keyColumns(), change.key());
      case DELETE ->
          history
              ? RecordEffect.NOTHING
              : RecordEffect.keyed(Effect.KEY_DELETE, change.keyColumns(), change.key());
      // History closes versions; soft deletes flag every row, which keeps its offset.
      case TRUNCATE ->
          history || write.cdcDelete() == CdcDeleteMode.SOFT
              ? RecordEffect.NOTHING
              : RecordEffect.truncate();
      case SKIP -> RecordEffect.NOTHING;
    };
  }

  /**
   * Whether a history change applies: not older than its key's latest time so far, and, for a
   * version, not a copy of the key's newest version (the same time and values).
   */
  private boolean versions(Change change) {
    long at = times.micros(change);
    Newest key = newest.computeIfAbsent(change.key(), k -> new Newest());
    if (at < key.latest) {
      return false;
    }
    boolean first = key.latest == Long.MIN_VALUE;
    key.latest = at;
    if (change.op() != Change.Op.UPSERT) {
      return true;
    }
    long values = fingerprint(change.row());
    boolean copy = !first && key.versionTime == at && key.values == values;
    key.versionTime = at;
    key.values = values;
    return !copy;
  }

  /** A 64-bit fingerprint of a row's values but the history columns, in field order. */
  private static long fingerprint(TypedRow row) {
    long h = 1125899906842597L;
    for (FieldValue f : row.fields()) {
      if (HistoryColumns.ALL.contains(f.name())) {
        continue;
      }
      Object v = f.value();
      h = 31 * h + f.name().hashCode();
      h = 31 * h + (v instanceof byte[] bytes ? Arrays.hashCode(bytes) : Objects.hashCode(v));
    }
    return h;
  }
}
