package dev.redsink.core.verify;

import dev.redsink.core.record.Record;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A topic's log replayed as its table's loads apply it, partition after partition: each record's
 * effect read by the engine's own reader; for upsert and cdc the last change of each key wins, a
 * delete removes the key, a truncate removes every key read before it (exact for a topic of one
 * partition: across partitions the order of a truncate and other partitions' changes is the
 * loads'). {@link #finish} then marks each remaining key's row in its partition.
 */
public final class TopicReplay {
  private final EffectReader reader;
  private final Map<Integer, LogPartition> partitions = new TreeMap<>();
  private final Map<String, Long> keyRows = new HashMap<>();
  private final Map<String, Integer> keyPartitions = new HashMap<>();
  private final Map<String, Long> softDeletes = new HashMap<>();
  private List<String> keyColumns = List.of();

  public TopicReplay(EffectReader reader) {
    this.reader = reader;
  }

  /** A partition to replay; its records come through {@link #record}. */
  public void add(LogPartition partition) {
    partitions.put(partition.partition(), partition);
  }

  /** The partitions, by number. */
  public Map<Integer, LogPartition> partitions() {
    return partitions;
  }

  /** One record of a partition added before, in offset order within its partition. */
  public void record(Record record) {
    LogPartition p = partitions.get(record.partition());
    if (p == null || !p.covers(record.offset())) {
      return;
    }
    RecordEffect effect = reader.read(record);
    if (!p.note(record.offset(), effect)) {
      return;
    }
    switch (effect.effect()) {
      case KEY_ROW -> {
        keyColumns = effect.keyColumns().isEmpty() ? keyColumns : effect.keyColumns();
        keyRows.put(effect.key(), record.offset());
        keyPartitions.put(effect.key(), record.partition());
        softDeletes.remove(effect.key());
      }
      case KEY_SOFT_DELETE -> {
        keyColumns = effect.keyColumns().isEmpty() ? keyColumns : effect.keyColumns();
        if (keyRows.containsKey(effect.key())) {
          softDeletes.put(effect.key(), record.offset());
        } else {
          keyRows.put(effect.key(), record.offset());
          keyPartitions.put(effect.key(), record.partition());
        }
      }
      case KEY_DELETE -> {
        keyRows.remove(effect.key());
        keyPartitions.remove(effect.key());
        softDeletes.remove(effect.key());
      }
      case TRUNCATE -> {
        keyRows.clear();
        keyPartitions.clear();
        softDeletes.clear();
      }
      default -> {
        // a row of its own, or nothing: noted by the partition
      }
    }
  }

  /** The key's column names, as the table names them; empty for appends and history. */
  public List<String> keyColumns() {
    return keyColumns;
  }

  /** The keys, as a report prints them, whose last change is at one of these offsets. */
  public Map<Long, String> keysAt(int partition, Set<Long> offsets) {
    Map<Long, String> keys = new HashMap<>();
    if (offsets.isEmpty()) {
      return keys;
    }
    keyRows.forEach(
        (key, offset) -> {
          if (offsets.contains(offset) && keyPartitions.get(key) == partition) {
            keys.put(offset, RecordEffect.printed(keyColumns, key));
          }
        });
    return keys;
  }

  /** Marks the row of each key still in the table; call once every partition was read. */
  public void finish() {
    keyRows.forEach(
        (key, offset) -> {
          LogPartition p = partitions.get(keyPartitions.get(key));
          p.keyRow(offset);
          Long delete = softDeletes.get(key);
          if (delete != null) {
            p.alternative(offset, delete);
          }
        });
  }
}
