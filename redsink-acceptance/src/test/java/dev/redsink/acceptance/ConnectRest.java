package dev.redsink.acceptance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Kafka Connect worker's REST API, called as a user's script calls it, the same on every Connect
 * version the suite runs: create or update a connector, restart it with its tasks, delete it, read
 * its status, the worker's version and its plugins.
 */
final class ConnectRest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * How long a request is asked again while the worker answers 409: it is joining its group or
   * rebalancing (after a start, or when a connector came or went), and takes no changes meanwhile.
   */
  private static final Duration REBALANCING = Duration.ofSeconds(90);

  private final URI base;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** The API at {@code base}, e.g. {@code http://127.0.0.1:8083/}. */
  ConnectRest(URI base) {
    this.base = base.toString().endsWith("/") ? base : URI.create(base + "/");
  }

  /** A connector's state and its tasks'; a trace when one FAILED. */
  record ConnectorStatus(String state, String trace, List<TaskStatus> tasks) {}

  /** One task's state, and its trace when it FAILED. */
  record TaskStatus(int id, String state, String trace) {}

  /**
   * Creates the connector, or updates its configuration ({@code PUT /connectors/<name>/config}).
   */
  void configure(String name, Map<String, String> config) throws IOException, InterruptedException {
    String body;
    try {
      body = JSON.writeValueAsString(config);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("Cannot write the configuration of " + name, e);
    }
    send(
        "configure connector " + name,
        request("connectors/" + encoded(name) + "/config")
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  /** Restarts the connector and every task of it, as an operator does after a change. */
  void restart(String name) throws IOException, InterruptedException {
    send(
        "restart connector " + name,
        request("connectors/" + encoded(name) + "/restart?includeTasks=true&onlyFailed=false")
            .POST(HttpRequest.BodyPublishers.noBody())
            .build());
  }

  /** Deletes the connector; one that does not exist is already gone. */
  void delete(String name) throws IOException, InterruptedException {
    sendAllowing404(
        "delete connector " + name, request("connectors/" + encoded(name)).DELETE().build());
  }

  /** The connectors' names. */
  List<String> connectors() throws IOException, InterruptedException {
    List<String> names = new ArrayList<>();
    for (JsonNode n : get("list connectors", "connectors")) {
      names.add(n.asText());
    }
    return names;
  }

  /** The connector's status; empty while the worker does not know it (not created, or deleted). */
  Optional<ConnectorStatus> status(String name) throws IOException, InterruptedException {
    HttpResponse<String> response =
        sendAllowing404(
            "read the status of connector " + name,
            request("connectors/" + encoded(name) + "/status").GET().build());
    if (response.statusCode() == 404) {
      return Optional.empty();
    }
    JsonNode status = JSON.readTree(response.body());
    List<TaskStatus> tasks = new ArrayList<>();
    for (JsonNode t : status.path("tasks")) {
      tasks.add(
          new TaskStatus(t.path("id").asInt(), t.path("state").asText(), t.path("trace").asText()));
    }
    JsonNode connector = status.path("connector");
    return Optional.of(
        new ConnectorStatus(
            connector.path("state").asText(), connector.path("trace").asText(), tasks));
  }

  /** The worker's Kafka version ({@code GET /}). */
  String version() throws IOException, InterruptedException {
    return get("read the worker's version", "").path("version").asText();
  }

  /** The connector plugins the worker found, by class name. */
  List<String> connectorPlugins() throws IOException, InterruptedException {
    List<String> classes = new ArrayList<>();
    for (JsonNode p : get("list connector plugins", "connector-plugins")) {
      classes.add(p.path("class").asText());
    }
    return classes;
  }

  /** Whether the worker answers at all (its REST server is up). */
  boolean answers() throws InterruptedException {
    try {
      return http.send(request("").GET().build(), HttpResponse.BodyHandlers.discarding())
              .statusCode()
          == 200;
    } catch (IOException e) {
      return false;
    }
  }

  private JsonNode get(String what, String path) throws IOException, InterruptedException {
    return JSON.readTree(send(what, request(path).GET().build()).body());
  }

  private HttpResponse<String> send(String what, HttpRequest request)
      throws IOException, InterruptedException {
    HttpResponse<String> response = sendAllowing404(what, request);
    if (response.statusCode() == 404) {
      throw refused(what, response);
    }
    return response;
  }

  /** Sends the request, again while the worker rebalances; any answer but 2xx or 404 fails. */
  private HttpResponse<String> sendAllowing404(String what, HttpRequest request)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + REBALANCING.toNanos();
    while (true) {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      int status = response.statusCode();
      if (status == 409 && System.nanoTime() < deadline) {
        Thread.sleep(500);
        continue;
      }
      if (status / 100 == 2 || status == 404) {
        return response;
      }
      throw refused(what, response);
    }
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(120));
  }

  private static IOException refused(String what, HttpResponse<String> response) {
    return new IOException(
        "Cannot "
            + what
            + ": the worker answered HTTP "
            + response.statusCode()
            + " "
            + response.body());
  }

  private static String encoded(String name) {
    return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
