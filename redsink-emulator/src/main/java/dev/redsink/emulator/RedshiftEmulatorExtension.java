package dev.redsink.emulator;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension that starts one emulator per JVM, shared by every test class that uses it, and
 * injects it as a {@link RedshiftEmulator} parameter. Faults are reset before each test class.
 */
public final class RedshiftEmulatorExtension implements ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(RedshiftEmulatorExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == RedshiftEmulator.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return shared(context);
  }

  /** The JVM's shared emulator, started on first use and closed when the test run ends. */
  public static RedshiftEmulator shared(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent("emulator", k -> RedshiftEmulator.start(), RedshiftEmulator.class);
  }
}
