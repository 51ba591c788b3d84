package dev.redsink.core.encode;

/** One encoded Parquet file: its bytes, the number of rows and the created_at every row carries. */
public record EncodedFile(byte[] bytes, int rows, String createdAt) {

  /** The file's size in bytes, for the manifest's content_length. */
  public long size() {
    return bytes.length;
  }

  @Override
  public String toString() {
    return "EncodedFile["
        + rows
        + " rows, "
        + bytes.length
        + " bytes, created_at "
        + createdAt
        + "]";
  }
}
