package dev.redsink.core.typed;

import dev.redsink.core.record.Record;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A schemaless JSON object of plain values read straight from its bytes, the shape most records
 * have: names and strings of printable ASCII without escapes, integers of up to 18 digits, finite
 * fractional numbers, booleans and nulls. Whatever else the value holds (an escape, a byte outside
 * ASCII, a nested object or array, a longer integer, a fraction whose double would not keep its
 * value, anything not valid JSON) leaves it to Jackson ({@link ValueReader#streamed}), which reads
 * everything this reads as this reads it: the fields in order, integers as INT64, fractions as
 * FLOAT64 (correctly rounded, as Jackson's parser), strings, booleans and schemaless nulls.
 */
final class FlatObject {
  private static final FieldType INT64 = FieldType.of(FieldKind.INT64);
  private static final FieldType FLOAT64 = FieldType.of(FieldKind.FLOAT64);
  private static final FieldType STRING = FieldType.of(FieldKind.STRING);
  private static final FieldType BOOLEAN = FieldType.of(FieldKind.BOOLEAN);
  private static final FieldNames.ByteName[] NO_NAMES = {};

  /** Integers of up to this many digits fit a long whatever they are. */
  private static final int LONG_DIGITS = 18;

  /**
   * Jackson's default limits (StreamReadConstraints) on a number's length and a name's and a
   * string's: a value past them is Jackson's to refuse.
   */
  private static final int MAX_NUMBER_CHARS = 1000;

  /** The largest integer a double holds exactly: 2^53. */
  private static final long EXACT_DOUBLE_INTEGER = 1L << 53;

  /** The powers of ten a double holds exactly: 10^0 … 10^22. */
  private static final double[] EXACT_POWERS_OF_TEN = new double[23];

  static {
    double p = 1;
    for (int k = 0; k < EXACT_POWERS_OF_TEN.length; k++) {
      EXACT_POWERS_OF_TEN[k] = p;
      p *= 10;
    }
  }

  private static final int MAX_NAME_CHARS = 50_000;
  private static final int MAX_STRING_CHARS = 20_000_000;

  private final byte[] b;
  private int i;

  /** The last value read: its type (null for null) and value as {@link FieldList#slot} holds it. */
  private FieldType type;

  private long read;

  private FlatObject(byte[] b) {
    this.b = b;
  }

  /**
   * The record's fields when its value is such an object; null when it is something else.
   *
   * @throws dev.redsink.core.error.BadRecordException when a name cannot name a column or two
   *     fields land in one column, as {@link ValueReader#read} says
   */
  static TypedRow read(Record record, FieldNames names, byte[] value) {
    FlatObject s = new FlatObject(value);
    s.whitespace();
    if (s.next() != '{') {
      return null;
    }
    s.whitespace();
    FieldList.Layout like = names.lastLayout();
    FieldList fields = new FieldList(like, value);
    if (s.peek() == '}') {
      s.i++;
      return s.atEnd() ? new TypedRow(fields) : null;
    }
    // Names as in the last row checked need no check: no two of them land in one column.
    FieldNames.RowShape checked = names.checked();
    FieldNames.ByteName[] known = checked == null ? NO_NAMES : checked.names();
    FieldNames.ByteName[] read = null;
    RowColumns columns = null;
    while (true) {
      if (s.next() != '"') {
        return null;
      }
      int from = s.i;
      int to = s.stringEnd();
      if (to < 0 || to - from > MAX_NAME_CHARS) {
        return null;
      }
      s.whitespace();
      if (s.next() != ':') {
        return null;
      }
      s.whitespace();
      // The value before the name, as Jackson reads it: an invalid value is Jackson's to report.
      if (!s.value()) {
        return null;
      }
      int j = fields.size();
      FieldNames.ByteName name = names.column(record, value, from, to, j);
      if (read == null && j < known.length && known[j] == name) {
        fields.append(name.column(), s.type, s.read);
      } else {
        if (read == null) {
          read = Arrays.copyOf(known, Math.max(RowColumns.FEW, j + 1));
          columns = new RowColumns(record, names, RowColumns.FEW);
          for (int k = 0; k < j; k++) {
            columns.add(known[k].field(), known[k].column());
          }
        }
        String field = name.field();
        if (columns.leavesToTree(field)) {
          return null;
        }
        fields.append(columns.add(field, name.column()), s.type, s.read);
        if (j == read.length) {
          read = Arrays.copyOf(read, j * 2);
        }
        read[j] = name;
      }
      s.whitespace();
      int c = s.next();
      if (c == '}') {
        if (!s.atEnd()) {
          return null;
        }
        if (read != null) {
          names.checked(new FieldNames.RowShape(Arrays.copyOf(read, fields.size())));
        }
        FieldList.Layout layout = fields.layout();
        if (layout != like) {
          names.lastLayout(layout);
        }
        return new TypedRow(fields);
      }
      if (c != ',') {
        return null;
      }
      s.whitespace();
    }
  }

  /**
   * Reads a value into {@link #type} and {@link #read}; false when it is not a plain one, or what
   * follows a number or a literal is not a separator (Jackson refuses some such values as it reads
   * them, before their field's name is looked at).
   */
  private boolean value() {
    if (!token()) {
      return false;
    }
    return type == STRING || separated();
  }

  private boolean token() {
    int c = peek();
    if (c == '"') {
      i++;
      int from = i;
      int to = stringEnd();
      return to >= 0
          && to - from <= MAX_STRING_CHARS
          && read(STRING, FieldList.text(from, to - from));
    }
    if (c == 't') {
      return literal("true") && read(BOOLEAN, 1);
    }
    if (c == 'f') {
      return literal("false") && read(BOOLEAN, 0);
    }
    if (c == 'n') {
      return literal("null") && read(null, 0);
    }
    return (c == '-' || isDigit(c)) && number();
  }

  private boolean read(FieldType type, long value) {
    this.type = type;
    this.read = value;
    return true;
  }

  /** JSON's number: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
  private boolean number() {
    int start = i;
    boolean negative = peek() == '-';
    if (negative) {
      i++;
    }
    int first = i;
    if (peek() == '0') {
      i++;
    } else if (isDigit(peek())) {
      digits();
    } else {
      return false;
    }
    int integerEnd = i;
    boolean fractional = false;
    int fractionEnd = i;
    if (peek() == '.') {
      i++;
      if (digits() == 0) {
        return false;
      }
      fractional = true;
      fractionEnd = i;
    }
    boolean exponent = false;
    if (peek() == 'e' || peek() == 'E') {
      exponent = true;
      i++;
      if (peek() == '+' || peek() == '-') {
        i++;
      }
      if (digits() == 0) {
        return false;
      }
      fractional = true;
    }
    if (i - start > MAX_NUMBER_CHARS) {
      return false;
    }
    if (fractional && !exponent) {
      double exact = exactDecimal(first, integerEnd, fractionEnd);
      if (Double.isNaN(exact)) {
        exact =
            Double.parseDouble(
                new String(b, first, fractionEnd - first, StandardCharsets.ISO_8859_1));
      }
      // A number the double would change is Jackson's to refuse, naming its field.
      return kept(exact, first, integerEnd, fractionEnd)
          && read(FLOAT64, Double.doubleToRawLongBits(negative ? -exact : exact));
    }
    if (fractional) {
      String text = new String(b, start, i - start, StandardCharsets.ISO_8859_1);
      double d = Double.parseDouble(text);
      return DoubleDigits.keeps(d, text) && read(FLOAT64, Double.doubleToRawLongBits(d));
    }
    if (integerEnd - first > LONG_DIGITS) {
      return false;
    }
    long v = 0;
    for (int k = first; k < integerEnd; k++) {
      v = v * 10 + (b[k] - '0');
    }
    return read(INT64, negative ? -v : v);
  }

  /**
   * The value of the digits {@code [first, integerEnd)} '.' {@code (integerEnd, fractionEnd)} as a
   * double without parsing text, when it has at most 18 digits making an integer of at most 2^53
   * (so at most 17 decimals): that integer divided by an exact power of ten is rounded once, to the
   * double nearest the decimal, as {@link Double#parseDouble} rounds it. NaN otherwise.
   */
  private double exactDecimal(int first, int integerEnd, int fractionEnd) {
    int decimals = fractionEnd - integerEnd - 1;
    if (decimals >= EXACT_POWERS_OF_TEN.length || fractionEnd - first > LONG_DIGITS + 1) {
      return Double.NaN;
    }
    long digits = 0;
    for (int k = first; k < fractionEnd; k++) {
      if (k != integerEnd) {
        digits = digits * 10 + (b[k] - '0');
      }
    }
    if (digits > EXACT_DOUBLE_INTEGER) {
      return Double.NaN;
    }
    return digits / EXACT_POWERS_OF_TEN[decimals];
  }

  /**
   * Whether {@code magnitude}, read from the digits {@code [first, integerEnd)} '.' {@code
   * (integerEnd, fractionEnd)}, keeps their value ({@link DoubleDigits}): at once for at most 15
   * digits, the most numbers have.
   */
  private boolean kept(double magnitude, int first, int integerEnd, int fractionEnd) {
    if (fractionEnd - first - 1 <= DoubleDigits.ALWAYS_KEPT && magnitude >= Double.MIN_NORMAL) {
      return true;
    }
    int from = first;
    while (from < fractionEnd && (b[from] == '0' || b[from] == '.')) {
      from++;
    }
    if (from == fractionEnd) {
      return magnitude == 0; // all zeros
    }
    int to = fractionEnd;
    while (b[to - 1] == '0' || b[to - 1] == '.') {
      to--;
    }
    int significant = to - from - (from < integerEnd && to > integerEnd ? 1 : 0);
    if (significant > LONG_DIGITS) {
      return DoubleDigits.keeps(
          magnitude, new String(b, first, fractionEnd - first, StandardCharsets.ISO_8859_1));
    }
    long digits = 0;
    for (int k = from; k < to; k++) {
      if (k != integerEnd) {
        digits = digits * 10 + (b[k] - '0');
      }
    }
    int decimals = to > integerEnd ? to - integerEnd - 1 : -(integerEnd - to);
    if (decimals < 0) {
      return DoubleDigits.keeps(
          magnitude, new String(b, first, fractionEnd - first, StandardCharsets.ISO_8859_1));
    }
    return DoubleDigits.keeps(magnitude, digits, decimals);
  }

  /** Whether the end, whitespace, a comma or the closing brace comes next. */
  private boolean separated() {
    if (i == b.length) {
      return true;
    }
    return b[i] == ',' || b[i] == '}' || isSpace(b[i]);
  }

  private int digits() {
    int from = i;
    while (isDigit(peek())) {
      i++;
    }
    return i - from;
  }

  private boolean literal(String word) {
    int n = word.length();
    if (b.length - i < n) {
      return false;
    }
    for (int k = 0; k < n; k++) {
      if (b[i + k] != word.charAt(k)) {
        return false;
      }
    }
    i += n;
    return true;
  }

  /**
   * Moves past a string's closing quote and returns where it is; -1 when the string has an escape,
   * a control character or a byte outside ASCII, or does not end.
   */
  private int stringEnd() {
    for (int k = i; k < b.length; k++) {
      byte c = b[k];
      if (c == '"') {
        i = k + 1;
        return k;
      }
      if (c == '\\' || c < 0x20) {
        return -1;
      }
    }
    return -1;
  }

  private void whitespace() {
    while (i < b.length && isSpace(b[i])) {
      i++;
    }
  }

  private boolean atEnd() {
    whitespace();
    return i == b.length;
  }

  /** The next byte, or -1 at the end. */
  private int peek() {
    return i < b.length ? b[i] : -1;
  }

  private int next() {
    return i < b.length ? b[i++] : -1;
  }

  /** JSON's whitespace. */
  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
  }

  private static boolean isDigit(int c) {
    return c >= '0' && c <= '9';
  }
}
