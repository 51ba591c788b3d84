package dev.redsink.cli;

import dev.redsink.testkit.EngineApi;
import org.junit.jupiter.api.Test;

/** The redsink command uses the engine only through its public API (EngineApi.PACKAGES). */
class EngineApiTest {

  @Test
  void usesTheEngineOnlyThroughItsPublicApi() {
    EngineApi.usedOnlyThroughItsPublicApi().check(EngineApi.frontEnd("dev.redsink.cli"));
  }
}
