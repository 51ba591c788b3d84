package dev.redsink.core.typed;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.verify.EffectReader;
import dev.redsink.core.verify.RecordEffect;
import dev.redsink.core.verify.RecordEffect.Effect;

/**
 * What each record of a log does to a table of this layout and write mode, read by the load's own
 * change reader, for {@code redsink verify}'s replay of the log.
 */
public final class ChangeEffects implements EffectReader {
  private final WriteSettings write;
  private final ChangeReader reader;
  private final boolean tombstonesLoad;

  /**
   * @param tombstonesLoad whether an append stores a null-valued record as a row (redsink run and
   *     load do; Kafka Connect skips it)
   */
  public ChangeEffects(RowLayout layout, WriteSettings write, boolean tombstonesLoad) {
    this.write = write;
    this.reader = write.byKey() ? new ChangeReader(write, FieldNames.of(layout, write)) : null;
    this.tombstonesLoad = tombstonesLoad;
  }

  @Override
  public RecordEffect read(Record record) {
    if (reader == null) {
      return record.value() == null && !tombstonesLoad
          ? RecordEffect.NOTHING
          : RecordEffect.ROW_OF_ITS_OWN;
    }
    Change change;
    try {
      change = reader.read(record, 0);
    } catch (BadRecordException e) {
      return RecordEffect.refused(e.getMessage());
    }
    boolean history = write.mode() == WriteMode.HISTORY;
    return switch (change.op()) {
      case UPSERT ->
          history
              ? RecordEffect.ROW_OF_ITS_OWN
              : RecordEffect.keyed(Effect.KEY_ROW, change.keyColumns(), change.key());
      case SOFT_DELETE -> RecordEffect.keyed(Effect.KEY_ROW, change.keyColumns(), change.key());
      case DELETE ->
          history
              ? RecordEffect.NOTHING
              : RecordEffect.keyed(Effect.KEY_DELETE, change.keyColumns(), change.key());
      case TRUNCATE -> history ? RecordEffect.NOTHING : RecordEffect.truncate();
      case SKIP -> RecordEffect.NOTHING;
    };
  }
}
