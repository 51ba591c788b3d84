package dev.redsink.testkit;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;

/**
 * The engine's public API, which front ends (the redsink command, the demo, the Kafka Connect
 * plugin) use and nothing else of it: the root package (RedshiftSink, ReplaceRun, Ledgers,
 * Preflight), the values that cross it (records, results, ledger entries), its configuration (the
 * key catalogue a runtime exposes, the parsed config), its errors (what a runtime catches) and its
 * metrics (the figures a runtime exposes).
 */
public final class EngineApi {
  public static final List<String> PACKAGES =
      List.of(
          "dev.redsink.core",
          "dev.redsink.core.record",
          "dev.redsink.core.config",
          "dev.redsink.core.error",
          "dev.redsink.core.metrics",
          "dev.redsink.core.verify");

  private EngineApi() {}

  /** A front end's main classes, under {@code packageName}. */
  public static JavaClasses frontEnd(String packageName) {
    return new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
        .importPackages(packageName);
  }

  /** No class uses an engine package outside {@link #PACKAGES}. */
  public static ArchRule usedOnlyThroughItsPublicApi() {
    return noClasses()
        .should()
        .dependOnClassesThat(
            resideInAPackage("dev.redsink.core..")
                .and(not(resideInAnyPackage(PACKAGES.toArray(String[]::new)))))
        .as("front ends use the engine only through " + PACKAGES);
  }
}
