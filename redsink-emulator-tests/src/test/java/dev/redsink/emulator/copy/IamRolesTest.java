package dev.redsink.emulator.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IamRolesTest {
  private static final String OTHER = "arn:aws:iam::123456789012:role/Other";

  @Test
  void defaultsAttachOneRoleThatIsAlsoTheDefault() {
    IamRoles roles = IamRoles.defaults();
    assertThat(roles.attached()).containsExactly(IamRoles.DEFAULT_ROLE);
    assertThat(roles.assume(CopyRole.CLUSTER_DEFAULT, "alice")).isEqualTo(IamRoles.DEFAULT_ROLE);
    assertThat(roles.assume(CopyRole.of(IamRoles.DEFAULT_ROLE), "alice"))
        .isEqualTo(IamRoles.DEFAULT_ROLE);
  }

  @Test
  void unattachedRoleFailsWithRedshiftsMessage() {
    assertThatThrownBy(() -> IamRoles.defaults().assume(CopyRole.of(OTHER), "alice"))
        .isInstanceOfSatisfying(
            CopyException.class,
            e -> {
              assertThat(e.sqlState()).isEqualTo("XX000");
              assertThat(e.getMessage())
                  .isEqualTo(
                      "User arn:aws:redshift:us-east-1:123456789012:dbuser:redsink-emulator/alice"
                          + " is not authorized to assume IAM Role "
                          + OTHER);
              assertThat(e.detail()).contains("code:      8001").contains("IAM Role=" + OTHER);
            });
  }

  @Test
  void attachedRolesCanBeAssumedAndChainsStartWithAnAttachedRole() {
    IamRoles roles = IamRoles.defaults().attach(OTHER);
    assertThat(roles.assume(CopyRole.of(OTHER), "bob")).isEqualTo(OTHER);
    String chain = OTHER + ",arn:aws:iam::999999999999:role/Target";
    assertThat(roles.assume(CopyRole.of(chain), "bob")).isEqualTo(chain);
  }

  @Test
  void defaultRoleCanBeChangedOrRemoved() {
    assertThat(IamRoles.none().withDefault(OTHER).assume(CopyRole.CLUSTER_DEFAULT, "u"))
        .isEqualTo(OTHER);
    assertThatThrownBy(
            () -> IamRoles.defaults().withoutDefault().assume(CopyRole.CLUSTER_DEFAULT, "u"))
        .isInstanceOfSatisfying(
            CopyException.class,
            e ->
                assertThat(e.getMessage())
                    .isEqualTo(
                        "IAM_ROLE default was specified but no default IAM role is set for"
                            + " cluster redsink-emulator"));
  }
}
