package dev.redsink.emulator.fault;

import java.util.Locale;

/** The kind of S3 request a fault targets, derived from the HTTP method, path and headers. */
public enum S3RequestKind {
  /** PutObject, UploadPart, CreateBucket and the multipart POSTs. */
  PUT,
  /** GetObject. */
  GET,
  /** DeleteObject, DeleteObjects and DeleteBucket. */
  DELETE,
  /** CopyObject and UploadPartCopy (a PUT with {@code x-amz-copy-source}). */
  COPY,
  /** ListObjects(V2), ListBuckets and other bucket-level GETs. */
  LIST,
  /** HeadObject and HeadBucket. */
  HEAD;

  /** Classifies a path-style S3 request. */
  static S3RequestKind of(String method, String path, String query, boolean hasCopySource) {
    boolean objectLevel = HttpRequestHead.objectKey(path).isPresent();
    switch (method.toUpperCase(Locale.ROOT)) {
      case "GET":
        return objectLevel ? GET : LIST;
      case "HEAD":
        return HEAD;
      case "DELETE":
        return DELETE;
      case "POST":
        return query.startsWith("delete") || query.contains("&delete") ? DELETE : PUT;
      default:
        return hasCopySource ? COPY : PUT;
    }
  }
}
