package dev.redsink.emulator.wire;

/**
 * The server version clients are told at start-up, as Redshift reports it: PostgreSQL 8.0.2, not
 * the embedded PostgreSQL's own. Drivers choose their catalog queries by this number; pgjdbc, for
 * instance, asks a 9.0+ server for its keywords with an array ({@code '{…}'::text[]}), which
 * Redshift has no type for, and uses a built-in list for an 8.0 server.
 */
final class ServerVersion {
  /** What Redshift's startup ParameterStatus says, and what version() begins with. */
  static final String REDSHIFT = "8.0.2";

  private static final String NAME = "server_version";

  private ServerVersion() {}

  /** The message, or for a ParameterStatus of server_version the same saying Redshift's. */
  static PgMessage asRedshift(PgMessage m) {
    if (m.kind() != 'S') {
      return m;
    }
    MessageBody body = new MessageBody(m.body());
    if (!body.string().equals(NAME)) {
      return m;
    }
    return new MessageBuilder().string(NAME).string(REDSHIFT).message('S');
  }
}
