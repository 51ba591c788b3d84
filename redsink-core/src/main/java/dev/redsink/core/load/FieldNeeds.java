package dev.redsink.core.load;

import dev.redsink.core.record.Record;
import dev.redsink.core.sql.TypeMapping;
import dev.redsink.core.table.TableName;
import dev.redsink.core.typed.FieldType;
import dev.redsink.core.typed.ParsedRows;
import dev.redsink.core.typed.TypedRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What each field of a load needs of its column: its first known type and its longest value. */
final class FieldNeeds {
  private FieldNeeds() {}

  /** What one field needs across a load: its first known type and its longest value. */
  static final class FieldNeed {
    final String name;
    FieldType type;
    int maxBytes;

    FieldNeed(String name) {
      this.name = name;
    }
  }

  /**
   * The needs of the records' fields by folded name, in the order first seen; adds each record's
   * parsed row to {@code rows}.
   */
  static Map<String, FieldNeed> of(List<Record> records, List<TypedRow> rows, ParsedRows parsed) {
    Map<String, FieldNeed> needs = new LinkedHashMap<>();
    // The name and need seen last at each position: a row like the one before finds its needs
    // without folding a name or looking in the map.
    String[] seen = new String[16];
    FieldNeed[] seenNeeds = new FieldNeed[seen.length];
    for (Record record : records) {
      TypedRow row = parsed.read(record);
      rows.add(row);
      for (int j = 0; j < row.size(); j++) {
        // The field's parts, not the field: this runs for every field of the load's rows.
        String name = row.name(j);
        FieldNeed need;
        if (j < seen.length && name.equals(seen[j])) {
          need = seenNeeds[j];
        } else {
          need = needs.computeIfAbsent(TableName.fold(name), k -> new FieldNeed(name));
          if (j < seen.length) {
            seen[j] = name;
            seenNeeds[j] = need;
          }
        }
        if (need.type == null) {
          need.type = row.type(j);
        }
        need.maxBytes = Math.max(need.maxBytes, TypeMapping.bytes(row, j));
      }
    }
    return needs;
  }
}
