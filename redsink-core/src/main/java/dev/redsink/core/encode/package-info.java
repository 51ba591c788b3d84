/** Parquet encoding of records without Hadoop at runtime, with size checks before encoding. */
package dev.redsink.core.encode;
