package dev.redsink.core.stage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A COPY manifest listing the Parquet files of one load. Parquet COPY requires {@code
 * meta.content_length} on each entry; {@code mandatory} is true so a missing file fails the COPY.
 * The format version goes in {@code author}, the same block Redshift's own UNLOAD manifests carry.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/redshift/latest/dg/loading-data-files-using-manifest.html">Using
 *     a manifest</a>
 */
public record Manifest(List<Entry> entries) {
  /** The version written into, and accepted from, {@code author.version}. */
  public static final String FORMAT_VERSION = "1";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One file: its s3:// URL, whether COPY must find it, and its exact size in bytes. */
  public record Entry(String url, boolean mandatory, long contentLength) {}

  public Manifest {
    entries = List.copyOf(entries);
  }

  /** A manifest of staged files, each mandatory. */
  public static Manifest of(List<StagedFile> files) {
    return new Manifest(
        files.stream().map(f -> new Entry(f.url(), true, f.contentLength())).toList());
  }

  /** The JSON text COPY reads. */
  public String toJson() {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode list = root.putArray("entries");
    for (Entry entry : entries) {
      ObjectNode node = list.addObject();
      node.put("url", entry.url());
      node.put("mandatory", entry.mandatory());
      node.putObject("meta").put("content_length", entry.contentLength());
    }
    root.putObject("author").put("name", "redsink").put("version", FORMAT_VERSION);
    try {
      return JSON.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write manifest: " + e.getMessage(), e);
    }
  }

  /** Reads a manifest written by {@link #toJson()} (or by UNLOAD). */
  public static Manifest parse(String json) {
    try {
      JsonNode root = JSON.readTree(json);
      JsonNode version = root.path("author").path("version");
      if (root.path("author").path("name").asText().equals("redsink")
          && !version.asText().equals(FORMAT_VERSION)) {
        throw new IllegalArgumentException(
            "Cannot read manifest: format version "
                + version.asText()
                + " is not "
                + FORMAT_VERSION
                + "; upgrade Redsink");
      }
      List<Entry> entries = new ArrayList<>();
      for (JsonNode node : root.path("entries")) {
        entries.add(
            new Entry(
                node.path("url").asText(),
                node.path("mandatory").asBoolean(false),
                node.path("meta").path("content_length").asLong(-1)));
      }
      return new Manifest(entries);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("Cannot read manifest: " + e.getOriginalMessage(), e);
    }
  }
}
