package dev.redsink.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.redsink.core.error.ErrorCategory;
import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.retry.RetriesSpent;
import dev.redsink.core.retry.RetryPolicy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TableLoaderTest {

  @Test
  void aCopyFailureWhoseRetriesAreSpentIsReportedInTheReferenceWordingAndStaysSpent() {
    RetriesSpent spent =
        catchThrowableOfType(
            RetriesSpent.class,
            () ->
                new RetryPolicy(2, Duration.ZERO, d -> {})
                    .runVoid(
                        "load into public.orders",
                        () -> {
                          throw new CopyFailure(
                              ErrorCategory.TRANSIENT, "Cannot run COPY: SQLSTATE 57014", null);
                        }));

    RedsinkException reported = TableLoader.reported(spent, 2);

    assertThat(reported)
        .isInstanceOf(RetriesSpent.class)
        .hasMessageStartingWith("Redshift COPY failed after 2 attempts: Cannot run COPY");
    assertThat(reported.isTransient()).isTrue();
  }

  @Test
  void aCopyFailureThatWasNotRetriedKeepsItsCategory() {
    CopyFailure refused =
        new CopyFailure(ErrorCategory.AUTHORIZATION, "Cannot run COPY: not authorized", null);

    RedsinkException reported = TableLoader.reported(refused, 1);

    assertThat(reported)
        .isNotInstanceOf(RetriesSpent.class)
        .hasMessage("Redshift COPY failed after 1 attempt: Cannot run COPY: not authorized");
    assertThat(reported.category()).isEqualTo(ErrorCategory.AUTHORIZATION);
  }
}
