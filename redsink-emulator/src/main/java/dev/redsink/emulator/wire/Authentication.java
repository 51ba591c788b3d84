package dev.redsink.emulator.wire;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/** Password checks for PostgreSQL's md5 and cleartext authentication. */
final class Authentication {

  private static final SecureRandom RANDOM = new SecureRandom();

  private Authentication() {}

  static byte[] salt() {
    byte[] salt = new byte[4];
    RANDOM.nextBytes(salt);
    return salt;
  }

  /** What an md5 client sends: "md5" + md5(md5(password + user) + salt), in hex. */
  static String md5Response(String user, String password, byte[] salt) {
    String inner = md5Hex(concat((password + user).getBytes(StandardCharsets.UTF_8), new byte[0]));
    return "md5" + md5Hex(concat(inner.getBytes(StandardCharsets.US_ASCII), salt));
  }

  static boolean matches(String expected, String actual) {
    return MessageDigest.isEqual(
        expected.getBytes(StandardCharsets.UTF_8), actual.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static String md5Hex(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
