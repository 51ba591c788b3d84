package dev.redsink.core.typed;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.record.Record;
import dev.redsink.core.table.ColumnGroup;
import dev.redsink.core.table.RowLayout;
import dev.redsink.core.table.WriteSettings;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class FlatObjectTest {
  private static final FieldNames NAMES =
      FieldNames.of(
          RowLayout.typed(Set.of(ColumnGroup.METADATA, ColumnGroup.KEY), "pico_"),
          WriteSettings.APPEND);

  private static Record record(byte[] value) {
    return new Record("t", 0, 5, 0L, null, List.of(), value);
  }

  /** What a path made of the value: its fields, the message of the record it refused, or null. */
  private static Object outcome(Function<byte[], TypedRow> path, byte[] value) {
    try {
      TypedRow row = path.apply(value);
      return row == null ? null : row.fields();
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  private static Object flat(String json) {
    byte[] value = json.getBytes(UTF_8);
    return outcome(v -> FlatObject.read(record(v), NAMES, v), value);
  }

  private static Object jackson(String json) {
    byte[] value = json.getBytes(UTF_8);
    return outcome(v -> ValueReader.streamed(record(v), NAMES, v), value);
  }

  @Test
  void readsThePlainObjectsMostRecordsAreAsJacksonReadsThem() {
    for (String json :
        List.of(
            "{}",
            " \n{ }\t",
            "{\"order_id\":1,\"customer\":\"c-17\",\"amount\":12.5,\"ok\":true,\"n\":null}",
            "{ \"i\" : -9007199254740993 , \"z\" : -0 , \"f\" : -0.0 , \"e\" : 1E+2 , \"g\" : 5e-3 }",
            "{\"max\":999999999999999999,\"min\":-999999999999999999,\"tiny\":1e-300}",
            "{\"d\":0.1,\"pi\":3.141592653589793,\"b\":false,\"s\":\"\"}",
            "{\"r\":0.30000000000000004,\"p\":1.10,\"z\":0.000000000000000000000,\"j\":1.0E23}",
            "{\"ID\":3,\"pico_topic\":\"x\",\"Mixed_Case\":\"a b ~\"}")) {
      assertThat(flat(json)).as(json).isNotNull().isEqualTo(jackson(json));
    }
    byte[] value = "{\"a\":1}".getBytes(UTF_8);
    List<FieldValue> fields = FlatObject.read(record(value), NAMES, value).fields();
    assertThatThrownBy(() -> fields.add(fields.get(0)))
        .as("a row's fields are immutable")
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void leavesEverythingElseToJackson() {
    for (String json :
        List.of(
            "{\"s\":\"a\\\"b\"}",
            "{\"s\":\"caf\u00e9\"}",
            "{\"caf\u00e9\":1}",
            "{\"na\\u006de\":1}",
            "{\"o\":{\"k\":1}}",
            "{\"a\":[1,2]}",
            "{\"big\":9223372036854775807}",
            "{\"huge\":1e400}",
            "{\"lead\":01}",
            "{\"dot\":1.}",
            "{\"exp\":1e}",
            "{\"plus\":+1}",
            "{\"t\":tru}",
            "{\"t\":truex}",
            "{\"a\":1,}",
            "{\"a\":1} x",
            "{\"a\":1",
            "[1]",
            "\"text\"",
            "\uFEFF{\"a\":1}",
            "{\"schema\":1}",
            "{\"payload\":1}",
            "{\"a\":1,\"a\":2}",
            "{\"tab\":\"a\tb\"}",
            "{'a':1}")) {
      assertThat(flat(json)).as(json).isNull();
    }
  }

  @Test
  void refusesTheNamesJacksonsPathRefusesWithTheSameWords() {
    for (String json : List.of("{\"a\":1,\"A\":2}", "{\"\":1}", "{\"id\":1,\"id_value\":2}")) {
      assertThat(flat(json)).as(json).asString().startsWith("BadRecordException");
      assertThat(flat(json)).as(json).isEqualTo(jackson(json));
    }
  }

  @Test
  void aRowLikeTheOneBeforeIsCheckedWhereItDiffers() {
    assertThat(flat("{\"a\":1,\"b\":2,\"c\":3}")).isNotNull();
    assertThat(flat("{\"a\":1,\"b\":2}")).as("a prefix of the names checked").isNotNull();
    assertThat(flat("{\"a\":1,\"b\":2,\"a\":3}")).as("a name given twice").isNull();
    assertThat(flat("{\"a\":1,\"b\":2,\"B\":3}"))
        .as("two names landing in one column")
        .isEqualTo(jackson("{\"a\":1,\"b\":2,\"B\":3}"))
        .asString()
        .contains("'b' and 'B'");
    assertThat(flat("{\"a\":1,\"b\":2,\"c\":3,\"d\":4}")).isNotNull();
    assertThat(flat("{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"C\":5}"))
        .as("past the names checked")
        .asString()
        .contains("'c' and 'C'");
  }

  @Test
  void anyValueReadsAsJacksonReadsItOrIsLeftToJackson() {
    Random random = new Random(Long.getLong("flat.seed", 42));
    int readHere = 0;
    int runs = Integer.getInteger("flat.runs", 20_000);
    for (int n = 0; n < runs; n++) {
      String json = randomObject(random);
      Object flat = flat(json);
      if (flat != null) {
        readHere++;
        assertThat(flat).as(json).isEqualTo(jackson(json));
      }
    }
    assertThat(readHere).as("values the flat path read itself").isGreaterThan(runs / 10);
  }

  /**
   * A number whose double would not keep its value (more digits than a double keeps, beyond its
   * range) is left to Jackson's path, which refuses the record naming field and number.
   */
  @Test
  void numbersADoubleWouldChangeAreLeftToJacksonWhichRefusesThem() {
    for (String number :
        List.of(
            "3.141592653589793238462643383279",
            "3.14159265358979323846",
            "0.10000000000000004",
            "123456789012345.68",
            "-1234567890123456.7",
            "1e-400",
            "-2.5123456E-320",
            "0." + "0".repeat(400) + "1",
            "1" + "0".repeat(400) + ".5")) {
      String json = "{\"a\":1,\"n\":" + number + "}";
      assertThat(flat(json)).as(json).isNull();
      assertThat(jackson(json))
          .as(json)
          .asString()
          .startsWith("BadRecordException")
          .contains("field 'n' holds the number");
    }
  }

  /** What a double read from {@code decimal} keeps, by definition: the exact decimal arithmetic. */
  private static boolean keeps(String decimal) {
    double d = Double.parseDouble(decimal);
    java.math.BigDecimal written = new java.math.BigDecimal(decimal);
    if (Double.isInfinite(d) || (d == 0) != (written.signum() == 0)) {
      return false;
    }
    if (d == 0) {
      return true;
    }
    java.math.BigDecimal significant = written.stripTrailingZeros();
    return new java.math.BigDecimal(d)
                .round(
                    new java.math.MathContext(
                        significant.precision(), java.math.RoundingMode.HALF_EVEN))
                .compareTo(significant)
            == 0
        || new java.math.BigDecimal(Double.toString(d)).compareTo(written) == 0;
  }

  @Test
  void decimalsReadToTheDoubleParseDoubleRoundsThemToOrAreLeftToJackson() {
    Random random = new Random(7);
    List<String> decimals =
        new java.util.ArrayList<>(
            List.of(
                "0.1",
                "-0.0",
                "0.30000000000000004",
                "9007199254740993.0",
                "9007199254740992.5",
                "123456789012345678.9",
                "0.0000000000000000000001",
                "0.00000000000000000000001",
                "4.35",
                "-999999999999999999.0"));
    for (int n = 0; n < 50_000; n++) {
      int digits = 1 + random.nextInt(19);
      StringBuilder d = new StringBuilder(random.nextBoolean() ? "-" : "");
      int point = random.nextInt(digits);
      for (int k = 0; k < digits; k++) {
        d.append(k == 0 && point > 0 ? 1 + random.nextInt(9) : random.nextInt(10));
        if (k == point) {
          d.append('.');
          for (int z = random.nextInt(4) == 0 ? random.nextInt(8) : 0; z > 0; z--) {
            d.append('0');
          }
        }
      }
      if (d.charAt(d.length() - 1) == '.') {
        d.append(random.nextInt(10));
      }
      decimals.add(d.toString());
    }
    int left = 0;
    for (String decimal : decimals) {
      byte[] value = ("{\"a\":" + decimal + "}").getBytes(UTF_8);
      TypedRow row = FlatObject.read(record(value), NAMES, value);
      if (keeps(decimal)) {
        assertThat(row).as(decimal).isNotNull();
        assertThat(Double.doubleToRawLongBits((Double) row.value(0)))
            .as(decimal)
            .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(decimal)));
      } else {
        left++;
        assertThat(row).as(decimal + " is left to Jackson, which refuses it").isNull();
      }
    }
    assertThat(left).as("decimals of more digits than a double keeps").isBetween(1_000, 40_000);
  }

  private static final String[] NAMES_SEEN = {
    "a",
    "b",
    "id",
    "A",
    "ID",
    "order_id",
    "x y",
    "na\\u006de",
    "caf\u00e9",
    "schema",
    "payload",
    "",
    "pico_topic",
    "c",
    "d",
    "e",
    "f",
    "g"
  };

  private static String randomObject(Random random) {
    StringBuilder s = new StringBuilder();
    s.append(space(random)).append('{').append(space(random));
    int members = random.nextInt(random.nextInt(10) == 0 ? 20 : 7);
    for (int m = 0; m < members; m++) {
      if (m > 0) {
        s.append(space(random)).append(',').append(space(random));
      }
      String name =
          random.nextInt(3) == 0
              ? NAMES_SEEN[random.nextInt(NAMES_SEEN.length)]
              : String.valueOf((char) ('a' + m));
      s.append('"').append(name).append('"').append(space(random)).append(':');
      s.append(space(random)).append(randomValue(random));
    }
    s.append(space(random)).append('}').append(space(random));
    if (random.nextInt(20) == 0) {
      int at = random.nextInt(s.length() + 1);
      if (random.nextBoolean()) {
        s.setLength(at);
      } else {
        s.insert(at, "{}[]\",:0.eE-+ x\\".charAt(random.nextInt(16)));
      }
    }
    return s.toString();
  }

  private static String randomValue(Random random) {
    switch (random.nextInt(12)) {
      case 0:
        return digits(random, 1 + random.nextInt(20));
      case 1:
        return "-" + digits(random, 1 + random.nextInt(20));
      case 2:
        return Double.toString(random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20));
      case 3:
        return digits(random, 1 + random.nextInt(5))
            + "."
            + digits(random, 1 + random.nextInt(25))
            + (random.nextBoolean() ? "" : "e" + (random.nextInt(800) - 400));
      case 4:
        return List.of("0", "-0", "0.0", "-0.0", "1E5", "1e+5", "2E-5", "01", "1.", ".5", "-", "1e")
            .get(random.nextInt(12));
      case 5:
        return List.of("true", "false", "null", "tru", "nul", "True").get(random.nextInt(6));
      case 6:
        return "{}";
      case 7:
        return "[1, \"x\"]";
      case 8:
        return "\""
            + List.of("a\\nb", "\u00e9t\u00e9", "\\u0041", "tab\tin", "\u20ac")
                .get(random.nextInt(5))
            + "\"";
      default:
        StringBuilder text = new StringBuilder("\"");
        int length = random.nextInt(12);
        for (int k = 0; k < length; k++) {
          char c = (char) (0x20 + random.nextInt(0x5F));
          text.append(c == '"' || c == '\\' ? 'q' : c);
        }
        return text.append('"').toString();
    }
  }

  private static String digits(Random random, int count) {
    StringBuilder d = new StringBuilder();
    for (int k = 0; k < count; k++) {
      d.append((char) ('0' + random.nextInt(10)));
    }
    return d.toString();
  }

  private static String space(Random random) {
    return random.nextInt(4) == 0 ? List.of(" ", "\n", "\t ", "\r\n").get(random.nextInt(4)) : "";
  }
}
