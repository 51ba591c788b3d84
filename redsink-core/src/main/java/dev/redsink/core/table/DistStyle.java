package dev.redsink.core.table;

import java.util.Locale;

/**
 * How Redshift spreads a table's rows over the slices: AUTO (Redshift chooses and may change it),
 * EVEN (round robin), KEY (by the values of one column) or ALL (a copy on every node).
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/c_choosing_dist_sort.html">Working
 *     with data distribution styles</a>
 */
public enum DistStyle {
  AUTO,
  EVEN,
  KEY,
  ALL;

  /** The configuration spelling: auto, even, key or all. */
  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }
}
