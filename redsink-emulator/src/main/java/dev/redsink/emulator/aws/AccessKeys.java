package dev.redsink.emulator.aws;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The access keys the emulated account knows: one long-term key of an IAM user, and the temporary
 * keys STS issues (an {@code ASIA…} id, a secret, a session token and an expiry), each belonging to
 * a {@link Principal}.
 */
public final class AccessKeys {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

  /** One access key. */
  public record Key(
      String accessKeyId,
      String secretAccessKey,
      Optional<String> sessionToken,
      Optional<Instant> expiry,
      Principal principal) {

    boolean expiredAt(Instant now) {
      return expiry.isPresent() && !now.isBefore(expiry.get());
    }

    @Override
    public String toString() {
      return "Key[" + accessKeyId + ", " + principal.arn() + "]";
    }
  }

  private final Map<String, Key> keys = new ConcurrentHashMap<>();
  private final Clock clock;
  private final String account;

  public AccessKeys(Clock clock, String accessKeyId, String secretAccessKey, Principal owner) {
    this.clock = clock;
    this.account = owner.account();
    keys.put(
        accessKeyId,
        new Key(accessKeyId, secretAccessKey, Optional.empty(), Optional.empty(), owner));
  }

  /** Issues a temporary key for {@code principal}, valid for {@code duration}. */
  Key issue(Principal principal, Duration duration) {
    String id = "ASIA" + random(16);
    Key key =
        new Key(
            id,
            randomBase64(30),
            Optional.of(randomBase64(96)),
            Optional.of(clock.instant().plus(duration)),
            principal);
    keys.put(id, key);
    return key;
  }

  /** Ends the temporary keys issued so far now, as if their expiry had passed (for tests). */
  public void expireTemporaryKeys() {
    Instant now = clock.instant();
    keys.replaceAll(
        (id, k) ->
            k.expiry().isEmpty()
                ? k
                : new Key(
                    id, k.secretAccessKey(), k.sessionToken(), Optional.of(now), k.principal()));
  }

  public Optional<Key> find(String accessKeyId) {
    return Optional.ofNullable(keys.get(accessKeyId));
  }

  /**
   * The key a request is signed with, if it may sign now: known, not expired, and for a temporary
   * key the session token it was issued with.
   */
  Key signing(String accessKeyId, Optional<String> sessionToken) throws AwsError {
    Key key = find(accessKeyId).orElseThrow(AwsError::unknownKey);
    if (key.sessionToken().isPresent()) {
      if (sessionToken.isEmpty() || !sessionToken.get().equals(key.sessionToken().get())) {
        throw AwsError.unknownKey();
      }
      if (key.expiredAt(clock.instant())) {
        throw AwsError.expiredToken();
      }
    }
    return key;
  }

  /** The secret of a key that may sign now, for the S3 server's signature check. */
  public Optional<String> liveSecret(String accessKeyId) {
    return find(accessKeyId).filter(k -> !k.expiredAt(clock.instant())).map(Key::secretAccessKey);
  }

  /** The account the keys belong to (the long-term key's owner's). */
  String account() {
    return account;
  }

  Instant now() {
    return clock.instant();
  }

  static String random(int length) {
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      out.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
    }
    return out.toString().toUpperCase(Locale.ROOT);
  }

  static String randomBase64(int bytes) {
    byte[] b = new byte[bytes];
    RANDOM.nextBytes(b);
    return Base64.getEncoder().encodeToString(b);
  }
}
