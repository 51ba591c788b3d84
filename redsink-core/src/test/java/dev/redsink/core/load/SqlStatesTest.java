package dev.redsink.core.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.error.ErrorCategory;
import java.io.EOFException;
import java.net.SocketException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SqlStatesTest {

  @ParameterizedTest
  @ValueSource(strings = {"40001", "40P01", "57P01", "57P02", "57P03", "08000", "08003", "08006"})
  void listedStatesAreTransient(String state) {
    assertThat(SqlStates.classify(new SQLException("x", state))).isEqualTo(ErrorCategory.TRANSIENT);
  }

  @ParameterizedTest
  @CsvSource({
    "42601, FATAL",
    "42P01, FATAL",
    "22001, FATAL",
    "23505, FATAL",
    "28000, AUTHORIZATION",
    "28P01, AUTHORIZATION",
    "42501, AUTHORIZATION",
  })
  void otherStates(String state, ErrorCategory category) {
    assertThat(SqlStates.classify(new SQLException("x", state))).isEqualTo(category);
  }

  @Test
  void loadFailuresAsXx000AreFatal() {
    SQLException load =
        new SQLException(
            "[Amazon](500310) Invalid operation: Load into table 'listing' failed.  Check"
                + " 'stl_load_errors' system table for details.",
            "XX000");
    assertThat(SqlStates.classify(load)).isEqualTo(ErrorCategory.FATAL);
  }

  @Test
  void serializableIsolationViolationByCode() {
    assertThat(SqlStates.classify(new SQLException("Invalid operation", "XX000", 1023)))
        .isEqualTo(ErrorCategory.TRANSIENT);
  }

  @Test
  void serializableIsolationViolationByMessageAsLastResort() {
    SQLException jdbc =
        new SQLException(
            "[Amazon](500310) Invalid operation: 1023 Details: Serializable isolation violation on"
                + " table - 100167, transactions forming the cycle are: 1745830, 1745762 (pid:15021)",
            "XX000");
    assertThat(SqlStates.classify(jdbc)).isEqualTo(ErrorCategory.TRANSIENT);
    assertThat(SqlStates.classify(new SQLException("ERROR: 1023", "XX000")))
        .isEqualTo(ErrorCategory.TRANSIENT);
    assertThat(SqlStates.classify(new SQLException("value 10230 out of range", "XX000")))
        .isEqualTo(ErrorCategory.FATAL);
    assertThat(SqlStates.classify(new SQLException("1023 rows", "42601")))
        .isEqualTo(ErrorCategory.FATAL);
  }

  @Test
  void ioCausesAndPoolTimeoutsAreTransient() {
    assertThat(
            SqlStates.classify(
                new SQLException("I/O error", "08S01", new SocketException("reset"))))
        .isEqualTo(ErrorCategory.TRANSIENT);
    assertThat(SqlStates.classify(new SQLException("closed", null, new EOFException())))
        .isEqualTo(ErrorCategory.TRANSIENT);
    assertThat(
            SqlStates.classify(
                new SQLTransientConnectionException(
                    "redsink - Connection is not available, request timed out after 30000ms.")))
        .isEqualTo(ErrorCategory.TRANSIENT);
  }

  @Test
  void chainedNextExceptionsAreInspected() {
    SQLException batch = new SQLException("batch failed", "42000");
    batch.setNextException(new SQLException("deadlock", "40P01"));
    assertThat(SqlStates.classify(batch)).isEqualTo(ErrorCategory.TRANSIENT);
  }

  @Test
  void commitFailures() {
    assertThat(SqlStates.classifyCommit(new SQLException("connection lost", "08006")))
        .isEqualTo(ErrorCategory.COMMIT_OUTCOME_UNKNOWN);
    assertThat(SqlStates.classifyCommit(new SQLException("io", null, new SocketException())))
        .isEqualTo(ErrorCategory.COMMIT_OUTCOME_UNKNOWN);
    assertThat(SqlStates.classifyCommit(new SQLException("1023", "XX000")))
        .isEqualTo(ErrorCategory.TRANSIENT);
    assertThat(SqlStates.classifyCommit(new SQLException("could not serialize", "40001")))
        .isEqualTo(ErrorCategory.TRANSIENT);
    assertThat(SqlStates.classifyCommit(new SQLException("syntax", "42601")))
        .isEqualTo(ErrorCategory.FATAL);
  }

  @Test
  void wrappedMessagesNameActionAndState() {
    var e = SqlStates.wrap("run COPY into \"orders\"", new SQLException("boom", "40001"));
    assertThat(e.getMessage()).isEqualTo("Cannot run COPY into \"orders\": boom (SQLSTATE 40001)");
    assertThat(e.category()).isEqualTo(ErrorCategory.TRANSIENT);
    var unknown =
        SqlStates.wrapCommit("commit the load of orders", new SQLException("gone", "08006"));
    assertThat(unknown.category()).isEqualTo(ErrorCategory.COMMIT_OUTCOME_UNKNOWN);
    assertThat(unknown.getMessage()).contains("read back from the ledger");
  }
}
