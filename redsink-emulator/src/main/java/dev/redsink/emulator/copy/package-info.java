/**
 * Redshift's {@code COPY ... FROM 's3://...' FORMAT AS PARQUET}: parsing, IAM role checks, S3 file
 * resolution and the Parquet reader that streams rows for PostgreSQL's {@code COPY FROM STDIN}.
 */
package dev.redsink.emulator.copy;
