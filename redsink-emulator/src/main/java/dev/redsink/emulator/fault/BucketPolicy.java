package dev.redsink.emulator.fault;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The bucket policy the emulator's S3 enforces, as AWS enforces the usual "deny unencrypted
 * uploads" statement (a Deny of s3:PutObject when s3:x-amz-server-side-encryption is null): with
 * encryption required, a PutObject, CopyObject or CreateMultipartUpload without the {@code
 * x-amz-server-side-encryption} header ({@code AES256} or {@code aws:kms}) is refused with 403
 * AccessDenied. UploadPart and CompleteMultipartUpload carry no header and pass, as in S3. Every
 * object write's header is recorded, so tests can see what each upload asked for.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/AmazonS3/latest/userguide/UsingServerSideEncryption.html">Protecting
 *     data with server-side encryption</a>
 */
public final class BucketPolicy {
  private static final String HEADER = "x-amz-server-side-encryption";

  private volatile boolean requireEncryption;
  private final List<String> writes = new ArrayList<>();

  /** Turns the policy's encryption requirement on or off. */
  public void requireEncryption(boolean required) {
    this.requireEncryption = required;
  }

  /** The encryption header of every object write so far, in order; "none" where it had none. */
  public synchronized List<String> encryptionOfWrites() {
    return List.copyOf(writes);
  }

  /** The refusal of a request the policy denies. */
  Optional<Fault> check(HttpRequestHead head) {
    if (!writesObject(head)) {
      return Optional.empty();
    }
    String sse = head.headers().get(HEADER);
    synchronized (this) {
      writes.add(sse == null ? "none" : sse);
    }
    boolean encrypted = "AES256".equals(sse) || "aws:kms".equals(sse);
    return requireEncryption && !encrypted ? Optional.of(Fault.accessDenied()) : Optional.empty();
  }

  private static boolean writesObject(HttpRequestHead head) {
    if (HttpRequestHead.objectKey(head.path()).isEmpty()) {
      return false;
    }
    String method = head.method().toUpperCase(Locale.ROOT);
    String query = head.query();
    if (method.equals("PUT")) {
      return !query.contains("uploadId=") && !query.contains("partNumber=");
    }
    return method.equals("POST")
        && (query.equals("uploads") || query.startsWith("uploads&") || query.contains("&uploads"));
  }
}
