package dev.redsink.core.encode;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChunkBuffersTest {
  private static final long MB = 1L << 20;

  @Test
  void aThreadKeepsLittleOfASmallHeapAndMoreOfALargeOneUpTo64Megabytes() {
    assertThat(ChunkBuffers.kept(256 * MB)).isEqualTo(MB);
    assertThat(ChunkBuffers.kept(1024 * MB)).isEqualTo(4 * MB);
    assertThat(ChunkBuffers.kept(2048 * MB)).isEqualTo(16 * MB);
    assertThat(ChunkBuffers.kept(6144 * MB)).isEqualTo(48 * MB);
    assertThat(ChunkBuffers.kept(16384 * MB)).isEqualTo(64 * MB);
  }
}
