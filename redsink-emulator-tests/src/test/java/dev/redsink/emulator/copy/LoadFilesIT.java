package dev.redsink.emulator.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.emulator.s3.LocalS3;
import dev.redsink.emulator.s3.LocalS3Options;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;

class LoadFilesIT {
  private static LocalS3 s3;

  @BeforeAll
  static void start() {
    s3 = LocalS3.start(LocalS3Options.defaults().withBuckets("stage", "other"));
    for (String key : List.of("p/key1", "p/key10", "p/key1.bak", "p/key2", "p/dir/")) {
      put("stage", key, key.endsWith("/") ? "" : "data-" + key);
    }
    for (int i = 0; i < 1005; i++) {
      put("stage", String.format("many/part-%04d", i), "x");
    }
    put("other", "o/file", "12345");
  }

  @AfterAll
  static void stop() throws Exception {
    s3.close();
  }

  private static void put(String bucket, String key, String body) {
    s3.client().putObject(b -> b.bucket(bucket).key(key), RequestBody.fromString(body));
  }

  private static List<LoadFile> resolve(String from, String options) {
    return LoadFiles.resolve(
        s3.client(),
        CopyCommand.parse("COPY t FROM '" + from + "' IAM_ROLE default PARQUET " + options));
  }

  private static void assertRefused(String from, String options, String message) {
    assertThatThrownBy(() -> resolve(from, options))
        .isInstanceOfSatisfying(
            CopyException.class,
            e -> {
              assertThat(e.sqlState()).isEqualTo("XX000");
              assertThat(e.getMessage()).isEqualTo(message);
            });
  }

  @Test
  void prefixIsAPlainStringPrefix() {
    assertThat(resolve("s3://stage/p/key1", ""))
        .extracting(LoadFile::key)
        .containsExactly("p/key1", "p/key1.bak", "p/key10");
    assertThat(resolve("s3://stage/p/key1", "").get(0).size()).isEqualTo("data-p/key1".length());
  }

  @Test
  void folderMarkersAreNotDataFiles() {
    assertThat(resolve("s3://stage/p/", "")).extracting(LoadFile::key).doesNotContain("p/dir/");
  }

  @Test
  void listsAcrossPages() {
    assertThat(resolve("s3://stage/many/", "")).hasSize(1005);
  }

  @Test
  void noMatchIsAnError() {
    assertRefused("s3://stage/p/nothing", "", "The specified S3 prefix 'p/nothing' does not exist");
    assertRefused("s3://missing-bucket/x", "", "The specified S3 prefix 'x' does not exist");
  }

  @Test
  void manifestEntriesLoadInOrderAcrossBucketsAndTwiceWhenListedTwice() {
    put(
        "stage",
        "m/ok.manifest",
        "{\"entries\":["
            + "{\"url\":\"s3://stage/p/key2\",\"mandatory\":true,\"meta\":{\"content_length\":11}},"
            + "{\"url\":\"s3://other/o/file\",\"meta\":{\"content_length\":5}},"
            + "{\"url\":\"s3://stage/p/gone\",\"mandatory\":false,\"meta\":{\"content_length\":1}},"
            + "{\"url\":\"s3://stage/p/key2\",\"meta\":{\"content_length\":11}}]}");
    assertThat(resolve("s3://stage/m/ok.manifest", "MANIFEST"))
        .containsExactly(
            new LoadFile("stage", "p/key2", 11),
            new LoadFile("other", "o/file", 5),
            new LoadFile("stage", "p/key2", 11));
  }

  @Test
  void manifestErrors() {
    put(
        "stage",
        "m/mandatory.manifest",
        "{\"entries\":[{\"url\":\"s3://stage/p/gone\",\"mandatory\":true,"
            + "\"meta\":{\"content_length\":1}}]}");
    assertRefused(
        "s3://stage/m/mandatory.manifest",
        "MANIFEST",
        "Manifest file entry 's3://stage/p/gone' is mandatory but does not exist");

    put("stage", "m/nolength.manifest", "{\"entries\":[{\"url\":\"s3://stage/p/key2\"}]}");
    assertRefused(
        "s3://stage/m/nolength.manifest",
        "MANIFEST",
        "Manifest entry 's3://stage/p/key2' has no meta.content_length; it is required when"
            + " loading Parquet files");

    put(
        "stage",
        "m/prefix.manifest",
        "{\"entries\":[{\"url\":\"s3://stage\",\"meta\":{\"content_length\":1}}]}");
    assertRefused(
        "s3://stage/m/prefix.manifest",
        "MANIFEST",
        "Manifest entry url must be the full path of an S3 object (s3://bucket/key), got"
            + " 's3://stage'");

    put(
        "stage",
        "m/wronglength.manifest",
        "{\"entries\":[{\"url\":\"s3://stage/p/key2\",\"meta\":{\"content_length\":3}}]}");
    assertRefused(
        "s3://stage/m/wronglength.manifest",
        "MANIFEST",
        "Manifest entry 's3://stage/p/key2' has meta.content_length 3 but the object is 11 bytes");

    put(
        "stage",
        "m/onlyoptional.manifest",
        "{\"entries\":[{\"url\":\"s3://stage/p/gone\",\"meta\":{\"content_length\":1}}]}");
    assertRefused(
        "s3://stage/m/onlyoptional.manifest",
        "MANIFEST",
        "No files found to load from manifest 's3://stage/m/onlyoptional.manifest'");

    put("stage", "m/broken.manifest", "{\"entries\": [");
    assertThatThrownBy(() -> resolve("s3://stage/m/broken.manifest", "MANIFEST"))
        .hasMessageStartingWith(
            "Manifest file 's3://stage/m/broken.manifest' is not in correct json format");
    put("stage", "m/noentries.manifest", "{}");
    assertRefused(
        "s3://stage/m/noentries.manifest",
        "MANIFEST",
        "Manifest file 's3://stage/m/noentries.manifest' is not in correct json format: no"
            + " \"entries\" array");

    assertRefused(
        "s3://stage/m/absent.manifest",
        "MANIFEST",
        "Manifest file 's3://stage/m/absent.manifest' does not exist");
  }
}
