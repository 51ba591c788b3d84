package dev.redsink.core.typed;

import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The fields of one row as {@link FlatObject} read them from a record's bytes: an immutable list
 * that a {@link TypedRow} takes without copying. A row waiting for its load is kept small, since
 * every object it holds is copied by each collection it lives through: its values stay where they
 * are, a long per field (an INT64, a FLOAT64's bits, a BOOLEAN as 1 or 0, or where an ASCII STRING
 * sits in the record's bytes), and the names and types of its fields are arrays shared with the
 * rows read before it while they are the same ({@link Layout}). {@link #value} and {@link #get}
 * make the value and the field they return.
 */
final class FieldList extends AbstractList<FieldValue> implements RandomAccess {
  private static final Layout NONE = new Layout(new String[0], new FieldType[0]);

  private final Layout like;
  private final byte[] source;
  private String[] names;
  private FieldType[] types;
  private long[] slots;
  private boolean ownNames;
  private boolean ownTypes;
  private int size;
  private boolean done;

  /**
   * A list to read a row into.
   *
   * @param like the layout of a row read before, whose arrays this one shares while its fields have
   *     the same names and types; null for none
   * @param source the bytes the row is read from, where its STRING values stay
   */
  FieldList(Layout like, byte[] source) {
    this.like = like == null ? NONE : like;
    this.source = source;
    this.names = this.like.names();
    this.types = this.like.types();
    this.slots = new long[Math.max(names.length, 4)];
  }

  /**
   * Adds a field while the list is being read.
   *
   * @param type INT64, FLOAT64, BOOLEAN or STRING; null for a schemaless null
   * @param slot the value as {@link #slot} holds it
   */
  void append(String name, FieldType type, long slot) {
    if (done) {
      throw new UnsupportedOperationException("the row's fields are read");
    }
    Objects.requireNonNull(name, "name");
    int j = size;
    if (j == slots.length) {
      slots = Arrays.copyOf(slots, j * 2);
    }
    if (ownNames || j >= names.length || names[j] != name) {
      if (!ownNames || j >= names.length) {
        names = Arrays.copyOf(names, slots.length);
        ownNames = true;
      }
      names[j] = name;
    }
    if (ownTypes || j >= types.length || types[j] != type) {
      if (!ownTypes || j >= types.length) {
        types = Arrays.copyOf(types, slots.length);
        ownTypes = true;
      }
      types[j] = type;
    }
    slots[j] = slot;
    size++;
  }

  /** Where an ASCII STRING value sits in the source: {@code length} bytes from {@code from}. */
  static long text(int from, int length) {
    return ((long) from << 32) | length;
  }

  /** The list, read: no field is added after. */
  FieldList done() {
    if (!done) {
      done = true;
      if (slots.length > size) {
        slots = Arrays.copyOf(slots, size);
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
    return new FieldValue(name(index), types[index], value(index));
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

  /** The value of the field at {@code index}, made: {@link #get}'s, without making the field. */
  Object value(int index) {
    Objects.checkIndex(index, size);
    FieldType type = types[index];
    if (type == null) {
      return null;
    }
    long slot = slots[index];
    return switch (type.kind()) {
      case INT64 -> Long.valueOf(slot);
      case FLOAT64 -> Double.valueOf(Double.longBitsToDouble(slot));
      case BOOLEAN -> Boolean.valueOf(slot != 0);
      case STRING ->
          new String(source, textFrom(slot), textLength(slot), StandardCharsets.ISO_8859_1);
      default -> throw new IllegalStateException("a flat row holds no " + type);
    };
  }

  /**
   * The value of the field at {@code index} as it is held: an INT64, a FLOAT64's raw bits, a
   * BOOLEAN as 1 or 0, a STRING's place in {@link #source} ({@link #textFrom}, {@link
   * #textLength}); 0 for a null.
   */
  long slot(int index) {
    Objects.checkIndex(index, size);
    return slots[index];
  }

  /** The bytes the row was read from, where its STRING values are ASCII text. */
  byte[] source() {
    return source;
  }

  static int textFrom(long slot) {
    return (int) (slot >>> 32);
  }

  static int textLength(long slot) {
    return (int) slot;
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
