package dev.redsink.cli.run;

import dev.redsink.core.metrics.Histogram;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prometheus' text exposition format (version 0.0.4): each family's HELP and TYPE once, then its
 * samples with escaped label values; histograms as cumulative {@code _bucket}, {@code _sum} and
 * {@code _count}.
 */
final class PrometheusText {
  private final StringBuilder text = new StringBuilder();

  /** Starts a family; its samples follow. */
  PrometheusText family(String name, String type, String help) {
    text.append("# HELP ").append(name).append(' ').append(help).append('\n');
    text.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    return this;
  }

  PrometheusText sample(String name, Map<String, String> labels, double value) {
    text.append(name);
    labels(labels);
    text.append(' ').append(number(value)).append('\n');
    return this;
  }

  PrometheusText histogram(String name, Map<String, String> labels, Histogram.Snapshot h) {
    double[] bounds = h.bounds();
    for (int i = 0; i <= bounds.length; i++) {
      Map<String, String> bucket = new LinkedHashMap<>(labels);
      bucket.put("le", i < bounds.length ? number(bounds[i]) : "+Inf");
      sample(name + "_bucket", bucket, h.cumulative()[i]);
    }
    sample(name + "_sum", labels, h.sum());
    sample(name + "_count", labels, h.count());
    return this;
  }

  private void labels(Map<String, String> labels) {
    if (labels.isEmpty()) {
      return;
    }
    text.append('{');
    boolean first = true;
    for (Map.Entry<String, String> label : labels.entrySet()) {
      text.append(first ? "" : ",").append(label.getKey()).append("=\"");
      text.append(
          label.getValue().replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"));
      text.append('"');
      first = false;
    }
    text.append('}');
  }

  private static String number(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
