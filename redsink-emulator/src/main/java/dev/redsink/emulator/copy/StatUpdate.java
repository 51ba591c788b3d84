package dev.redsink.emulator.copy;

/** The COPY STATUPDATE setting: not given, ON/TRUE (or bare STATUPDATE), OFF/FALSE. */
public enum StatUpdate {
  DEFAULT,
  ON,
  OFF
}
