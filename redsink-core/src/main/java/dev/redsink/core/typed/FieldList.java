package dev.redsink.core.typed;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The fields of one row as its reader collected them: an immutable list over an array the reader
 * filled and gave up, so a {@link TypedRow} takes it without copying.
 */
final class FieldList extends AbstractList<FieldValue> implements RandomAccess {
  private FieldValue[] fields = new FieldValue[16];
  private int size;
  private boolean done;

  /** Adds a field while the list is being read. */
  void append(FieldValue field) {
    if (done) {
      throw new UnsupportedOperationException("the row's fields are read");
    }
    if (size == fields.length) {
      fields = Arrays.copyOf(fields, size * 2);
    }
    fields[size++] = Objects.requireNonNull(field);
  }

  /** The list, read: no field is added after. */
  FieldList done() {
    done = true;
    return this;
  }

  @Override
  public FieldValue get(int index) {
    Objects.checkIndex(index, size);
    return fields[index];
  }

  @Override
  public int size() {
    return size;
  }
}
