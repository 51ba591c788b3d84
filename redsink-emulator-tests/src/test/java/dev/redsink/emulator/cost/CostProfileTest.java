package dev.redsink.emulator.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CostProfileTest {

  @Test
  void parsesNamedProfilesAndParts() {
    assertThat(CostProfile.parse("off")).isEqualTo(CostProfile.NONE);
    assertThat(CostProfile.NONE.isOff()).isTrue();
    assertThat(CostProfile.parse("redshift")).isEqualTo(CostProfile.REDSHIFT);
    CostProfile p = CostProfile.parse("statement=2ms, commit=0.25s,copy=1.5s,mb=0.5ms");
    assertThat(p.statement()).isEqualTo(Duration.ofMillis(2));
    assertThat(p.commit()).isEqualTo(Duration.ofMillis(250));
    assertThat(p.copy()).isEqualTo(Duration.ofMillis(1_500));
    assertThat(p.perMegabyte()).isEqualTo(Duration.ofNanos(500_000));
    assertThat(CostProfile.parse(p.toString())).isEqualTo(p);
    assertThat(CostProfile.parse("commit=10ms"))
        .isEqualTo(CostProfile.NONE.withCommit(Duration.ofMillis(10)));
  }

  @Test
  void namesThePartItCannotRead() {
    assertThatThrownBy(() -> CostProfile.parse("commit=fast"))
        .hasMessageContaining("'fast'")
        .hasMessageContaining("5ms");
    assertThatThrownBy(() -> CostProfile.parse("vacuum=1s"))
        .hasMessageContaining("vacuum=1s")
        .hasMessageContaining("statement, commit, copy and mb");
    assertThatThrownBy(() -> CostProfile.parse("commit")).hasMessageContaining("commit=600ms");
  }
}
