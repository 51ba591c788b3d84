package dev.redsink.core.sql;

/** What the COPY's FROM names: one Parquet object, or a manifest listing several. */
public enum CopySource {
  OBJECT,
  MANIFEST
}
