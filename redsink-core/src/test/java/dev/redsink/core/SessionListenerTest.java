package dev.redsink.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redsink.core.record.LoadResult;
import dev.redsink.core.record.Record;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SessionListenerTest {

  /** Writes each event it is told, named, into a shared list. */
  private record Log(String name, List<String> events) implements SessionListener {
    @Override
    public void taken() {
      events.add(name + " taken");
    }

    @Override
    public void skippedAlreadyLoaded() {
      events.add(name + " skipped");
    }

    @Override
    public void loaded(LoadResult result, List<Record> records) {
      events.add(name + " loaded " + result.received());
    }

    @Override
    public void loadFailed(RuntimeException failure) {
      events.add(name + " failed " + failure.getMessage());
    }
  }

  @Test
  void andThenTellsBothListenersEveryEventInOrder() {
    List<String> events = new ArrayList<>();
    SessionListener both = new Log("a", events).andThen(new Log("b", events));

    both.taken();
    both.skippedAlreadyLoaded();
    both.loaded(new LoadResult(3, 0, 3, List.of(), Map.of(), Map.of()), List.of());
    both.loadFailed(new IllegalStateException("x"));

    assertThat(events)
        .containsExactly(
            "a taken",
            "b taken",
            "a skipped",
            "b skipped",
            "a loaded 3",
            "b loaded 3",
            "a failed x",
            "b failed x");
  }
}
