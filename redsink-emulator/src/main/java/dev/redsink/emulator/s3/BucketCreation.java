package dev.redsink.emulator.s3;

/** Whether the local S3 creates a bucket the first time an object request names it. */
public enum BucketCreation {
  /** Only the configured buckets and explicit CreateBucket calls exist; others are NoSuchBucket. */
  EXPLICIT,
  /** A request for an object in an unknown bucket creates the bucket first. */
  ON_DEMAND
}
