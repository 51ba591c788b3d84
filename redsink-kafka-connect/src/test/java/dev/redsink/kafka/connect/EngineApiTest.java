package dev.redsink.kafka.connect;

import dev.redsink.testkit.EngineApi;
import org.junit.jupiter.api.Test;

/** The Kafka Connect plugin uses the engine only through its public API (EngineApi.PACKAGES). */
class EngineApiTest {

  @Test
  void usesTheEngineOnlyThroughItsPublicApi() {
    EngineApi.usedOnlyThroughItsPublicApi().check(EngineApi.frontEnd("dev.redsink.kafka.connect"));
  }
}
