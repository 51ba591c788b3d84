package dev.redsink.core.config;

/** How a key's value may be shown in logs, messages and toString. */
public enum Sensitivity {
  /** Shown as is. */
  PLAIN,
  /**
   * Contains a secret inside (the password of a connection string); shown with the secret masked.
   */
  CONTAINS_SECRET,
  /** Entirely secret; shown as {@value Secret#MASK}. */
  SECRET
}
