package dev.redsink.emulator.dialect;

/**
 * How a session folds names: identifiers (quoted ones too, unless enable_case_sensitive_identifier)
 * and SUPER attribute names (folded unless enable_case_sensitive_super_attribute; quoted ones keep
 * their case when either setting is on).
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/super-configurations.html#upper-mixed-case">Accessing
 *     JSON fields with uppercase and mixedcase field names</a>
 */
final class SqlNames {

  private final SessionFlags flags;

  SqlNames(SessionFlags flags) {
    this.flags = flags;
  }

  /** The name an identifier stands for, as stored. */
  String fold(Token identifier) {
    if (identifier.kind() == Token.Kind.QUOTED_IDENT) {
      String name = identifier.identifierName();
      return flags.caseSensitiveIdentifiers() ? name : IdentifierRule.foldAscii(name);
    }
    return IdentifierRule.foldAscii(identifier.text());
  }

  /** The attribute name a navigation step looks up. */
  String attribute(Token step) {
    if (step.kind() == Token.Kind.QUOTED_IDENT) {
      String name = step.identifierName();
      return flags.caseSensitiveIdentifiers() || flags.caseSensitiveSuperAttributes()
          ? name
          : IdentifierRule.foldAscii(name);
    }
    return flags.caseSensitiveSuperAttributes()
        ? step.text()
        : IdentifierRule.foldAscii(step.text());
  }
}
