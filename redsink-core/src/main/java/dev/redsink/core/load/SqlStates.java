package dev.redsink.core.load;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Classifies JDBC failures: structurally first (exception type, SQLSTATE, Redshift's error code),
 * message text only as a last resort for Redshift's serializable isolation violation (error 1023),
 * which arrives as SQLSTATE XX000.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/c_serial_isolation.html">Serializable
 *     isolation</a>
 */
public final class SqlStates {
  /**
   * SQLSTATEs that mean "try again": serialization failure, deadlock, restarts, lost connection.
   */
  public static final Set<String> TRANSIENT =
      Set.of("40001", "40P01", "57P01", "57P02", "57P03", "08000", "08003", "08006");

  /** Redshift's serializable isolation violation. */
  public static final int SERIALIZABLE_ISOLATION_VIOLATION = 1023;

  private static final Set<String> TABLE_CHANGED = Set.of("42703", "42804", "42P01");

  /** A statement Redshift does not support as written; the session stays healthy. */
  public static final String FEATURE_NOT_SUPPORTED = "0A000";

  /** Redshift's generic SQLSTATE, which carries its own error codes such as 1023. */
  public static final String INTERNAL_ERROR = "XX000";

  private static final Pattern ERROR_1023 =
      Pattern.compile("(^|\\D)1023(\\D|$)|serializable isolation violation");

  private static final String UNIQUE_VIOLATION = "23505";
  private static final String DUPLICATE_SCHEMA = "42P06";
  private static final String DUPLICATE_TABLE = "42P07";
  private static final String DUPLICATE_OBJECT = "42710";

  private SqlStates() {}

  /** The category of a failure of any statement except COMMIT. */
  public static ErrorCategory classify(SQLException failure) {
    for (Throwable t = failure; t != null; t = next(t)) {
      if (t instanceof IOException) {
        return ErrorCategory.TRANSIENT;
      }
      if (t instanceof SQLException sql) {
        ErrorCategory category = classifyOne(sql);
        if (category != ErrorCategory.FATAL) {
          return category;
        }
      }
    }
    return ErrorCategory.FATAL;
  }

  private static ErrorCategory classifyOne(SQLException e) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    if (TRANSIENT.contains(state)
        || e instanceof SQLTransientException
        || e instanceof SQLRecoverableException) {
      return ErrorCategory.TRANSIENT;
    }
    if (state.equals(INTERNAL_ERROR) || state.isEmpty()) {
      if (e.getErrorCode() == SERIALIZABLE_ISOLATION_VIOLATION || mentions1023(e.getMessage())) {
        return ErrorCategory.TRANSIENT;
      }
    }
    if (state.startsWith("28") || state.equals("42501")) {
      return ErrorCategory.AUTHORIZATION;
    }
    return ErrorCategory.FATAL;
  }

  /**
   * Whether a failure says the target no longer has a column (42703), a type (42804) or itself
   * (42P01) the load expected: the table changed under the sink.
   */
  public static boolean tableChanged(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SQLException e && TABLE_CHANGED.contains(e.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a CREATE … IF NOT EXISTS failed because another session created the same object at the
   * same moment: both passed the existence check, and the later one's catalog row then violates the
   * catalog's unique name (23505, e.g. pg_namespace_nspname_index or pg_type_typname_nsp_index), or
   * it is reported as a duplicate schema (42P06), table (42P07) or row type (42710). Redshift may
   * answer a serializable isolation violation (1023) instead, which is retried as transient and
   * then finds the object there.
   */
  public static boolean createdMeanwhile(SQLException e) {
    String state = e.getSQLState();
    return UNIQUE_VIOLATION.equals(state)
        || DUPLICATE_SCHEMA.equals(state)
        || DUPLICATE_TABLE.equals(state)
        || DUPLICATE_OBJECT.equals(state);
  }

  /** Last resort: the JDBC driver reports 1023 only in the text ("… 1023 Details: …"). */
  static boolean mentions1023(String message) {
    return message != null && ERROR_1023.matcher(message.toLowerCase(Locale.ROOT)).find();
  }

  /**
   * The category of a failure of COMMIT itself: a lost connection means the commit may or may not
   * have happened (reconcile through the ledger); a serialization failure means it rolled back.
   */
  public static ErrorCategory classifyCommit(SQLException failure) {
    ErrorCategory category = classify(failure);
    if (category != ErrorCategory.TRANSIENT) {
      return category;
    }
    for (Throwable t = failure; t != null; t = next(t)) {
      if (t instanceof SQLException sql
          && ("40001".equals(sql.getSQLState())
              || "40P01".equals(sql.getSQLState())
              || sql.getErrorCode() == SERIALIZABLE_ISOLATION_VIOLATION
              || (INTERNAL_ERROR.equals(sql.getSQLState()) && mentions1023(sql.getMessage())))) {
        return ErrorCategory.TRANSIENT;
      }
    }
    return ErrorCategory.COMMIT_OUTCOME_UNKNOWN;
  }

  /**
   * Wraps a failure as {@code Cannot <action>: <message> (SQLSTATE x)} with its category, keeping
   * the cause.
   */
  public static RedsinkException wrap(String action, SQLException failure) {
    return wrap(action, failure, classify(failure));
  }

  /** {@link #wrap(String, SQLException)} for a failed COMMIT. */
  public static RedsinkException wrapCommit(String action, SQLException failure) {
    return wrap(action, failure, classifyCommit(failure));
  }

  private static RedsinkException wrap(
      String action, SQLException failure, ErrorCategory category) {
    String state = failure.getSQLState() == null ? "none" : failure.getSQLState();
    String outcome =
        category == ErrorCategory.COMMIT_OUTCOME_UNKNOWN
            ? "; the connection dropped after COMMIT was sent, so whether it committed must be"
                + " read back from the ledger"
            : "";
    return new RedsinkException(
        category,
        "Cannot " + action + ": " + failure.getMessage() + " (SQLSTATE " + state + ")" + outcome,
        failure);
  }

  private static Throwable next(Throwable t) {
    if (t instanceof SQLException sql && sql.getNextException() != null) {
      return sql.getNextException();
    }
    return t.getCause() == t ? null : t.getCause();
  }
}
