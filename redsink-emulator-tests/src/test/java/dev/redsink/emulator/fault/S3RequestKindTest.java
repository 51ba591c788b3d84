package dev.redsink.emulator.fault;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class S3RequestKindTest {
  @ParameterizedTest
  @CsvSource({
    "GET, /b/k, '', false, GET",
    "GET, /b, list-type=2&prefix=x, false, LIST",
    "GET, /b/, list-type=2, false, LIST",
    "GET, /, '', false, LIST",
    "PUT, /b/k, '', false, PUT",
    "PUT, /b/k, partNumber=1&uploadId=u, false, PUT",
    "PUT, /b/k, '', true, COPY",
    "POST, /b/k, uploads, false, PUT",
    "POST, /b, delete, false, DELETE",
    "DELETE, /b/k, '', false, DELETE",
    "HEAD, /b/k, '', false, HEAD",
  })
  void classifiesPathStyleRequests(
      String method, String path, String query, boolean copySource, S3RequestKind expected) {
    assertThat(S3RequestKind.of(method, path, query, copySource)).isEqualTo(expected);
  }
}
