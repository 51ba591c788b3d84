package dev.redsink.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
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

  /**
   * The root package is the engine's front door: it uses the subpackages, none of them uses it, so
   * front ends see one API and the engine's parts can change behind it.
   */
  @Test
  void nothingInTheEngineDependsOnTheRootPackage() {
    noClasses()
        .that()
        .resideOutsideOfPackage(ROOT)
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ROOT)
        .check(CORE);
  }

  /** The root package is a slice of its own, so a cycle through it (root ↔ load) is caught. */
  @Test
  void packagesHaveNoCycles() {
    slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(CORE);
  }

  private static final String ROOT = "dev.redsink.core";

  /** One slice per package directly under the root, and the root itself. */
  private static final SliceAssignment PACKAGES =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
          String name = javaClass.getPackageName();
          if (name.equals(ROOT)) {
            return SliceIdentifier.of("the root package");
          }
          if (name.startsWith(ROOT + ".")) {
            return SliceIdentifier.of(name.substring(ROOT.length() + 1).split("\\.")[0]);
          }
          return SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
          return "the packages of " + ROOT;
        }
      };
}
