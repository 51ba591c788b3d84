package dev.redsink.emulator.s3;

import java.io.InputStream;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectResponse;
import software.amazon.awssdk.services.s3.model.DeleteObjectsRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;

/**
 * S3's keys are flat: a PUT under {@code a/b/} never fails because another client deleted the last
 * object under {@code a/b/}. s3proxy's file-backed stores keep keys as folders, create a key's
 * folders before writing it and remove folders a delete leaves empty, so a delete racing a PUT in
 * the same folder fails the PUT (a 500, {@code NoSuchFileException} on its temporary file: two
 * writers sharing a prefix, one deleting its loaded files while the other stages). Here writes run
 * beside each other, and deletes alone.
 */
final class FlatKeyStore extends ForwardingBlobStore {
  private final Lock writes;
  private final Lock deletes;

  FlatKeyStore(BlobStore store) {
    super(store);
    ReadWriteLock lock = new ReentrantReadWriteLock();
    this.writes = lock.readLock();
    this.deletes = lock.writeLock();
  }

  private static <T> T under(Lock lock, Supplier<T> action) {
    lock.lock();
    try {
      return action.get();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public PutObjectResponse putBlob(PutObjectRequest request, InputStream body) {
    return under(writes, () -> delegate().putBlob(request, body));
  }

  @Override
  public CopyObjectResponse copyBlob(CopyObjectRequest request) {
    return under(writes, () -> delegate().copyBlob(request));
  }

  @Override
  public MultipartUpload initiateMultipartUpload(CreateMultipartUploadRequest request) {
    return under(writes, () -> delegate().initiateMultipartUpload(request));
  }

  @Override
  public UploadPartResponse uploadMultipartPart(
      MultipartUpload upload, UploadPartRequest request, InputStream body) {
    return under(writes, () -> delegate().uploadMultipartPart(upload, request, body));
  }

  @Override
  public CompleteMultipartUploadResponse completeMultipartUpload(
      MultipartUpload upload, CompleteMultipartUploadRequest request) {
    return under(writes, () -> delegate().completeMultipartUpload(upload, request));
  }

  @Override
  public DeleteObjectResponse removeBlob(DeleteObjectRequest request) {
    return under(deletes, () -> delegate().removeBlob(request));
  }

  @Override
  public DeleteObjectsResponse removeBlobs(DeleteObjectsRequest request) {
    return under(deletes, () -> delegate().removeBlobs(request));
  }

  @Override
  public void abortMultipartUpload(MultipartUpload upload) {
    under(
        deletes,
        () -> {
          delegate().abortMultipartUpload(upload);
          return null;
        });
  }

  @Override
  public void clearContainer(ListObjectsV2Request request) {
    under(
        deletes,
        () -> {
          delegate().clearContainer(request);
          return null;
        });
  }
}
