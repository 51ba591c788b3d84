/**
 * {@code redsink check --conformance}: what the engine relies on Redshift for, run against a
 * cluster in a scratch schema with the engine's own encoder, loads and SQL, each item compared.
 */
package dev.redsink.core.load.conformance;
