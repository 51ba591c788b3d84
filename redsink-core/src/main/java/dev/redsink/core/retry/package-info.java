/** Retrying transient failures with linear backoff and an injectable sleeper. */
package dev.redsink.core.retry;
