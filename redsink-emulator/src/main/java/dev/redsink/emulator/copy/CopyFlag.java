package dev.redsink.emulator.copy;

/** The argument-less COPY parameters Redshift accepts for Parquet. */
public enum CopyFlag {
  MANIFEST,
  SERIALIZETOJSON,
  FILLRECORD,
  EXPLICIT_IDS
}
