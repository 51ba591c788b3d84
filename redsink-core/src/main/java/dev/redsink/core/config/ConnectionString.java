package dev.redsink.core.config;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A connection_string turned into what the Amazon Redshift JDBC driver needs: a JDBC URL plus
 * driver properties (user, password, ssl, currentSchema …). Accepts the libpq URL ({@code
 * postgres://user:pass@host:5439/db?sslmode=require&options=-c%20search_path%3Danalytics}, also
 * {@code postgresql://}), {@code jdbc:redshift://…} and {@code jdbc:redshift:iam://…}. Its toString
 * masks every secret.
 */
public final class ConnectionString {
  /** The Redshift default port, used when a libpq URL has none. */
  public static final int DEFAULT_PORT = 5439;

  /** The Redshift default database, used when a libpq URL has none. */
  public static final String DEFAULT_DATABASE = "dev";

  /** Properties whose whole value is secret, besides any name holding password, secret, token. */
  private static final Set<String> SECRET_PROPERTIES =
      Set.of("pwd", "accesskeyid", "iamaccesskeyid");

  /**
   * Why a libpq URL cannot be read without guessing where its password ends; it names no part of
   * the URL, which may hold the password.
   */
  static final String UNESCAPED =
      "the user name or password holds a character that ends it in a URL: percent-encode '/' as"
          + " %2F, '?' as %3F, '@' as %40 and '#' as %23";

  private final String jdbcUrl;
  private final Map<String, String> properties;
  private final String host;
  private final int port;
  private final String database;
  private final String redacted;
  private final List<String> secrets;

  private ConnectionString(
      String jdbcUrl,
      Map<String, String> properties,
      String host,
      int port,
      String database,
      String redacted,
      List<String> secrets) {
    this.secrets = List.copyOf(secrets);
    this.jdbcUrl = jdbcUrl;
    this.properties = Map.copyOf(properties);
    this.host = host;
    this.port = port;
    this.database = database;
    this.redacted = redacted;
  }

  /**
   * Parses a connection string. The exception message never contains the input, which may hold a
   * password.
   */
  public static ConnectionString parse(String raw) {
    String text = raw.trim();
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.startsWith("postgres://") || lower.startsWith("postgresql://")) {
      return parseLibpq(
          text.substring(text.indexOf("://") + 3), text.substring(0, text.indexOf(':')));
    }
    if (lower.startsWith("jdbc:redshift://") || lower.startsWith("jdbc:redshift:iam://")) {
      return parseJdbc(text);
    }
    throw new IllegalArgumentException(
        "expected a URL starting with postgres://, postgresql://, jdbc:redshift:// or"
            + " jdbc:redshift:iam://, e.g. postgres://user:password@host:5439/dev");
  }

  private static ConnectionString parseLibpq(String rest, String scheme) {
    int query = rest.indexOf('?');
    String beforeQuery = query < 0 ? rest : rest.substring(0, query);
    int slash = beforeQuery.indexOf('/');
    String authority = slash < 0 ? beforeQuery : beforeQuery.substring(0, slash);
    // A password with an unescaped '/' or '?' ends the authority early: what follows then holds
    // an '@' (in the path, or anywhere past the authority when it has no user), or a parameter
    // name no driver has. Refuse rather than read part of the password as host, port or database.
    String path = slash < 0 ? "" : beforeQuery.substring(slash + 1);
    if (path.indexOf('@') >= 0 || (authority.indexOf('@') < 0 && rest.indexOf('@') >= 0)) {
      throw new IllegalArgumentException(UNESCAPED);
    }
    String database = decode(path);
    Map<String, String> props = new LinkedHashMap<>();
    int at = authority.lastIndexOf('@');
    String userInfo = at < 0 ? "" : authority.substring(0, at);
    String hostPort = authority.substring(at + 1);
    if (!userInfo.isEmpty()) {
      int colon = userInfo.indexOf(':');
      props.put("user", decode(colon < 0 ? userInfo : userInfo.substring(0, colon)));
      if (colon >= 0) {
        props.put("password", decode(userInfo.substring(colon + 1)));
      }
    }
    HostPort hp = HostPort.parse(hostPort);
    if (database.isEmpty()) {
      database = DEFAULT_DATABASE;
    }
    StringBuilder shownQuery = new StringBuilder();
    if (query >= 0) {
      for (String pair : rest.substring(query + 1).split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        if (!name.matches("[A-Za-z0-9_.-]+")) {
          throw new IllegalArgumentException(UNESCAPED);
        }
        String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
        boolean secret = isSecret(name);
        shownQuery
            .append(shownQuery.length() == 0 ? "?" : "&")
            .append(name)
            .append('=')
            .append(secret ? Secret.MASK : value);
        translateLibpqParameter(name, value, props);
      }
    }
    String shownUser =
        props.containsKey("user")
            ? props.get("user") + (props.containsKey("password") ? ":" + Secret.MASK : "") + "@"
            : "";
    String redacted =
        scheme + "://" + shownUser + hp.host() + ":" + hp.port() + "/" + database + shownQuery;
    String url = "jdbc:redshift://" + hp.hostForUrl() + ":" + hp.port() + "/" + database;
    List<String> secrets = new ArrayList<>();
    props.forEach(
        (name, value) -> {
          if (isSecret(name) && !value.isEmpty()) {
            secrets.add(value);
          }
        });
    return new ConnectionString(url, props, hp.host(), hp.port(), database, redacted, secrets);
  }

  private static void translateLibpqParameter(
      String name, String value, Map<String, String> props) {
    switch (name) {
      case "sslmode" -> {
        if (value.equals("disable")) {
          props.put("ssl", "false");
        } else {
          props.put("ssl", "true");
          props.put("sslmode", value);
        }
      }
      case "options" -> translateOptions(value, props);
      case "application_name" -> props.put("ApplicationName", value);
      case "connect_timeout" -> props.put("loginTimeout", value);
      case "dbname" ->
          throw new IllegalArgumentException("give the database in the path, not dbname=");
      default -> props.put(name, value);
    }
  }

  /** Turns libpq's {@code -c search_path=x} into the driver's currentSchema; keeps the rest. */
  private static void translateOptions(String options, Map<String, String> props) {
    StringBuilder others = new StringBuilder();
    String[] tokens = options.trim().split("\\s+");
    for (int i = 0; i < tokens.length; i++) {
      String setting = null;
      if (tokens[i].equals("-c") && i + 1 < tokens.length) {
        setting = tokens[++i];
      } else if (tokens[i].startsWith("-c")) {
        setting = tokens[i].substring(2);
      } else if (tokens[i].startsWith("--")) {
        setting = tokens[i].substring(2);
      }
      if (setting != null && setting.startsWith("search_path=")) {
        props.put("currentSchema", setting.substring("search_path=".length()));
      } else if (!tokens[i].isEmpty()) {
        others.append(others.length() == 0 ? "" : " ");
        others.append(setting == null ? tokens[i] : "-c " + setting);
      }
    }
    if (others.length() > 0) {
      props.put("options", others.toString());
    }
  }

  private static ConnectionString parseJdbc(String text) {
    int schemeEnd = text.indexOf("://") + 3;
    String rest = text.substring(schemeEnd);
    int propsStart = indexOfAny(rest, "?;");
    String beforeProps = propsStart < 0 ? rest : rest.substring(0, propsStart);
    int slash = beforeProps.indexOf('/');
    String hostPort = slash < 0 ? beforeProps : beforeProps.substring(0, slash);
    String database = slash < 0 ? DEFAULT_DATABASE : beforeProps.substring(slash + 1);
    HostPort hp = HostPort.parseLenient(hostPort);
    StringBuilder redacted = new StringBuilder(text.substring(0, schemeEnd)).append(beforeProps);
    List<String> secrets = new ArrayList<>();
    if (propsStart >= 0) {
      String props = rest.substring(propsStart);
      int i = 0;
      while (i < props.length()) {
        char separator = props.charAt(i);
        int next = indexOfAny(props.substring(i + 1), "?;&");
        String pair = next < 0 ? props.substring(i + 1) : props.substring(i + 1, i + 1 + next);
        int eq = pair.indexOf('=');
        String name = eq < 0 ? pair : pair.substring(0, eq);
        boolean secret = isSecret(name);
        redacted.append(separator).append(secret && eq >= 0 ? name + "=" + Secret.MASK : pair);
        if (secret && eq >= 0 && eq + 1 < pair.length()) {
          secrets.add(pair.substring(eq + 1));
        }
        i = next < 0 ? props.length() : i + 1 + next;
      }
    }
    return new ConnectionString(
        text, Map.of(), hp.host(), hp.port(), database, redacted.toString(), secrets);
  }

  /**
   * Whether a driver property holds a secret: a password of any kind (the user's, an identity
   * provider's, a key store's), a client secret, a token, or AWS keys.
   */
  static boolean isSecret(String property) {
    String name = property.toLowerCase(Locale.ROOT).replace("_", "");
    return name.contains("password")
        || name.contains("secret")
        || name.contains("token")
        || SECRET_PROPERTIES.contains(name);
  }

  private static int indexOfAny(String s, String chars) {
    for (int i = 0; i < s.length(); i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("a percent-escape in the URL is malformed");
    }
  }

  /**
   * The JDBC URL for the Amazon Redshift driver; a jdbc: form is kept as given and may hold
   * secrets.
   */
  public String jdbcUrl() {
    return jdbcUrl;
  }

  /** Driver properties (user, password, ssl, sslmode, currentSchema, …); never log them. */
  public Map<String, String> properties() {
    return properties;
  }

  public String host() {
    return host;
  }

  /**
   * Whether the driver authenticates with IAM ({@code jdbc:redshift:iam://}): it first gets a
   * temporary database login from Redshift's API (GetClusterCredentials, or Serverless'
   * GetCredentials) with the AWS identity the URL or the default credential chain gives it.
   */
  public boolean iam() {
    return jdbcUrl.regionMatches(true, 0, "jdbc:redshift:iam://", 0, 20);
  }

  public int port() {
    return port;
  }

  public String database() {
    return database;
  }

  /**
   * Masks every secret of this connection string (passwords, client secrets, tokens, keys) where it
   * appears in a text, such as a driver's error message.
   */
  public String redact(String text) {
    String out = text;
    for (String secret : secrets) {
      out = out.replace(secret, Secret.MASK);
    }
    return out;
  }

  /** host:port/database, for messages such as "Failed to connect to Redshift at …". */
  public String endpoint() {
    return host + ":" + port + "/" + database;
  }

  /** The connection string with every secret masked. */
  @Override
  public String toString() {
    return redacted;
  }

  /** Host and port of a URL authority. */
  private record HostPort(String host, int port) {
    static HostPort parse(String text) {
      if (text.isEmpty()) {
        throw new IllegalArgumentException("the URL has no host");
      }
      if (text.contains(",")) {
        throw new IllegalArgumentException("several hosts are not supported; give one endpoint");
      }
      String host = text;
      String port = "";
      if (text.startsWith("[")) {
        int close = text.indexOf(']');
        if (close < 0) {
          throw new IllegalArgumentException(
              "the host starts with '[' (an IPv6 address) but has no closing ']'");
        }
        host = text.substring(1, close);
        port = text.length() > close + 2 ? text.substring(close + 2) : "";
      } else if (text.contains(":")) {
        host = text.substring(0, text.lastIndexOf(':'));
        port = text.substring(text.lastIndexOf(':') + 1);
      }
      if (port.isEmpty()) {
        return new HostPort(host, DEFAULT_PORT);
      }
      try {
        int value = Integer.parseInt(port);
        if (value < 1 || value > 65_535) {
          throw new NumberFormatException();
        }
        return new HostPort(host, value);
      } catch (NumberFormatException e) {
        // The text after the last ':' may be part of a password typed without escapes.
        throw new IllegalArgumentException(
            "the port is not a number from 1 to 65535 (when the user name or password holds"
                + " '/', '?', '@' or '#', percent-encode them: %2F, %3F, %40, %23)");
      }
    }

    /** Like {@link #parse}, but keeps the IAM form {@code cluster:region} whole as the host. */
    static HostPort parseLenient(String text) {
      try {
        return parse(text);
      } catch (IllegalArgumentException e) {
        if (text.isEmpty()) {
          throw e;
        }
        return new HostPort(text, DEFAULT_PORT);
      }
    }

    String hostForUrl() {
      return host.contains(":") ? "[" + host + "]" : host;
    }
  }
}
