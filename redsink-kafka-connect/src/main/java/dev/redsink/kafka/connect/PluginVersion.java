package dev.redsink.kafka.connect;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The plugin's version, as Maven wrote it into the jar. */
final class PluginVersion {
  private static final String VERSION = read();

  private PluginVersion() {}

  static String current() {
    return VERSION;
  }

  private static String read() {
    try (InputStream in = PluginVersion.class.getResourceAsStream("plugin.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
