package dev.redsink.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionStringTest {

  @Test
  void libpqUrlWithSslAndSearchPath() {
    ConnectionString c =
        ConnectionString.parse(
            "postgres://loader:p%40ss@host.example:5439/db?sslmode=require&options=-c%20search_path%3Danalytics");
    assertThat(c.jdbcUrl()).isEqualTo("jdbc:redshift://host.example:5439/db");
    assertThat(c.properties())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "user", "loader",
                "password", "p@ss",
                "ssl", "true",
                "sslmode", "require",
                "currentSchema", "analytics"));
    assertThat(c.endpoint()).isEqualTo("host.example:5439/db");
    assertThat(c.toString())
        .isEqualTo(
            "postgres://loader:****@host.example:5439/db?sslmode=require&options=-c search_path=analytics")
        .doesNotContain("p@ss");
  }

  @Test
  void postgresqlSchemeDefaultsPortAndDatabase() {
    ConnectionString c = ConnectionString.parse("postgresql://u@cluster");
    assertThat(c.jdbcUrl()).isEqualTo("jdbc:redshift://cluster:5439/dev");
    assertThat(c.properties()).containsExactlyEntriesOf(Map.of("user", "u"));
    assertThat(c.toString()).isEqualTo("postgresql://u@cluster:5439/dev");
  }

  @Test
  void sslDisableAndOtherOptionsAndParameters() {
    ConnectionString c =
        ConnectionString.parse(
            "postgres://u:pw@h:5440/d?sslmode=disable&options=-c%20statement_timeout%3D5000&application_name=redsink&connect_timeout=10&password=other");
    assertThat(c.properties())
        .containsEntry("ssl", "false")
        .doesNotContainKey("sslmode")
        .containsEntry("options", "-c statement_timeout=5000")
        .containsEntry("ApplicationName", "redsink")
        .containsEntry("loginTimeout", "10")
        .containsEntry("password", "other");
    assertThat(c.toString()).doesNotContain("pw").doesNotContain("other").contains("password=****");
  }

  @Test
  void jdbcRedshiftUrlsAreKeptAndRedacted() {
    ConnectionString c =
        ConnectionString.parse(
            "jdbc:redshift://example.eu-west-1.redshift.amazonaws.com:5439/dev;UID=loader;PWD=topsecret?ssl=true");
    assertThat(c.jdbcUrl())
        .isEqualTo(
            "jdbc:redshift://example.eu-west-1.redshift.amazonaws.com:5439/dev;UID=loader;PWD=topsecret?ssl=true");
    assertThat(c.properties()).isEmpty();
    assertThat(c.endpoint()).isEqualTo("example.eu-west-1.redshift.amazonaws.com:5439/dev");
    assertThat(c.toString())
        .isEqualTo(
            "jdbc:redshift://example.eu-west-1.redshift.amazonaws.com:5439/dev;UID=loader;PWD=****?ssl=true");
  }

  @Test
  void jdbcIamUrlWithClusterAndRegion() {
    ConnectionString c =
        ConnectionString.parse(
            "jdbc:redshift:iam://examplecluster:us-west-2/dev?AccessKeyID=AKIAX&SecretAccessKey=abc/def");
    assertThat(c.host()).isEqualTo("examplecluster:us-west-2");
    assertThat(c.database()).isEqualTo("dev");
    assertThat(c.toString())
        .isEqualTo(
            "jdbc:redshift:iam://examplecluster:us-west-2/dev?AccessKeyID=****&SecretAccessKey=****");
  }

  @Test
  void rejectionsNeverEchoTheInput() {
    assertThatThrownBy(() -> ConnectionString.parse("postgres://u:secretpw@h:99999/d"))
        .hasMessageStartingWith("the port is not a number from 1 to 65535")
        .hasMessageNotContaining("secretpw");
    assertThatThrownBy(() -> ConnectionString.parse("postgres://u:secretpw@/d"))
        .hasMessage("the URL has no host");
    assertThatThrownBy(() -> ConnectionString.parse("postgres://u:secretpw@a,b/d"))
        .hasMessage("several hosts are not supported; give one endpoint");
  }

  /** Passwords with a character a URL gives a meaning to, typed without percent-encoding. */
  @Test
  void anUnescapedSlashQuestionMarkOrAtInThePasswordNeverShowsAnyPartOfIt() {
    Map<String, String[]> fragments =
        Map.of(
            "postgres://u:s3cr/et@h/db", new String[] {"s3cr", "et@"},
            "postgres://u:1234/x@h/db", new String[] {"1234", "x@h"},
            "postgres://u:pa9?ss@h/db", new String[] {"pa9", "ss@"},
            "postgres://u:12?34@h/db", new String[] {"12", "34"},
            "postgresql://u:se7?cr/et@h:5439/db?sslmode=require",
                new String[] {"se7", "cr/", "et@"});
    fragments.forEach(
        (raw, secret) ->
            assertThatThrownBy(() -> ConnectionString.parse(raw))
                .as(raw)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("percent-encode")
                .satisfies(
                    e -> {
                      for (String part : secret) {
                        assertThat(e.getMessage()).as(raw).doesNotContain(part);
                      }
                    }));
  }

  @Test
  void anUnclosedBracketIsAClearError() {
    assertThatThrownBy(() -> ConnectionString.parse("postgres://u:pw@[::1/db"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("']'");
  }

  @Test
  void everyDriverSecretIsMasked() {
    ConnectionString c =
        ConnectionString.parse(
            "jdbc:redshift:iam://cluster:eu-west-1/dev?plugin_name=com.amazon.redshift.plugin.BrowserAzureCredentialsProvider"
                + "&client_secret=cs1&web_identity_token=wit2&idp_password=ip3&sslpassword=sp4"
                + "&token=tk5&IAMSecretAccessKey=sk6&DbUser=loader");
    assertThat(c.toString())
        .doesNotContain("cs1")
        .doesNotContain("wit2")
        .doesNotContain("ip3")
        .doesNotContain("sp4")
        .doesNotContain("tk5")
        .doesNotContain("sk6")
        .contains("DbUser=loader")
        .contains("client_secret=****");
    ConnectionString libpq =
        ConnectionString.parse("postgres://u:pw@h/db?client_secret=cs1&app_token=at2");
    assertThat(libpq.toString()).doesNotContain("cs1").doesNotContain("at2");
    assertThat(c.redact("refused: client_secret cs1, token tk5"))
        .isEqualTo("refused: client_secret ****, token ****");
    assertThat(libpq.redact("password pw refused")).isEqualTo("password **** refused");
  }
}
