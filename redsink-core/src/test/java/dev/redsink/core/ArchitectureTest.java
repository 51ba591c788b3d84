package dev.redsink.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The dependency directions of redsink-core, enforced. */
class ArchitectureTest {
  static final JavaClasses CORE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.redsink.core");

  @Test
  void coreNeverDependsOnKafkaPicocliOrTheEmulator() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.kafka..", "picocli..", "dev.redsink.emulator..")
        .check(CORE);
  }

  @Test
  void onlyTheLoadPackageTalksJdbc() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.redsink.core.load..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("java.sql..", "javax.sql..", "com.zaxxer..", "com.amazon.redshift..")
        .check(CORE);
  }

  @Test
  void onlyTheStagePackageTalksS3() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.redsink.core.stage..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("software.amazon.awssdk..")
        .check(CORE);
  }

  @Test
  void subpackagesHaveNoCycles() {
    slices().matching("dev.redsink.core.(*)..").should().beFreeOfCycles().check(CORE);
  }
}
