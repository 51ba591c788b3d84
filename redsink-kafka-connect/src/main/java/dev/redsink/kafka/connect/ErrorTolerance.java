package dev.redsink.kafka.connect;

import java.util.Locale;
import java.util.Map;

/** Connect's {@code errors.tolerance}: whether an errant record fails the task or is diverted. */
enum ErrorTolerance {
  NONE,
  ALL;

  static final String KEY = "errors.tolerance";

  /** Reads the connector's setting; Connect's default is none. */
  static ErrorTolerance of(Map<String, String> props) {
    String value = props.get(KEY);
    return value != null && value.trim().toLowerCase(Locale.ROOT).equals("all") ? ALL : NONE;
  }
}
