package dev.redsink.bench;

import dev.redsink.core.record.LoadResult;

/** Time by load phase summed over writes, from each {@link LoadResult}'s table loads, in ms. */
final class PhaseTimes {
  double stage;
  double encode;
  double upload;
  double copy;
  double insert;
  double commit;
  long files;
  long bytes;

  void add(LoadResult result) {
    for (LoadResult.TableLoad t : result.tables()) {
      stage += t.stage().toNanos() / 1e6;
      encode += t.encode().toNanos() / 1e6;
      upload += t.upload().toNanos() / 1e6;
      copy += t.copy().toNanos() / 1e6;
      insert += t.insert().toNanos() / 1e6;
      commit += t.commit().toNanos() / 1e6;
      files += t.files();
      bytes += t.bytes();
    }
  }

  /** Wall time in the phases: encode and upload overlap on several threads inside stage. */
  double total() {
    return stage + copy + insert + commit;
  }
}
