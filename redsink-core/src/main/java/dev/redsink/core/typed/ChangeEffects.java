package dev.redsink.core.typed;

import dev.redsink.core.error.BadRecordException;
import dev.redsink.core.record.Record;
import dev.redsink.core.table.CdcDeleteMode;
import dev.redsink.core.table.PayloadFormat;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteMode;
import dev.redsink.core.table.WriteSettings;
import dev.redsink.core.verify.EffectReader;
import dev.redsink.core.verify.PayloadDigest;
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
  private final PayloadDigest digest;

  /**
   * @param tombstonesLoad whether an append stores a null-valued record as a row (redsink run and
   *     load do; Kafka Connect skips it)
   */
  public ChangeEffects(RowLayout layout, WriteSettings write, boolean tombstonesLoad) {
    this.write = write;
    this.reader = write.byKey() ? new ChangeReader(write, FieldNames.of(layout, write)) : null;
    this.tombstonesLoad = tombstonesLoad;
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
}
