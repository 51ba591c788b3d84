package dev.redsink.reliability;

import dev.redsink.emulator.RedshiftEmulatorExtension;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Injects a {@link ScenarioWarehouse} over the JVM's shared emulator (into a test class's
 * constructor, say) and disarms every fault before and after each test, so no test meets another's
 * faults.
 */
final class ScenarioWarehouseExtension
    implements ParameterResolver, BeforeEachCallback, AfterEachCallback {

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == ScenarioWarehouse.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return warehouse(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    warehouse(context).resetFaults();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    warehouse(context).resetFaults();
  }

  private static ScenarioWarehouse warehouse(ExtensionContext context) {
    return new ScenarioWarehouse(RedshiftEmulatorExtension.shared(context));
  }
}
