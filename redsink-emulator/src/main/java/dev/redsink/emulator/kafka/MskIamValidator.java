package dev.redsink.emulator.kafka;

import dev.redsink.emulator.aws.AwsError;
import dev.redsink.emulator.aws.MskIamTokens;
import dev.redsink.emulator.aws.Principal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.AppConfigurationEntry;
import org.apache.kafka.common.security.auth.AuthenticateCallbackHandler;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerExtensionsValidatorCallback;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerToken;
import org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallback;

/**
 * The broker side of Amazon MSK's IAM authentication over SASL/OAUTHBEARER: each token
 * aws-msk-iam-auth sends is checked by {@link MskIamTokens} against the emulator's account, and the
 * session's principal is the caller's ARN. The broker instantiates this class itself; the JAAS
 * option {@value #OPTION} names the tokens' checker {@link #register}ed beforehand.
 */
public final class MskIamValidator implements AuthenticateCallbackHandler {
  static final String OPTION = "redsinkTokens";
  private static final Map<String, MskIamTokens> REGISTERED = new ConcurrentHashMap<>();

  private MskIamTokens tokens;

  /** Makes a checker reachable from a broker's configuration under {@code name}. */
  static String register(String name, MskIamTokens tokens) {
    REGISTERED.put(name, tokens);
    return name;
  }

  static void unregister(String name) {
    REGISTERED.remove(name);
  }

  @Override
  public void configure(
      Map<String, ?> configs, String mechanism, List<AppConfigurationEntry> jaasEntries) {
    Object name = jaasEntries.get(0).getOptions().get(OPTION);
    tokens = REGISTERED.get(String.valueOf(name));
    if (tokens == null) {
      throw new IllegalStateException("No MSK IAM token checker is registered as " + name);
    }
  }

  @Override
  public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
    for (Callback callback : callbacks) {
      if (callback instanceof OAuthBearerValidatorCallback validation) {
        try {
          Principal who = tokens.verify(validation.tokenValue());
          validation.token(token(validation.tokenValue(), who.arn()));
        } catch (AwsError e) {
          validation.error("invalid_token", null, null);
        }
      } else if (callback instanceof OAuthBearerExtensionsValidatorCallback extensions) {
        extensions.inputExtensions().map().keySet().forEach(extensions::valid);
      } else {
        throw new UnsupportedCallbackException(callback);
      }
    }
  }

  private static OAuthBearerToken token(String value, String principal) {
    long now = System.currentTimeMillis();
    return new OAuthBearerToken() {
      @Override
      public String value() {
        return value;
      }

      @Override
      public Set<String> scope() {
        return Set.of();
      }

      @Override
      public long lifetimeMs() {
        return now + 15 * 60_000L;
      }

      @Override
      public String principalName() {
        return principal;
      }

      @Override
      public Long startTimeMs() {
        return now;
      }
    };
  }

  @Override
  public void close() {}
}
