package dev.redsink.core.config;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds the known key an unknown one was probably meant to be (a misspelling, the other spelling's
 * separator, another case), by edit distance.
 */
public final class KeyNames {
  private KeyNames() {}

  /** The candidate closest to {@code name}; ties go to the earlier candidate. */
  public static Optional<String> nearest(String name, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int d = distance(normalized(name), normalized(candidate));
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * The candidate within a near miss of {@code name}: one edit for names up to 6 characters, two
   * beyond (case and the separator, {@code _} or {@code .}, never count).
   */
  public static Optional<String> nearMiss(String name, Collection<String> candidates) {
    return nearest(name, candidates)
        .filter(c -> distance(normalized(name), normalized(c)) <= (name.length() <= 6 ? 1 : 2));
  }

  /** The catalogue key nearest to an unknown one, in the unknown one's spelling. */
  public static String nearestKey(String unknown) {
    boolean dotted = unknown.indexOf('.') >= 0 && unknown.indexOf('_') < 0;
    return nearest(
            unknown, ConfigKeys.ALL.stream().map(k -> dotted ? k.dottedName() : k.name()).toList())
        .orElseThrow();
  }

  private static String normalized(String name) {
    return name.toLowerCase(Locale.ROOT).replace('.', '_').replace('-', '_');
  }

  /** Levenshtein distance: insertions, deletions and substitutions. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
