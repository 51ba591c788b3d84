package dev.redsink.core.load;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;

/**
 * Which failures end a pooled connection. The pool treats SQLSTATE 0A000 as a broken connection, as
 * it is for some drivers; Redshift uses it for statements it does not support on a healthy session
 * (a VARCHAR resized to its current size, say, when another writer widened it first), so the
 * connection stays usable and is kept.
 */
public final class ConnectionEviction implements SQLExceptionOverride {

  /** The class the pool instantiates, by name. */
  public ConnectionEviction() {}

  @java.lang.Override
  public Override adjudicate(SQLException e) {
    return SqlStates.FEATURE_NOT_SUPPORTED.equals(e.getSQLState())
        ? Override.DO_NOT_EVICT
        : Override.CONTINUE_EVICT;
  }
}
