package dev.redsink.core.table;

import java.util.List;

/**
 * The three columns of a write_mode = history table, named and meant as in Redshift's zero-ETL
 * history mode (https://docs.aws.amazon.com/redshift/latest/mgmt/zero-etl-history-mode.html):
 * whether a version is the key's current one, when it began, and when the next change of its key
 * (or its delete) ended it, all in UTC.
 */
public final class HistoryColumns {
  /** BOOLEAN: true for the key's current version, false once a later change closed it. */
  public static final String IS_ACTIVE = "_record_is_active";

  /** TIMESTAMP: the source's time of the change that made this version. */
  public static final String CREATE_TIME = "_record_create_time";

  /** TIMESTAMP: the source's time of the change that ended this version; null while active. */
  public static final String DELETE_TIME = "_record_delete_time";

  /** The three, in the order a history table has them. */
  public static final List<String> ALL = List.of(IS_ACTIVE, CREATE_TIME, DELETE_TIME);

  /** The suffix of the current-state view beside a history table, {@code <table>_current}. */
  public static final String CURRENT_VIEW_SUFFIX = "_current";

  private HistoryColumns() {}
}
