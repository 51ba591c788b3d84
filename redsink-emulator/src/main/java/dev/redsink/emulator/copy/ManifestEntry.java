package dev.redsink.emulator.copy;

import com.fasterxml.jackson.databind.JsonNode;

/** One entry of a COPY manifest: full object URL, mandatory flag, and meta.content_length. */
record ManifestEntry(String url, String bucket, String key, boolean mandatory, long contentLength) {

  static ManifestEntry of(JsonNode entry, String manifestUrl) {
    JsonNode url = entry.get("url");
    if (url == null || !url.isTextual()) {
      throw LoadFiles.malformed(manifestUrl, "an entry has no \"url\"");
    }
    String text = url.asText();
    String path = text.startsWith("s3://") ? text.substring(5) : "";
    int slash = path.indexOf('/');
    if (slash <= 0 || slash == path.length() - 1) {
      // Load error 8001: COPY with MANIFEST requires the full path of an S3 object.
      throw CopyException.refused(
          "Manifest entry url must be the full path of an S3 object (s3://bucket/key), got '"
              + text
              + "'");
    }
    JsonNode mandatory = entry.get("mandatory");
    if (mandatory != null && !mandatory.isBoolean()) {
      throw LoadFiles.malformed(manifestUrl, "\"mandatory\" of '" + text + "' is not a boolean");
    }
    JsonNode length = entry.path("meta").get("content_length");
    if (length == null || !length.canConvertToLong() || length.asLong() < 0) {
      throw CopyException.refused(
          "Manifest entry '"
              + text
              + "' has no meta.content_length; it is required when loading Parquet files");
    }
    return new ManifestEntry(
        text,
        path.substring(0, slash),
        path.substring(slash + 1),
        mandatory != null && mandatory.asBoolean(),
        length.asLong());
  }
}
