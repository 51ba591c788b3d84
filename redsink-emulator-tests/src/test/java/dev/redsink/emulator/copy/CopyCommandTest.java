package dev.redsink.emulator.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CopyCommandTest {
  private static final String ROLE = "arn:aws:iam::123456789012:role/RedshiftCopy";

  @Test
  void parsesTheDocumentedParquetExample() {
    CopyCommand copy =
        CopyCommand.parse(
            "copy listing\nfrom 's3://mybucket/data/listings/parquet/'\n"
                + "iam_role 'arn:aws:iam::0123456789012:role/MyRedshiftRole'\nformat as parquet;");
    assertThat(copy.table()).isEqualTo("listing");
    assertThat(copy.columns()).isEmpty();
    assertThat(copy.bucket()).isEqualTo("mybucket");
    assertThat(copy.key()).isEqualTo("data/listings/parquet/");
    assertThat(copy.role())
        .isEqualTo(CopyRole.of("arn:aws:iam::0123456789012:role/MyRedshiftRole"));
    assertThat(copy.flags()).isEmpty();
    assertThat(copy.invalidCharReplacement()).isEmpty();
    assertThat(copy.statUpdate()).isEqualTo(StatUpdate.DEFAULT);
    assertThat(copy.source()).isEqualTo("s3://mybucket/data/listings/parquet/");
  }

  @Test
  void keepsTheTableVerbatimAndFoldsColumnNames() {
    CopyCommand copy =
        CopyCommand.parse(
            "COPY analytics.\"Orders_EU\" (Id, \"Amount\", created_AT) FROM 's3://b/k/batch-1'"
                + " IAM_ROLE default FORMAT PARQUET");
    assertThat(copy.table()).isEqualTo("analytics.\"Orders_EU\"");
    assertThat(copy.columns()).containsExactly("id", "amount", "created_at");
    assertThat(copy.role().isClusterDefault()).isTrue();
  }

  @Test
  void acceptsEveryColumnarParameterInAnyOrder() {
    CopyCommand copy =
        CopyCommand.parse(
            "copy t from 's3://b/m.manifest' manifest serializetojson statupdate off"
                + " with credentials as 'aws_iam_role="
                + ROLE
                + "' acceptinvchars as '^' fillrecord explicit_ids parquet");
    assertThat(copy.flags())
        .containsExactlyInAnyOrder(
            CopyFlag.MANIFEST,
            CopyFlag.SERIALIZETOJSON,
            CopyFlag.FILLRECORD,
            CopyFlag.EXPLICIT_IDS);
    assertThat(copy.role()).isEqualTo(CopyRole.of(ROLE));
    assertThat(copy.invalidCharReplacement()).isEqualTo(Optional.of('^'));
    assertThat(copy.statUpdate()).isEqualTo(StatUpdate.OFF);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "ACCEPTINVCHARS | ?",
        "ACCEPTINVCHARS AS '*' | *",
        "ACCEPTINVCHARS '_' | _",
      })
  void acceptInvCharsDefaultsToQuestionMark(String option, char expected) {
    CopyCommand copy =
        CopyCommand.parse("copy t from 's3://b/k' iam_role default " + option + " format parquet");
    assertThat(copy.invalidCharReplacement()).contains(expected);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "STATUPDATE | ON",
        "STATUPDATE ON | ON",
        "STATUPDATE TRUE | ON",
        "STATUPDATE FALSE | OFF",
        "STATUPDATE OFF | OFF",
      })
  void statUpdateForms(String option, StatUpdate expected) {
    assertThat(
            CopyCommand.parse(
                    "copy t from 's3://b/k' format as parquet " + option + " iam_role default")
                .statUpdate())
        .isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // option after FORMAT PARQUET | expected message
        "REGION 'us-east-1' | REGION argument is not supported for PARQUET based COPY",
        "REGION AS 'us-east-1' | REGION argument is not supported for PARQUET based COPY",
        "MAXERROR 10 | MAXERROR argument is not supported for PARQUET based COPY",
        "MAXERROR AS 10 | MAXERROR argument is not supported for PARQUET based COPY",
        "ACCEPTANYDATE | ACCEPTANYDATE argument is not supported for PARQUET based COPY",
        "TRUNCATECOLUMNS | TRUNCATECOLUMNS argument is not supported for PARQUET based COPY",
        "DELIMITER ',' | DELIMITER argument is not supported for PARQUET based COPY",
        "CSV | CSV argument is not supported for PARQUET based COPY",
        "JSON 'auto' | JSON argument is not supported for PARQUET based COPY",
        "GZIP | GZIP argument is not supported for PARQUET based COPY",
        "IGNOREHEADER 1 | IGNOREHEADER argument is not supported for PARQUET based COPY",
        "DATEFORMAT 'auto' | DATEFORMAT argument is not supported for PARQUET based COPY",
        "TIMEFORMAT AS 'epochmillisecs' | TIMEFORMAT argument is not supported for PARQUET based COPY",
        "BLANKSASNULL | BLANKSASNULL argument is not supported for PARQUET based COPY",
        "EMPTYASNULL | EMPTYASNULL argument is not supported for PARQUET based COPY",
        "NULL AS '\\N' | NULL AS argument is not supported for PARQUET based COPY",
        "COMPUPDATE OFF | COMPUPDATE argument is not supported for PARQUET based COPY",
        "ACCESS_KEY_ID 'AKIA' SECRET_ACCESS_KEY 'x' | COPY from this file format only accepts IAM_ROLE credentials",
        "SESSION_TOKEN 'tok' | COPY from this file format only accepts IAM_ROLE credentials",
        "ACCEPTINVCHARS 'ab' | ACCEPTINVCHARS replacement must be a single ASCII character other than NUL, got 'ab'",
      })
  void refusesWhatRedshiftRefusesForParquet(String option, String message) {
    assertThatThrownBy(
            () ->
                CopyCommand.parse(
                    "COPY t FROM 's3://b/k' IAM_ROLE '" + ROLE + "' FORMAT AS PARQUET " + option))
        .isInstanceOfSatisfying(
            CopyException.class,
            e -> {
              assertThat(e.sqlState()).isEqualTo("XX000");
              assertThat(e.getMessage()).isEqualTo(message);
            });
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "COPY t FROM 's3://b/k' CREDENTIALS 'aws_access_key_id=AKIA;aws_secret_access_key=x' FORMAT PARQUET"
            + " | XX000 | COPY from this file format only accepts IAM_ROLE credentials",
        "COPY t FROM 's3://b/k' IAM_ROLE default"
            + " | XX000 | The emulator only supports COPY from Parquet: add FORMAT AS PARQUET",
        "COPY t FROM 's3://b/k' IAM_ROLE default CSV"
            + " | XX000 | The emulator only supports COPY from Parquet: add FORMAT AS PARQUET (got CSV)",
        "COPY t FROM 's3://b/k' IAM_ROLE default FORMAT AS ORC"
            + " | XX000 | The emulator only supports COPY from Parquet: add FORMAT AS PARQUET (got ORC)",
        "COPY t FROM 'dynamodb://Orders' IAM_ROLE default FORMAT PARQUET"
            + " | XX000 | The emulator only loads from Amazon S3: FROM must be 's3://bucket/prefix', got 'dynamodb://Orders'",
        "COPY t FROM STDIN"
            + " | XX000 | COPY from STDIN is not supported; Redshift loads with COPY FROM 's3://...'",
        "copy t (a) from stdin with (format csv)"
            + " | XX000 | COPY from STDIN is not supported; Redshift loads with COPY FROM 's3://...'",
        "COPY t TO STDOUT"
            + " | XX000 | COPY TO is not supported; Redshift exports data with UNLOAD",
        "COPY t FROM 's3://b/k' FORMAT PARQUET"
            + " | XX000 | Missing credentials: COPY from Parquet needs IAM_ROLE 'arn:aws:iam::...' or IAM_ROLE default",
        "COPY t FROM 's3://b/k' IAM_ROLE default CREDENTIALS 'aws_iam_role=x' FORMAT PARQUET"
            + " | XX000 | Conflicting credentials: give exactly one of IAM_ROLE or CREDENTIALS",
        "COPY t FROM 's3://b/k' IAM_ROLE default FORMAT PARQUET BOGUS"
            + " | 42601 | syntax error at or near \"BOGUS\"",
        "COPY t FROM 's3://b/k' IAM_ROLE FORMAT PARQUET"
            + " | 42601 | syntax error at or near \"FORMAT\"",
        "COPY t (a, FROM 's3://b/k' IAM_ROLE default FORMAT PARQUET"
            + " | 42601 | syntax error at or near \"'s3://b/k'\"",
        "COPY t FROM 's3://b/k IAM_ROLE default FORMAT PARQUET"
            + " | 42601 | unterminated quoted string at or near \"'s3://b/k IAM_ROLE d\"",
        "COPY t FROM" + " | 42601 | syntax error at end of input",
        "COPY t FROM 's3:///k' IAM_ROLE default FORMAT PARQUET"
            + " | XX000 | Invalid S3 location 's3:///k': no bucket name",
      })
  void refusesOtherStatements(String sql, String sqlState, String message) {
    assertThatThrownBy(() -> CopyCommand.parse(sql))
        .isInstanceOfSatisfying(
            CopyException.class,
            e -> {
              assertThat(e.getMessage()).isEqualTo(message);
              assertThat(e.sqlState()).isEqualTo(sqlState);
            });
  }

  @Test
  void bucketWithoutKeyMeansTheWholeBucket() {
    CopyCommand copy = CopyCommand.parse("COPY t FROM 's3://b' IAM_ROLE default PARQUET");
    assertThat(copy.bucket()).isEqualTo("b");
    assertThat(copy.key()).isEmpty();
  }

  @Test
  void ignoresCommentsAndKeepsQuotesInsideStrings() {
    CopyCommand copy =
        CopyCommand.parse(
            "/* load */ COPY t -- target\n (c) FROM 's3://b/it''s' IAM_ROLE default AS PARQUET;");
    assertThat(copy.key()).isEqualTo("it's");
    assertThat(copy.columns()).isEqualTo(List.of("c"));
  }
}
