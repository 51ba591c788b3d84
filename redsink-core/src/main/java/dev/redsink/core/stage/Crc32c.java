package dev.redsink.core.stage;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.CRC32C;

/** The CRC32C of an upload in S3's header form: base64 of the 4 big-endian bytes. */
public final class Crc32c {
  private Crc32c() {}

  public static String base64(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length);
    return Base64.getEncoder()
        .encodeToString(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
  }
}
