package dev.redsink.emulator.aws;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The temporary database logins IAM calls issue: a login name ({@code IAM:loader}, {@code
 * IAMA:loader}, {@code IAMR:role}), its password and expiry, and the database user a session runs
 * as. Each call issues a new password; earlier ones stay valid until they expire, as on Redshift.
 */
public final class DatabaseLogins {

  /** One issued login. */
  public record Issued(
      String login,
      String password,
      Instant expiry,
      String databaseUser,
      boolean createUser,
      List<String> groups) {
    @Override
    public String toString() {
      return "Issued[" + login + " as " + databaseUser + " until " + expiry + "]";
    }
  }

  private final Clock clock;
  private final Map<String, List<Issued>> byLogin = new ConcurrentHashMap<>();

  public DatabaseLogins(Clock clock) {
    this.clock = clock;
  }

  Issued issue(
      String login, String databaseUser, boolean createUser, List<String> groups, Duration life) {
    Issued issued =
        new Issued(
            login,
            AccessKeys.randomBase64(48),
            clock.instant().plus(life),
            databaseUser,
            createUser,
            List.copyOf(groups));
    byLogin.compute(
        login,
        (k, list) -> {
          List<Issued> live = new ArrayList<>();
          if (list != null) {
            list.stream().filter(i -> clock.instant().isBefore(i.expiry())).forEach(live::add);
          }
          live.add(issued);
          return live;
        });
    return issued;
  }

  /** Ends every issued login now, as if its expiry had passed (for tests of expiry). */
  public void expireAll() {
    Instant now = clock.instant();
    byLogin.replaceAll(
        (login, list) ->
            list.stream()
                .map(
                    i ->
                        new Issued(
                            i.login(),
                            i.password(),
                            now,
                            i.databaseUser(),
                            i.createUser(),
                            i.groups()))
                .toList());
  }

  /** The logins issued under this name that have not expired. */
  public List<Issued> live(String login) {
    Instant now = clock.instant();
    return byLogin.getOrDefault(login, List.of()).stream()
        .filter(i -> now.isBefore(i.expiry()))
        .toList();
  }
}
