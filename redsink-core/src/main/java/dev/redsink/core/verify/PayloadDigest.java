package dev.redsink.core.verify;

import dev.redsink.core.sql.AuditSql;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A record value's digest as the cluster computes it from the payload column ({@link
 * AuditSql#payloadDigest}), so an audit compares values by summing digests per range: the first 7
 * hex digits of the MD5 of the text ({@code payload_format = "text"}) or of the lowercase hex of
 * the bytes ({@code "varbyte"}; a value over {@link AuditSql#HEX_DIGEST_MAX_BYTES} bytes, whose hex
 * Redshift's VARCHAR cannot hold, digests as its length); 0 for a null value.
 */
public final class PayloadDigest {
  private static final HexFormat HEX = HexFormat.of();
  private final boolean varbyte;

  private PayloadDigest(boolean varbyte) {
    this.varbyte = varbyte;
  }

  /** For a text payload. */
  public static PayloadDigest text() {
    return new PayloadDigest(false);
  }

  /** For a VARBYTE payload. */
  public static PayloadDigest varbyte() {
    return new PayloadDigest(true);
  }

  /** The digest of one record value. */
  public long of(byte[] value) {
    if (value == null) {
      return 0;
    }
    if (varbyte && value.length > AuditSql.HEX_DIGEST_MAX_BYTES) {
      return value.length;
    }
    byte[] digested = varbyte ? HEX.formatHex(value).getBytes(StandardCharsets.US_ASCII) : value;
    byte[] md5 = md5().digest(digested);
    // 7 hex digits: the first three bytes and the high nibble of the fourth.
    return ((md5[0] & 0xFFL) << 20)
        | ((md5[1] & 0xFFL) << 12)
        | ((md5[2] & 0xFFL) << 4)
        | ((md5[3] & 0xF0L) >>> 4);
  }

  private static MessageDigest md5() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is part of every Java platform", e);
    }
  }
}
