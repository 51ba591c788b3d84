package dev.redsink.core.typed;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The fields of one row as its reader collected them: an immutable list that a {@link TypedRow}
 * takes without copying. A row holds only its values; the names and types of its fields are arrays
 * shared with the rows read before it while they are the same ({@link Layout}), so a row waiting
 * for its load is one array and its values rather than an object per field. {@link #get} makes the
 * field it returns.
 */
final class FieldList extends AbstractList<FieldValue> implements RandomAccess {
  private static final Layout NONE = new Layout(new String[0], new FieldType[0]);

  private final Layout like;
  private String[] names;
  private FieldType[] types;
  private Object[] values;
  private boolean ownNames;
  private boolean ownTypes;
  private int size;
  private boolean done;

  /**
   * A list to read a row into.
   *
   * @param like the layout of a row read before, whose arrays this one shares while its fields have
   *     the same names and types; null for none
   */
  FieldList(Layout like) {
    this.like = like == null ? NONE : like;
    this.names = this.like.names();
    this.types = this.like.types();
    this.values = new Object[Math.max(names.length, 4)];
  }

  /** Adds a field while the list is being read. */
  void append(String name, FieldType type, Object value) {
    if (done) {
      throw new UnsupportedOperationException("the row's fields are read");
    }
    Objects.requireNonNull(name, "name");
    int j = size;
    if (j == values.length) {
      values = Arrays.copyOf(values, j * 2);
    }
    if (ownNames || j >= names.length || names[j] != name) {
      if (!ownNames || j >= names.length) {
        names = Arrays.copyOf(names, values.length);
        ownNames = true;
      }
      names[j] = name;
    }
    if (ownTypes || j >= types.length || types[j] != type) {
      if (!ownTypes || j >= types.length) {
        types = Arrays.copyOf(types, values.length);
        ownTypes = true;
      }
      types[j] = type;
    }
    values[j] = value;
    size++;
  }

  /** The list, read: no field is added after. */
  FieldList done() {
    if (!done) {
      done = true;
      if (values.length > size) {
        values = Arrays.copyOf(values, size);
      }
    }
    return this;
  }

  /**
   * The names and types of this row's fields, for the next row read to share: the arrays this row
   * shares, or its own trimmed to its fields.
   */
  Layout layout() {
    if (!ownNames && !ownTypes && names.length == size && types.length == size) {
      return like;
    }
    return new Layout(Arrays.copyOf(names, size), Arrays.copyOf(types, size));
  }

  @Override
  public FieldValue get(int index) {
    Objects.checkIndex(index, size);
    return new FieldValue(names[index], types[index], values[index]);
  }

  /** The name of the field at {@code index}: {@link #get}'s, without making the field. */
  String name(int index) {
    Objects.checkIndex(index, size);
    return names[index];
  }

  /** The type of the field at {@code index}: {@link #get}'s, without making the field. */
  FieldType type(int index) {
    Objects.checkIndex(index, size);
    return types[index];
  }

  /** The value of the field at {@code index}: {@link #get}'s, without making the field. */
  Object value(int index) {
    Objects.checkIndex(index, size);
    return values[index];
  }

  @Override
  public int size() {
    return size;
  }

  /**
   * The names and types of a row's fields, in order; never changed once made, so threads may share
   * them.
   */
  record Layout(String[] names, FieldType[] types) {}
}
