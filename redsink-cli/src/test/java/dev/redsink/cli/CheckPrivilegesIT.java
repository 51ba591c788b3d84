package dev.redsink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.emulator.EmulatorOptions;
import dev.redsink.emulator.RedshiftEmulator;
import dev.redsink.testkit.Warehouse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redsink check} as a user who is not a superuser, against an existing table and ledger:
 * each privilege the write mode's loads use is tested, and each one missing is printed with the
 * GRANT that gives it; after those GRANTs the check passes.
 */
class CheckPrivilegesIT {
  private static final String USER = "loader";
  private static final String PASSWORD = "Loader12";

  private static RedshiftEmulator emulator;
  private static Warehouse admin;

  @TempDir Path dir;

  @BeforeAll
  static void start() {
    emulator = RedshiftEmulator.start(EmulatorOptions.defaults().user(USER, PASSWORD));
    admin = new Warehouse(emulator);
  }

  @AfterAll
  static void stop() throws Exception {
    emulator.close();
  }

  @Test
  void eachMissingPrivilegeIsNamedWithItsGrant() throws Exception {
    admin.execute(
        "CREATE TABLE check_orders (order_id BIGINT, amount DECIMAL(10,2))",
        "GRANT INSERT ON check_orders TO " + USER,
        // The ledger an earlier load (by the admin) left.
        "CREATE TABLE _redsink_ledger_check_orders (topic VARCHAR(256))");
    String config =
        "table_layout = \"typed\"\nwrite_mode = \"upsert\"\nprimary_key = [\"order_id\"]\n";

    CommandLineRun before = check(config);
    assertThat(before.out())
        .contains("✗ privileges — missing ")
        .contains("CREATE on schema public (GRANT CREATE ON SCHEMA public TO loader)")
        .contains("SELECT on public.check_orders (GRANT SELECT ON public.check_orders TO loader)")
        .contains("DELETE on public.check_orders (GRANT DELETE ON public.check_orders TO loader)")
        .contains(
            "ownership of public.check_orders, which schema evolution's ALTER TABLE needs"
                + " (ALTER TABLE public.check_orders OWNER TO loader")
        .contains(
            "UPDATE on public._redsink_ledger_check_orders (GRANT UPDATE ON"
                + " public._redsink_ledger_check_orders TO loader)")
        .doesNotContain("INSERT on public.check_orders");
    assertThat(before.exitCode()).isEqualTo(1);

    admin.execute(
        "GRANT CREATE ON SCHEMA public TO " + USER,
        "GRANT SELECT ON check_orders TO " + USER,
        "GRANT DELETE ON check_orders TO " + USER,
        "ALTER TABLE check_orders OWNER TO " + USER,
        "GRANT SELECT, INSERT, UPDATE ON _redsink_ledger_check_orders TO " + USER);
    CommandLineRun after = check(config);
    assertThat(after.out()).contains("✓ privileges").doesNotContain("✗ privileges");
  }

  @Test
  void aTableWithoutItsLedgerNeedsSelectEvenForAppends() throws Exception {
    admin.execute(
        "CREATE TABLE check_adopted (id VARCHAR(512), payload VARCHAR(MAX))",
        "GRANT CREATE ON SCHEMA public TO " + USER,
        "GRANT INSERT ON check_adopted TO " + USER);
    String config = "target_table = \"check_adopted\"\n";
    assertThat(check(config).out())
        .contains(
            "SELECT on public.check_adopted (GRANT SELECT ON public.check_adopted TO loader)");
    admin.execute("GRANT SELECT ON check_adopted TO " + USER);
    try {
      assertThat(check(config).out()).contains("✓ privileges");
    } finally {
      // The other test starts from a user without CREATE on the schema.
      admin.execute("REVOKE CREATE ON SCHEMA public FROM " + USER);
    }
  }

  private CommandLineRun check(String extra) throws Exception {
    Path file = CheckConnectorFile.write(dir, emulator, USER, PASSWORD, extra, "");
    return CommandLineRun.of("check", file.toString());
  }
}
