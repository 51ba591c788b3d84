package dev.redsink.core.config;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses sizes such as {@code 512KB}, {@code 64MB}, {@code 1 GiB} or a bare number of bytes. KB, MB
 * and GB are powers of 1024, as in the JVM's own options.
 */
public final class ByteSizes {
  public static final long KIB = 1024;
  public static final long MIB = 1024 * KIB;
  public static final long GIB = 1024 * MIB;

  private static final Pattern SIZE = Pattern.compile("(\\d{1,13})\\s*([a-z]*)");
  private static final Map<String, Long> UNITS =
      Map.ofEntries(
          Map.entry("", 1L),
          Map.entry("b", 1L),
          Map.entry("k", KIB),
          Map.entry("kb", KIB),
          Map.entry("kib", KIB),
          Map.entry("m", MIB),
          Map.entry("mb", MIB),
          Map.entry("mib", MIB),
          Map.entry("g", GIB),
          Map.entry("gb", GIB),
          Map.entry("gib", GIB));

  private ByteSizes() {}

  /** The size in bytes, or empty when the text is not one of the accepted forms. */
  public static Optional<Long> parse(String text) {
    Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches() || !UNITS.containsKey(m.group(2))) {
      return Optional.empty();
    }
    long unit = UNITS.get(m.group(2));
    long value = Long.parseLong(m.group(1));
    if (value > Long.MAX_VALUE / unit) {
      return Optional.empty();
    }
    return Optional.of(value * unit);
  }

  /** The size in the largest unit that divides it, as the keys are written: 64MB, 1GB, 1500. */
  public static String format(long bytes) {
    if (bytes > 0 && bytes % GIB == 0) {
      return bytes / GIB + "GB";
    }
    if (bytes > 0 && bytes % MIB == 0) {
      return bytes / MIB + "MB";
    }
    if (bytes > 0 && bytes % KIB == 0) {
      return bytes / KIB + "KB";
    }
    return Long.toString(bytes);
  }
}
