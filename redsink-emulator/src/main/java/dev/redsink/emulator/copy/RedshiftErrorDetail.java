package dev.redsink.emulator.copy;

/**
 * Renders Redshift's error detail block ({@code error: / code: / context: / query: / location: /
 * process:}), as observed in real Spectrum scan errors
 * (https://repost.aws/knowledge-center/redshift-spectrum-data-errors).
 */
final class RedshiftErrorDetail {
  static final String SPECTRUM_SCAN_ERROR = "Spectrum Scan Error";
  private static final String RULE = "  -----------------------------------------------\n";

  private RedshiftErrorDetail() {}

  static String spectrum(LoadError error, long queryId) {
    return block(
        SPECTRUM_SCAN_ERROR,
        error.code(),
        error.reason(),
        queryId,
        "dory_util.cpp:945",
        "fetchtask_thread");
  }

  static String block(
      String error, int code, String context, long queryId, String location, String process) {
    return RULE
        + "  error:  "
        + error
        + "\n"
        + "  code:      "
        + code
        + "\n"
        + "  context:   "
        + context
        + "\n"
        + "  query:     "
        + queryId
        + "\n"
        + "  location:  "
        + location
        + "\n"
        + "  process:   "
        + process
        + " [pid="
        + ProcessHandle.current().pid()
        + "]\n"
        + RULE;
  }
}
