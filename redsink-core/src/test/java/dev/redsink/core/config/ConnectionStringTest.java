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
        .hasMessage("the port '99999' is not a number from 1 to 65535")
        .hasMessageNotContaining("secretpw");
    assertThatThrownBy(() -> ConnectionString.parse("postgres://u:secretpw@/d"))
        .hasMessage("the URL has no host");
    assertThatThrownBy(() -> ConnectionString.parse("postgres://u:secretpw@a,b/d"))
        .hasMessage("several hosts are not supported; give one endpoint");
  }
}
