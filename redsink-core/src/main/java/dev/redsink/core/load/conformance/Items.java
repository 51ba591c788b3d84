package dev.redsink.core.load.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/** The outcomes so far, each handed on as it comes; a requested stop ends the run after it. */
final class Items {
  private final List<Outcome> outcomes = new ArrayList<>();
  private final Consumer<Outcome> each;
  private final BooleanSupplier stopRequested;

  Items(Consumer<Outcome> each, BooleanSupplier stopRequested) {
    this.each = each;
    this.stopRequested = stopRequested;
  }

  void add(Outcome outcome) {
    outcomes.add(outcome);
    each.accept(outcome);
    stopIfRequested();
  }

  void stopIfRequested() {
    if (stopRequested.getAsBoolean()) {
      throw new ConformanceStopped();
    }
  }

  List<Outcome> all() {
    return List.copyOf(outcomes);
  }
}
