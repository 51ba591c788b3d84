package dev.redsink.emulator.dialect;

/**
 * The session settings that change how Redshift reads a statement: identifier case
 * (enable_case_sensitive_identifier) and SUPER attribute case
 * (enable_case_sensitive_super_attribute), both off by default.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/r_enable_case_sensitive_identifier.html">enable_case_sensitive_identifier</a>
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/r_enable_case_sensitive_super_attribute.html">enable_case_sensitive_super_attribute</a>
 */
public record SessionFlags(boolean caseSensitiveIdentifiers, boolean caseSensitiveSuperAttributes) {

  /** Redshift's defaults: both off. */
  public static final SessionFlags DEFAULTS = new SessionFlags(false, false);
}
