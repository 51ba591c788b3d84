package dev.redsink.core.load.conformance;

import dev.redsink.core.error.RedsinkException;
import dev.redsink.core.load.LoadEngine;
import dev.redsink.core.load.RunTableReplace;
import dev.redsink.core.record.Record;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Loads through the engine itself, as a runtime does: its encoder, staging, COPY, SQL and ledger. A
 * failure is the engine's own message (the statement it ran, the server's answer, the SQLSTATE).
 */
final class EngineLoads {
  private EngineLoads() {}

  /** Writes each batch as one load; empty when all committed, else the failure's message. */
  static Optional<String> write(Map<String, Object> sinkConfig, List<List<Record>> batches) {
    try (LoadEngine engine = LoadEngine.open(ScratchSchema.parse(sinkConfig))) {
      for (List<Record> batch : batches) {
        engine.write(batch);
      }
      return Optional.empty();
    } catch (RedsinkException | IllegalStateException e) {
      return Optional.of(String.valueOf(e.getMessage()));
    }
  }

  /** A replace run ({@code --replace}) of the topic with {@code records}, committed. */
  static Optional<String> replace(Map<String, Object> sinkConfig, List<Record> records) {
    try (LoadEngine engine = LoadEngine.open(ScratchSchema.parse(sinkConfig));
        RunTableReplace run = engine.replace(ConnectRecords.TOPIC)) {
      run.write(records);
      run.commit();
      return Optional.empty();
    } catch (RedsinkException | IllegalStateException e) {
      return Optional.of(String.valueOf(e.getMessage()));
    }
  }
}
