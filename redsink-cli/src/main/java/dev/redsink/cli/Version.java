package dev.redsink.cli;

import picocli.CommandLine.IVersionProvider;

/** The version picocli prints for {@code --version}, read from the jar's manifest. */
final class Version implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = Redsink.class.getPackage().getImplementationVersion();
    return new String[] {"redsink " + (version == null ? "(development build)" : version)};
  }
}
