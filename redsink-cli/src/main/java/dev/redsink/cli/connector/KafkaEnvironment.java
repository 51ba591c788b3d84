package dev.redsink.cli.connector;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Kafka consumer properties from the environment, so credentials stay out of files and argv: {@code
 * REDSINK_KAFKA_<NAME>} sets the property whose name is {@code <NAME>} in lower case with {@code _}
 * read as {@code .} ({@code REDSINK_KAFKA_SASL_JAAS_CONFIG} → {@code sasl.jaas.config}). They
 * replace the connector file's {@code [kafka]} table; {@code --kafka-property} replaces them. An
 * empty variable sets nothing.
 */
public final class KafkaEnvironment {
  public static final String PREFIX = "REDSINK_KAFKA_";

  private final Map<String, String> environment;

  public KafkaEnvironment(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  /** The process environment. */
  public static KafkaEnvironment system() {
    return new KafkaEnvironment(System.getenv());
  }

  /** The properties the environment sets, by property name. */
  public Properties properties() {
    Properties out = new Properties();
    variables().forEach((property, variable) -> out.put(property, environment.get(variable)));
    return out;
  }

  /** One note per property set, naming the variable and never the value. */
  public List<String> notes() {
    return variables().entrySet().stream()
        .map(e -> "Kafka property " + e.getKey() + " set by " + e.getValue() + " (value hidden)")
        .toList();
  }

  /** The variable behind each property, by property name. */
  private Map<String, String> variables() {
    Map<String, String> out = new TreeMap<>();
    environment.keySet().stream()
        .filter(name -> name.startsWith(PREFIX) && name.length() > PREFIX.length())
        .filter(name -> !environment.get(name).isBlank())
        .forEach(
            name ->
                out.put(
                    name.substring(PREFIX.length()).toLowerCase(Locale.ROOT).replace('_', '.'),
                    name));
    return out;
  }
}
