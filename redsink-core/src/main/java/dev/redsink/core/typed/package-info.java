/**
 * Reading record values as rows of typed top-level fields, from Kafka Connect's JsonConverter
 * envelope or from schemaless JSON objects, for table_layout = typed.
 */
package dev.redsink.core.typed;
