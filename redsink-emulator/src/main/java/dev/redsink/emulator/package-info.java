/** Redshift on your laptop: Redshift's dialect over an embedded PostgreSQL and a local S3. */
package dev.redsink.emulator;
