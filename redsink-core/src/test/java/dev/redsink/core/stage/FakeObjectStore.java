package dev.redsink.core.stage;

import dev.redsink.core.error.RedsinkException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An in-memory bucket that can be told to fail the next calls. */
final class FakeObjectStore implements ObjectStore {
  final Map<String, byte[]> objects = new LinkedHashMap<>();
  final List<String> calls = new ArrayList<>();
  final Deque<RedsinkException> failures = new ArrayDeque<>();

  @Override
  public String bucket() {
    return "bucket";
  }

  @Override
  public void put(String key, byte[] bytes, String crc32cBase64) {
    calls.add("put " + key);
    failNext();
    if (!Crc32c.base64(bytes).equals(crc32cBase64)) {
      throw new IllegalStateException("checksum mismatch");
    }
    objects.put(key, bytes);
  }

  @Override
  public void delete(String key) {
    calls.add("delete " + key);
    failNext();
    objects.remove(key);
  }

  @Override
  public void copy(String fromKey, String toKey) {
    calls.add("copy " + fromKey + " " + toKey);
    failNext();
    objects.put(toKey, objects.get(fromKey));
  }

  private void failNext() {
    RedsinkException failure = failures.poll();
    if (failure != null) {
      throw failure;
    }
  }
}
