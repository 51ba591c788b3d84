package dev.redsink.core;

import dev.redsink.core.load.RunTableReplace;
import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import java.util.List;

/** A {@link ReplaceRun} over the engine's run-table replace. */
final class EngineReplaceRun implements ReplaceRun {
  private final RunTableReplace replace;

  EngineReplaceRun(RunTableReplace replace) {
    this.replace = replace;
  }

  @Override
  public String table() {
    return replace.table();
  }

  @Override
  public String runTable() {
    return replace.runTable();
  }

  @Override
  public LoadResult write(List<Record> records) {
    return replace.write(records);
  }

  @Override
  public Summary commit() {
    RunTableReplace.Summary summary = replace.commit();
    return new Summary(summary.rowsBefore(), summary.rowsAfter(), summary.elapsed());
  }

  @Override
  public void abort() {
    replace.abort();
  }

  @Override
  public void close() {
    replace.close();
  }
}
