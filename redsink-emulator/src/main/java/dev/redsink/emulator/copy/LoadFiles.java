package dev.redsink.emulator.copy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Resolves a COPY's FROM into the S3 objects to load: every key with the plain string prefix
 * (https://docs.aws.amazon.com/redshift/latest/dg/copy-parameters-data-source-s3.html), or the
 * entries of a JSON manifest
 * (https://docs.aws.amazon.com/redshift/latest/dg/loading-data-files-using-manifest.html).
 */
public final class LoadFiles {
  private static final ObjectMapper JSON = new ObjectMapper();

  private LoadFiles() {}

  /**
   * The files the COPY loads, in load order.
   *
   * @throws CopyException XX000 when nothing matches, the manifest is missing or malformed, a
   *     mandatory file is missing, or S3 fails
   */
  public static List<LoadFile> resolve(S3Client s3, CopyCommand copy) {
    return copy.has(CopyFlag.MANIFEST)
        ? fromManifest(s3, copy.bucket(), copy.key())
        : byPrefix(s3, copy.bucket(), copy.key());
  }

  static List<LoadFile> byPrefix(S3Client s3, String bucket, String prefix) {
    List<LoadFile> files = new ArrayList<>();
    try {
      for (S3Object o :
          s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix)).contents()) {
        // A zero-byte "folder" marker is not a data file.
        if (!(o.key().endsWith("/") && o.size() == 0)) {
          files.add(new LoadFile(bucket, o.key(), o.size()));
        }
      }
    } catch (NoSuchBucketException e) {
      throw noSuchPrefix(prefix);
    } catch (SdkException e) {
      throw S3Failures.of("Cannot list s3://" + bucket + "/" + prefix, e);
    }
    if (files.isEmpty()) {
      throw noSuchPrefix(prefix);
    }
    return files;
  }

  private static CopyException noSuchPrefix(String prefix) {
    // AWS does not document this text; it is the one commonly reported (docs/emulator.md).
    return CopyException.refused("The specified S3 prefix '" + prefix + "' does not exist");
  }

  static List<LoadFile> fromManifest(S3Client s3, String bucket, String key) {
    String manifestUrl = "s3://" + bucket + "/" + key;
    JsonNode root = readManifest(s3, bucket, key, manifestUrl);
    JsonNode entries = root.get("entries");
    if (entries == null || !entries.isArray()) {
      throw malformed(manifestUrl, "no \"entries\" array");
    }
    List<LoadFile> files = new ArrayList<>();
    for (JsonNode entry : entries) {
      ManifestEntry e = ManifestEntry.of(entry, manifestUrl);
      try {
        HeadObjectResponse head = s3.headObject(b -> b.bucket(e.bucket()).key(e.key()));
        if (head.contentLength() != e.contentLength()) {
          throw CopyException.refused(
              "Manifest entry '"
                  + e.url()
                  + "' has meta.content_length "
                  + e.contentLength()
                  + " but the object is "
                  + head.contentLength()
                  + " bytes");
        }
        files.add(new LoadFile(e.bucket(), e.key(), head.contentLength()));
      } catch (NoSuchKeyException | NoSuchBucketException missing) {
        if (e.mandatory()) {
          throw CopyException.refused(
              "Manifest file entry '" + e.url() + "' is mandatory but does not exist");
        }
      } catch (S3Exception notFound) {
        if (notFound.statusCode() != 404) {
          throw S3Failures.of("Cannot read " + e.url(), notFound);
        }
        if (e.mandatory()) {
          throw CopyException.refused(
              "Manifest file entry '" + e.url() + "' is mandatory but does not exist");
        }
      } catch (SdkException failure) {
        throw S3Failures.of("Cannot read " + e.url(), failure);
      }
    }
    if (files.isEmpty()) {
      // "Regardless of any mandatory settings, COPY will terminate if no files are found."
      throw CopyException.refused("No files found to load from manifest '" + manifestUrl + "'");
    }
    return files;
  }

  private static JsonNode readManifest(S3Client s3, String bucket, String key, String url) {
    byte[] bytes;
    try {
      bytes = s3.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray();
    } catch (NoSuchKeyException | NoSuchBucketException e) {
      throw CopyException.refused("Manifest file '" + url + "' does not exist");
    } catch (SdkException e) {
      throw S3Failures.of("Problem reading manifest file " + url, e);
    }
    try {
      JsonNode root = JSON.readTree(bytes);
      if (root == null || !root.isObject()) {
        throw malformed(url, "not a JSON object");
      }
      return root;
    } catch (IOException e) {
      throw malformed(url, String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
    }
  }

  static CopyException malformed(String url, String reason) {
    return CopyException.refused(
        "Manifest file '" + url + "' is not in correct json format: " + reason);
  }
}
