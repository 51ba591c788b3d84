package dev.redsink.acceptance;

/** How a record's value becomes columns: the second axis of the matrix. */
enum Layout {
  VARBYTE("varbyte", "payload VARBYTE", "table_layout = payload, payload_format = varbyte"),
  TEXT("text", "payload text", "table_layout = payload, payload_format = text (VARCHAR(MAX))"),
  SUPER("super", "payload SUPER", "table_layout = payload, payload_format = super (JSON values)"),
  HEADERS(
      "headers",
      "payload + headers",
      "payload_format = text with include_headers = true (the pico_headers SUPER column)"),
  TYPED_JSON(
      "typed-json",
      "typed, schemaless JSON",
      "table_layout = typed from schemaless JSON objects (Connect: JsonConverter,"
          + " schemas.enable=false)"),
  TYPED_ENVELOPE(
      "typed-envelope",
      "typed, JsonConverter envelope",
      "table_layout = typed from JsonConverter envelopes with a schema (Connect: JsonConverter,"
          + " schemas.enable=true, Struct values with Decimal and Timestamp fields)");

  private final String label;
  private final String title;
  private final String doc;

  Layout(String label, String title, String doc) {
    this.label = label;
    this.title = title;
    this.doc = doc;
  }

  String label() {
    return label;
  }

  String title() {
    return title;
  }

  String doc() {
    return doc;
  }

  boolean isTyped() {
    return this == TYPED_JSON || this == TYPED_ENVELOPE;
  }
}
