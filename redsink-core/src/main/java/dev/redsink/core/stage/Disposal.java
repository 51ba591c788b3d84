package dev.redsink.core.stage;

/** What happens to staged files after the load committed. */
public enum Disposal {
  /** Delete them. */
  DELETE,
  /** Copy each to archive/messages/&lt;name&gt; server side, then delete the original. */
  ARCHIVE
}
