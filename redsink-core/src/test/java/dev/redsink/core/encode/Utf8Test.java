package dev.redsink.core.encode;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Utf8Test {

  private static byte[] encoded(String s) {
    byte[] into = new byte[Utf8.maxBytes(s.length()) + 2];
    into[0] = 'x';
    int end = Utf8.encode(s, into, 1);
    return Arrays.copyOfRange(into, 1, end);
  }

  @Test
  void encodesAsStringGetBytesDoesLoneSurrogatesIncluded() {
    for (String s :
        List.of(
            "",
            "ascii only",
            "zażółć gęślą jaźń",
            "€ and 😀 and 𝄞",
            "\u007f\u0080\u07ff\u0800\uffff",
            "lone high \ud800 here",
            "lone low \udc00 here",
            "high at the end \ud83d",
            "two highs \ud83d\ud83d\ude00")) {
      assertThat(encoded(s)).as(s).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void randomCharsEncodeAsStringGetBytesDoesWithinMaxBytes() {
    long seed = System.nanoTime();
    SplittableRandom random = new SplittableRandom(seed);
    for (int n = 0; n < 2_000; n++) {
      char[] chars = new char[random.nextInt(40)];
      for (int i = 0; i < chars.length; i++) {
        chars[i] = (char) random.nextInt(random.nextBoolean() ? 0x80 : 0x10000);
      }
      String s = new String(chars);
      byte[] expected = s.getBytes(StandardCharsets.UTF_8);
      assertThat(encoded(s)).as("seed %d: %s", seed, s).isEqualTo(expected);
      assertThat(expected.length).isLessThanOrEqualTo(Utf8.maxBytes(s.length()));
    }
  }
}
