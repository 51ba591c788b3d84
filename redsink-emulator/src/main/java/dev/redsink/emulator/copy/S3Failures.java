package dev.redsink.emulator.copy;

import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** Turns AWS SDK failures into COPY errors worded like Redshift's S3ServiceException messages. */
final class S3Failures {
  private S3Failures() {}

  static CopyException of(String what, SdkException e) {
    if (e instanceof S3Exception) {
      S3Exception s3 = (S3Exception) e;
      String code = s3.awsErrorDetails() == null ? "" : s3.awsErrorDetails().errorCode();
      String message =
          s3.awsErrorDetails() == null ? s3.getMessage() : s3.awsErrorDetails().errorMessage();
      return CopyException.refused(
          what
              + " - S3ServiceException:"
              + message
              + ",Status "
              + s3.statusCode()
              + ",Error "
              + code
              + ",Rid "
              + s3.requestId());
    }
    String kind = e instanceof SdkClientException ? "S3 connection failed" : "S3 request failed";
    return CopyException.refused(what + " - " + kind + ": " + e.getMessage());
  }
}
