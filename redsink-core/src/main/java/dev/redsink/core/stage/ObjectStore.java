package dev.redsink.core.stage;

/**
 * The few S3 operations Redsink needs, so the stager can be tested with a plain fake. Failures are
 * {@link dev.redsink.core.error.RedsinkException}s whose category says whether a retry may help.
 */
public interface ObjectStore extends AutoCloseable {
  /** The bucket every key refers to. */
  String bucket();

  /** Stores an object, verified by the server against the given CRC32C (base64). */
  void put(String key, byte[] bytes, String crc32cBase64);

  /** Deletes an object; deleting a missing object is not an error. */
  void delete(String key);

  /** Copies an object inside the bucket, server side. */
  void copy(String fromKey, String toKey);

  /** Releases the client; the default holds nothing. */
  @Override
  default void close() {}
}
